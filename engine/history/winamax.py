"""Reading Winamax text hand histories, as one table of line rules (:mod:`.grammar`).

The layout follows PokerStars', with the player's name followed by a space (``Dealt to``,
``posts``, ``raises 1.50€ to 2.50€``) and the currency symbol after the amount. Winamax
prints no uncalled bet: what the player collected includes it, and its ``Total pot`` is the
sum of what was collected (after the rake); :func:`~.record.to_phh` works the uncalled
bets out (``HandRecord.prints_uncalled`` False, ``collected_includes_uncalled``).
:data:`RULES` is the site's grammar: the header (cash game, tournament, sit & go), the
table and seats, the sections (``*** ANTE/BLINDS ***``, ``*** PRE-FLOP ***``, the
streets, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``), the actions and the summary's total.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from .grammar import Grammar, Reading, Rule
from .locale import phrases
from .record import HandRecord, numeric_time, record_show, site_games, supported_games

__all__ = ["HEADER_WINAMAX", "RULES", "read_winamax_hand"]

HEADER_WINAMAX = re.compile(r"Winamax Poker - ")
_HEADER_EXAMPLE = ("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.50€/1€) -"
                   " 2013/10/24 03:51:47 UTC")
_GAMES = site_games({
    "Holdem no limit": "NT", "Omaha pot limit": "PO", "5 Card Omaha pot limit": "PO5",
    "6 Card Omaha pot limit": "PO6", "Omaha Hi/Lo pot limit": "PO/8",
    "5 Card Omaha Hi/Lo pot limit": "PO5/8",
})
_SUPPORTED = supported_games(_GAMES.values())
_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP"}
_AMOUNT = r"[\d.,]+\s*[€$£]?"
_POSTS = (("sb", "small_blind"), ("bb", "big_blind"), ("ante", "ante"))


def _header(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    rec.hand_id = m["id"]
    variant = _GAMES.get(m["game"])
    if variant is None:
        raise rec.unsupported(k, f"variant {m['game']!r} is not supported yet ({_SUPPORTED} are)")
    rec.variant = variant
    if m["kind"].startswith("Tournament "):
        rec.tournament = m["kind"][len("Tournament "):].split(" buyIn:", 1)[0].strip('"')
    stakes = m["stakes"].split("/")
    if len(stakes) not in (2, 3):
        raise rec.fail(k, f"stakes {m['stakes']!r}: expected 'small/big' like '0.50€/1€'")
    rec.big_bet = r.amount(stakes[-1], k)
    rec.small_bet = r.amount(stakes[-2], k)
    rec.big_blind = rec.big_bet
    symbol = next((c for c in m["stakes"] if c in _SYMBOLS), None)
    rec.currency = _SYMBOLS[symbol] if symbol and rec.tournament is None else None
    rec.when = numeric_time(rec, m["date"], k)
    rec.zone = m["zone"]
    r.section = "seats"


def _table(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.rec.table = m["table"]
    r.rec.seat_count = int(m["max"]) if m["max"] else None
    r.rec.button_seat = int(m["button"])


def _seat(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.seat(m["name"], int(m["seat"]), r.amount(m["stack"], k), k)


def _section(name: str) -> Rule:
    def step(r: Reading, _: str, m: re.Match[str], k: int) -> None:
        r.section = name
    return Rule(name, {"betting": r"\*\*\* (?:ANTE/?BLINDS|PRE-FLOP|SHOW DOWN) \*\*\*.*",
                       "summary": r"\*\*\* SUMMARY \*\*\*.*"}[name], step,
                example={"betting": "*** PRE-FLOP ***", "summary": "*** SUMMARY ***"}[name])


def _board(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    groups = re.findall(r"\[([^\]]*)\]", m["cards"])
    if not groups:
        raise r.rec.fail(k, f"{m['street'].lower()} line without cards: expected '[...]'")
    r.rec.actions.append((r.card_text(groups[-1], k), "board", Decimal(0), k))
    r.section = "betting"


def _runs(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    raise r.rec.unsupported(k, "the board is run more than once (run it twice): the engine"
                            " deals one board")


def _dealt(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    if m["name"] not in r.rec.seats:
        raise r.rec.fail(k, f"line not understood: {m[0]!r} (no seated player's name starts it)")
    r.rec.known_cards(m["name"], r.card_text(m["cards"], k), k)


def _post(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    kind = next(kind for kind, concept in _POSTS if m["post"] in phrases(concept))
    if m["oop"] and kind == "sb":
        kind = "dead"  # a missed small blind paid on return, with a live big blind
    r.rec.posts.append((name, kind, r.amount(m["posted"], k), k))


def _play(kind: str) -> Rule:
    """fold, check, call (the amount added), bet (the amount), raise (to the amount)."""
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        amount = r.amount(m["amount"], k) if kind in ("c", "b", "r") else Decimal(0)
        r.rec.actions.append((name, kind, amount, k))
    pattern = {"f": "{fold}", "x": "{check}", "c": rf"{{call}} (?P<amount>{_AMOUNT})",
               "b": rf"{{bet}} (?P<amount>{_AMOUNT})",
               "r": rf"{{raise}} {_AMOUNT} {{to}} (?P<amount>{_AMOUNT})"}[kind]
    example = {"f": "folds", "x": "checks", "c": "calls 1€", "b": "bets 2€",
               "r": "raises 1.50€ to 2.50€"}[kind]
    return Rule(example.split()[0], pattern + r"(?: {all_in})?", step, ("seats", "betting"), actor=True,
                example=f"Alice {example}")


def _shows(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    record_show(r.rec, name, r.card_text(m["cards"], k), k)


def _mucks(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    r.rec.showdown.append((name, False, k))


def _collected(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    rec.collected[name] = rec.collected.get(name, Decimal(0)) + r.amount(m["amount"], k)
    rec.collected_lines.setdefault(name, k)


def _total(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    rec.total_pot = r.amount(m["amount"], k)
    rec.fees = r.amount(m["rake"], k) if m["rake"] else Decimal(0)
    rec.total_line = k


def _nothing(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """A line that changes nothing (a player sitting out; the summary's account of each
    seat, which the replay checks)."""


RULES: tuple[Rule, ...] = (
    # cash games: 'CashGame', the fast-fold pools 'Go Fast "Colorado"' and 'HOLD-UP "Pool"'
    Rule("header", r"Winamax Poker - (?P<kind>CashGame|Go Fast \".*?\"|HOLD-UP \".*?\"|Tournament .*?)"
         r" - HandId: #(?P<id>[\w-]+) -"
         r" (?P<game>.+?) \((?P<stakes>[^()]*)\) - (?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})"
         r"(?: (?P<zone>[A-Z]{2,5}))?", _header, ("head",), example=_HEADER_EXAMPLE),
    Rule("table", r"Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
         r"Seat #(?P<button>\d+) is the button", _table, ("seats",),
         example="Table: 'Durban 02' 6-max (real money) Seat #3 is the button"),
    Rule("seat", r"{seat} (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\s*(?P<symbol>\D?)\)"
         r"(?P<rest>.*)", _seat, ("seats",), example="Seat 1: Alice (100€)"),
    _section("betting"),
    _section("summary"),
    Rule("street", r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*(?P<cards>.*)", _board,
         example="*** FLOP *** [Td Kc 5h]"),
    Rule("run twice", r"\*\*\* (?:FIRST|SECOND) \w+ \*\*\*.*", _runs),
    Rule("total", rf"{{total_pot}} (?P<amount>{_AMOUNT})\s*\|\s*(?:No rake|Rake (?P<rake>{_AMOUNT})).*",
         _total, ("summary",), example="Total pot 15.10€ | Rake 0.98€"),
    Rule("summary line", r".*", _nothing, ("summary",)),
    Rule("dealt", r"{dealt_to} (?P<name>.+?) \[(?P<cards>[^\]]*)\]", _dealt, ("seats", "betting"),
         example="Dealt to Alice [Ah Kd]"),
    Rule("posts", rf"{{posts}} (?P<post>{{small_blind}}|{{big_blind}}|{{ante}}) (?P<posted>{_AMOUNT})"
         r"(?P<oop> out of position)?(?: {all_in})?", _post, ("seats", "betting"), actor=True,
         example="Alice posts small blind 0.25€"),
    _play("f"), _play("x"), _play("c"), _play("b"), _play("r"),
    Rule("shows", r"{shows} \[(?P<cards>[^\]]*)\].*", _shows, ("seats", "betting"), actor=True,
         example="Alice shows [Qh Qc] (One pair : Queens)"),
    Rule("mucks", r"{mucks}.*", _mucks, ("seats", "betting"), actor=True, example="Alice mucks"),
    Rule("collected", rf"{{collected}} (?P<amount>{_AMOUNT})(?: .*)?", _collected,
         ("betting",), actor=True, example="Alice collected 24€ from pot"),
    Rule("sitting out", r"(?:{sits_out}|will be allowed to play).*", _nothing,
         ("seats", "betting"), actor=True, example="Alice is sitting out"),
)
"""Winamax's lines: the grammar :func:`read_winamax_hand` reads a hand with."""

GRAMMAR = Grammar("winamax", RULES, expected={
    "head": f"not a Winamax hand header; expected e.g. {_HEADER_EXAMPLE!r}"})


def read_winamax_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one Winamax hand (its lines; ``first_line`` is the header's line in ``file``)."""
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     collected_includes_uncalled=True, marks_sitting_out=False)
    reading = Reading(rec, "head")
    for k, raw in enumerate(lines, start=first_line):
        text = raw.strip()
        if text:
            GRAMMAR.read(reading, text, k)
    if reading.section != "summary":
        raise rec.fail(first_line + len(lines) - 1, "the hand ends before its '*** SUMMARY ***'"
                       " section: truncated?")
    if not rec.table:
        raise rec.fail(first_line + 1, "the hand has no \"Table: '...'\" line")
    return rec
