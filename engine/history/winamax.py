"""Reading Winamax text hand histories.

The layout follows PokerStars', with the player's name followed by a space (``Dealt to``,
``posts``, ``raises 1.50€ to 2.50€``) and the currency symbol after the amount. Winamax
prints no uncalled bet: what the player collected includes it, and its ``Total pot`` is the
sum of what was collected (after the rake); :func:`~.history_record.to_phh` works the
uncalled bets out (``HandRecord.prints_uncalled`` False, ``collected_includes_uncalled``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from .record import (
    HandRecord,
    canonical_cards,
    numeric_time,
    player_line,
    record_play,
    record_show,
    site_games,
    supported_games,
)

__all__ = ["HEADER_WINAMAX", "read_winamax_hand"]

HEADER_WINAMAX = re.compile(r"Winamax Poker - ")
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>CashGame|Tournament .*?) - HandId: #(?P<id>[\w-]+) - "
    r"(?P<game>.+?) \((?P<stakes>[^()]*)\) - (?P<date>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2})"
    r"(?: (?P<zone>[A-Z]{2,5}))?\s*$"
)
_TABLE = re.compile(r"Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
                    r"Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\s*(?P<symbol>\D?)\)"
                   r"(?P<rest>.*)$")
_STREET = re.compile(r"\*\*\* (?P<street>ANTE/?BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY"
                     r"|FIRST \w+|SECOND \w+) \*\*\*(?P<cards>.*)$")
_AMOUNT = r"[\d.,]+\s*[€$£]?"
_ACTION = re.compile(
    rf"(?:(?P<fold>folds)|(?P<check>checks)|calls (?P<call>{_AMOUNT})|bets (?P<bet>{_AMOUNT})"
    rf"|raises {_AMOUNT} to (?P<raise>{_AMOUNT})"
    rf"|posts (?P<post>small blind|big blind|ante) (?P<posted>{_AMOUNT})(?P<oop> out of position)?"
    rf"|shows \[(?P<shows>[^\]]*)\].*|mucks.*(?P<muck>)|collected (?P<collected>{_AMOUNT}) from"
    r" (?:main |side )?pot.*|is sitting out.*|sits out.*|will be allowed to play.*)"
    r"(?: and is all-in)?\s*$"
)
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_TOTAL = re.compile(rf"Total pot (?P<amount>{_AMOUNT})\s*\|\s*(?:No rake|Rake (?P<rake>{_AMOUNT}))")
_GAMES = site_games({
    "Holdem no limit": "NT", "Omaha pot limit": "PO", "5 Card Omaha pot limit": "PO5",
    "6 Card Omaha pot limit": "PO6", "Omaha Hi/Lo pot limit": "PO/8",
    "5 Card Omaha Hi/Lo pot limit": "PO5/8",
})
_SUPPORTED = supported_games(_GAMES.values())
_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP"}


def _amount(rec: HandRecord, text: str, line: int) -> Decimal:
    try:
        return Decimal(text.strip().rstrip("€$£").strip().replace(",", ""))
    except InvalidOperation:
        raise rec.fail(line, f"amount {text!r} is not a number") from None


def read_winamax_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one Winamax hand (its lines; ``first_line`` is the header's line in ``file``)."""
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     collected_includes_uncalled=True, marks_sitting_out=False)
    _header(rec, lines[0].strip(), first_line)
    section = "seats"
    names: list[str] = []
    for k, raw in enumerate(lines[1:], start=first_line + 1):
        text = raw.strip()
        if not text:
            continue
        street = _STREET.match(text)
        if street is not None:
            section = _street(rec, street["street"], street["cards"], k)
            continue
        if section == "seats":
            seat = _SEAT.match(text)
            if seat is not None:
                if seat["name"] in rec.seats:
                    raise rec.fail(k, f"player {seat['name']!r} is seated twice")
                rec.seats[seat["name"]] = (int(seat["seat"]), _amount(rec, seat["stack"], k), k)
                names = sorted(rec.seats, key=len, reverse=True)
                continue
            table = _TABLE.match(text)
            if table is not None:
                rec.table = table["table"]
                rec.seat_count = int(table["max"]) if table["max"] else None
                rec.button_seat = int(table["button"])
                continue
        if section == "summary":
            total = _TOTAL.match(text)
            if total is not None:
                rec.total_pot = _amount(rec, total["amount"], k)
                rec.fees = _amount(rec, total["rake"], k) if total["rake"] else Decimal(0)
                rec.total_line = k
            continue
        _line(rec, names, text, k)
    if section != "summary":
        raise rec.fail(first_line + len(lines) - 1, "the hand ends before its '*** SUMMARY ***'"
                       " section: truncated?")
    if not rec.table:
        raise rec.fail(first_line + 1, "the hand has no \"Table: '...'\" line")
    return rec


def _header(rec: HandRecord, text: str, line: int) -> None:
    m = _HEADER.match(text)
    if m is None:
        raise rec.fail(line, f"not a Winamax hand header: {text!r}, expected e.g. 'Winamax Poker -"
                       " CashGame - HandId: #1-2-3 - Holdem no limit (0.50€/1€) - 2013/10/24"
                       " 03:51:47 UTC'")
    rec.hand_id = m["id"]
    variant = _GAMES.get(m["game"])
    if variant is None:
        raise rec.unsupported(line, f"variant {m['game']!r} is not supported yet ({_SUPPORTED}"
                              " are)")
    rec.variant = variant
    if m["kind"] != "CashGame":
        rec.tournament = m["kind"][len("Tournament "):].split(" buyIn:", 1)[0].strip('"')
    stakes = m["stakes"].split("/")
    if len(stakes) not in (2, 3):
        raise rec.fail(line, f"stakes {m['stakes']!r}: expected 'small/big' like '0.50€/1€'")
    rec.big_bet = _amount(rec, stakes[-1], line)
    rec.small_bet = _amount(rec, stakes[-2], line)
    rec.big_blind = rec.big_bet
    symbol = next((c for c in m["stakes"] if c in _SYMBOLS), None)
    rec.currency = _SYMBOLS[symbol] if symbol and rec.tournament is None else None
    rec.when = numeric_time(rec, m["date"], line)
    rec.zone = m["zone"]


def _street(rec: HandRecord, street: str, cards: str, k: int) -> str:
    if street.startswith(("FIRST", "SECOND")):
        raise rec.unsupported(k, "the board is run more than once (run it twice): the engine"
                              " deals one board")
    if street in ("FLOP", "TURN", "RIVER"):
        groups = re.findall(r"\[([^\]]*)\]", cards)
        if not groups:
            raise rec.fail(k, f"{street.lower()} line without cards: expected '[...]'")
        rec.actions.append((canonical_cards(rec, groups[-1], k), "board", Decimal(0), k))
        return "betting"
    if street == "SUMMARY":
        return "summary"
    return "betting"


def _line(rec: HandRecord, names: Sequence[str], text: str, k: int) -> None:
    play = player_line(rec, names, text, k, _DEALT, _ACTION, canonical_cards)
    if play is None:
        return
    name, m = play
    if m["post"]:
        kind = {"small blind": "sb", "big blind": "bb", "ante": "ante"}[m["post"]]
        if m["oop"] and kind == "sb":
            kind = "dead"  # a missed small blind paid on return, with a live big blind
        rec.posts.append((name, kind, _amount(rec, m["posted"], k), k))
    elif record_play(rec, name, m, k, _amount):
        pass
    elif m["shows"] is not None:
        record_show(rec, name, m["shows"], k)
    elif m["muck"] is not None:
        rec.showdown.append((name, False, k))
    elif m["collected"]:
        rec.collected[name] = rec.collected.get(name, Decimal(0)) + _amount(rec, m["collected"], k)
        rec.collected_lines.setdefault(name, k)
