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

from .locale import month_time
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
_LETTER = re.compile(r"[^\W\d_]")  # a date with a word in it: a month's name
# 'Holdem NL $2/$4', 'Holdem L $2/$4', 'Omaha Hi-Lo PL $0.05/$0.10', 'Omaha Hi-Lo Limit $2/$4',
# newer clients 'Omaha PL 2,50€/5€', 'Omaha HiLow PL €5/€10', 'Omaha PL 50kr/100kr', and
# 'PL €0,50/€1' without the game's name (FPDB's iPokerToFpdb reads these: its game pattern
# makes the name optional and takes it for 5-card Omaha; here the cards dealt tell)
_GAMETYPE = re.compile(r"(?:(?P<game>.+?) )?(?P<limit>NL|SL|LZ|БЛ|PL|LP|FL|L|Limit)"
                       r"(?: (?P<stakes>\S+/\S+))?(?: Ante .*)?\s*$")
# the betting words, FPDB's table of them included ('SL', 'LZ', 'БЛ': no limit; 'LP': pot limit)
_LIMITS = {"NL": "no-limit", "SL": "no-limit", "LZ": "no-limit", "БЛ": "no-limit",
           "PL": "pot-limit", "LP": "pot-limit", "FL": "fixed-limit", "L": "fixed-limit",
           "Limit": "fixed-limit"}
_VARIANTS = site_games({
    ("Holdem", "no-limit"): "NT", ("Holdem", "fixed-limit"): "FT", ("Omaha", "pot-limit"): "PO",
    ("Omaha Hi-Lo", "pot-limit"): "PO/8", ("Omaha HiLow", "pot-limit"): "PO/8",
    ("Omaha Hi-Lo", "fixed-limit"): "FO/8", ("Omaha HiLow", "fixed-limit"): "FO/8",
})
# a game type without the game's name: the hole cards dealt (and the betting) name it
_BY_HOLE_CARDS = site_games({(2, "no-limit"): "NT", (2, "fixed-limit"): "FT", (4, "pot-limit"): "PO",
                             (5, "pot-limit"): "PO5"})
_SUPPORTED = supported_games(_VARIANTS.values())
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


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
                     marks_sitting_out=False)
    if not game.complete:
        raise rec.fail(game.line, "the <game> ends before its '</game>': truncated?")
    unnamed, net = _general(rec, game)
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
            named = month_time(date) if _LETTER.search(date) else None  # '28 March 2021 ...'
            rec.when = named or numeric_time(rec, date, k, day_first=not date[:4].isdigit())
        elif tag == "player":
            _player(rec, attrs, k, net)
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
    if unnamed is not None:
        _game_by_cards(rec, game, elements, *unnamed)
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


def _general(rec: HandRecord, game: IpokerGame) -> tuple[tuple[str, str, int] | None, bool]:
    """The session's game, table, currency, stakes; returns (the betting, game type and
    line of a game type that names no game, else None; whether the client's bets and wins
    leave the uncalled bet out)."""
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
    betting = _LIMITS[m["limit"]] if m else ""
    unnamed = (betting, gametype, line) if m and not m["game"] else None
    variant = _VARIANTS.get((m["game"], betting)) if m else None
    if m is None or (variant is None and unnamed is None):
        raise rec.unsupported(line, f"variant {gametype!r} is not supported yet ({_SUPPORTED}"
                              " are)")
    rec.variant = variant or "NT"  # unnamed: set by the cards dealt (_game_by_cards)
    rec.table = fields.get("tablename", "")
    net = _net_bets(rec, fields)
    if fields.get("tournamentcode"):
        rec.tournament = fields.get("tournamentname") or fields["tournamentcode"]
    else:
        code = fields.get("tablecurrency") or fields.get("currency")
        symbol = next((c for c in gametype if c in _SYMBOLS), None)
        rec.currency = code or (_SYMBOLS[symbol] if symbol else None)
    if m["stakes"]:
        small, big = (plain_amount(rec, a, line) for a in m["stakes"].split("/"))
        if betting == "fixed-limit":  # the bets; the big blind is the small bet
            rec.small_bet, rec.big_bet, rec.big_blind = small, big, small
        else:
            rec.small_bet, rec.big_bet, rec.big_blind = small, big, big
    return unnamed, net


def _game_by_cards(rec: HandRecord, game: IpokerGame, elements: list[tuple[re.Match[str], int]],
                   betting: str, gametype: str, line: int) -> None:
    """A game type that does not name the game ('PL €0,50/€1'): the pocket cards dealt
    (known or 'X') say how many hole cards, so which game."""
    counts = {len((m["text"] or "").split()) for m, _ in elements
              if m["tag"] == "cards" and _attrs(m["attrs"]).get("type") == "Pocket"}
    variant = _BY_HOLE_CARDS.get((min(counts), betting)) if len(counts) == 1 else None
    if variant is None:
        raise rec.unsupported(line, f"variant {gametype!r} names no game and the pocket cards"
                              f" dealt ({sorted(counts) or 'none'}) do not tell one the engine"
                              f" plays ({_SUPPORTED} are)")
    rec.variant = variant


def _net_bets(rec: HandRecord, fields: dict[str, str]) -> bool:
    """Whether the session's client takes the uncalled bet out of what a player ``bet``
    and ``win`` (what he wins is then his share of the pot alone): version 20 on, or a
    session saying ``<uncalled_bet_enabled>true`` (FPDB's iPokerToFpdb reads them so).
    Such players' ``rakeamount`` is the rake they paid (read by :func:`_player`)."""
    version = fields.get("client_version", "").split(".")[0]
    net = fields.get("uncalled_bet_enabled") == "true" or (version.isdigit() and int(version) >= 20)
    if net:
        rec.collected_includes_uncalled = False
    return net

def _player(rec: HandRecord, attrs: dict[str, str], k: int, net: bool) -> None:
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
    if not net:
        return
    # a newer client: what each put in the pot (uncalled bet out) and, once a player's
    # 'rakeamount' shows, the rake: the fees and the total are printed, and checked
    rec.total_pot = (rec.total_pot or Decimal(0)) + plain_amount(rec, attrs.get("bet") or "0", k)
    if "rakeamount" in attrs:
        rec.prints_fees = True
        rec.fees += plain_amount(rec, attrs["rakeamount"] or "0", k)
        rec.total_line = rec.total_line or k


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


# iPoker's action types, the reader's grammar: one row a type -> what it records
_ACTION_TYPES: dict[int, tuple[str, str]] = {
    0: ("f", "fold"), 1: ("sb", "small blind"), 2: ("bb", "big blind"), 3: ("c", "call"),
    4: ("x", "check"), 5: ("b", "bet"), 6: ("all-in", "all-in"), 7: ("all-in", "all-in"),
    8: ("", "sitting out"), 9: ("", "a blind not posted"), 15: ("ante", "ante"),
    23: ("r", "raise to"),
}
_TYPES = ", ".join(f"{t} {what}" for t, (_, what) in _ACTION_TYPES.items())


def _action(rec: HandRecord, attrs: dict[str, str], k: int) -> None:
    name = attrs.get("player", "")
    if name not in rec.seats:
        raise rec.fail(k, f"{name!r} acts but has no seat (seated: {list(rec.seats)!r})")
    kind = _int(rec, attrs.get("type", ""), "action type", k)
    row = _ACTION_TYPES.get(kind)
    if row is None:
        raise rec.unsupported(k, f"{name!r}: action type {kind} is not supported ({_TYPES})")
    step = row[0]
    amount = plain_amount(rec, attrs.get("sum") or "0", k)
    if step in ("sb", "bb", "ante"):
        rec.posts.append((name, step, amount, k))
    elif step in ("f", "x"):
        rec.actions.append((name, step, Decimal(0), k))
    elif step in ("c", "b", "r"):
        rec.actions.append((name, step, amount, k))
    elif step == "all-in":
        record_all_in(rec, name, amount, k)
    # else not dealt in: the players dealt in are those who post, act or show
