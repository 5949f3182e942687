"""Reading PartyPoker text hand histories.

The layout is 888poker's (:func:`~.history_pacific.read_sections`): bracketed amounts, a
raise printed as what the player adds (``raises [$2 USD]``), ``is all-In [$4.90 USD]``
for an all-in that may call or raise (:func:`~.history_record.record_all_in` tells which),
``posts big blind + dead [$3]`` for a live big blind and a dead small one. PartyPoker
prints no summary, no uncalled bet and no rake: an uncalled bet is in what its owner
wins (``wins $1.87 USD from the side pot 1``), and :func:`~.history_record.to_phh` works
the uncalled bets and the fees out. Omaha hi-lo pays the low half on a line of its own
(``wins Lo ($0.09 USD) from the main pot``), added to what the player collected. Cash
games state the blinds (fixed limit: the bets) or, for pot-limit Omaha, the buy-in;
tournaments state ``Blinds-Antes(1.200/2.400 -400)`` with a dot grouping the thousands.
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
_GAME = re.compile(
    r"(?P<stakes>.*?)\s*(?P<limit>NL|PL|FL) (?P<game>.+?)(?: (?P<buyin>\S+ [A-Z]{3} Buy-in))?"
    r"(?: Trny: ?(?P<trny>\d+).*?)?(?:\s+Blinds(?:-Antes)?\((?P<blinds>[^)]*)\))?"
    r" - (?P<date>\w+, \w+ \d{1,2}, \d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]{2,5}) (?P<year>\d{4})\s*$"
)
_VARIANTS = site_games({
    ("Texas Hold'em", "NL"): "NT", ("Texas Hold'em", "FL"): "FT", ("Omaha", "PL"): "PO",
    ("Omaha Hi-Lo", "PL"): "PO/8", ("Omaha Hi-Lo", "FL"): "FO/8",
})
_SUPPORTED = supported_games(_VARIANTS.values())
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


def read_party_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one PartyPoker hand (its lines; ``first_line`` is its first line in ``file``)."""
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     prints_fees=False, collected_includes_uncalled=True,
                     marks_sitting_out=False)
    k0, game = title_and_game(rec, lines, first_line, _TITLE, _GAME, (
        "'***** Hand History for Game N *****'",
        "'$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 05:54:36 EST 2014'"))
    _game(rec, game, rec.line + 1)
    read_sections(rec, lines, k0 + 2, first_line, _line, summary=False)
    if not rec.collected:
        raise rec.fail(first_line + len(lines) - 1, "nobody wins the pot: truncated?")
    return rec


def _game(rec: HandRecord, m: re.Match[str], line: int) -> None:
    variant = _VARIANTS.get((m["game"], m["limit"]))
    if variant is None:
        raise rec.unsupported(line, f"variant '{m['limit']} {m['game']}' is not supported yet"
                              f" ({_SUPPORTED} are)")
    rec.variant = variant
    stakes = m["stakes"]
    if m["trny"] is not None:
        rec.tournament = m["trny"]
        blinds = (m["blinds"] or "").split()[0].split("/") if m["blinds"] else []
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
    if chat is not None or text.startswith(("Trny:", "Blinds-Antes(", "Blinds(", "Your time bank")):
        return  # a player's chat; the tournament level; the client's note to the hero
    if _ARRIVALS.match(text) and not any(text.startswith(n + " ") for n in names):
        return
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
