"""The bracketed layout of PartyPoker's text hand histories, which 888poker's older reader
shared: ``***** Hand History for Game N *****``, the game line, ``Seat N: name ( $10 )``,
``** Dealing flop ** [ 4h, Kc, 3s ]`` and actions with bracketed amounts that a raise
adds to the bet (``raises [$12]``).

:mod:`.party` reads its hands with these helpers; 888poker's reader is now a grammar
(:mod:`.pacific`, :mod:`.grammar`). They stay as they were so that PartyPoker's reader
reads as before until it moves to a grammar of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from .record import HandRecord, canonical_cards, plain_amount, player_line, record_play

__all__ = ["BEFORE_HAND", "bracket_line", "read_sections", "record_bracket_play", "seat_cards",
           "title_and_game"]

BEFORE_HAND = ("#Game No", "Game #")
"""The lines 888poker and PartyPoker may put before a hand's title ('#Game No : N',
'Game #N starts.')."""
_TABLE = re.compile(r"Table (?P<table>.+?)(?: (?P<max>\d+) Max)?(?: \((?:Real|Play) Money\))?\s*$")
_BUTTON = re.compile(r"Seat (?P<seat>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]+?) \)\s*$")
_STREET = re.compile(r"\*\* (?:Dealing (?P<street>down cards|flop|turn|river)|(?P<summary>Summary))"
                     r" \*\*\s*(?:\[(?P<cards>[^\]]*)\])?\s*$", re.IGNORECASE)
_DEALT = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\s*$")


def seat_cards(rec: HandRecord, text: str, line: int) -> str:
    """Cards as 888poker and PartyPoker print them (``[ 2s, 9d, As ]``), canonical."""
    return canonical_cards(rec, text.replace(",", " "), line)


def title_and_game(rec: HandRecord, lines: Sequence[str], first_line: int, title_re: re.Pattern[str],
                   game_re: re.Pattern[str], examples: tuple[str, str]) -> tuple[int, re.Match[str]]:
    """The hand's title (its id in the group ``id``; after the '#Game No : N' and 'Game #N
    starts.' lines a file may put before it), then the game line: the title's index in
    ``lines`` and the game line's match (``rec.line`` set to the title's line); else an error
    showing the ``examples`` of both."""
    k0 = 0
    while k0 < len(lines) and (not lines[k0].strip() or lines[k0].startswith(BEFORE_HAND)):
        k0 += 1
    title = title_re.match(lines[k0].strip()) if k0 < len(lines) else None
    if title is None:
        raise rec.fail(first_line + k0, f"expected {examples[0]}")
    rec.line = first_line + k0
    rec.hand_id = title["id"]
    game = game_re.match(lines[k0 + 1].strip()) if k0 + 1 < len(lines) else None
    if game is None:
        raise rec.fail(rec.line + 1, f"expected the game line, e.g. {examples[1]}")
    return k0, game


def read_sections(rec: HandRecord, lines: Sequence[str], start: int, first_line: int,
                  play: Callable[[HandRecord, Sequence[str], str, int], None], *,
                  summary: bool = True) -> None:
    """The seats, streets and play of a hand in 888poker's layout (PartyPoker's too), from
    ``lines[start]`` (line ``first_line + start`` of the file) on; ``play`` reads each line
    of the play (with the seated names, longest first). ``summary``: the hand must end
    with a '** Summary **' section (888poker; PartyPoker has none)."""
    section = "seats"
    names: list[str] = []
    for k, raw in enumerate(lines[start:], start=first_line + start):
        text = raw.strip()
        if not text or text.startswith(BEFORE_HAND):
            continue
        street = _STREET.match(text)
        if street is not None:
            if street["summary"]:
                section = "summary"
            elif street["street"].lower() != "down cards":
                if not street["cards"]:
                    raise rec.fail(k, f"{text!r}: expected the cards dealt, '[ .. ]'")
                rec.actions.append((seat_cards(rec, street["cards"], k), "board", Decimal(0), k))
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
        play(rec, names, text, k)
    if summary and section != "summary":
        raise rec.fail(first_line + len(lines) - 1, "the hand ends before its '** Summary **'"
                       " section: truncated?")


def _seat(rec: HandRecord, text: str, k: int) -> bool:
    m = _SEAT.match(text)
    if m is None:
        return False
    if m["name"] in rec.seats:
        raise rec.fail(k, f"player {m['name']!r} is seated twice")
    rec.seats[m["name"]] = (int(m["seat"]), plain_amount(rec, m["stack"], k), k)
    return True


def bracket_line(rec: HandRecord, names: Sequence[str], text: str, k: int,
                 action_re: re.Pattern[str], post: Callable[[HandRecord, str, str, str, int], None],
                 ) -> tuple[str, re.Match[str]] | None:
    """A line of the play in 888poker's layout (PartyPoker's too): cards dealt (recorded)
    or a post (given to ``post`` with the name, the kind and the amount): None; else the
    player's name and the match of ``action_re`` (groups ``post`` and ``posted`` too)."""
    play = player_line(rec, names, text, k, _DEALT, action_re, seat_cards)
    if play is None:
        return None
    name, m = play
    if m["post"]:
        post(rec, name, m["post"], m["posted"], k)
        return None
    return play


def record_bracket_play(rec: HandRecord, name: str, m: re.Match[str], k: int) -> bool:
    """The lines 888poker and PartyPoker write alike, from a match with the groups of
    :func:`~.history_record.record_play` (a raise adds to the bet, as a bet does),
    ``shows`` and ``mucks`` (the cards) and ``collected`` (an amount); False for another."""
    if record_play(rec, name, m, k, plain_amount, raises_as_bets=True):
        return True
    if m["shows"] is not None or m["mucks"] is not None:
        cards = seat_cards(rec, m["shows"] if m["shows"] is not None else m["mucks"], k)
        rec.known_cards(name, cards, k)
        rec.showdown.append((name, m["shows"] is not None, k))
    elif m["collected"]:
        rec.collected[name] = rec.collected.get(name, Decimal(0)) + plain_amount(rec, m["collected"], k)
        rec.collected_lines.setdefault(name, k)
        rec.total_line = k
    else:
        return False
    return True
