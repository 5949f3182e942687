"""Reading PartyPoker text hand histories.

Read as one table of line rules (:data:`RULES`, :mod:`.grammar`), in the layout 888poker's
is also written in (:mod:`.pacific`): bracketed amounts, a raise printed as what the player
adds (``raises [$2 USD]``), ``is all-In [$4.90 USD]`` for an
all-in that may call or raise (:func:`~.record.record_all_in` tells which), ``posts big
blind + dead [$3]`` for a live big blind and a dead small one. PartyPoker prints no
summary, no uncalled bet and no rake: an uncalled bet is in what its owner wins (``wins
$1.87 USD from the side pot 1``), and :func:`~.record.to_phh` works the uncalled bets and
the fees out. Omaha hi-lo pays the low half on a line of its own (``wins Lo ($0.09 USD)
from the main pot``), added to what the player collected. Cash games state the blinds
(fixed limit: the bets) or, for pot-limit Omaha, the buy-in; tournaments state
``Blinds-Antes(1.200/2.400 -400)`` with a dot grouping the thousands.

Tournament files of the 2011-2012 client (``NL Texas Hold'em  Trny: 65167142 Level: 1
Blinds(20/40) - ...``, two spaces where a freeroll has no buy-in) print no blind and no ante
posts: the small blind is the first player clockwise from the button who takes part in the
hand (heads-up the button), the big blind the next, each posting the stated amount or his
whole stack, and every player the stated ante; the hand then has to add up like any other,
and the record says what was inferred (PHH ``_inferred``). The client's notes between the
actions (players moved, finishing places, the chat, the time bank) change nothing and are
read as such (rows that change nothing). The 2016 client states the buy-in on the game
line (``NL Texas Hold'em $5 USD Buy-in  - ...``) and the tournament below the seats
(``Trny: 128400001 Level: 2``, ``Blinds-Antes(15/30 -5)``), and prints the posts.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from decimal import Decimal

from .grammar import Grammar, Reading, Rule, nothing, table_line
from .locale import ENGLISH
from .pacific import BEFORE_HAND
from .record import HandRecord, record_all_in, site_games, supported_games

__all__ = ["HEADER_PARTY", "RULES", "read_party_hand"]

# a hand starts with its title, or the lines PartyPoker puts before it: 'Game #N starts.'
# (at the end of the hand before) and '#Game No : N'
HEADER_PARTY = re.compile(r"(?:#Game No : \d+|Game #\d+ starts\.|\*{5} Hand History for Game \d+)")
_TITLE_EXAMPLE = "'***** Hand History for Game N *****'"
_GAME_EXAMPLE = "'$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 05:54:36 EST 2014'"
# '$0.05/$0.10 USD NL Texas Hold'em - Monday, ...', '$10 USD PL Omaha Hi-Lo - ...' (a pot-limit
# table's buy-in), 'NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12  Blinds-Antes(
# 1.200/2.400 -400) - ...', the 2011 client's 'NL Texas Hold'em  Trny: 65167142 Level: 1
# Blinds(20/40) - ...' (two spaces: no buy-in) and its limit games with no 'FL': 'Texas Hold em
# Trny:32401475 ...'
_GAME = (
    r"(?P<stakes>.*?)\s*(?:(?P<limit>NL|PL|FL)\s+)?(?P<game>Texas Hold'?\s?em|Omaha Hi-Lo"
    r"|Omaha(?: Hi)?|7 Card Stud(?: Hi-Lo)?|Short Deck|Double Hold'?\s?em)"
    r"(?:\s+(?P<buyin>\S+\s+[A-Z]{3}\s+Buy-in))?(?:\s+\+\s*\S+\s+Entry Fee)?"
    r"(?:\s+Trny:\s*(?P<trny>\d+).*?)?"
    r"(?:\s+(?:Blinds|Stakes)(?:-Antes)?\((?P<blinds>[^)]*)\))?"
    r"\s+-\s+(?P<date>\w+, \w+ \d{1,2}, \d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]{2,5}) (?P<year>\d{4})"
)
_VARIANTS = site_games({
    ("Texas Hold'em", "NL"): "NT", ("Texas Hold'em", "FL"): "FT", ("Omaha", "PL"): "PO",
    ("Omaha Hi-Lo", "PL"): "PO/8", ("Omaha Hi-Lo", "FL"): "FO/8",
})
_SUPPORTED = supported_games(_VARIANTS.values())
_GAME_NAMES = {"Texas Hold em": "Texas Hold'em", "Texas Holdem": "Texas Hold'em",
               "Omaha Hi": "Omaha"}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_POSTS = {"small blind": "sb", "big blind": "bb", "ante": "ante"}
_AMOUNT = r"\[(?P<amount>[^\]]+)\]"
_ZERO = Decimal(0)
_HAND = ("hand",)  # the section from the seats on (PartyPoker prints no summary)


# ---- the steps -------------------------------------------------------------------------

def _title(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.rec.hand_id, r.rec.line = m["id"], k
    r.section = "game"


def _game(r: Reading, _: str, m: re.Match[str], line: int) -> None:
    rec = r.rec
    game = _GAME_NAMES.get(m["game"], m["game"])
    # the 2011 client names no limit for its limit games: 'Texas Hold em Trny: ...'
    limit = m["limit"] or "FL"
    variant = _VARIANTS.get((game, limit))
    if variant is None:
        raise rec.unsupported(line, f"variant '{limit} {game}' is not supported yet"
                              f" ({_SUPPORTED} are)")
    rec.variant = variant
    stakes = m["stakes"]
    if m["trny"] is not None:
        rec.tournament = m["trny"]
        _blinds(r, m["blinds"] or "")
    elif m["buyin"] is not None:  # the 2016 client: 'Trny: N Level: 1' and 'Blinds(10/20)' below
        rec.tournament = ""
    else:
        symbol = next((c for c in stakes if c in _SYMBOLS), None)
        code = stakes.split()[-1] if stakes.split() and stakes.split()[-1].isalpha() else None
        rec.currency = code or (_SYMBOLS[symbol] if symbol else None)
        amounts = stakes.split()[0].split("/") if stakes else []
        if len(amounts) == 2:  # else the buy-in of a pot-limit table: the posts tell
            small, big = (r.amount(a, line) for a in amounts)
            # no-limit stakes are the blinds; fixed-limit ones the bets (the big blind first)
            rec.small_bet, rec.big_bet = small, big
            rec.big_blind = small if rec.fixed_limit else big
    try:
        when = _dt.datetime.strptime(f"{m['date']} {m['year']}", "%A, %B %d, %H:%M:%S %Y")
    except ValueError:
        raise rec.fail(line, f"date {m['date']!r} {m['year']}: expected e.g. 'Monday, January"
                       " 06, 05:54:36 EST 2014'") from None
    rec.when, rec.zone = when, m["zone"]
    r.section = "hand"



def _blinds(r: Reading, text: str) -> None:
    """A tournament's blinds and ante: '20/40', '1.200/2.400 -400' (chips are whole: '.'
    and ',' group the thousands)."""
    rec, parts = r.rec, text.split()
    blinds = parts[0].split("/") if parts else []
    if len(blinds) == 2:
        rec.small_bet, rec.big_bet = (Decimal(re.sub(r"[.,]", "", b) or "0") for b in blinds)
        rec.big_blind = rec.big_bet
    if len(parts) >= 2:
        r.seen["ante"] = int(re.sub(r"[^\d]", "", parts[-1]) or "0")


def _level(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """The tournament lines the 2016 client prints after the seats: 'Trny: 128487129
    Level: 1', 'Blinds(10/20)', 'Blinds-Antes(1.200/2.400 -400)' (the game line's, when it
    states them, stand)."""
    rec = r.rec
    if m["trny"] and not rec.tournament:
        rec.tournament = m["trny"]
    if m["blinds"] is not None and rec.tournament is not None and not rec.big_bet:
        _blinds(r, m["blinds"])


def _button(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.rec.button_seat = int(m["seat"])


def _seat(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.seat(m["name"], int(m["seat"]), r.amount(m["stack"], k), k)


def _street(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    if m["summary"] or m["street"].lower() == "down cards":
        return
    if not m["cards"]:
        raise r.rec.fail(k, f"{m[0]!r}: expected the cards dealt, '[ .. ]'")
    r.rec.actions.append((r.card_text(m["cards"], k), "board", _ZERO, k))


def _dealt(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    if m["name"] not in r.rec.seats:
        raise r.rec.fail(k, f"line not understood: {m[0]!r} (no seated player's name starts it)")
    r.rec.known_cards(m["name"], r.card_text(m["cards"], k), k)


def _no_small_blind(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.seen.setdefault("no_small_blind", k)


def _cut_short(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    raise r.rec.fail(k, f"{m[0]!r}: the client did not record the rest of the hand: truncated?")


def _post(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    rec, kind, amount = r.rec, m["post"], m["amount"]
    value = r.amount(amount, k)
    if kind == "big blind + dead":  # the big blind live, the small blind's part dead
        # the stated big blind, else (a pot-limit table states its buy-in) the one posted
        big = rec.big_blind or next((a for _, post, a, _ in rec.posts if post == "bb"), None)
        if big is None or value < big:
            raise rec.unsupported(k, f"{name!r} posts a big blind and a dead blind {amount!r}"
                                  " with no big blind known to split it by")
        rec.posts.append((name, "bb", big, k))
        if value > big:
            rec.posts.append((name, "dead", value - big, k))
        return
    rec.posts.append((name, _POSTS[kind], value, k))


def _wager(kind: str, pattern: str, example: str) -> Rule:
    """fold, check, call, bet, raise: a raise adds its amount to the bet, as a bet does."""
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        amount = r.amount(m["amount"], k) if kind in ("c", "b") else _ZERO
        r.rec.actions.append((name, kind, amount, k))
    return Rule(example.split()[0], pattern, step, _HAND, actor=True, first=example[0],
                example=f"Alice {example}")


def _all_in(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    record_all_in(r.rec, name, r.amount(m["amount"], k), k)


def _shows(shown: bool) -> Rule:
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        r.rec.known_cards(name, r.card_text(m["cards"], k), k)
        r.rec.showdown.append((name, shown, k))
    pattern = r"shows \[(?P<cards>[^\]]*)\].*" if shown else r"doesn't show \[(?P<cards>[^\]]*)\].*"
    return Rule("shows" if shown else "doesn't show", pattern, step, _HAND, actor=True,
                first="sd"[not shown], example=f"Alice {pattern[:5]} [ 2s, 9d ]")


def _hidden(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    r.rec.showdown.append((name, False, k))


def _wins(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    """'wins $1.87 USD from the side pot 1' (the uncalled bet in it); 'wins Lo ($0.09 USD)
    from the main pot': the low half, also collected."""
    rec = r.rec
    rec.collected[name] = rec.collected.get(name, _ZERO) + r.amount(m["low"] or m["won"], k)
    rec.collected_lines.setdefault(name, k)
    if not m["low"]:
        rec.total_line = k


# ---- the grammar -----------------------------------------------------------------------

RULES: tuple[Rule, ...] = (
    Rule("before the hand", r"(?:#Game No : \d+|Game #\d+ starts\.)", nothing, first="#G",
         example="Game #13541154741 starts."),
    Rule("title", r"\*{5} Hand History for Game (?P<id>\d+) \*{5}", _title, ("head",), first="*",
         example="***** Hand History for Game 13541154741 *****"),
    Rule("game", _GAME, _game, ("game",), example=_GAME_EXAMPLE.strip("'")),
    Rule("cut short", r"(?:Table Closed|Connection Lost due to some reason|The hand history for"
         r" this hand number is not available here)\.?", _cut_short, _HAND, first="TC",
         example="Connection Lost due to some reason"),
    Rule("table", r"Table (?P<table>.+?)(?: (?P<max>\d+) Max)?(?: \((?:Real|Play) Money\))?",
         table_line, _HAND, first="T", example="Table Rubin (Real Money)"),
    Rule("button", r"Seat (?P<seat>\d+) is the button", _button, _HAND, first="S",
         example="Seat 4 is the button"),
    Rule("players", r"Total number of players.*", nothing, _HAND, first="T",
         example="Total number of players : 6"),
    Rule("seat", r"Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]+?) \)", _seat, _HAND,
         first="S", example="Seat 1: Alice ( $10 USD )"),
    Rule("street", r"(?i:\*\* (?:Dealing (?P<street>down cards|flop|turn|river)|(?P<summary>Summary))"
         r" \*\*\s*(?:\[(?P<cards>[^\]]*)\])?)", _street, _HAND, first="*",
         example="** Dealing flop ** [ 4h, Kc, 3s ]"),
    Rule("dealt", r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]", _dealt, _HAND, first="D",
         example="Dealt to Alice [ 2s, 9d ]"),
    Rule("no small blind", r"There is no Small Blind in this hand\b.*", _no_small_blind, _HAND,
         first="T", example="There is no Small Blind in this hand as the Big Blind of the"
         " previous hand left the table."),
    # the client's notes, whoever they name
    Rule("finished", r"Player .+ finished in \d+(?:\.| place and received .*)", nothing, _HAND,
         first="P", example="Player Alice finished in 9."),
    Rule("winner", r"Congratulations to player .+ for winning tournament.*", nothing, _HAND,
         first="C"),
    Rule("chat off", r"Chat has been (?:dis|en)abled.*", nothing, _HAND, first="C"),
    Rule("time bank", r"Your time bank .*", nothing, _HAND, first="Y"),
    Rule("level", r"Trny: ?(?P<trny>\d+).*|Level:.*|(?:Blinds|Stakes)(?:-Antes)?\((?P<blinds>[^)]*)\).*",
         _level, _HAND, first="TLBS", example="Trny: 65167142 Level: 1"),
    # the actions, after 'name '
    Rule("posts", rf"posts (?P<post>small blind|big blind \+ dead|big blind|ante) {_AMOUNT}\.?",
         _post, _HAND, actor=True, first="p", example="Alice posts big blind [$0.10 USD]."),
    _wager("f", "folds", "folds"), _wager("x", "checks", "checks"),
    _wager("c", rf"calls {_AMOUNT}", "calls [$1 USD]"), _wager("b", rf"bets {_AMOUNT}", "bets [$2 USD]"),
    _wager("b", rf"raises {_AMOUNT}", "raises [$4 USD]"),
    Rule("all-in", rf"is all-In\s+{_AMOUNT}", _all_in, _HAND, actor=True, first="i",
         example="Alice is all-In  [$4.90 USD]"),
    _shows(True), _shows(False),
    Rule("does not show", r"does not show cards\.?", _hidden, _HAND, actor=True, first="d",
         example="Alice does not show cards."),
    Rule("wins", r"wins (?:Lo \((?P<low>[^)]+)\)|(?P<won>[$€£]?[\d.,]+(?: [A-Z]{3})?))(?: chips)?"
         r"(?: from .*)?", _wins, _HAND, actor=True,
         first="w", example="Alice wins $1.87 USD from the side pot 1"),
    Rule("note", r"(?:shows\s*[^\[].* for low\.?|will be using (?:his|her|their) time bank.*"
         r"|has (?:left|joined) the table.*|is sitting out.*|(?:did|could) not respond in time.*"
         r"|is disconnected.*|has been reconnected.*|is connected.*|has returned.*"
         r"|will be allowed to play.*)", nothing, _HAND, actor=True,
         example="Alice will be using her time bank for this hand."),
    Rule("chat", r".*", nothing, _HAND, actor=True, sep=": ", example="Alice: gl all"),
    # lines about someone not seated (who joins the table for the next hand; moves)
    Rule("arrival", r".+ has (?:joined|left) the table\.?", nothing, _HAND, fallback=True,
         example="Bob has joined the table."),
    Rule("moved", r".+ has been moved from table \d+ to this table\.?", nothing, _HAND,
         fallback=True, example="Bob has been moved from table 3 to this table"),
)
"""PartyPoker's lines: the grammar :func:`read_party_hand` reads a hand with."""

GRAMMAR = Grammar("partypoker", RULES, (ENGLISH,), expected={
    "head": f"expected {_TITLE_EXAMPLE}", "game": f"expected the game line, e.g. {_GAME_EXAMPLE}"})


def read_party_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one PartyPoker hand (its lines; ``first_line`` is its first line in ``file``)."""
    rec, reading = _read(site, file, first_line, lines)
    if rec.tournament is not None and not any(kind in ("sb", "bb") for _, kind, _, _ in rec.posts):
        # no posts printed: infer them from the players in the hand, then read it again with
        # them, so that each all-in is a call or a raise over the blinds as they were
        posts, inferred = _inferred_posts(reading)
        rec, _ = _read(site, file, first_line, lines, posts)
        rec.inferred = inferred
    return rec


def _read(site: str, file: str, first_line: int, lines: Sequence[str],
          posts: Sequence[tuple[str, str, Decimal, int]] = ()) -> tuple[HandRecord, Reading]:
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     prints_fees=False, collected_includes_uncalled=True,
                     marks_sitting_out=False)
    rec.posts.extend(posts)
    reading = Reading(rec, "head")
    read = GRAMMAR.read
    for k, raw in enumerate(lines, start=first_line):
        text = raw.strip()
        if text and (reading.section != "head" or not text.startswith(BEFORE_HAND)):
            read(reading, text, k)
    last = first_line + len(lines) - 1
    if reading.section == "head":
        raise rec.fail(first_line, f"expected {_TITLE_EXAMPLE}")
    if reading.section == "game":
        raise rec.fail(rec.line + 1, f"expected the game line, e.g. {_GAME_EXAMPLE}")
    if not rec.collected:
        raise rec.fail(last, "nobody wins the pot: truncated?")
    return rec, reading


def _inferred_posts(r: Reading) -> tuple[list[tuple[str, str, Decimal, int]], list[str]]:
    """The blinds (and antes) of a tournament hand whose file prints no posts: the small
    blind the first player clockwise from the button who takes part in the hand (heads-up
    the button), the big blind the next, each the stated amount or his whole stack; the
    stated ante from every player, before the blinds (unless the file prints antes). Each
    post with its note for ``_inferred``."""
    rec = r.rec
    if not rec.big_blind:
        raise rec.unsupported(rec.line + 1, "the hand prints no blinds and its header states"
                              " none: the blinds cannot be inferred")
    if "no_small_blind" in r.seen:
        raise rec.unsupported(r.seen["no_small_blind"], "no small blind in this hand (the big blind of"
                                  " the previous hand left the table): the engine posts the"
                                  " small blind at p1 and the big blind at p2")
    active = {p[0] for p in rec.posts} | {a[0] for a in rec.actions if a[1] != "board"}
    active |= {s[0] for s in rec.showdown} | set(rec.holes) | set(rec.collected)
    order = sorted((n for n in rec.seats if n in active),
                   key=lambda n: (rec.seats[n][0] <= rec.button_seat, rec.seats[n][0]))
    if len(order) < 2:
        return [], []  # to_phh says why
    # clockwise from the button's left; heads-up the button posts the small blind
    small, big = (order[1], order[0]) if len(order) == 2 else (order[0], order[1])
    ante = Decimal(r.seen.get("ante", 0))
    stacks = {n: rec.seats[n][1] for n in order}
    posts: list[tuple[str, str, Decimal, int]] = []
    notes = []
    where = rec.line + 1  # the header that states the blinds
    if ante and not any(kind == "ante" for _, kind, _, _ in rec.posts):
        for name in order:
            paid = min(ante, stacks[name])
            stacks[name] -= paid
            posts.append((name, "ante", paid, where))
            notes.append(f"{name!r} posts the ante {paid}")
    for name, kind, amount in ((small, "sb", rec.small_bet), (big, "bb", rec.big_bet)):
        paid = min(amount, stacks[name])
        posts.append((name, kind, paid, where))
        notes.append(f"{name!r} posts the {'small' if kind == 'sb' else 'big'} blind {paid}")
    return posts, notes


