"""A poker site's hand history as read, site-neutral, and its conversion to a :class:`PhhHand`.

The site readers (:mod:`.stars`, :mod:`.pacific` ...) fill a :class:`HandRecord` line by
line; this module checks it (the players in the hand, the forced bets the engine can post,
every card once, amounts that add up, fees a site takes) and writes the PHH table that
:func:`replay_phh` plays. What every site may print the same way is read here, once: an
all-in printed as a raise that no opponent can call is the call it is (the rest of it
comes back), whatever the site.

Seats: PHH ``p1`` sits left of the button and ``pN`` is the button, so the players dealt
in are listed clockwise from the seat after the site's button seat (a dead button, an
empty button seat, changes nothing: the blinds still sit at ``p1`` and ``p2``).

The site's rake (with jackpot and other fees taken from the pot) is recorded per hand, not
as a rule; it is given to the engine as the exact rate ``rake / total pot`` with TDA
settlement, so the engine takes exactly the recorded amount (from the main pot first) and
pays out the rest by the rules. The finishing stacks are the site's own: starting stack,
minus everything put in, plus the uncalled bet returned, plus what the player collected.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from holdem_eval import HoldemEvalError
from holdem_eval.cards import card_text, parse_cards
from holdem_eval.variants import variant_info

from ..errors import HistoryError, PhhError, UnsupportedHistoryError, UnsupportedPhhError
from ..phh.hand import PHH_VARIANTS, PhhHand
from ..phh.read import planned_hand
from ..phh.replay import OP_BOARD, OP_CBR, OP_CC, OP_FOLD, OP_MUCK, OP_SHOW, Step, card_ids
from .checks import (
    RAKE_LIMITS,
    RakeLimit,
    bounty_fields,
    check_cap,
    check_fees,
    nobody_can_call,
    percent_text,
    round_over,
    standard_fields,
    uncalled_out_of_collected,
)
from .locale import parse_amount

__all__ = [
    "RAKE_LIMITS",
    "HandRecord",
    "HistoryError",
    "RakeLimit",
    "UnsupportedHistoryError",
    "canonical_cards",
    "numeric_time",
    "plain_amount",
    "player_line",
    "record_all_in",
    "record_play",
    "record_show",
    "round_bets",
    "site_games",
    "supported_games",
    "to_phh",
]


@dataclass
class HandRecord:
    """One hand as a site printed it (amounts are the site's decimals, names as printed)."""

    site: str
    file: str
    line: int
    hand_id: str = ""
    table: str = ""
    seat_count: int | None = None
    variant: str = ""  # the PHH code (phh_hand.PHH_VARIANTS) once the game is known
    small_bet: Decimal = Decimal(0)
    big_bet: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    """The big blind the header states (0: not stated)."""
    currency: str | None = None
    tournament: str | None = None
    when: _dt.datetime | None = None
    zone: str | None = None
    button_seat: int = 0
    seats: dict[str, tuple[int, Decimal, int]] = field(default_factory=dict)
    """name -> (seat number, starting stack, line), in the order printed."""
    out: set[str] = field(default_factory=set)
    """Seated players not dealt in (sitting out)."""
    dealt: list[str] = field(default_factory=list)
    """Players the file says were dealt in (GGPoker's ``Dealt to`` lines)."""
    posts: list[tuple[str, str, Decimal, int]] = field(default_factory=list)
    """(name, kind, amount, line); kind: ``sb``, ``bb``, ``ante``, ``straddle``, ``dead``."""
    actions: list[tuple[str, str, Decimal, int]] = field(default_factory=list)
    """(name, kind, amount, line) in order; kind ``f``, ``x``, ``c`` (amount added),
    ``b`` (amount bet), ``r`` (raise to amount), or ``board`` (name holds the cards)."""
    runs: int = 1
    """Run it twice / N times: the runs of the board the file deals (its FIRST, SECOND ...
    sections)."""
    run_boards: list[tuple[int, str, int]] = field(default_factory=list)
    """The later runs' own board cards: (run 2.., canonical cards, line), street by street;
    the first run's are ordinary ``board`` actions."""
    holes: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Hole cards the file shows (dealt, shown or mucked): name -> (cards, line)."""
    showdown: list[tuple[str, bool, int]] = field(default_factory=list)
    """(name, shows?, line) in order: ``shows`` or ``mucks``."""
    uncalled: dict[str, Decimal] = field(default_factory=dict)
    collected: dict[str, Decimal] = field(default_factory=dict)
    collected_lines: dict[str, int] = field(default_factory=dict)
    total_pot: Decimal | None = None
    fees: Decimal = Decimal(0)
    """Rake, jackpot and other fees taken from the pot."""
    total_line: int = 0
    marks_sitting_out: bool = True
    """Whether the site marks the seated players who are not dealt in; if not (888poker,
    Winamax), the players dealt in are those who post, act, show or get cards."""
    prints_uncalled: bool = True
    """Whether the site prints the uncalled bets; if not (888poker, Winamax) they are worked
    out: the part of a round's largest bet nobody matched goes back to its owner."""
    prints_fees: bool = True
    """Whether the site prints its fees; if not (888poker), they are the pot minus what the
    players collected."""
    collected_includes_uncalled: bool = False
    """Whether what a player collected includes his uncalled bet (Winamax, whose ``Total
    pot`` is then the sum of what was collected; iPoker, PartyPoker)."""
    most_fees: Decimal | None = None
    """For a site that prints no fees: the largest share of the pot its rake and other
    fees can be; None takes the site's row of :data:`RAKE_LIMITS`."""
    jackpot: bool = False
    """The table takes a jackpot fee from the pot besides the rake (888poker's 'Jackpot
    table'): its fees are not held to "no rake without a flop"."""
    cap: Decimal | None = None
    """Capped no-limit: the most a player may put in the hand (888poker's '$20 Cap')."""
    cap_lines: dict[str, int] = field(default_factory=dict)
    """Where the file says a player reached the cap."""
    extra: dict[str, Any] = field(default_factory=dict)
    """User-defined PHH fields (names starting with ``_``) the reader adds: what the site
    says that the standard fields have no place for (a tournament's ``_buy_in``)."""
    bounties: dict[str, Decimal] = field(default_factory=dict)
    """Knockout tournaments: the bounty on each player's head as the hand starts (money,
    never chips; PHH ``_bounties``)."""
    bounties_won: dict[str, Decimal] = field(default_factory=dict)
    """What each player won in bounties in this hand (PHH ``_bounties_won``)."""
    bounty_currency: str | None = None
    inferred: list[str] = field(default_factory=list)
    """What the reader worked out because the file does not print it (PHH ``_inferred``),
    e.g. ``'p1 posts the small blind 10'``."""

    @property
    def hole_count(self) -> int:
        """The hole cards each player holds in this game (its variant's row)."""
        return variant_info(PHH_VARIANTS[self.variant][0]).hole_counts[0]

    @property
    def fixed_limit(self) -> bool:
        return PHH_VARIANTS[self.variant][1] == "fixed-limit"

    def known_cards(self, name: str, cards: str, line: int) -> None:
        """Record ``name``'s hole cards (canonical text) as the file shows them at ``line``;
        the same player shown two different hands is refused."""
        seen = self.holes.get(name)
        if seen is not None and seen[0] != cards:
            raise self.fail(line, f"{name!r} shows {cards!r} but line {seen[1]} gives"
                            f" {seen[0]!r}: a player has one hand")
        if seen is None:
            self.holes[name] = (cards, line)

    def where(self, line: int | None = None) -> str:
        return f"{self.file}:{self.line if line is None else line}"

    def fail(self, line: int, message: str, reason: str = "") -> HistoryError:
        """The error refusing the hand at ``line`` (``reason``: its code, else worked out
        from the message)."""
        return HistoryError(f"{self.where(line)}: {message}", file=self.file, line=line,
                            reason=reason)

    def unsupported(self, line: int, message: str, reason: str = "") -> UnsupportedHistoryError:
        return UnsupportedHistoryError(f"{self.where(line)}: {message}", file=self.file,
                                       line=line, reason=reason)


def player_line(rec: HandRecord, names: Sequence[str], text: str, k: int, dealt_re: re.Pattern[str],
                action_re: re.Pattern[str], cards: Callable[[HandRecord, str, int], str],
                ) -> tuple[str, re.Match[str]] | None:
    """A line of the hand's play: hole cards dealt to a seated player (recorded; None), or
    a seated player's name and the match of ``action_re`` on the rest; else an error naming
    the line. ``names`` longest first, so a name that starts another is not taken for it."""
    dealt = dealt_re.match(text)
    if dealt is not None and dealt["name"] in rec.seats:
        rec.known_cards(dealt["name"], cards(rec, dealt["cards"], k), k)
        return None
    name = next((n for n in names if text.startswith(n + " ")), None)
    if name is None:
        raise rec.fail(k, f"line not understood: {text!r} (no seated player's name starts it)")
    m = action_re.match(text[len(name) + 1:])
    if m is None:
        raise rec.fail(k, f"{name!r}: action not understood: {text[len(name) + 1:]!r}")
    return name, m


def numeric_time(rec: HandRecord, text: str, line: int, *, day_first: bool = False) -> _dt.datetime:
    """A date and time written in numbers (``2014/01/06 7:21:05``; ``day_first``:
    ``06 01 2014 22:40:28``), read without strptime (which checks the locale at each call,
    a large part of reading a hand)."""
    parts = [int(p) for p in _NUMBERS.findall(text)]
    if len(parts) == 6:
        if day_first:
            parts[0], parts[2] = parts[2], parts[0]
        try:
            return _dt.datetime(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        except ValueError:
            pass
    raise rec.fail(line, f"date {text!r} is not a date and time")


_NUMBERS = re.compile(r"\d+")


def plain_amount(rec: HandRecord, text: str, line: int) -> Decimal:
    """An amount as the sites print it with its currency around it, grouped or not, in any
    language's number format (:func:`~.locale.parse_amount`): ``$1,000.50``,
    ``1 192,48 $``, ``1.192,48 €``, ``€0.05``, ``$0.10 USD``, ``2,400``, ``18.429``."""
    value = parse_amount(text)
    if value is None:
        raise rec.fail(line, f"amount {text!r} is not a number")
    return value


def record_play(rec: HandRecord, name: str, m: re.Match[str], k: int,
                amount: Callable[[HandRecord, str, int], Decimal], *, raises_as_bets: bool = False) -> bool:
    """The betting lines every site writes alike, from a match with the groups ``fold``,
    ``check``, ``call``, ``bet`` and ``raise`` (amounts read by the site's ``amount``),
    appended to ``rec.actions``; False for any other line. ``raises_as_bets``: the site's
    raise amount is what the player adds, as with a bet (888poker)."""
    if m["fold"]:
        rec.actions.append((name, "f", Decimal(0), k))
    elif m["check"]:
        rec.actions.append((name, "x", Decimal(0), k))
    elif m["call"]:
        rec.actions.append((name, "c", amount(rec, m["call"], k), k))
    elif m["bet"] or (raises_as_bets and m["raise"]):
        rec.actions.append((name, "b", amount(rec, m["bet"] or m["raise"], k), k))
    elif m["raise"]:
        rec.actions.append((name, "r", amount(rec, m["raise"], k), k))
    else:
        return False
    return True


def record_all_in(rec: HandRecord, name: str, amount: Decimal, k: int) -> None:
    """An all-in that adds ``amount`` to ``name``'s bet, as the site prints it without
    saying whether it calls, bets or raises (iPoker, PartyPoker): a call if it does not top
    the round's largest bet, else a bet or raise by that much."""
    bets = round_bets(rec)
    mine = bets.get(name, Decimal(0)) + amount
    top = max(bets.values(), default=Decimal(0))
    rec.actions.append((name, "c" if mine <= top else "b", amount, k))


def round_bets(rec: HandRecord) -> dict[str, Decimal]:
    """Each player's bet in the betting round under way (the live blinds count before the
    flop), from what ``rec`` holds so far."""
    start = len(rec.actions)
    while start and rec.actions[start - 1][1] != "board":
        start -= 1
    bets: dict[str, Decimal] = {}
    if not start:
        for name, kind, amount, _ in rec.posts:
            if kind in ("sb", "bb", "straddle"):
                bets[name] = max(bets.get(name, Decimal(0)), amount)
    for name, kind, amount, _ in rec.actions[start:]:
        if kind in ("c", "b"):
            bets[name] = bets.get(name, Decimal(0)) + amount
        elif kind == "r":
            bets[name] = amount
    return bets


def record_show(rec: HandRecord, name: str, text: str, k: int) -> None:
    """A hand shown at the showdown; one shown in part cannot win a pot: the site mucks it."""
    cards = canonical_cards(rec, text, k)
    whole = len(cards) == 2 * rec.hole_count
    if whole:
        rec.known_cards(name, cards, k)
    rec.showdown.append((name, whole, k))


def canonical_cards(rec: HandRecord, text: str, line: int) -> str:
    """Card text as printed (``[Ah 10d]``, any case) as canonical PHH text (``AhTd``), parsed
    by :mod:`holdem_eval.cards`; bad cards raise :class:`HistoryError` naming the line."""
    try:
        ids = parse_cards(text.strip("[] "), allow_duplicates=True).tolist()
    except HoldemEvalError as exc:
        raise rec.fail(line, f"bad cards {text!r}: {exc}") from None
    return "".join(card_text(c) for c in ids)


def _order(rec: HandRecord) -> list[str]:
    """The players dealt in, clockwise from the seat after the button (PHH p1 .. pN)."""
    if rec.site == "ggpoker" and rec.dealt:  # PokerStars names only the hero's "Dealt to"
        names = list(dict.fromkeys(rec.dealt))
        for name in names:
            if name not in rec.seats:
                raise rec.fail(rec.line, f"{name!r} is dealt cards but has no seat")
    elif not rec.marks_sitting_out:
        # the players who post, act, show or are dealt cards the file shows
        active = {p[0] for p in rec.posts} | {a[0] for a in rec.actions if a[1] != "board"}
        active |= {s[0] for s in rec.showdown} | set(rec.holes)
        names = [n for n in rec.seats if n in active and n not in rec.out]
    else:
        names = [n for n in rec.seats if n not in rec.out]
    after = sorted(names, key=lambda n: (rec.seats[n][0] <= rec.button_seat, rec.seats[n][0]))
    if len(after) < 2 and rec.out and not rec.marks_sitting_out:
        posted = sum((p[2] for p in rec.posts if p[0] in after), Decimal(0))
        alone = f"{after[0]!r} alone, who takes back the {posted} posted" if after else "nobody"
        raise rec.fail(rec.line, f"no hand was played: {sorted(rec.out)!r} fold before any"
                       f" card is dealt (declining to post), leaving {alone}", "cancelled")
    if len(after) < 2:
        raise rec.fail(rec.line, f"a hand needs at least 2 players dealt in, got {after!r}")
    return after


def _forced(
    rec: HandRecord, order: list[str]
) -> tuple[list[Decimal], list[Decimal], list[Decimal], list[Decimal]]:
    """PHH ``antes``, ``blinds_or_straddles`` and ``_dead_posts`` from the posts, or why the
    engine cannot post them; then each player's live blind (heads-up PHH lists the small
    blind first although p2, the button, posts it)."""
    n = len(order)
    index = {name: k for k, name in enumerate(order)}
    antes = [Decimal(0)] * n
    blinds = [Decimal(0)] * n
    dead = [Decimal(0)] * n
    # where the engine posts each blind: PHH p1, p2 (heads-up pN, p1) and a straddle at p3
    position = {"sb": n - 1 if n == 2 else 0, "bb": 0 if n == 2 else 1, "straddle": 2 if n > 2 else -1}
    both: list[tuple[int, Decimal, int]] = []
    for name, kind, amount, line in rec.posts:
        k = index.get(name)
        if k is None:
            raise rec.fail(line, f"{name!r} posts but is not dealt in (players: {order!r})")
        if kind == "ante":
            antes[k] += amount
        elif kind == "dead":
            dead[k] += amount
        elif kind == "sb+bb":
            both.append((k, amount, line))
        elif k == position[kind] and not blinds[k]:
            blinds[k] = amount
        elif kind == "bb" and n > 2 and k > 1 and not blinds[k]:
            blinds[k] = -amount  # a live big blind out of position (a new player): a post
        else:
            what = {"sb": "small blind", "bb": "big blind", "straddle": "straddle"}[kind]
            raise rec.unsupported(
                line, f"{name!r} posts a {what} {amount} from position p{k + 1} of {n}: the"
                " engine posts the small blind at p1, the big blind at p2 (heads-up the button"
                " posts the small blind) and a straddle at p3"
            )
    big = blinds[position["bb"]]
    if not big:
        raise rec.unsupported(rec.line, "no big blind is posted at its position: not supported"
                              " yet")
    for k, amount, line in both:  # a small and a big blind: the big one live, the rest dead
        if n == 2 or k < 2 or blinds[k] or amount <= big:
            raise rec.unsupported(line, f"{order[k]!r} posts small and big blinds {amount} at"
                                  f" p{k + 1} of {n}: not supported")
        blinds[k], dead[k] = -big, dead[k] + amount - big
    if any(antes) and len(set(antes)) != 1:
        line = next(line for _, kind, _, line in rec.posts if kind == "ante")
        raise rec.unsupported(line, f"antes {[str(a) for a in antes]} are not equal for every"
                              " player dealt in")
    posted = [abs(b) for b in blinds]
    if n == 2:
        blinds = [blinds[1], blinds[0]]  # PHH lists the small blind first (p2 posts it)
    return antes, blinds, dead, posted


def _short_big_blind(rec: HandRecord, order: list[str], antes: list[Decimal], blinds: list[Decimal]) -> None:
    """A big blind all-in for less than the stated big blind: the price of entry is still
    the whole blind (the sites' rule and the engine's), so the PHH states the whole blind
    and the engine posts what the stack allows."""
    big = blinds[1]
    if not rec.big_blind or not 0 < big < rec.big_blind:
        return
    k = 0 if len(order) == 2 else 1
    if rec.seats[order[k]][1] == big + antes[k]:  # all-in: else a short blind as the site chose
        blinds[1] = rec.big_blind


def _check_cards(rec: HandRecord) -> None:
    """Every card once: known hole cards and the boards (with their lines). Both hold
    canonical text (:func:`canonical_cards`: two characters a card), so a card is its text."""
    every = "".join([c for c, _ in rec.holes.values()] +
                    [name for name, kind, _, _ in rec.actions if kind == "board"] +
                    [cards for _, cards, _ in rec.run_boards])
    if len({every[k:k + 2] for k in range(0, len(every), 2)}) * 2 == len(every):
        return  # no card twice (most hands): no need to say where
    seen: dict[str, tuple[str, int]] = {}
    pieces = [(f"{n}'s hole cards", c, line) for n, (c, line) in rec.holes.items()]
    pieces += [("the board", name, line) for name, kind, _, line in rec.actions if kind == "board"]
    pieces += [(f"run {run}'s board", cards, line) for run, cards, line in rec.run_boards]
    for what, cards, line in sorted(pieces, key=lambda piece: piece[2]):
        for k in range(0, len(cards), 2):
            card = cards[k:k + 2]
            if card in seen:
                first, first_line = seen[card]
                raise rec.fail(line, f"card {card!r} appears twice: in {first} (line"
                               f" {first_line}) and in {what} (line {line})")
            seen[card] = (what, line)


def to_phh(rec: HandRecord) -> PhhHand:
    """The :class:`PhhHand` of ``rec``, or a :class:`HistoryError` saying what is wrong."""
    if not rec.variant:
        raise rec.fail(rec.line, "the game was never stated")
    order = _order(rec)
    n = len(order)
    if n > 10:
        raise rec.unsupported(rec.line, f"{n} players; the engine plays 2 to 10 at a table")
    index = {name: k for k, name in enumerate(order)}
    antes, blinds, dead, posted = _forced(rec, order)
    _short_big_blind(rec, order, antes, blinds)
    _check_cards(rec)
    hc = rec.hole_count
    actions: list[str] = []
    lines: list[int] = []
    # the replay plan, compiled as the actions are written (phh.replay's steps)
    holes: list[tuple[int, ...]] = []
    steps: list[Step] = []
    unknown = ("??" * hc, rec.line)
    for name in order:
        cards, line = rec.holes.get(name, unknown)
        if len(cards) != 2 * hc:
            raise rec.fail(line, f"{name!r} has {len(cards) // 2} hole cards {cards!r}, expected"
                           f" {hc} for this game")
        actions.append(f"d dh p{index[name] + 1} {cards}")
        holes.append(card_ids(cards))
        lines.append(line)
    # what each player put in, by betting round; the blinds count as the first round's bets
    invested = [a + d for a, d in zip(antes, dead)]
    bets = posted
    folded: set[str] = set()
    starts = [rec.seats[name][1] for name in order]
    for name, kind, amount, line in rec.actions:
        if kind == "board":
            steps.append((len(actions), OP_BOARD, -1, list(card_ids(name))))
            actions.append(f"d db {name}")
            lines.append(line)
            round_over(rec, order, bets)
            invested = [i + b for i, b in zip(invested, bets)]
            bets = [Decimal(0)] * n
            continue
        k = index.get(name)
        if k is None:
            raise rec.fail(line, f"{name!r} acts but is not dealt in (players: {order!r})")
        if kind == "f":
            steps.append((len(actions), OP_FOLD, k, 0))
            actions.append(f"p{k + 1} f")
            folded.add(name)
        elif kind in ("x", "c"):
            steps.append((len(actions), OP_CC, k, 0))
            actions.append(f"p{k + 1} cc")
            bets[k] += amount
        else:  # "b": bet or raise by amount; "r": raise to amount
            to = bets[k] + amount if kind == "b" else amount
            if nobody_can_call(order, folded, starts, invested, bets, k, to):
                # an all-in printed as a raise no opponent can call: the engine's call of
                # what they can match; the rest comes back (the site's figures keep it)
                steps.append((len(actions), OP_CC, k, 0))
                actions.append(f"p{k + 1} cc")
            else:
                steps.append((len(actions), OP_CBR, k, to))
                actions.append(f"p{k + 1} cbr {to}")
            bets[k] = to
        lines.append(line)
    round_over(rec, order, bets)
    invested = [i + b for i, b in zip(invested, bets)]
    # run it twice: the later runs' cards after the first run's, run by run (PHH's order)
    for _run, cards, line in sorted(rec.run_boards, key=lambda b: (b[0], b[2])):
        steps.append((len(actions), OP_BOARD, -1, list(card_ids(cards))))
        actions.append(f"d db {cards}")
        lines.append(line)
    live = [name for name in order if name not in folded]
    if len(live) > 1:
        done: set[str] = set()
        for name, shows, line in rec.showdown:
            if name not in index or name in folded or name in done:
                continue
            done.add(name)
            k = index[name]
            if shows and name in rec.holes:
                shown = rec.holes[name][0]
                steps.append((len(actions), OP_SHOW, k, list(card_ids(shown))))
                actions.append(f"p{k + 1} sm {shown}")
            else:
                steps.append((len(actions), OP_MUCK, k, None))
                actions.append(f"p{k + 1} sm")
            lines.append(line)
    for name in list(rec.uncalled) + list(rec.collected):
        if name not in index:
            raise rec.fail(rec.collected_lines.get(name, rec.line),
                           f"{name!r} is paid but is not dealt in (players: {order!r})")
    pot = sum(invested, Decimal(0)) - sum(rec.uncalled.values(), Decimal(0))
    collected = sum(rec.collected.values(), Decimal(0))
    if rec.collected_includes_uncalled:
        collected = uncalled_out_of_collected(rec, collected)
        rec.total_pot = pot
    elif not rec.prints_fees and collected > pot and len(rec.uncalled) == 1:
        # 888poker counts the uncalled big blind of a walk in what the big blind collected
        ((owner, back),) = rec.uncalled.items()
        if collected <= pot + back and rec.collected.get(owner, Decimal(0)) >= back:
            rec.collected[owner] -= back
            collected -= back
    finishing = []
    zero = Decimal(0)
    for k, name in enumerate(order):
        stack = starts[k]
        end = stack - invested[k] + rec.uncalled.get(name, zero) + rec.collected.get(name, zero)
        if end < 0:
            raise rec.fail(rec.seats[name][2], f"{name!r} puts in {invested[k]} but has only"
                           f" {stack}: the amounts do not add up")
        finishing.append(end)
    if rec.cap is not None:
        check_cap(rec, order, invested)
    if not rec.prints_fees:
        rec.total_pot, rec.fees = pot, pot - collected
        if rec.fees < 0:
            raise rec.fail(rec.total_line or rec.line, f"the players collected {collected} but the"
                           f" pot is {pot}: the amounts do not add up")
        check_fees(rec, pot, collected)
    if rec.total_pot is None:
        raise rec.fail(rec.line, "the hand has no 'Total pot' line: truncated?")
    if pot != rec.total_pot:
        raise rec.fail(rec.total_line, f"the total pot is {rec.total_pot} but the players put"
                       f" in {pot} (after uncalled bets): the amounts do not add up")
    if collected + rec.fees != pot:
        raise rec.fail(rec.total_line, f"the players collected {collected} and the fees are"
                       f" {rec.fees}, which is not the total pot {pot}: the amounts do not add up")
    table: dict[str, Any] = {
        "variant": rec.variant,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "starting_stacks": starts,
        "actions": actions,
        "finishing_stacks": finishing,
        # the recorded fees as an exact rate of the pot: the engine takes exactly them
        "_rake_percent": percent_text(rec.fees, pot),
        "_odd_chips": "clockwise",
        **({"_dead_posts": dead} if any(dead) else {}),
        **({"_runs": rec.runs} if rec.runs > 1 else {}),
        "_pot_method": "tda",
    }
    if rec.fixed_limit:
        table["small_bet"], table["big_bet"] = rec.small_bet, rec.big_bet
    else:
        # the stated big blind (else the one posted at p2, heads-up too), never a straddle
        table["min_bet"] = rec.big_blind or blinds[1]
    table.update(standard_fields(rec, order))
    table.update(bounty_fields(rec, order))
    table.update({
        "_site": rec.site,
        "_file": rec.file,
        "_line": rec.line,
        "_action_lines": lines,
        "_collected": [rec.collected.get(name, Decimal(0)) for name in order],
        "_rake": rec.fees,
        **rec.extra,
    })
    try:
        return planned_hand(f"{rec.file}:{rec.line}", table, holes, steps)
    except HistoryError:
        raise
    except PhhError as exc:
        cls = UnsupportedHistoryError if isinstance(exc, UnsupportedPhhError) else HistoryError
        raise cls(f"{rec.where()}: {exc}", file=rec.file, line=rec.line) from None


_Game = TypeVar("_Game")


def site_games(games: dict[_Game, str]) -> dict[_Game, str]:
    """A reader's game table (how the site names a game -> its PHH code) without the games
    this build of the engine does not play (``PHH_VARIANTS`` lists those it does): a game
    left out is refused by name like any other."""
    return {game: code for game, code in games.items() if code in PHH_VARIANTS}


# the engine's game rows as players name them, for the messages that refuse a game
_GAME_WORDS = {"holdem": "Hold'em", "omaha": "Omaha", "omaha5": "5-card Omaha",
               "omaha6": "6-card Omaha", "omaha-hi-lo": "Omaha hi-lo",
               "omaha5-hi-lo": "5-card Omaha hi-lo", "short-deck": "short deck",
               "short-deck-straights-beat-trips": "short deck (straights above trips)"}


def supported_games(codes: Iterable[str]) -> str:
    """The games of ``codes`` (PHH codes) in words, for an error that refuses a game:
    ``no-limit and fixed-limit Hold'em, pot-limit Omaha and pot-limit Omaha hi-lo``."""
    bettings: dict[str, list[str]] = {}
    for code in dict.fromkeys(codes):
        variant, betting = PHH_VARIANTS[code]
        name = _GAME_WORDS.get(variant, variant)
        if betting not in bettings.setdefault(name, []):
            bettings[name].append(betting)
    games = [f"{' and '.join(b)} {name}" for name, b in bettings.items()]
    return ", ".join(games[:-1]) + " and " + games[-1] if len(games) > 1 else "".join(games)
