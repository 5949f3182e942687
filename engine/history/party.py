"""Reading PartyPoker text hand histories.

The layout is 888poker's (:func:`~.pacific.read_sections`): bracketed amounts, a raise
printed as what the player adds (``raises [$2 USD]``), ``is all-In [$4.90 USD]`` for an
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
read as such (:data:`_NOTES`).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from decimal import Decimal

from .pacific import bracket_line, read_sections, record_bracket_play, title_and_game
from .record import (
    HandRecord,
    plain_amount,
    record_all_in,
    site_games,
    supported_games,
)

__all__ = ["HEADER_PARTY", "read_party_hand"]

# a hand starts with its title, or the lines PartyPoker puts before it: 'Game #N starts.'
# (at the end of the hand before) and '#Game No : N'
HEADER_PARTY = re.compile(r"(?:#Game No : \d+|Game #\d+ starts\.|\*{5} Hand History for Game \d+)")
_TITLE = re.compile(r"\*{5} Hand History for Game (?P<id>\d+) \*{5}")
# '$0.05/$0.10 USD NL Texas Hold'em - Monday, ...', '$10 USD PL Omaha Hi-Lo - ...' (a pot-limit
# table's buy-in), 'NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12  Blinds-Antes(
# 1.200/2.400 -400) - ...', the 2011 client's 'NL Texas Hold'em  Trny: 65167142 Level: 1
# Blinds(20/40) - ...' (two spaces: no buy-in) and its limit games with no 'FL': 'Texas Hold em
# Trny:32401475 ...'
_GAME = re.compile(
    r"(?P<stakes>.*?)\s*(?:(?P<limit>NL|PL|FL)\s+)?(?P<game>Texas Hold'?\s?em|Omaha Hi-Lo"
    r"|Omaha(?: Hi)?|7 Card Stud(?: Hi-Lo)?|Short Deck|Double Hold'?\s?em)"
    r"(?:\s+(?P<buyin>\S+\s+[A-Z]{3}\s+Buy-in))?(?:\s+\+\s*\S+\s+Entry Fee)?"
    r"(?:\s+Trny:\s*(?P<trny>\d+).*?)?"
    r"(?:\s+(?:Blinds|Stakes)(?:-Antes)?\((?P<blinds>[^)]*)\))?"
    r"\s+-\s+(?P<date>\w+, \w+ \d{1,2}, \d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]{2,5}) (?P<year>\d{4})\s*$"
)
_VARIANTS = site_games({
    ("Texas Hold'em", "NL"): "NT", ("Texas Hold'em", "FL"): "FT", ("Omaha", "PL"): "PO",
    ("Omaha Hi-Lo", "PL"): "PO/8", ("Omaha Hi-Lo", "FL"): "FO/8",
})
_SUPPORTED = supported_games(_VARIANTS.values())
_GAME_NAMES = {"Texas Hold em": "Texas Hold'em", "Texas Holdem": "Texas Hold'em",
               "Omaha Hi": "Omaha"}
_ACTION = re.compile(
    r"(?:(?P<fold>folds)|(?P<check>checks)|calls \[(?P<call>[^\]]+)\]|bets \[(?P<bet>[^\]]+)\]"
    r"|raises \[(?P<raise>[^\]]+)\]|is all-In\s+\[(?P<allin>[^\]]+)\]"
    r"|posts (?P<post>small blind|big blind \+ dead|big blind|ante) \[(?P<posted>[^\]]+)\]\.?"
    r"|shows \[(?P<shows>[^\]]*)\].*|doesn't show \[(?P<mucks>[^\]]*)\].*"
    r"|(?P<hidden>does not show cards\.?)"
    r"|wins (?:Lo \((?P<low>[^)]+)\)|(?P<collected>[$€£]?[\d.,]+(?: [A-Z]{3})?))(?: chips)?"
    r"(?: from .*)?|shows\s*[^\[].* for low\.?"
    r"|will be using (?:his|her|their) time bank.*|has (?:left|joined) the table.*"
    r"|is sitting out.*|(?:did|could) not respond in time.*|is disconnected.*|has been"
    r" reconnected.*|is connected.*|has returned.*|will be allowed to play.*)\s*$"
)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
# lines about someone not seated (who joins the table for the next hand), that change nothing
_ARRIVALS = re.compile(r".+ has (?:joined|left) the table\.?$")
_POSTS = {"small blind": "sb", "big blind": "bb", "ante": "ante"}
# the client's notes, whoever they name: they change nothing in the hand
_NOTES = re.compile(
    r"Player .+ finished in \d+(?:\.| place and received .*)\s*$"  # a finishing place
    r"|Congratulations to player .+ for winning tournament.*"
    r"|.+ has been moved from table \d+ to this table\.?\s*$"  # a tournament's table moves
    r"|Chat has been (?:dis|en)abled.*|Your time bank .*"
    r"|(?:Trny|Level):.*|(?:Blinds|Stakes)(?:-Antes)?\(.*"  # the tournament's level
)
# 'There is no Small Blind in this hand as the Big Blind of the previous hand left the table.'
_NO_SMALL_BLIND = re.compile(r"There is no Small Blind in this hand\b")
# the client lost the hand: what follows is not the whole hand
_CUT_SHORT = re.compile(r"(?:Table Closed|Connection Lost due to some reason|The hand history for"
                        r" this hand number is not available here)\.?\s*$")


def read_party_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one PartyPoker hand (its lines; ``first_line`` is its first line in ``file``)."""
    rec, game = _read(site, file, first_line, lines)
    if rec.tournament is not None and not any(kind in ("sb", "bb") for _, kind, _, _ in rec.posts):
        # no posts printed: infer them from the players in the hand, then read it again with
        # them, so that each all-in is a call or a raise over the blinds as they were
        posts, inferred = _inferred_posts(rec, game, lines, first_line)
        rec, game = _read(site, file, first_line, lines, posts)
        rec.inferred = inferred
    return rec


def _read(site: str, file: str, first_line: int, lines: Sequence[str],
          posts: Sequence[tuple[str, str, Decimal, int]] = ()) -> tuple[HandRecord, re.Match[str]]:
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     prints_fees=False, collected_includes_uncalled=True,
                     marks_sitting_out=False)
    k0, game = title_and_game(rec, lines, first_line, _TITLE, _GAME, (
        "'***** Hand History for Game N *****'",
        "'$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 05:54:36 EST 2014'"))
    _game(rec, game, rec.line + 1)
    rec.posts.extend(posts)
    read_sections(rec, lines, k0 + 2, first_line, _line, summary=False)
    if not rec.collected:
        raise rec.fail(first_line + len(lines) - 1, "nobody wins the pot: truncated?")
    return rec, game


def _inferred_posts(rec: HandRecord, game: re.Match[str], lines: Sequence[str],
                    first_line: int) -> tuple[list[tuple[str, str, Decimal, int]], list[str]]:
    """The blinds (and antes) of a tournament hand whose file prints no posts: the small
    blind the first player clockwise from the button who takes part in the hand (heads-up
    the button), the big blind the next, each the stated amount or his whole stack; the
    stated ante from every player, before the blinds (unless the file prints antes). Each
    post with its note for ``_inferred``."""
    if not rec.big_blind:
        raise rec.unsupported(rec.line + 1, "the hand prints no blinds and its header states"
                              " none: the blinds cannot be inferred")
    for k, text in enumerate(lines):
        if _NO_SMALL_BLIND.match(text.strip()):
            raise rec.unsupported(first_line + k, "no small blind in this hand (the big blind of"
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
    ante = _ante(game)
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


def _ante(game: re.Match[str]) -> Decimal:
    """The ante a tournament's header states: 'Blinds-Antes(1.200/2.400 -400)'."""
    parts = (game["blinds"] or "").split()
    if len(parts) < 2:
        return Decimal(0)
    return Decimal(re.sub(r"[^\d]", "", parts[-1]) or "0")



def _game(rec: HandRecord, m: re.Match[str], line: int) -> None:
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
        blinds = (m["blinds"] or "").split()[0].split("/") if m["blinds"] and m["blinds"].split() else []
        if len(blinds) == 2:  # tournament chips are whole: '.' and ',' group the thousands
            rec.small_bet, rec.big_bet = (Decimal(re.sub(r"[.,]", "", b) or "0") for b in blinds)
            rec.big_blind = rec.big_bet
    else:
        symbol = next((c for c in stakes if c in _SYMBOLS), None)
        code = stakes.split()[-1] if stakes.split() and stakes.split()[-1].isalpha() else None
        rec.currency = code or (_SYMBOLS[symbol] if symbol else None)
        amounts = stakes.split()[0].split("/") if stakes else []
        if len(amounts) == 2:  # else the buy-in of a pot-limit table: the posts tell
            small, big = (plain_amount(rec, a, line) for a in amounts)
            # no-limit stakes are the blinds; fixed-limit ones the bets (the big blind first)
            rec.small_bet, rec.big_bet = small, big
            rec.big_blind = small if rec.fixed_limit else big
    try:
        when = _dt.datetime.strptime(f"{m['date']} {m['year']}", "%A, %B %d, %H:%M:%S %Y")
    except ValueError:
        raise rec.fail(line, f"date {m['date']!r} {m['year']}: expected e.g. 'Monday, January"
                       " 06, 05:54:36 EST 2014'") from None
    rec.when, rec.zone = when, m["zone"]


def _line(rec: HandRecord, names: Sequence[str], text: str, k: int) -> None:
    chat = next((n for n in names if text.startswith(n + ": ")), None)
    if chat is not None or _NOTES.match(text):
        return  # a player's chat; the client's notes, the tournament level
    if _ARRIVALS.match(text) and not any(text.startswith(n + " ") for n in names):
        return
    if _NO_SMALL_BLIND.match(text):
        return  # the blinds posted say it too (a hand without posts: _infer_posts)
    if _CUT_SHORT.match(text):
        raise rec.fail(k, f"{text!r}: the client did not record the rest of the hand:"
                       " truncated?")
    play = bracket_line(rec, names, text, k, _ACTION, _post)
    if play is None:
        return
    name, m = play
    if m["allin"]:
        record_all_in(rec, name, plain_amount(rec, m["allin"], k), k)
    elif m["low"]:  # 'wins Lo ($0.09 USD) from the main pot': the low half, also collected
        rec.collected[name] = rec.collected.get(name, Decimal(0)) + plain_amount(rec, m["low"], k)
        rec.collected_lines.setdefault(name, k)
    elif m["hidden"] is not None:
        rec.showdown.append((name, False, k))
    else:  # a note about the player (time bank, sitting out ...) changes nothing
        record_bracket_play(rec, name, m, k)


def _post(rec: HandRecord, name: str, kind: str, amount: str, k: int) -> None:
    value = plain_amount(rec, amount, k)
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
