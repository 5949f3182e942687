"""Reading iPoker XML hand histories.

An iPoker file holds one or more ``<session>`` elements (several documents may follow one
another in a file, or the whole XML may sit on one line); each session's ``<general>``
states the game, stakes, table and currency, and each of its ``<game>`` elements is one
hand: ``<player>`` seats (``chips`` the starting stack, ``dealer="1"`` the button, ``win``
what the player collected, uncalled bet included), then ``<round>`` 0 (the forced bets),
1 (pre-flop) and 2-4 (flop, turn, river, their ``<cards>`` the board) of ``<action>``
elements numbered in the order played (``no``; the file groups them by player). Action
types: 0 fold, 1 small blind, 2 big blind, 3 call (the amount added), 4 check, 5 bet,
6 and 7 all-in (the amount added), 8 and 9 not dealt in, 15 ante, 23 raise (to the
amount). Cards are written suit first (``D7 H10``), unknown ones ``X``.

The tags are read with regular expressions rather than an XML parser so that every error
names its line, a truncated session still yields its complete hands, and documents that
follow one another are read alike. iPoker prints neither the uncalled bets nor the rake:
:func:`~.history_record.to_phh` works them out.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from .record import (
    HandRecord,
    canonical_cards,
    numeric_time,
    plain_amount,
    record_all_in,
    site_games,
    supported_games,
)

__all__ = ["HEADER_IPOKER", "IpokerGame", "ipoker_games", "read_ipoker_hand"]

HEADER_IPOKER = re.compile(r"(?:<\?xml[^>]*\?>\s*)?<session\b")
_SESSION = re.compile(r"<session\b[^>]*>(?P<body>.*?)(?:</session>|(?=<session\b)|\Z)", re.S)
_GENERAL = re.compile(r"<general>.*?</general>", re.S)
_GAME_START = re.compile(r"<game\b")
_FIELD = re.compile(r"<(?P<tag>\w+)>(?P<text>[^<]*)</(?P=tag)>")
_ELEMENT = re.compile(r"<(?P<tag>game|player|round|action|cards|startdate)\b(?P<attrs>[^>]*?)"
                      r"(?P<empty>/)?>(?:(?P<text>[^<]*)</(?P=tag)>)?")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
# 'Holdem NL $2/$4', 'Holdem L $2/$4', 'Omaha Hi-Lo PL $0.05/$0.10', 'Omaha Hi-Lo Limit $2/$4'
_GAMETYPE = re.compile(r"(?P<game>.+?) (?P<limit>NL|PL|FL|L|Limit)(?: (?P<stakes>\S+/\S+))?\s*$")
_VARIANTS = site_games({
    ("Holdem", "NL"): "NT", ("Holdem", "L"): "FT", ("Holdem", "FL"): "FT",
    ("Holdem", "Limit"): "FT", ("Omaha", "PL"): "PO", ("Omaha Hi-Lo", "PL"): "PO/8",
    ("Omaha Hi-Lo", "L"): "FO/8", ("Omaha Hi-Lo", "FL"): "FO/8", ("Omaha Hi-Lo", "Limit"): "FO/8",
})
_SUPPORTED = supported_games(_VARIANTS.values())
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_POSTS = {1: "sb", 2: "bb", 15: "ante"}
_NOT_DEALT = (8, 9)  # sitting out; a blind not posted
# iPoker's cash-game rake reaches 1/15 of the pot (6.67%, rounded down: the samples' 0.94 of
# 14.20, 0.05 of 0.80); fees worked out above 7% mean an amount of the hand is wrong
_MOST_FEES = Decimal("0.07")


@dataclass(frozen=True)
class IpokerGame:
    """One ``<game>`` of a file, with its session's ``<general>`` block."""

    line: int
    text: str
    session: str
    session_line: int
    complete: bool = True
    """False: the text ends (or the next game starts) before ``</game>``."""


def ipoker_games(text: str) -> Iterator[IpokerGame]:
    """Each ``<game>`` of the iPoker text, in order (one cut off is marked incomplete)."""
    newlines = [m.start() for m in _NEWLINE.finditer(text)]
    for session in _SESSION.finditer(text):
        body, base = session["body"], session.start("body")
        general = _GENERAL.search(body)
        head = general.group() if general else ""
        head_line = bisect_left(newlines, base + (general.start() if general else 0)) + 1
        for game in _GAME_START.finditer(body):
            end = body.find("</game>", game.start())
            after = _GAME_START.search(body, game.end())
            complete = end >= 0 and (after is None or end < after.start())
            stop = end + 7 if complete else after.start() if after else len(body)
            yield IpokerGame(bisect_left(newlines, base + game.start()) + 1,
                             body[game.start():stop], head, head_line, complete)


_NEWLINE = re.compile("\n")


def _attrs(text: str) -> dict[str, str]:
    return {key: html.unescape(value) for key, value in _ATTR.findall(text)}


def _cards(rec: HandRecord, text: str, line: int) -> str | None:
    """iPoker cards (``D7 H10 SA``) as canonical text, or None if any is unknown (``X``)."""
    words = text.split()
    if not words or any(w.upper() == "X" for w in words):
        return None
    pieces = [w[1:].replace("10", "T") + w[0].lower() for w in words]  # 'H10': 'Th'
    return canonical_cards(rec, " ".join(pieces), line)


def read_ipoker_hand(site: str, file: str, game: IpokerGame) -> HandRecord:
    """Read one iPoker ``<game>`` (with its session's general block) as a HandRecord."""
    rec = HandRecord(site=site, file=file, line=game.line, prints_uncalled=False,
                     prints_fees=False, collected_includes_uncalled=True,
                     marks_sitting_out=False, most_fees=_MOST_FEES)
    if not game.complete:
        raise rec.fail(game.line, "the <game> ends before its '</game>': truncated?")
    _general(rec, game)
    elements = [(m, game.line + game.text.count("\n", 0, m.start()))
                for m in _ELEMENT.finditer(game.text)]
    rounds: dict[int, list[tuple[int, re.Match[str], int]]] = {}
    boards: dict[int, tuple[str, str, Decimal, int]] = {}
    round_no = -1
    for m, k in elements:
        tag = m["tag"]
        attrs = _attrs(m["attrs"])
        if tag == "game":
            rec.hand_id = attrs.get("gamecode", "")
        elif tag == "startdate" and rec.when is None and m["text"]:
            date = m["text"].strip()  # '2014-01-06 11:49:59', some clients '06-01-2014 ...'
            rec.when = numeric_time(rec, date, k, day_first=not date[:4].isdigit())
        elif tag == "player":
            _player(rec, attrs, k)
        elif tag == "round":
            round_no = _int(rec, attrs.get("no", ""), "round number", k)
            rounds.setdefault(round_no, [])
        elif tag == "cards":
            board = _cards_element(rec, attrs, m["text"] or "", k)
            if board is not None:
                boards[round_no] = (board, "board", Decimal(0), k)
        elif tag == "action":
            number = _int(rec, attrs.get("no", ""), "action number", k)
            rounds.setdefault(round_no, []).append((number, m, k))
    if not rec.seats:
        raise rec.fail(rec.line, "the game has no <player> elements")
    if not rec.button_seat:
        raise rec.fail(rec.line, "no player is the dealer (dealer=\"1\")")
    for no in sorted(rounds):
        if no in boards:
            rec.actions.append(boards[no])
        for _, m, k in sorted(rounds[no], key=lambda item: item[0]):
            _action(rec, _attrs(m["attrs"]), k)
    folded = {name for name, kind, _, _ in rec.actions if kind == "f"}
    active = {p[0] for p in rec.posts} | {a[0] for a in rec.actions if a[1] != "board"}
    live = [name for name in rec.seats if name in active and name not in folded]
    if len(live) > 1:
        for name in live:  # the file says nothing of the showdown but the cards shown
            rec.showdown.append((name, name in rec.holes, rec.line))
    return rec


def _int(rec: HandRecord, text: str, what: str, line: int) -> int:
    if not text.isdigit():
        raise rec.fail(line, f"{what} {text!r} is not a number")
    return int(text)


def _general(rec: HandRecord, game: IpokerGame) -> None:
    fields: dict[str, str] = {}
    lines: dict[str, int] = {}
    for field in _FIELD.finditer(game.session):
        fields[field["tag"]] = html.unescape(field["text"]).strip()
        lines[field["tag"]] = game.session_line + game.session.count("\n", 0, field.start())
    gametype = fields.get("gametype")
    if gametype is None:
        raise rec.fail(game.session_line, "the session states no <gametype>")
    line = lines["gametype"]
    m = _GAMETYPE.match(gametype)
    variant = _VARIANTS.get((m["game"], m["limit"])) if m else None
    if m is None or variant is None:
        raise rec.unsupported(line, f"variant {gametype!r} is not supported yet ({_SUPPORTED}"
                              " are)")
    rec.variant = variant
    rec.table = fields.get("tablename", "")
    if fields.get("tournamentcode"):
        rec.tournament = fields.get("tournamentname") or fields["tournamentcode"]
    else:
        code = fields.get("tablecurrency") or fields.get("currency")
        symbol = next((c for c in gametype if c in _SYMBOLS), None)
        rec.currency = code or (_SYMBOLS[symbol] if symbol else None)
    if m["stakes"]:
        small, big = (plain_amount(rec, a, line) for a in m["stakes"].split("/"))
        if rec.fixed_limit:  # the bets; the big blind is the small bet
            rec.small_bet, rec.big_bet, rec.big_blind = small, big, small
        else:
            rec.small_bet, rec.big_bet, rec.big_blind = small, big, big


def _player(rec: HandRecord, attrs: dict[str, str], k: int) -> None:
    name = attrs.get("name")
    if not name:
        raise rec.fail(k, "a <player> without a name")
    if name in rec.seats:
        raise rec.fail(k, f"player {name!r} is seated twice")
    seat = _int(rec, attrs.get("seat", ""), f"{name!r}'s seat", k)
    rec.seats[name] = (seat, plain_amount(rec, attrs.get("chips", ""), k), k)
    if attrs.get("dealer") == "1":
        rec.button_seat = seat
    win = plain_amount(rec, attrs.get("win") or "0", k)
    if win:
        rec.collected[name] = win
        rec.collected_lines[name] = k


def _cards_element(rec: HandRecord, attrs: dict[str, str], text: str, k: int) -> str | None:
    """A player's pocket cards (recorded if known; None) or the board cards of a round."""
    kind = attrs.get("type", "")
    cards = _cards(rec, text, k)
    if kind == "Pocket":
        name = attrs.get("player", "")
        if name not in rec.seats:
            raise rec.fail(k, f"cards dealt to {name!r}, who has no seat")
        if cards is not None:
            rec.known_cards(name, cards, k)
        return None
    if kind in ("Flop", "Turn", "River"):
        if cards is None:
            raise rec.fail(k, f"{kind.lower()} cards {text!r} are not known")
        return cards
    raise rec.unsupported(k, f"cards of type {kind!r} are not supported (Pocket, Flop, Turn,"
                          " River are)")


def _action(rec: HandRecord, attrs: dict[str, str], k: int) -> None:
    name = attrs.get("player", "")
    if name not in rec.seats:
        raise rec.fail(k, f"{name!r} acts but has no seat (seated: {list(rec.seats)!r})")
    kind = _int(rec, attrs.get("type", ""), "action type", k)
    amount = plain_amount(rec, attrs.get("sum") or "0", k)
    if kind in _POSTS:
        rec.posts.append((name, _POSTS[kind], amount, k))
    elif kind == 0:
        rec.actions.append((name, "f", Decimal(0), k))
    elif kind == 4:
        rec.actions.append((name, "x", Decimal(0), k))
    elif kind == 3:
        rec.actions.append((name, "c", amount, k))
    elif kind == 5:
        rec.actions.append((name, "b", amount, k))
    elif kind == 23:
        rec.actions.append((name, "r", amount, k))
    elif kind in (6, 7):
        record_all_in(rec, name, amount, k)
    elif kind not in _NOT_DEALT:
        raise rec.unsupported(k, f"{name!r}: action type {kind} is not supported (0 fold, 1"
                              " and 2 blinds, 3 call, 4 check, 5 bet, 6 and 7 all-in, 8 and 9"
                              " sitting out, 15 ante, 23 raise)")
