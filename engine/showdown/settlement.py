"""What a settlement reports: the pots, the hands shown, the payouts, and their explanation.

Value types only; :func:`holdem_eval.engine.settle` fills them from the settlement kernel's
record (csrc/api/settle.h), building ``pots``, ``ranks``, ``returned`` and ``hands`` on
first access.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from holdem_eval import HandCategory, best_five, best_five_omaha, describe, hand_category
from holdem_eval._variant_faces import SHORT_RULES
from holdem_eval.variants import VARIANTS

__all__ = ["Award", "Pot", "SeatHand", "Settlement", "ShowdownOrder", "from_detail",
           "from_split_detail"]


class Pot(NamedTuple):
    """One pot as settled. The main pot is ``Settlement.pots[0]``."""

    amount: int
    """Chips in the pot before rake."""
    eligible: tuple[int, ...]
    """Live seats that may win it (ascending)."""
    winners: tuple[int, ...]
    """Seats that won it (ascending); a split when more than one."""
    shares: tuple[int, ...]
    """Chips each winner receives, aligned with ``winners``; sums to ``amount - rake``."""
    rank: int | None
    """The winning hand rank (Cactus Kev, lower is stronger); ``None`` without a showdown."""
    rake: int
    """Chips the house took from this pot."""


class Award(NamedTuple):
    """One part of a pot as awarded: a whole pot (one board, high only), or its share of
    one run of the board, or the high or low half of that (hi-lo games)."""

    pot: int
    """Index of the pot in ``Settlement.pots`` (0: the main pot)."""
    run: int
    """The run of the board that decided it (0: the first, or the only board)."""
    half: str
    """``"high"`` or ``"low"``."""
    amount: int
    """Chips awarded (after rake): the sum of ``shares``."""
    winners: tuple[int, ...]
    """Seats that won it (ascending)."""
    shares: tuple[int, ...]
    """Chips each winner receives, aligned with ``winners``."""
    rank: int | None
    """The winning rank: Cactus Kev for the high half, HE_LOW_* (1 = 5-4-3-2-A .. 56 =
    8-7-6-5-4) for the low half; ``None`` without a showdown."""


class SeatHand(NamedTuple):
    """A live seat's hand at showdown."""

    seat: int
    rank: int
    category: HandCategory
    best_five: tuple[int, ...]
    """Card ids of the best five, made part first, then kickers."""
    description: str
    """E.g. ``'Two Pair, Kings and Fives, Ace kicker'``."""


class ShowdownOrder(NamedTuple):
    """Who shows when, and who may muck instead."""

    order: tuple[int, ...]
    """Live seats in the order they show."""
    muckable: tuple[int, ...]
    """Seats (in showing order) that cannot win any pot they are eligible for once the
    hands before them are shown; empty unless ``ranks`` and ``contributions`` are given."""



class Settlement:
    """The outcome of one hand (immutable).

    Chips are conserved: ``sum(payouts) + rake == sum(contributions)``.

    ``pots``, ``ranks``, ``returned`` and ``hands`` are built on first access from the
    kernel's compact record (they are what explains the payouts; a game server applying
    chips only needs ``payouts`` and ``rake``). Two settlements are equal when payouts,
    rake, pots, returned chips, contributions, ranks and ``showdown`` are.
    """

    __slots__ = ("_awards", "_board", "_cards", "_detail", "_hands", "_hole_len", "_pots",
                 "_ranks", "_returned", "_run_low_ranks", "_run_ranks", "_variant",
                 "contributions", "payouts", "rake", "runs", "showdown")

    payouts: tuple[int, ...]
    """Chips each seat takes back: pot shares plus any returned uncalled chips."""
    rake: int
    """Chips the house took."""
    contributions: tuple[int, ...]
    """Per seat, the chips put in, as given."""
    showdown: bool
    """False when everyone else folded: the last live seat took the pot unseen."""
    runs: int
    """Runs of the board the hand was settled on (1: one board)."""
    # Built on first access (a slot left unset until then: a settlement from the kernel
    # sets ten slots, not seventeen, which is most of what it costs to make one).
    _awards: tuple[Award, ...]
    _run_ranks: tuple[tuple[int | None, ...], ...]
    _run_low_ranks: tuple[tuple[int | None, ...], ...]
    _pots: tuple[Pot, ...]
    _returned: tuple[int, ...]
    _ranks: tuple[int | None, ...]
    _hands: tuple[SeatHand | None, ...]
    _detail: list[int]
    _cards: bytes
    _hole_len: int
    _board: bytes
    _variant: str

    def __init__(
        self,
        payouts: tuple[int, ...],
        rake: int,
        pots: tuple[Pot, ...],
        returned: tuple[int, ...],
        contributions: tuple[int, ...],
        ranks: tuple[int | None, ...],
        showdown: bool,
        cards: bytes = b"",
        hole_len: int = 2,
        board: bytes = b"",
        variant: str = "holdem",
        awards: tuple[Award, ...] | None = None,
        run_ranks: tuple[tuple[int | None, ...], ...] | None = None,
        run_low_ranks: tuple[tuple[int | None, ...], ...] | None = None,
    ) -> None:
        """``cards``: hole card ids, ``hole_len`` per seat, 255 where unknown; ``board``
        the board's ids (every run's, one after another, when settled on several runs).
        ``awards``, ``run_ranks`` and ``run_low_ranks`` default to what one board of a
        high-only game gives (the pots' awards, ``(ranks,)`` and no lows)."""
        _init = object.__setattr__
        _init(self, "payouts", payouts)
        _init(self, "rake", rake)
        _init(self, "_pots", pots)
        _init(self, "_returned", returned)
        _init(self, "contributions", contributions)
        _init(self, "_ranks", ranks)
        _init(self, "showdown", showdown)
        _init(self, "_cards", cards)
        _init(self, "_hole_len", hole_len)
        _init(self, "_board", board)
        _init(self, "_variant", variant)
        _init(self, "_detail", [])
        for name, value in (("_awards", awards), ("_run_ranks", run_ranks),
                            ("_run_low_ranks", run_low_ranks)):
            if value is not None:  # else built from the pots on first access
                _init(self, name, value)
        _init(self, "runs", 1 if run_ranks is None else len(run_ranks))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Settlement is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Settlement is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Settlement, (self.payouts, self.rake, self.pots, self.returned,
                             self.contributions, self.ranks, self.showdown, self._cards,
                             self._hole_len, self._board, self._variant, self.awards,
                             self.run_ranks, self.run_low_ranks))

    def _key(self) -> tuple[Any, ...]:
        return (self.payouts, self.rake, self.pots, self.returned, self.contributions,
                self.ranks, self.showdown, self.awards, self.run_ranks, self.run_low_ranks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settlement):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Settlement(payouts={self.payouts!r}, rake={self.rake!r}, pots={self.pots!r}, "
                f"returned={self.returned!r}, contributions={self.contributions!r}, "
                f"ranks={self.ranks!r}, showdown={self.showdown!r})")

    @property
    def pots(self) -> tuple[Pot, ...]:
        """Main pot first, then side pots."""
        try:
            return self._pots
        except AttributeError:  # not built yet
            pots = _pots_from_detail(self._detail, len(self.payouts))
            object.__setattr__(self, "_pots", pots)
            return pots

    @property
    def returned(self) -> tuple[int, ...]:
        """Per seat, the unmatched part of the largest contribution given back (not a win)."""
        try:
            return self._returned
        except AttributeError:  # not built yet
            returned = tuple(self._detail[:len(self.payouts)])
            object.__setattr__(self, "_returned", returned)
            return returned

    @property
    def ranks(self) -> tuple[int | None, ...]:
        """Per seat, the hand rank at showdown; ``None`` for folded seats or without a
        showdown."""
        try:
            return self._ranks
        except AttributeError:  # not built yet
            seats = len(self.payouts)
            ranks = tuple([r or None for r in self._detail[seats:2 * seats]])
            object.__setattr__(self, "_ranks", ranks)
            return ranks

    @property
    def awards(self) -> tuple[Award, ...]:
        """Every part of every pot as awarded, pot by pot, run by run, high before low: one
        per pot for one board of a high-only game; a low award only where a low
        qualified (else the high hands took the whole share)."""
        try:
            return self._awards
        except AttributeError:  # not built yet
            awards = tuple(Award(i, 0, "high", pot.amount - pot.rake, pot.winners, pot.shares,
                                 pot.rank) for i, pot in enumerate(self.pots))
            object.__setattr__(self, "_awards", awards)
            return awards

    @property
    def run_ranks(self) -> tuple[tuple[int | None, ...], ...]:
        """Per run of the board, each seat's high rank (``run_ranks[0] == ranks``)."""
        try:
            return self._run_ranks
        except AttributeError:  # not built yet
            run_ranks = (self.ranks,)
            object.__setattr__(self, "_run_ranks", run_ranks)
            return run_ranks

    @property
    def run_low_ranks(self) -> tuple[tuple[int | None, ...], ...]:
        """Per run, each seat's low rank in a hi-lo game (HE_LOW_*: 1 = 5-4-3-2-A .. 56 =
        8-7-6-5-4); ``None`` for no qualifying low, a seat not shown, or a high-only game."""
        try:
            return self._run_low_ranks
        except AttributeError:  # not built yet
            nothing: tuple[int | None, ...] = (None,) * len(self.payouts)
            lows = (nothing,) * self.runs
            object.__setattr__(self, "_run_low_ranks", lows)
            return lows

    @property
    def low_ranks(self) -> tuple[int | None, ...]:
        """Per seat, its low rank on the first (or only) board: ``run_low_ranks[0]``."""
        return self.run_low_ranks[0]

    @property
    def net(self) -> tuple[int, ...]:
        """Per seat, chips won (positive) or lost (negative) in this hand."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions))

    @property
    def hands(self) -> tuple[SeatHand | None, ...]:
        """Per seat, its hand at showdown (``None`` for folded seats or without a showdown)."""
        try:
            return self._hands
        except AttributeError:  # not built yet
            hands = self._make_hands()
            object.__setattr__(self, "_hands", hands)
            return hands

    def _make_hands(self) -> tuple[SeatHand | None, ...]:
        out: list[SeatHand | None] = []
        width = self._hole_len
        board = tuple(self._board)
        for seat, rank in enumerate(self.ranks):
            hole = tuple(c for c in self._cards[seat * width:(seat + 1) * width] if c != 255)
            if rank is None or not hole:
                out.append(None)
                continue
            five = _best_five(hole, board, self._variant)
            scale = self._variant if self._variant in SHORT_RULES else "holdem"  # rank scale
            category = hand_category(rank, scale)
            out.append(SeatHand(seat, rank, category, five, _describe(rank, scale)))
        return tuple(out)

    def pot_name(self, index: int) -> str:
        """``'the main pot'``, ``'the side pot'`` or ``'side pot 2'``..."""
        if index == 0:
            return "the main pot"
        if len(self.pots) == 2:
            return "the side pot"
        return f"side pot {index}"

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """One line per pot winner, e.g.
        ``'Ben wins the side pot of 400 with Two Pair, Kings and Fives, Ace kicker'``.

        When a pot was decided by a kicker against the best losing hand in it, the line
        says so.
        """
        def name(seat: int) -> str:
            return names[seat] if names is not None else f"Seat {seat}"

        lines: list[str] = []
        for seat, amount in enumerate(self.returned):
            if amount:
                lines.append(f"{name(seat)} takes back {amount} uncalled")
        if self.showdown and (self.runs > 1 or any(a.half == "low" for a in self.awards)):
            lines.extend(self._explain_awards(name))
            if self.rake:
                lines.append(f"Rake {self.rake}")
            return lines
        for index, pot in enumerate(self.pots):
            where = self.pot_name(index)
            if not self.showdown:
                lines.append(f"{name(pot.winners[0])} wins {where} of {pot.amount} unseen")
                continue
            hands = self.hands
            winner_hand = hands[pot.winners[0]]
            assert winner_hand is not None
            what = winner_hand.description
            if len(pot.winners) > 1:
                who = ", ".join(name(s) for s in pot.winners)
                shares = ", ".join(str(x) for x in pot.shares)
                lines.append(f"{who} split {where} of {pot.amount} ({shares}) with {what}")
                continue
            line = f"{name(pot.winners[0])} wins {where} of {pot.amount} with {what}"
            decided = _decided_by(winner_hand, [hands[s] for s in pot.eligible
                                                if s not in pot.winners])
            if decided:
                line += f" ({decided})"
            lines.append(line)
        if self.rake:
            lines.append(f"Rake {self.rake}")
        return lines


    def _explain_awards(self, name: Any) -> list[str]:
        """One line per award of a hand settled on several runs or in halves, e.g.
        ``'Seat 1 wins the low half of the main pot on run 2 (75) with 8-6-4-2-A'``."""
        from holdem_eval.hilo import describe_low

        lines = []
        for award in self.awards:
            where = self.pot_name(award.pot)
            half = f"the {award.half} half of " if self._has_low() else ""
            run = f" on run {award.run + 1}" if self.runs > 1 else ""
            if award.half == "low":
                what = describe_low(award.rank or 0)
            else:
                what = _describe(award.rank) if award.rank else "the best hand"
            who = ", ".join(name(s) for s in award.winners)
            verb = "split" if len(award.winners) > 1 else "wins"
            chips = ", ".join(str(x) for x in award.shares)
            lines.append(f"{who} {verb} {half}{where}{run} ({chips}) with {what}")
        return lines

    def _has_low(self) -> bool:
        return any(a.half == "low" for a in self.awards) or any(
            r is not None for run in self.run_low_ranks for r in run)


# Made-part length per category: cards after it in best_five are kickers.
_MADE_LENGTH = {
    HandCategory.STRAIGHT_FLUSH: 5,
    HandCategory.FOUR_OF_A_KIND: 4,
    HandCategory.FULL_HOUSE: 5,
    HandCategory.FLUSH: 5,
    HandCategory.STRAIGHT: 5,
    HandCategory.THREE_OF_A_KIND: 3,
    HandCategory.TWO_PAIR: 4,
    HandCategory.ONE_PAIR: 2,
    HandCategory.HIGH_CARD: 1,
}
_RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
               "Jack", "Queen", "King", "Ace")


def _decided_by(winner: SeatHand, losers: Sequence[SeatHand | None]) -> str:
    """'kicker: Ace beats Queen' when the best losing hand differs only in a kicker."""
    best = min((h for h in losers if h is not None), key=lambda h: h.rank, default=None)
    if best is None or best.category != winner.category:
        return ""
    made = _MADE_LENGTH[winner.category]
    for k, (a, b) in enumerate(zip(winner.best_five, best.best_five)):
        if a >> 2 != b >> 2:
            if k < made:
                return ""
            return f"kicker: {_RANK_NAMES[a >> 2]} beats {_RANK_NAMES[b >> 2]}"
    return ""


def _best_five(hole: tuple[int, ...], board: tuple[int, ...], variant: str) -> tuple[int, ...]:
    """The five cards that make the hand, in display order (holdem_eval.best_five's choice)."""
    if VARIANTS[variant].hole_used == 0:  # Hold'em, short deck: the best five of all
        return best_five(hole + board, "holdem" if variant not in SHORT_RULES else variant)
    return best_five_omaha(hole, board)


def _describe(rank: int, scale: str = "holdem") -> str:
    text = _DESCRIPTIONS.get((rank, scale))
    if text is None:
        text = _DESCRIPTIONS[rank, scale] = describe(rank, scale)
    return text


_DESCRIPTIONS: dict[tuple[int, str], str] = {}


# Seat bit mask -> ascending seat tuple.
_MASK_SEATS: dict[int, tuple[int, ...]] = {}


def _seats_of(mask: int) -> tuple[int, ...]:
    seats = _MASK_SEATS.get(mask)
    if seats is None:
        seats = tuple(s for s in range(mask.bit_length()) if mask >> s & 1)
        _MASK_SEATS[mask] = seats
    return seats


def _pots_from_detail(detail: list[int], seats: int) -> tuple[Pot, ...]:
    """Pots from the kernel's record (layout in csrc/api/settle.h)."""
    pots = []
    stride = 5 + seats
    for offset in range(2 * seats + 2, len(detail), stride):
        amount, rake, eligible, winners_mask, rank = detail[offset:offset + 5]
        winners = _seats_of(winners_mask)
        pots.append(tuple.__new__(Pot, (
            amount, _seats_of(eligible), winners,
            tuple([detail[offset + 5 + w] for w in winners]), rank or None, rake,
        )))
    return tuple(pots)


def from_split_detail(
    record: list[int], contributions: Sequence[int], showdown: bool, cards: bytes,
    hole_len: int, board: bytes, variant: str, runs: int,
) -> Settlement:
    """A Settlement over he_settle_split's output: ``payouts`` then its split record
    (csrc/api/settle.h). ``board``: the first run's board (what ``hands`` describes)."""
    seats = len(contributions)
    payouts = tuple(record[:seats])
    head = record[seats:]
    returned = tuple(head[:seats])
    rake, pot_count, award_count = head[seats:seats + 3]
    at = seats + 3
    high = head[at:at + runs * seats]
    low = head[at + runs * seats:at + 2 * runs * seats]
    run_ranks = tuple(tuple([r or None for r in high[k * seats:(k + 1) * seats]])
                      for k in range(runs))
    run_lows = tuple(tuple([r or None for r in low[k * seats:(k + 1) * seats]])
                     for k in range(runs))
    at += 2 * runs * seats
    raw_pots = [head[at + 3 * i:at + 3 * i + 3] for i in range(pot_count)]
    at += 3 * pot_count
    awards = []
    totals: list[dict[int, int]] = [{} for _ in range(pot_count)]
    first_rank: list[int | None] = [None] * pot_count
    for k in range(award_count):
        a = head[at + k * (6 + seats):at + (k + 1) * (6 + seats)]
        pot, run, half, chips, mask, rank = a[:6]
        winners = _seats_of(mask)
        shares = tuple([a[6 + w] for w in winners])
        awards.append(Award(pot, run, "low" if half else "high", chips, winners, shares,
                            rank or None))
        for w, x in zip(winners, shares):
            totals[pot][w] = totals[pot].get(w, 0) + x
        if run == 0 and not half:
            first_rank[pot] = rank or None
    pots = []
    for i, (amount, pot_rake, eligible) in enumerate(raw_pots):
        winners = tuple(sorted(totals[i]))
        pots.append(Pot(amount, _seats_of(eligible), winners,
                        tuple(totals[i][w] for w in winners), first_rank[i], pot_rake))
    return Settlement(payouts, rake, tuple(pots), returned, tuple(contributions),
                      run_ranks[0], showdown, cards, hole_len, board, variant,
                      awards=tuple(awards), run_ranks=run_ranks, run_low_ranks=run_lows)


def from_detail(
    detail: list[int], contributions: Sequence[int], showdown: bool, cards: bytes,
    hole_len: int, board: bytes, variant: str,
) -> Settlement:
    """A Settlement over the kernel's output: ``payouts`` then its ``detail`` record."""
    seats = len(contributions)
    settlement = object.__new__(Settlement)
    _init = object.__setattr__
    _init(settlement, "payouts", tuple(detail[:seats]))
    _init(settlement, "rake", detail[3 * seats])
    _init(settlement, "contributions", tuple(contributions))
    _init(settlement, "showdown", showdown)
    _init(settlement, "_detail", detail[seats:])
    _init(settlement, "_cards", cards)
    _init(settlement, "_hole_len", hole_len)
    _init(settlement, "_board", board)
    _init(settlement, "_variant", variant)
    _init(settlement, "runs", 1)  # the pots, ranks, hands ... are built on first access
    return settlement
