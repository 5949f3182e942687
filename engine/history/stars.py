"""Reading PokerStars text hand histories, and GGPoker's, which follow the same layout, as
one table of line rules (:mod:`.grammar`).

:data:`RULES` is the sites' grammar: one row per kind of line, the section of the hand it
may appear in, and the step that writes it into the :class:`~.record.HandRecord`. What the
rows read:

* the header ``PokerStars Hand #N:  Hold'em No Limit ($0.05/$0.10 USD) - 2014/01/06 7:21:05
  ET`` (``Game #``, Zoom, tournaments ``Tournament #N, $1+$0.10 USD Hold'em No Limit -
  Level XI (400/800)``), GGPoker's ``Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05)``, its
  tournament levels ``Level19(1,750/3,500)`` and the ante in the stakes ``(150/300(45))``;
* the table, the seats with a knockout's bounty as its own field (``Seat 1: X (755175 in
  chips, $148.95 bounty)``), the sections ``*** HOLE CARDS ***`` to ``*** SUMMARY ***``
  (run it twice: ``*** FIRST FLOP ***`` ... ``*** SECOND RIVER ***``);
* the actions after ``name: `` (posts, GGPoker's ``X: straddle $2``, folds, checks,
  calls, bets, raises X to Y), the shows and mucks, ``Uncalled bet ($X) returned to``,
  ``collected``, the bounties won (``wins $19.31 for eliminating Y and their own bounty
  increases by ...``: beside the pot, not chips) and the summary's total and rake;
* the site's notes (a player sitting out, connecting, chatting, finishing the tournament)
  as lines that change nothing; any other line no seated name starts is the site's and
  dropped; one a seated name starts but no row reads refuses the hand.

The rows take their words from a language row of :mod:`.locale` (:func:`rules`): the
clients in Spanish, Portuguese, Russian, German and French write the same lines in their
words (``Mano n.º N de PokerStars:``, ``pone la ciega pequeña 0.02 €``, ``делает рейз $0.06
$0.08``), amounts with a decimal comma and the currency after, dates day first; the
language of a hand is taken from its title (:func:`read_stars_hand`).

Player names are matched against the seated names (longest first), so names with colons,
brackets, spaces or any other characters are read as printed; the actor of a ``name:
action`` line is found by one dict look-up when no seated name holds ``': '``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal, InvalidOperation

from .grammar import Grammar, Reading, Rule, nothing
from .locale import ENGLISH, LANGUAGES, Language, language, phrases
from .record import (
    HandRecord,
    HistoryError,
    UnsupportedHistoryError,
    canonical_cards,
    numeric_time,
    record_show,
    site_games,
    supported_games,
)

__all__ = ["HEADER_GG", "HEADER_STARS", "RULES", "read_stars_hand"]

# the titles: English ('PokerStars Hand #1:'), German ('PokerStars Hand Nr. 1:'), French
# ('Main PokerStars n°1 :'), Spanish ('Mano n.º 1 de Zoom de PokerStars:'), Portuguese
# ('Mão PokerStars #1:'), Russian ('Раздача PokerStars №1:')
HEADER_STARS = re.compile(r"PokerStars (?:Zoom Hand|Home Game Hand|Home Game|Hand|Game) #"
                          r"|PokerStars (?:Zoom )?Hand Nr\. |PokerStars Partie #"
                          r"|Main (?:Zoom )?PokerStars n°|Mano n\.º \d+ de (?:Zoom de )?PokerStars"
                          r"|Mão PokerStars #|Раздача PokerStars №")
HEADER_GG = re.compile(r"Poker Hand #")

_HEADER_EXAMPLE = ("PokerStars Hand #123: Hold'em No Limit ($0.05/$0.10 USD) - 2014/01/06"
                   " 7:21:05 ET")
# the stakes in parentheses may hold GGPoker's ante: 'Level6(150/300(45))'; the date is
# year first (English) or day first ('05-02-2025', '12/07/2026', '01.02.2020')
_HEADER = (r"(?:(?:PokerStars (?:Zoom Hand|Home Game Hand|Home Game|Hand|Game)|Poker Hand"
           r"|PokerStars Partie|Mão PokerStars) #|PokerStars (?:Zoom )?Hand Nr\. "
           r"|Main (?:Zoom )?PokerStars n°|Раздача PokerStars №|Mano n\.º )"
           r"(?P<id>\w+)(?: de (?:Zoom de )?PokerStars)?\s*:"
           r"\s*(?:\{(?P<club>[^{}]*)\}\s*)?(?P<game>.*?)\s*"
           r"\((?P<stakes>[^()]*(?:\([^()]*\))?)\)\s*-\s*"
           r"(?:(?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})"
           r"|(?P<dmy>\d{1,2}[-/.]\d{1,2}[-/.]\d{4} \d{1,2}:\d{2}:\d{2}))"
           r"(?:\s+(?P<zone>[A-Z]{2,5})\b)?.*")
# a tournament's level after the game: PokerStars ' - Level XI', GGPoker ' - Level19'
_LEVEL = re.compile(r"\s+-\s+(?:Level|Niveau|Nivel|Nível|Stufe|Уровень)\s*\w+$")
# 'Tournament #170000001, ...', 'Tournament #888: ...', 'Turnier #1', 'Tournoi n°1', 'Torneo n.º 1'
_TOURNAMENT = re.compile(r"(?:Tournament|Turnier|Tournoi|Torneo|Torneio|Турнир) (?:#|Nr\. |n°|n\.º |№)\w+")
# the games' names a client prints in its language (Russian, confirmed: 'Холдем Безлимитный')
_GAME_NAMES = {"Холдем Безлимитный": "Hold'em No Limit"}
# GGPoker's names of Omaha games with more cards: 'PLO-5 Classic $10 Omaha5 Pot Limit'
_MORE_CARDS = {"Omaha5": "5 Card Omaha", "Omaha6": "6 Card Omaha", "Omaha5 Hi/Lo": "5 Card Omaha Hi/Lo"}
_ANTE_IN_STAKES = re.compile(r"\s*\((?P<ante>[^()]*)\)$")  # GGPoker: '150/300(45)'
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
_BUY_IN = re.compile(r"(?P<symbol>[$€£¥₹]) ?[\d.,]+(?:\+[$€£¥₹]? ?[\d.,]+)*(?: (?P<code>[A-Z]{3})\b)?")
_AMOUNT = r"[$€£¥₹]?[\d,]*\.?\d+"
# the other languages' amounts: '0,01 €', '1.234,50 €', '20 000', '$0.01'
_AMOUNT_ANY = r"(?:[$€£¥₹] ?)?\d+(?:[.,\u00a0\u202f ]\d+)*(?: ?[$€£¥₹])?"
# what may follow a wager ('... and has reached the $20 cap': a capped table's player)
_TAIL = r"(?: and is all-in)?(?: and has reached the (?P<capped>\S+) cap)?"
# a capped no-limit table's cap in the stakes: '$0.50/$1.00 - $20 Cap -  USD'
_CAP = re.compile(r"\s*-\s*(?P<cap>\S+) Cap\s*(?:-\s*)?")
# a post's words (every language's) -> its kind; a street's title -> its section
_POST_KINDS = {"straddle": "straddle", "missed blind": "dead", **{
    p: kind for concept, kind in (("small_blind", "sb"), ("big_blind", "bb"), ("ante", "ante"),
                                  ("both_blinds", "sb+bb"), ("dead_blind", "dead"))
    for p in phrases(concept)}}
_STREET_TITLES = {p: section for concept, section in (
    ("flop_title", "FLOP"), ("turn_title", "TURN"), ("river_title", "RIVER"),
    ("hole_cards", "betting"), ("show_down", "showdown"), ("summary_title", "summary"))
    for p in phrases(concept)}
"""A street's title -> its section, or the street whose board it deals."""
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4}  # run it twice (or N times)
_GROUPS = re.compile(r"\[([^\]]*)\]")
# '| Rake $0.50', '| Comisión 0.04 €', '| Rake: $1'
_FEE = re.compile(rf"\|\s*(?P<what>[^\d|$€£¥₹:]+?):?\s+(?P<amount>{_AMOUNT_ANY})")
_ZERO = Decimal(0)
_PLAY = ("seats", "betting", "showdown")  # the sections before the summary
_ACTIONS = "folds, checks, calls X, bets X, raises X to Y, posts ..., shows [..] or mucks hand"


def _amount(r: Reading, text: str, line: int) -> Decimal:
    """An amount as the hand's language writes it (English: ``$1,234.50``; the others
    also ``0,01 €``, ``1.234,50 €``: :func:`~.locale.parse_amount`)."""
    if r.language is not ENGLISH:
        return r.amount(text, line)
    try:
        return Decimal(text.lstrip("$€£¥₹").replace(",", ""))
    except InvalidOperation:
        raise r.rec.fail(line, f"amount {text!r} is not a number") from None


# ---- the steps -------------------------------------------------------------------------

def _header(r: Reading, _: str, m: re.Match[str], line: int) -> None:
    rec = r.rec
    rec.hand_id = m["id"]
    game = _LEVEL.sub("", m["game"]).strip()
    if not game.isascii():  # a game named in the client's language
        for name, english in _GAME_NAMES.items():
            game = game.replace(name, english)
    game = _GG_GAMES.get(game, game)
    limit = next((k for k in _LIMITS_LONGEST if game.endswith(" " + k) or game == k), None)
    if limit is None:
        raise rec.unsupported(line, f"game {game!r}: the betting structure is not stated"
                              " (expected No Limit, Pot Limit or Limit)")
    game = game[: -len(limit)].strip()
    tournament = _TOURNAMENT.match(game)
    if tournament is not None:
        rec.tournament = tournament[0]
    if m["club"] is not None:  # a Home Game's club: '{Staples Poker League} Tournament #...'
        rec.extra["_club"] = m["club"]
    for alias, full in _MORE_CARDS.items():
        if game == alias or game.endswith(" " + alias):
            game = game[: -len(alias)] + full
    name = next((g for g in _GAMES if game == g or game.endswith(" " + g)), game)
    betting = _LIMITS[limit]
    variant = _VARIANT.get((name, betting))
    if variant is None:
        raise rec.unsupported(line, f"variant {name} {limit} is not supported yet ({_SUPPORTED}"
                              " are)")
    rec.variant = variant
    stakes = _ANTE_IN_STAKES.sub("", m["stakes"])
    cap = _CAP.search(stakes)
    if cap is not None:  # played as no-limit; a hand that reaches the cap is refused (checks)
        rec.cap = _amount(r, cap["cap"], line)
        stakes = f"{stakes[:cap.start()]} {stakes[cap.end():]}".strip()
    body, _, last = stakes.rpartition(" ")  # '$0.05/$0.10 USD', '0.02 €/0.05 €'
    code: str | None = last
    if not (body and last.isalpha() and last.isascii()):
        body, code = stakes, None
    amounts = body.split("/")
    if " " in body:
        amounts = [a.strip() for a in amounts]
    if len(amounts) != 2 or not (amounts[0] and amounts[1]):
        raise rec.fail(line, f"stakes {stakes!r}: expected 'small/big' like '$0.05/$0.10 USD'")
    rec.small_bet, rec.big_bet = (_amount(r, a, line) for a in amounts)
    # no-limit and pot-limit stakes are the blinds; fixed-limit ones the bets (big blind first)
    rec.big_blind = rec.small_bet if betting == "fixed-limit" else rec.big_bet
    if rec.tournament is None:
        rec.currency = code or _SYMBOLS.get(amounts[0][:1]) or _SYMBOLS.get(amounts[0][-1:])
    else:  # the buy-in's currency: a knockout's bounties are paid in it
        buy_in = _BUY_IN.search(game)
        if buy_in is not None:
            rec.bounty_currency = buy_in["code"] or _SYMBOLS.get(buy_in["symbol"])
    rec.when = (numeric_time(rec, m["date"], line) if m["date"] is not None
                else numeric_time(rec, m["dmy"], line, day_first=True))
    rec.zone = m["zone"]
    r.section = "seats"


def _table(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    rec.table = m["table"]
    rec.seat_count = int(m["max"]) if m["max"] else None
    rec.button_seat = int(m["button"])


def _seat(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec, name = r.rec, m["name"]
    r.seat(name, int(m["seat"]), _amount(r, m["stack"], k), k)
    if m["bounty"] is not None:
        rec.bounties[name] = _amount(r, m["bounty"], k)
    rest = m["rest"]
    # a tournament deals in the players sitting out (they post and fold); a cash game not
    if "out of hand" in rest or ("sitting out" in rest and rec.tournament is None):
        rec.out.add(name)


def _refuse(name: str, pattern: str, message: str, sections: tuple[str, ...] = (), *,
            first: str = "", fallback: bool = False, unsupported: bool = False) -> Rule:
    """A kind of line that refuses the hand: ``message``, formatted with the line
    (``{line}``), the group ``name`` and the seated names (``{seated}``)."""
    def step(r: Reading, _: str, m: re.Match[str], k: int) -> None:
        text = message.format(line=m[0], name=m.groupdict().get("name"), seated=list(r.rec.seats))
        raise r.rec.unsupported(k, text) if unsupported else r.rec.fail(k, text)
    return Rule(name, pattern, step, sections, first=first, fallback=fallback)


def _street(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec, street = r.rec, _STREET_TITLES[m["street"]]
    run = _RUNS[m["run"]] if m["run"] else 1  # run it twice: FIRST FLOP, SECOND RIVER, ...
    rec.runs = max(rec.runs, run)
    r.section = "betting" if street in ("FLOP", "TURN", "RIVER") else street
    if street in ("FLOP", "TURN", "RIVER"):
        groups = _GROUPS.findall(m["cards"])
        if not groups:
            raise rec.fail(k, f"{street.lower()} line without cards: expected '[...]'")
        new = _cards(rec, groups[-1], k)  # the street's new cards (the last group)
        if run > 1:
            rec.run_boards.append((run, new, k))
        else:
            rec.actions.append((new, "board", _ZERO, k))


def _dealt(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec, name = r.rec, m["name"]
    if name not in rec.seats:
        return  # a note of the site (it names nobody seated)
    rec.dealt.append(name)
    if m["cards"]:
        rec.known_cards(name, _cards(rec, m["cards"], k), k)


def _dealt_after(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    """German: 'Alice bekommt [Ah Kh]'."""
    r.rec.dealt.append(name)
    r.rec.known_cards(name, _cards(r.rec, m["cards"], k), k)


def _uncalled(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec, who = r.rec, m["name"]
    rec.uncalled[who] = rec.uncalled.get(who, _ZERO) + _amount(r, m["amount"], k)


def _collected(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    rec.collected[name] = rec.collected.get(name, _ZERO) + _amount(r, m["amount"], k)
    rec.collected_lines.setdefault(name, k)


def _post(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    r.rec.posts.append((name, _POST_KINDS[m["post"]], _amount(r, m["amount"], k), k))


def _straddle(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    """GGPoker's own wording: the straddler's whole blind so far."""
    r.rec.posts.append((name, "straddle", _amount(r, m["amount"], k), k))


def _shows(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    record_show(r.rec, name, m["cards"], k)


def _mucks(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    r.rec.showdown.append((name, False, k))


def _total(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    rec.total_pot = _amount(r, m["amount"], k)
    rec.total_line = k
    for fee in _FEE.finditer(m["rest"]):
        rec.fees += _amount(r, fee["amount"], k)


def _summary_cards(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """'Seat 3: X (big blind) showed [Ah Kd] and won ...': the cards, if a whole hand."""
    rec, who = r.rec, m["who"]
    name = next((n for n in r.names if who == n or who.startswith(n + " (")), None)
    cards = _cards(rec, m["cards"], k)
    if name is not None and len(cards) == 2 * rec.hole_count:
        rec.known_cards(name, cards, k)


def _bounty(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """A bounty won (the ``bounty`` rule): what each winner takes, beside the pot; a split
    one is shared equally, the odd cent to the first named."""
    rec = r.rec
    who = m["who"] if m["who"] is not None else m["who2"]
    amount = _amount(r, m["amount"] if m["amount"] is not None else m["amount2"], k)
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
        rec.bounties_won[name] = rec.bounties_won.get(name, _ZERO) + part


# the site's notes about a player: they change nothing in the hand
_NOTES_COLON = ("doesn't show hand", "sits out", "is sitting out", "is disconnected", "is connected",
                "has timed out", "has returned", "will be allowed to play", "leaves the table",
                "joins the table", "shows? .*hand", "said, ")
_NOTES_SPACE = ("is sitting out", "sits out", "leaves the table", "joins the table",
                "is disconnected", "is connected", "has timed out", "will be allowed to play",
                "finished the tournament", "wins the tournament", "re-buys", "was removed",
                "said,", "has returned", "takes the add-on", "wins an entry to", "wins a ticket",
                "cashed out of the tournament")


def _note(sep: str, words: tuple[str, ...], example: str) -> Rule:
    return Rule("note", "(?:" + "|".join(words) + ").*", nothing, _PLAY, actor=True, sep=sep,
                example=example)


def _unsupported(what: str, pattern: str, first: str) -> Rule:
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        raise r.rec.unsupported(k, f"{name!r}: {what} is not supported: {m[0]!r}")
    return Rule(what, pattern, step, _PLAY, actor=True, sep=": ", first=first)


# ---- the grammar -----------------------------------------------------------------------


def _first(row: Language, *concepts: str, extra: str = "") -> str:
    """The characters a line of ``concepts``' phrases (English's and ``row``'s) starts with."""
    return "".join(sorted({p[0] for c in concepts for p in phrases(c, (row,))} | set(extra)))


def rules(row: Language = ENGLISH) -> tuple[Rule, ...]:
    """PokerStars' and GGPoker's lines in ``row``'s words (English's are read in every
    row: a French client's export may print its actions in English)."""
    amount = _AMOUNT if row is ENGLISH else _AMOUNT_ANY
    tail = _TAIL if row is ENGLISH else r"(?: {all_in})?(?: and has reached the (?P<capped>\S+) cap)?"

    def wager(kind: str, concept: str, pattern: str, example: str) -> Rule:
        """fold, check, call (the amount added), bet (the amount), raise (to the amount)."""
        def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
            value = _amount(r, m["amount"], k) if kind in ("c", "b", "r") else _ZERO
            r.rec.actions.append((name, kind, value, k))
            if m["capped"]:
                r.rec.cap_lines.setdefault(name, k)
        return Rule(example.split()[0], f"{{{concept}}}" + pattern + tail, step, _PLAY, actor=True,
                    sep=": ", example=f"Alice: {example}", first=_first(row, concept))

    return (
        # U+0420: the Cyrillic letter the Russian title starts with
        Rule("header", _HEADER, _header, ("head",), first="PMm\u0420", example=_HEADER_EXAMPLE),
        Rule("street", r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD|FOURTH) )?(?P<street>{flop_title}|"
             r"{turn_title}|{river_title}|{hole_cards}|{show_down}|{summary_title}) \*\*\*"
             r"(?P<cards>.*)", _street,
             first="*", example="*** FLOP *** [Kd 7c 2s]"),
        Rule("table", r"{table} ['\"](?P<table>.*)['\"]\s+(?:(?P<max>\d+)-max\s+)?(?:\([^()]*\)\s+)?"
             r"{button_seat}(?P<button>\d+)(?: {button})?.*", _table, ("seats",),
             first=_first(row, "table"), example="Table 'Doc I' 6-max Seat #1 is the button"),
        _refuse("bad table line", r"{table} ['\"].*", "table line {line!r}: expected \"Table"
                " 'NAME' 6-max Seat #N is the button\"", ("seats",), first=_first(row, "table")),
        # 'Seat 1: X (755175 in chips, $148.95 bounty)': a knockout tournament's bounty
        Rule("seat", r"{seat} (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) {in_chips}"
             r"(?:,\s*(?P<bounty>[^()]*?) bounty)?\)(?P<rest>.*)", _seat, ("seats",),
             first=_first(row, "seat"), example="Seat 1: Alice ($100 in chips)"),
        _refuse("bad seat", r"{seat} .*", "line not understood: {line!r}", ("seats",),
                first=_first(row, "seat")),
        Rule("dealt", r"{dealt_to} (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?", _dealt, _PLAY,
             first=_first(row, "dealt_to"), example="Dealt to Alice [Ah Kh]"),
        Rule("uncalled", rf"{{uncalled}} \((?P<amount>{amount})\) {{returned_to}} (?P<name>.+?)"
             r"(?: {returned_after})?", _uncalled, _PLAY, first=_first(row, "uncalled"),
             example="Uncalled bet ($5) returned to Alice"),
        # GGPoker's promotion: the house adds money to the pot, which no player put in
        _refuse("cash drop", r"Cash Drop to Pot\s*:.*", "GGPoker's Cash Drop ({line!r}) is not"
                " supported: the house's money in the pot is no player's", _PLAY, first="C",
                unsupported=True),
        _refuse("cancelled", "Hand cancelled", "the hand was cancelled by the site: nothing was"
                " played", first="H"),
        Rule("total", rf"{{total_pot}} (?P<amount>{amount})(?P<rest>.*)", _total, ("summary",),
             first=_first(row, "total_pot"), example="Total pot $33.50 | Rake $0.50"),
        Rule("summary cards", r"{seat} \d+: (?P<who>.+?) (?:{showed}|{mucked}) \[(?P<cards>[^\]]*)\].*",
             _summary_cards, ("summary",), first=_first(row, "seat"),
             needs=tuple(p + " [" for c in ("showed", "mucked") for p in phrases(c, (row,))),
             example="Seat 3: Carol showed [7d 7h] and won"),
        Rule("summary line", r".*", nothing, ("summary",)),
        # the actions, after 'name: '
        Rule("posts", rf"{{posts}} (?P<post>{{small_blind}}|{{big_blind}}|{{ante}}|{{both_blinds}}|"
             rf"missed blind|straddle) (?P<amount>{amount}){tail}", _post, _PLAY, actor=True,
             sep=": ", first=_first(row, "posts"), example="Alice: posts small blind $0.50"),
        Rule("straddle", rf"straddle (?P<amount>{amount}){tail}", _straddle, _PLAY, actor=True,
             sep=": ", first="s", example="Alice: straddle $2"),
        wager("f", "fold", "", "folds"), wager("x", "check", "", "checks"),
        wager("c", "call", rf" (?P<amount>{amount})", "calls $2"),
        wager("b", "bet", rf" (?P<amount>{amount})", "bets $4"),
        wager("r", "raise", rf" {amount} {{to}} (?P<amount>{amount})" if row is ENGLISH
              else rf" {amount} (?:{{to}} )?(?P<amount>{amount})", "raises $2 to $3"),
        Rule("note", r"(?:{doesnt_show}|{player_notes}).*", nothing, _PLAY, actor=True, sep=": ",
             first=_first(row, "doesnt_show", "player_notes")),
        Rule("shows", r"{shows} \[(?P<cards>[^\]]*)\].*", _shows, _PLAY, actor=True, sep=": ",
             first=_first(row, "shows"), example="Alice: shows [7d 7h] (three of a kind, Sevens)"),
        Rule("mucks", r"(?:mucks hand|{mucks}).*", _mucks, _PLAY, actor=True, sep=": ",
             first=_first(row, "mucks"), example="Alice: mucks hand"),
        _note(": ", _NOTES_COLON, "Alice: sits out"),
        _unsupported("GGPoker's 'Bet & Muck'", r"Bet & Muck.*", "B"),
        _unsupported("EV cashout", r"(?:Chooses to EV Cashout|Pays Cashout Risk|Receives"
                     r" Cashout).*", "CPR"),
        # after 'name ': what a player collects, the site's notes about him
        Rule("collected", rf"{{collected}} (?P<amount>{amount}) {{from_pot}}(?:-\d+)?", _collected,
             _PLAY, actor=True, first=_first(row, "collected"),
             example="Alice collected $33.50 from pot"),
        Rule("dealt after", r"{dealt_after} \[(?P<cards>[^\]]*)\]", _dealt_after, _PLAY,
             actor=True, first=_first(row, "dealt_after") or "\0"),
        _note(" ", _NOTES_SPACE, "Alice finished the tournament in 6th place"),
        Rule("note", r"{player_notes}.*", nothing, _PLAY, actor=True,
             first=_first(row, "player_notes")),
        # lines a player's action would be taken for: tried when no action reads the line.
        # Knockout tournaments: what a player wins for eliminating another, beside the pot:
        # 'X wins the $10 bounty for eliminating Y', 'X, Z split the $10 bounty for
        # eliminating Y', 'X wins $5 for eliminating Y and their own bounty increases by $5
        # to $15' (progressive), 'X wins $2.50 for splitting the elimination of Y and their
        # own bounty increases by ...', the mystery bounty's 'X wins a $50 mystery bounty
        # for eliminating Y'
        Rule("bounty", rf"(?P<who>.+?) (?:wins|split) (?:the |a )?(?P<amount>{amount}) (?:mystery )?"
             r"bounty for eliminating (?P<out>.+?)"
             rf"|(?P<who2>.+?) wins (?P<amount2>{amount}) (?:for eliminating|for splitting the"
             rf" elimination of) (?P<out2>.+?)(?: and their own bounty increases by {amount} to"
             rf" (?P<to>{amount}))?", _bounty, _PLAY, fallback=True,
             example="Alice wins $19.31 for eliminating Bob and their own bounty increases by"
                     " $19.31 to $168.26"),
        _refuse("unseated collects", rf"(?P<name>.+) {{collected}} {amount} {{from_pot}}.*",
                "{name!r} collects but has no seat (seated: {seated!r})", _PLAY, fallback=True),
        _refuse("unseated acts", r"(?P<name>.+?) ?: (?:{fold}|{check}|{call} |{bet} |{raise} |"
                r"{posts} |{shows} |{mucks}).*", "{name!r} acts but has no seat (seated:"
                " {seated!r}): {line!r}", _PLAY, fallback=True),
        _refuse("cash-out", r".* cashed out the hand for .*", "cash-out of a hand is not"
                " supported: {line!r}", _PLAY, fallback=True, unsupported=True),
    )


RULES = rules()
"""PokerStars' and GGPoker's lines in English: the grammar of an English hand."""

# a hand's language, from its title: the localized clients' titles (any other: English)
_TITLE_LANGUAGES = (("PokerStars Hand Nr.", "de"), ("PokerStars Zoom Hand Nr.", "de"),
                    ("Main PokerStars", "fr"), ("Main Zoom PokerStars", "fr"),
                    ("PokerStars Partie", "fr"), ("Mano n.º", "es"), ("Mão PokerStars", "pt"),
                    ("Раздача PokerStars", "ru"))
_LOCALIZED = tuple(prefix for prefix, _ in _TITLE_LANGUAGES)
_GRAMMARS: dict[str, Grammar] = {}


def grammar(row: Language = ENGLISH) -> Grammar:
    """The grammar of hands written in ``row`` (built once)."""
    found = _GRAMMARS.get(row.code)
    if found is None:
        found = _GRAMMARS[row.code] = Grammar(
            "pokerstars", RULES if row is ENGLISH else rules(row), (row,), ignore=_PLAY,
            actions=_ACTIONS, expected={"head": f"not a hand header; expected e.g. {_HEADER_EXAMPLE!r}"})
    return found


GRAMMAR = grammar()


def read_stars_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one PokerStars or GGPoker hand (its lines; ``first_line`` is the header's
    line number in ``file``) in the language its title names; a hand whose English title
    heads lines no English rule reads is read again in each other language (a client that
    writes the title in English and the rest in its own words), and refused as English if
    none reads it."""
    title = lines[0].lstrip() if lines else ""
    if title.startswith(_LOCALIZED):
        code = next(c for prefix, c in _TITLE_LANGUAGES if title.startswith(prefix))
        return _read(site, file, first_line, lines, language(code))
    try:
        return _read(site, file, first_line, lines, ENGLISH)
    except UnsupportedHistoryError:
        raise
    except HistoryError:
        for row in LANGUAGES[1:]:
            try:
                return _read(site, file, first_line, lines, row)
            except HistoryError:
                continue
        raise


def _read(site: str, file: str, first_line: int, lines: Sequence[str], row: Language) -> HandRecord:
    rec = HandRecord(site=site, file=file, line=first_line)
    reading = Reading(rec, "head", language=row)
    read = grammar(row).read
    for k, raw in enumerate(lines, start=first_line):
        text = raw.strip()
        if text:
            read(reading, text, k)
    if reading.section != "summary":
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
