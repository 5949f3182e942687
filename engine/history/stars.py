"""Reading PokerStars text hand histories, and GGPoker's, which follow the same layout.

One hand's lines in, one :class:`~.history_record.HandRecord` out. Player names are
matched against the seated names (longest first), so names with colons, brackets, spaces
or any other characters are read as printed. A line naming a seated player that is not
understood is refused rather than skipped: a missed action would change the hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal, InvalidOperation

from .record import (
    HandRecord,
    canonical_cards,
    numeric_time,
    record_play,
    record_show,
    site_games,
    supported_games,
)

__all__ = ["HEADER_GG", "HEADER_STARS", "read_stars_hand"]

HEADER_STARS = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #")
HEADER_GG = re.compile(r"Poker Hand #")

# the stakes in parentheses may hold GGPoker's ante: 'Level6(150/300(45))'
_HEADER = re.compile(
    r"(?:PokerStars (?:Zoom )?(?:Hand|Game)|Poker Hand) #(?P<id>\w+):\s*(?P<game>.*?)\s*"
    r"\((?P<stakes>[^()]*(?:\([^()]*\))?)\)\s*-\s*"
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})(?:\s+(?P<zone>[A-Z]{2,5})\b)?"
)
# a tournament's level after the game: PokerStars ' - Level XI', GGPoker ' - Level19'
_LEVEL = re.compile(r"\s+-\s+Level\s*\w+$")
_ANTE_IN_STAKES = re.compile(r"\s*\((?P<ante>[^()]*)\)$")  # GGPoker: '150/300(45)'
_TABLE = re.compile(r"Table '(?P<table>.*)'\s+(?:(?P<max>\d+)-max\s+)?(?:\(Play Money\)\s+)?"
                    r"Seat #(?P<button>\d+) is the button")
# 'Seat 1: X (755175 in chips, $148.95 bounty)': a knockout tournament's bounty on X's head
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips"
                   r"(?:,\s*(?P<bounty>[^()]*?) bounty)?\)(?P<rest>.*)$")
_LIMITS = {"No Limit": "no-limit", "Pot Limit": "pot-limit", "Limit": "fixed-limit",
           "Fixed Limit": "fixed-limit"}
_LIMITS_LONGEST = sorted(_LIMITS, key=len, reverse=True)
# the games a header names, longest first: '5 Card Omaha Hi/Lo' is not 'Omaha Hi/Lo'
_GAMES = ("6 Card Omaha Hi/Lo", "5 Card Omaha Hi/Lo", "Courchevel Hi/Lo", "6 Card Omaha",
          "5 Card Omaha", "Omaha Hi/Lo", "Courchevel", "6+ Hold'em", "Hold'em", "Omaha")
_GG_GAMES = {"PLO": "Omaha Pot Limit", "PLO-5": "5 Card Omaha Pot Limit",
             "PLO5": "5 Card Omaha Pot Limit", "PLO-6": "6 Card Omaha Pot Limit",
             "PLO Hi/Lo": "Omaha Hi/Lo Pot Limit"}

_VARIANT = site_games({
    ("Hold'em", "no-limit"): "NT", ("Hold'em", "fixed-limit"): "FT",
    ("Omaha", "pot-limit"): "PO", ("5 Card Omaha", "pot-limit"): "PO5",
    ("6 Card Omaha", "pot-limit"): "PO6", ("Omaha Hi/Lo", "pot-limit"): "PO/8",
    ("Omaha Hi/Lo", "fixed-limit"): "FO/8", ("5 Card Omaha Hi/Lo", "pot-limit"): "PO5/8",
})
_SUPPORTED = supported_games(_VARIANT.values())
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
_BUY_IN = re.compile(r"(?P<symbol>[$€£¥₹])[\d.,]+(?:\+[$€£¥₹]?[\d.,]+)*(?: (?P<code>[A-Z]{3})\b)?")
_AMOUNT = r"[$€£¥₹]?[\d,]*\.?\d+"
_ACTION = re.compile(
    rf"(?:(?P<fold>folds)|(?P<check>checks)|calls (?P<call>{_AMOUNT})|bets (?P<bet>{_AMOUNT})"
    rf"|raises (?:{_AMOUNT}) to (?P<raise>{_AMOUNT})"
    rf"|posts (?P<post>small blind|big blind|the ante|small & big blinds|missed blind|straddle)"
    rf" (?P<posted>{_AMOUNT})|straddle (?P<straddle>{_AMOUNT})"
    r"|shows \[(?P<shows>[^\]]*)\].*|mucks hand.*(?P<muck>)"
    r"|doesn't show hand.*|sits out.*|is sitting out.*|is disconnected.*|is connected.*"
    r"|has timed out.*|has returned.*|will be allowed to play.*|leaves the table.*"
    r"|joins the table.*|shows? .*hand.*|said, .*|Chooses to EV Cashout.*(?P<cashout>))"
    r"(?: and is all-in)?(?: and has reached the \S+ cap)?\s*$"
)
_POST_KINDS = {"small blind": "sb", "big blind": "bb", "the ante": "ante", "straddle": "straddle",
               "small & big blinds": "sb+bb", "missed blind": "dead"}
_STREETS = re.compile(r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD|FOURTH) )?(?P<street>FLOP|TURN|RIVER|"
                      r"HOLE CARDS|SHOW ?DOWN|SUMMARY) \*\*\*(?P<cards>.*)$")
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}  # run it twice (or N times)
_GROUPS = re.compile(r"\[([^\]]*)\]")
_COLLECTED = re.compile(rf"(?P<name>.+) collected (?P<amount>{_AMOUNT}) from (?:the )?"
                        r"(?:main |side )?pot(?:-\d+)?\s*$")
_UNCALLED = re.compile(rf"Uncalled bet \((?P<amount>{_AMOUNT})\) returned to (?P<name>.+?)\s*$")
_DEALT = re.compile(r"Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?\s*$")
_SUMMARY_CARDS = re.compile(r"Seat \d+: (?P<who>.+?) (?:showed|mucked) \[(?P<cards>[^\]]*)\]")
_FEE = re.compile(rf"\|\s*(?P<what>[A-Za-z ]+?)\s+(?P<amount>{_AMOUNT})")
_TOTAL = re.compile(rf"Total pot (?P<amount>{_AMOUNT})")
# an action by a name that is not seated (a seated name is matched before this)
_UNSEATED = re.compile(r"(?P<name>.+?): (?:folds|checks|calls |bets |raises |posts |shows |mucks )")
# lines about a seated player that change nothing in the hand
_NOTES = re.compile(r"(?P<name>.+?) (?:is sitting out|sits out|leaves the table|joins the table"
                    r"|is disconnected|is connected|has timed out|will be allowed to play"
                    r"|finished the tournament|wins the tournament|re-buys|was removed|said,"
                    r"|has returned|takes the add-on|wins an entry to|wins a ticket"
                    r"|cashed out of the tournament)")
# knockout tournaments: what a player wins for eliminating another, beside the pot: 'X wins
# the $10 bounty for eliminating Y', 'X, Z split the $10 bounty for eliminating Y', 'X wins
# $5 for eliminating Y and their own bounty increases by $5 to $15' (progressive), 'X wins
# $2.50 for splitting the elimination of Y and their own bounty increases by ...', and the
# mystery bounty's 'X wins a $50 mystery bounty for eliminating Y'
_BOUNTY = re.compile(
    rf"(?P<who>.+?) (?:wins|split) (?:the |a )?(?P<amount>{_AMOUNT}) (?:mystery )?bounty"
    r" for eliminating (?P<out>.+?)\s*$"
    rf"|(?P<who2>.+?) wins (?P<amount2>{_AMOUNT}) (?:for eliminating|for splitting the"
    rf" elimination of) (?P<out2>.+?)(?: and their own bounty increases by {_AMOUNT} to"
    rf" (?P<to>{_AMOUNT}))?\s*$"
)


def _amount(rec: HandRecord, text: str, line: int) -> Decimal:
    try:
        return Decimal(text.lstrip("$€£¥₹").replace(",", ""))
    except InvalidOperation:
        raise rec.fail(line, f"amount {text!r} is not a number") from None


def _header(rec: HandRecord, text: str, line: int) -> None:
    m = _HEADER.match(text)
    if m is None:
        raise rec.fail(line, f"not a hand header: {text!r}, expected e.g. 'PokerStars Hand"
                       " #123: Hold'em No Limit ($0.05/$0.10 USD) - 2014/01/06 7:21:05 ET'")
    rec.hand_id = m["id"]
    game = _LEVEL.sub("", m["game"]).strip()
    game = _GG_GAMES.get(game, game)
    limit = next((k for k in _LIMITS_LONGEST if game.endswith(" " + k) or game == k), None)
    if limit is None:
        raise rec.unsupported(line, f"game {game!r}: the betting structure is not stated"
                              " (expected No Limit, Pot Limit or Limit)")
    game = game[: -len(limit)].strip()
    if game.startswith("Tournament #"):
        rec.tournament = game.split(",", 1)[0]
    name = next((g for g in _GAMES if game == g or game.endswith(" " + g)), game)
    betting = _LIMITS[limit]
    variant = _VARIANT.get((name, betting))
    if variant is None:
        raise rec.unsupported(line, f"variant {name} {limit} is not supported yet ({_SUPPORTED}"
                              " are)")
    rec.variant = variant
    stakes = _ANTE_IN_STAKES.sub("", m["stakes"])
    if "Cap" in stakes:
        raise rec.unsupported(line, f"capped no-limit ({stakes!r}) is not supported yet")
    parts = stakes.split()
    code = parts[-1] if len(parts) > 1 and parts[-1].isalpha() else None
    amounts = parts[0].split("/")
    if len(amounts) != 2:
        raise rec.fail(line, f"stakes {stakes!r}: expected 'small/big' like '$0.05/$0.10 USD'")
    rec.small_bet, rec.big_bet = (_amount(rec, a, line) for a in amounts)
    # no-limit and pot-limit stakes are the blinds; fixed-limit ones the bets (big blind first)
    rec.big_blind = rec.small_bet if betting == "fixed-limit" else rec.big_bet
    if rec.tournament is None:
        rec.currency = code or _SYMBOLS.get(amounts[0][:1])
    else:  # the buy-in's currency: a knockout's bounties are paid in it
        buy_in = _BUY_IN.search(game)
        if buy_in is not None:
            rec.bounty_currency = buy_in["code"] or _SYMBOLS.get(buy_in["symbol"])
    rec.when = numeric_time(rec, m["date"], line)
    rec.zone = m["zone"]


def read_stars_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one PokerStars or GGPoker hand (its lines; ``first_line`` is the header's
    line number in ``file``)."""
    rec = HandRecord(site=site, file=file, line=first_line)
    _header(rec, lines[0].strip(), first_line)
    section = "seats"
    names: list[str] = []  # seated names, longest first
    plain = True  # no seated name holds ': '
    for k, raw in enumerate(lines[1:], start=first_line + 1):
        text = raw.strip()
        if not text:
            continue
        if text[0] == "*":
            street = _STREETS.match(text)
            if street is not None:
                section = _street(rec, street["street"], street["cards"], k, street["run"])
                continue
        if section == "seats":
            if text.startswith("Seat ") and _seat(rec, text, k):
                names = sorted(rec.seats, key=len, reverse=True)
                plain = not any(": " in name for name in names)
                continue
            if text.startswith("Table '"):
                table = _TABLE.match(text)
                if table is None:
                    raise rec.fail(k, f"table line {text!r}: expected \"Table 'NAME' 6-max Seat"
                                   " #N is the button\"")
                rec.table = table["table"]
                rec.seat_count = int(table["max"]) if table["max"] else None
                rec.button_seat = int(table["button"])
                continue
        if section == "summary":
            _summary(rec, text, k)
            continue
        _play_line(rec, names, section, text, k, plain)
    if section != "summary":
        raise rec.fail(first_line + len(lines) - 1, "the hand ends before its '*** SUMMARY ***'"
                       " section: truncated?")
    if not rec.table:
        raise rec.fail(first_line + 1, "the hand has no \"Table '...'\" line")
    _straddles(rec)
    return rec


def _straddles(rec: HandRecord) -> None:
    """A straddle is the straddler's whole blind: GGPoker restates it when the same player
    straddles again (``straddle $2`` then ``straddle $4``: 4 in, not 6), so only the last
    counts; a straddle from the big blind raises the big blind to it (he puts in the
    straddle, not the blind and the straddle, and the betting goes on as over a big blind
    of that size)."""
    last: dict[str, tuple[str, str, Decimal, int]] = {}
    for post in rec.posts:
        if post[1] == "straddle":
            last[post[0]] = post
    if not last:
        return
    blind = {post[0]: k for k, post in enumerate(rec.posts) if post[1] == "bb"}
    posts = []
    for post in rec.posts:
        name, kind, amount, line = post
        if kind == "straddle" and last[name] is not post:
            continue
        if kind == "straddle" and name in blind:
            continue  # raised the big blind (below)
        if kind == "bb" and name in last:
            posts.append((name, "bb", max(amount, last[name][2]), line))
            rec.inferred.append(f"{name!r} straddles from the big blind: a big blind of"
                                f" {last[name][2]}")
            continue
        posts.append(post)
    rec.posts = posts


def _bounty(rec: HandRecord, m: re.Match[str], k: int) -> None:
    """A bounty won (:data:`_BOUNTY`): what each winner takes, beside the pot; a split one
    is shared equally, the odd cent to the first named."""
    who = m["who"] if m["who"] is not None else m["who2"]
    amount = _amount(rec, m["amount"] if m["amount"] is not None else m["amount2"], k)
    winners = [who] if who in rec.seats else [w.strip() for w in who.split(",")]
    for name in winners:
        if name not in rec.seats:
            raise rec.fail(k, f"{name!r} wins a bounty but has no seat (seated:"
                           f" {list(rec.seats)!r}): {m.group()!r}")
    exponent = amount.as_tuple().exponent
    step = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
    share = (amount / len(winners)).quantize(step, rounding=ROUND_DOWN)
    for j, name in enumerate(winners):
        part = share + (amount - share * len(winners) if j == 0 else 0)
        rec.bounties_won[name] = rec.bounties_won.get(name, Decimal(0)) + part


def _seat(rec: HandRecord, text: str, k: int) -> bool:
    m = _SEAT.match(text)
    if m is None:
        return False
    name = m["name"]
    if name in rec.seats:
        raise rec.fail(k, f"player {name!r} is seated twice")
    rec.seats[name] = (int(m["seat"]), _amount(rec, m["stack"], k), k)
    if m["bounty"] is not None:
        rec.bounties[name] = _amount(rec, m["bounty"], k)
    rest = m["rest"]
    # a tournament deals in the players sitting out (they post and fold); a cash game not
    if "out of hand" in rest or ("sitting out" in rest and rec.tournament is None):
        rec.out.add(name)
    return True


_CARDS_SEEN: dict[str, str] = {}  # card text as printed -> canonical (only what parsed)


def _cards(rec: HandRecord, text: str, line: int) -> str:
    """:func:`~.record.canonical_cards`, remembered: a file repeats the same card texts."""
    found = _CARDS_SEEN.get(text)
    if found is None:
        found = canonical_cards(rec, text, line)
        if len(_CARDS_SEEN) > 100_000:
            _CARDS_SEEN.clear()
        _CARDS_SEEN[text] = found
    return found


def _street(rec: HandRecord, street: str, cards: str, k: int, run_word: str | None = None) -> str:
    run = _RUNS[run_word] if run_word else 1  # run it twice: FIRST FLOP, SECOND RIVER, ...
    rec.runs = max(rec.runs, run)
    if street in ("FLOP", "TURN", "RIVER"):
        groups = _GROUPS.findall(cards)
        if not groups:
            raise rec.fail(k, f"{street.lower()} line without cards: expected '[...]'")
        new = _cards(rec, groups[-1], k)  # the street's new cards (the last group)
        if run > 1:
            rec.run_boards.append((run, new, k))
        else:
            rec.actions.append((new, "board", Decimal(0), k))
        return "betting"
    if street == "HOLE CARDS":
        return "betting"
    if street == "SUMMARY":
        return "summary"
    return "showdown"


def _name_of(names: Sequence[str], text: str, sep: str) -> str | None:
    """The seated name that ``text`` starts with, followed by ``sep`` (``names`` longest
    first, so a name that starts another is not taken for it)."""
    for name in names:
        if text.startswith(name + sep):
            return name
    return None


def _actor(rec: HandRecord, names: Sequence[str], text: str, plain: bool) -> str | None:
    """The seated name that starts ``text`` followed by ': '. ``plain``: no seated name
    holds ': ', so it is the text before the first ': ' (a dict look-up, most lines);
    else each name is tried, longest first."""
    if plain:
        at = text.find(": ")
        return text[:at] if at > 0 and text[:at] in rec.seats else None
    return _name_of(names, text, ": ")


def _play_line(rec: HandRecord, names: Sequence[str], section: str, text: str, k: int,
               plain: bool = False) -> None:
    name = _actor(rec, names, text, plain)
    if name is not None:
        _player_action(rec, name, text[len(name) + 2:], section, k)
        return
    m = _DEALT.match(text)
    if m is not None and m["name"] in rec.seats:
        rec.dealt.append(m["name"])
        if m["cards"]:
            rec.known_cards(m["name"], _cards(rec, m["cards"], k), k)
        return
    m = _UNCALLED.match(text)
    if m is not None:
        who = m["name"]
        rec.uncalled[who] = rec.uncalled.get(who, Decimal(0)) + _amount(rec, m["amount"], k)
        return
    m = _COLLECTED.match(text)
    if m is not None:
        who = m["name"]
        if who not in rec.seats:
            raise rec.fail(k, f"{who!r} collects but has no seat (seated: {list(rec.seats)!r})")
        rec.collected[who] = rec.collected.get(who, Decimal(0)) + _amount(rec, m["amount"], k)
        rec.collected_lines.setdefault(who, k)
        return
    if " bount" in text or " elimination of " in text or " for eliminating " in text:
        m = _BOUNTY.match(text)
        if m is not None:
            _bounty(rec, m, k)
            return
    m = _UNSEATED.match(text)
    if m is not None:
        raise rec.fail(k, f"{m['name']!r} acts but has no seat (seated: {list(rec.seats)!r}):"
                       f" {text!r}")
    if text == "Hand cancelled":
        raise rec.fail(k, "the hand was cancelled by the site: nothing was played")
    if " cashed out the hand for " in text:
        raise rec.unsupported(k, f"cash-out of a hand is not supported: {text!r}")
    m = _NOTES.match(text)
    if m is not None and _name_of(names, text, " ") is not None:
        return
    if _name_of(names, text, " ") is not None or (section == "seats" and text.startswith("Seat ")):
        raise rec.fail(k, f"line not understood: {text!r}")
    # anything else (chat-free notes of the site) changes nothing: ignored


def _player_action(rec: HandRecord, name: str, what: str, section: str, k: int) -> None:
    m = _ACTION.match(what)
    if m is None:
        if what.startswith("Bet & Muck"):
            raise rec.unsupported(k, f"{name!r}: GGPoker's 'Bet & Muck' is not supported: {what!r}")
        if what.startswith(("Pays Cashout Risk", "Receives Cashout")):
            raise rec.unsupported(k, f"{name!r}: EV cashout is not supported: {what!r}")
        raise rec.fail(k, f"{name!r}: action not understood: {what!r}, expected folds, checks,"
                       " calls X, bets X, raises X to Y, posts ..., shows [..] or mucks hand")
    if m["cashout"] is not None:
        raise rec.unsupported(k, f"{name!r}: EV cashout is not supported: {what!r}")
    if m["post"]:
        rec.posts.append((name, _POST_KINDS[m["post"]], _amount(rec, m["posted"], k), k))
    elif m["straddle"]:  # GGPoker's own wording, the straddler's whole blind so far
        rec.posts.append((name, "straddle", _amount(rec, m["straddle"], k), k))
    elif record_play(rec, name, m, k, _amount):
        pass
    elif m["shows"] is not None:
        record_show(rec, name, m["shows"], k)
    elif m["muck"] is not None:
        rec.showdown.append((name, False, k))


def _hole_text(rec: HandRecord) -> int:
    """Length of a whole hand's card text (``AhKd``: 4; Omaha 8)."""
    return 2 * rec.hole_count


def _summary(rec: HandRecord, text: str, k: int) -> None:
    if not text.startswith(("Total pot", "Seat ")):
        return
    m = _TOTAL.match(text)
    if m is not None:
        rec.total_pot = _amount(rec, m["amount"], k)
        rec.total_line = k
        for fee in _FEE.finditer(text):
            rec.fees += _amount(rec, fee["amount"], k)
        return
    m = _SUMMARY_CARDS.match(text) if "showed [" in text or "mucked [" in text else None
    if m is not None:
        who = m["who"]
        name = next((n for n in sorted(rec.seats, key=len, reverse=True)
                     if who == n or who.startswith(n + " (")), None)
        cards = _cards(rec, m["cards"], k)
        if name is not None and len(cards) == _hole_text(rec):
            rec.known_cards(name, cards, k)
