"""Reading 888poker (Pacific Poker) text hand histories.

888poker prints amounts as increments (``raises [$12]`` adds 12 to the player's bet), in
brackets, with the currency symbol before or after and a decimal comma in some locales
(``[ 1 192,48 $ ]``); the showdown is in the summary. It prints neither the uncalled bets
nor the total pot and rake: :func:`~.history_record.to_phh` works them out
(``HandRecord.prints_uncalled`` and ``prints_fees`` are False).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from .history_record import HandRecord, canonical_cards, player_line, record_play

__all__ = ["HEADER_888", "read_888_hand"]

HEADER_888 = re.compile(r"(?:#Game No : \d+|\*{5} (?:888poker|Cassava) Hand History for Game)")
_TITLE = re.compile(r"\*{5} (?:888poker|Cassava) Hand History for Game (?P<id>\d+) \*{5}")
_GAME = re.compile(r"(?P<stakes>.+?) Blinds (?P<game>.+?) - \*\*\* (?P<date>\d{2} \d{2} \d{4}"
                   r" \d{2}:\d{2}:\d{2})\s*$")
_TABLE = re.compile(r"Table (?P<table>.+?)(?: (?P<max>\d+) Max)?(?: \((?:Real|Play) Money\))?\s*$")
_BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]+?) \)\s*$")
_STREET = re.compile(r"\*\* (?:Dealing (?P<street>down cards|flop|turn|river)|(?P<summary>Summary))"
                     r" \*\*\s*(?:\[(?P<cards>[^\]]*)\])?\s*$", re.IGNORECASE)
_ACTION = re.compile(
    r"(?:(?P<fold>folds)|(?P<check>checks)|calls \[(?P<call>[^\]]+)\]|bets \[(?P<bet>[^\]]+)\]"
    r"|raises \[(?P<raise>[^\]]+)\]|posts (?P<post>small blind|big blind|dead blind|ante)"
    r" \[(?P<posted>[^\]]+)\]|shows \[(?P<shows>[^\]]*)\]|mucks \[(?P<mucks>[^\]]*)\]"
    r"|collected \[(?P<collected>[^\]]+)\]|(?P<hidden>did not show his hand))\s*$"
)
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")
_GAMES = {"No Limit Holdem": "NT", "Fix Limit Holdem": "FT", "Fixed Limit Holdem": "FT",
          "Pot Limit Omaha": "PO"}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


def _amount(rec: HandRecord, text: str, line: int) -> Decimal:
    """``$1,000.50``, ``1 192,48 $``, ``2 $`` ... as a Decimal."""
    # spaces (also no-break spaces, and their UTF-8 bytes read as Latin-1) group thousands
    raw = re.sub(r"[\s$€£\u00a0\u00c2]|USD|EUR|GBP", "", text)
    if "," in raw and "." not in raw and re.search(r",\d{1,2}$", raw):
        raw = raw.replace(",", ".")  # a decimal comma
    raw = raw.replace(",", "")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise rec.fail(line, f"amount {text!r} is not a number") from None
    if not value.is_finite() or value < 0:
        raise rec.fail(line, f"amount {text!r} is not an amount")
    return value


def _cards(rec: HandRecord, text: str, line: int) -> str:
    return canonical_cards(rec, text.replace(",", " "), line)


def read_888_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one 888poker hand (its lines; ``first_line`` is its first line in ``file``)."""
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     prints_fees=False, marks_sitting_out=False)
    k0 = 0
    while k0 < len(lines) and (not lines[k0].strip() or lines[k0].startswith("#Game No")):
        k0 += 1
    title = _TITLE.match(lines[k0].strip()) if k0 < len(lines) else None
    if title is None:
        raise rec.fail(first_line + k0, "expected '***** 888poker Hand History for Game N *****'")
    rec.line = first_line + k0
    rec.hand_id = title["id"]
    game = _GAME.match(lines[k0 + 1].strip()) if k0 + 1 < len(lines) else None
    if game is None:
        raise rec.fail(rec.line + 1, "expected the game line, e.g. '$0.05/$0.10 Blinds No Limit"
                       " Holdem - *** 06 01 2014 22:40:28'")
    _game(rec, game, rec.line + 1)
    section = "seats"
    names: list[str] = []
    for k, raw in enumerate(lines[k0 + 2:], start=rec.line + 2):
        text = raw.strip()
        if not text or text.startswith("#Game No"):
            continue
        street = _STREET.match(text)
        if street is not None:
            if street["summary"]:
                section = "summary"
            elif street["street"].lower() != "down cards":
                if not street["cards"]:
                    raise rec.fail(k, f"{text!r}: expected the cards dealt, '[ .. ]'")
                rec.actions.append((_cards(rec, street["cards"], k), "board", Decimal(0), k))
            continue
        if section == "seats":
            if _seat(rec, text, k):
                names = sorted(rec.seats, key=len, reverse=True)
                continue
            table = _TABLE.match(text)
            if table is not None and not rec.table:
                rec.table = table["table"]
                rec.seat_count = int(table["max"]) if table["max"] else None
                continue
            button = _BUTTON.match(text)
            if button is not None:
                rec.button_seat = int(button["seat"])
                continue
            if text.startswith("Total number of players"):
                continue
        _line(rec, names, text, k)
    if section != "summary":
        raise rec.fail(first_line + len(lines) - 1, "the hand ends before its '** Summary **'"
                       " section: truncated?")
    if not rec.collected:
        raise rec.fail(first_line + len(lines) - 1, "nobody collected the pot: truncated?")
    return rec


def _game(rec: HandRecord, m: re.Match[str], line: int) -> None:
    game = m["game"]
    variant = _GAMES.get(game)
    if variant is None:
        raise rec.unsupported(line, f"variant {game!r} is not supported yet (no-limit and"
                              " fixed-limit Hold'em and pot-limit Omaha are)")
    rec.variant = variant
    stakes = m["stakes"].split("/")
    if len(stakes) != 2:
        raise rec.fail(line, f"stakes {m['stakes']!r}: expected 'small/big' like '$0.05/$0.10'")
    # the stakes are the blinds; fixed limit bets the big blind, then twice it
    rec.small_bet = _amount(rec, stakes[1], line)
    rec.big_bet = 2 * rec.small_bet
    rec.big_blind = rec.small_bet
    symbol = next((c for c in m["stakes"] if c in _SYMBOLS), None)
    rec.currency = _SYMBOLS[symbol] if symbol else None
    rec.when = _dt.datetime.strptime(m["date"], "%d %m %Y %H:%M:%S")


def _seat(rec: HandRecord, text: str, k: int) -> bool:
    m = _SEAT.match(text)
    if m is None:
        return False
    if m["name"] in rec.seats:
        raise rec.fail(k, f"player {m['name']!r} is seated twice")
    rec.seats[m["name"]] = (int(m["seat"]), _amount(rec, m["stack"], k), k)
    return True


def _line(rec: HandRecord, names: Sequence[str], text: str, k: int) -> None:
    play = player_line(rec, names, text, k, _DEALT, _ACTION, _cards)
    if play is None:
        return
    name, m = play
    if m["post"]:
        _post(rec, name, m["post"], m["posted"], k)
    elif record_play(rec, name, m, k, _amount, raises_as_bets=True):  # both add to the bet
        pass
    elif m["shows"] is not None or m["mucks"] is not None:
        cards = _cards(rec, m["shows"] if m["shows"] is not None else m["mucks"], k)
        rec.known_cards(name, cards, k)
        rec.showdown.append((name, m["shows"] is not None, k))
    elif m["collected"]:
        rec.collected[name] = rec.collected.get(name, Decimal(0)) + _amount(rec, m["collected"], k)
        rec.collected_lines.setdefault(name, k)
        rec.total_line = k


def _post(rec: HandRecord, name: str, kind: str, amount: str, k: int) -> None:
    if kind == "dead blind":  # "[$1 + $2]": a dead small blind and a live big blind
        parts = amount.split("+")
        if len(parts) != 2:
            raise rec.unsupported(k, f"{name!r} posts a dead blind {amount!r}: expected"
                                  " '[small + big]'")
        rec.posts.append((name, "bb", _amount(rec, parts[1], k), k))
        rec.posts.append((name, "dead", _amount(rec, parts[0], k), k))
        return
    rec.posts.append((name, {"small blind": "sb", "big blind": "bb", "ante": "ante"}[kind],
                      _amount(rec, amount, k), k))
