"""A tournament's blind structure and payout table: validated value types and the
rules that turn them into game configurations and prizes.

>>> Level(50, 100, ante=10, duration=20).config().ante
10
>>> prize_table([50, 30, 20], entries=11, buy_in=3)      # 33 in all: 16 + 9 + 6, +2 to 1st
(18, 9, 6)
>>> share_prize([400, 300], 2)
(350, 350)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Union

from holdem_eval._limits import is_int

from ..config import BETTING_STRUCTURES, VARIANTS, ConfigError, GameConfig
from ..errors import TournamentError

__all__ = [
    "Break",
    "Entry",
    "Level",
    "Stage",
    "check_levels",
    "check_payouts",
    "check_prizes",
    "prize_table",
    "share_prize",
    "stage_length",
]


def _duration(value: object, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
            math.isfinite(value) and value > 0):
        raise TournamentError(f"{where} duration must be a number > 0 (hands, or seconds with a"
                              f" clock), got {value!r}")


@dataclass(frozen=True)
class Level:
    """One blind level: ``small_blind``/``big_blind``, a dead ``ante`` from every seat or a
    ``big_blind_ante`` paid by the big blind (not both), and its ``duration``: hands, or
    seconds when the tournament runs on a clock; ``None`` (only for the last level): it
    goes on until the end. Every amount is an int number of chips."""

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    duration: float | None = None

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante", "big_blind_ante"):
            value = getattr(self, name)
            if not is_int(value) or value < 0:
                raise TournamentError(f"level {name} must be an int number of chips >= 0, got {value!r}")
        try:
            self.config()
        except ConfigError as exc:
            raise TournamentError(f"level {self.small_blind}/{self.big_blind}: {exc}") from None
        if self.duration is not None:
            _duration(self.duration, "level")

    def config(self, variant: str = "holdem", betting: str = "no-limit") -> GameConfig:
        """The game configuration of a hand dealt at this level."""
        return GameConfig(variant=variant, betting=betting, big_blind=self.big_blind,
                          small_blind=self.small_blind, ante=self.ante,
                          big_blind_ante=self.big_blind_ante, mode="tournament")

    def to_json(self) -> dict[str, object]:
        return {"kind": "level", "small_blind": self.small_blind, "big_blind": self.big_blind,
                "ante": self.ante, "big_blind_ante": self.big_blind_ante, "duration": self.duration}


@dataclass(frozen=True)
class Break:
    """A break of ``duration`` seconds (tournaments on a clock only): no hand starts."""

    duration: float

    def __post_init__(self) -> None:
        _duration(self.duration, "break")

    def to_json(self) -> dict[str, object]:
        return {"kind": "break", "duration": self.duration}


Stage = Union[Level, Break]


def stage_length(stage: Stage) -> float:
    """A stage's duration (hands or seconds); infinite for a last level without one."""
    return math.inf if stage.duration is None else float(stage.duration)


def check_levels(levels: object, clock: bool, variant: str, betting: str) -> tuple[Stage, ...]:
    """The structure as a tuple; refuses an empty one, a non-level, a break without a
    clock, and blinds that go down from one level to the next."""
    if not isinstance(clock, bool):
        raise TournamentError(f"clock must be a bool, got {clock!r}")
    if variant not in VARIANTS:
        raise TournamentError(f"variant must be one of {VARIANTS}, got {variant!r}")
    if betting not in BETTING_STRUCTURES:
        raise TournamentError(f"betting must be one of {BETTING_STRUCTURES}, got {betting!r}")
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Sequence) or not levels:
        raise TournamentError(f"levels must be a non-empty sequence of Level and Break, got {levels!r}")
    out = tuple(levels)
    last: Level | None = None
    for k, stage in enumerate(out):
        if isinstance(stage, Break):
            if not clock:
                raise TournamentError(f"level {k} is a break, but breaks need a clock (clock=True);"
                                      " levels by hand count have none")
            continue
        if not isinstance(stage, Level):
            raise TournamentError(f"level {k} must be a Level or a Break, got {stage!r}")
        if not clock and stage.duration is not None and not is_int(stage.duration):
            raise TournamentError(f"level {k} lasts {stage.duration!r} hands; without a clock a"
                                  " level's duration is an int number of hands")
        if stage.duration is None and k != len(out) - 1:
            raise TournamentError(f"level {k} ({stage.small_blind}/{stage.big_blind}) has no duration;"
                                  " only the last level may go on until the end")
        if last is not None and (stage.big_blind < last.big_blind or stage.small_blind < last.small_blind):
            raise TournamentError(
                f"levels out of order: level {k} ({stage.small_blind}/{stage.big_blind}) is below the"
                f" level before it ({last.small_blind}/{last.big_blind}); blinds must not go down")
        last = stage
    if last is None:
        raise TournamentError(f"levels must hold at least one Level, got only breaks: {levels!r}")
    if isinstance(out[-1], Break):
        raise TournamentError("the last stage must be a Level (it goes on until the end), got a Break")
    return out


def check_prizes(payouts: object, percentages: object, buy_in: object) -> None:
    """Either ``payouts`` (amounts) or ``percentages`` of ``entries * buy_in`` (then buy_in
    an int > 0), each a valid table (:func:`check_payouts`)."""
    if (payouts is None) == (percentages is None):
        raise TournamentError("give either payouts (amounts) or percentages (of entries * buy_in),"
                              f" got payouts={payouts!r}, percentages={percentages!r}")
    if payouts is not None:
        check_payouts(payouts, "payouts")
    else:
        check_payouts(percentages, "percentages")
        if not is_int(buy_in) or buy_in <= 0:  # type: ignore[operator]  # is_int: an int
            raise TournamentError(f"buy_in must be an int > 0 with percentages, got {buy_in!r}")


def check_payouts(payouts: object, what: str) -> tuple[Fraction, ...]:
    """Non-empty, every value a number >= 0 (ints for amounts), non-increasing."""
    if isinstance(payouts, (str, bytes)) or not isinstance(payouts, Sequence) or not payouts:
        raise TournamentError(f"{what} must be a non-empty sequence of numbers, got {payouts!r}")
    out = []
    for k, value in enumerate(payouts):
        ok = is_int(value) if what == "payouts" else (
            not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value))
        if not ok or value < 0:
            kind = "an int amount >= 0" if what == "payouts" else "a finite number >= 0"
            raise TournamentError(f"{what}[{k}] must be {kind}, got {value!r} in {payouts!r}")
        out.append(Fraction(str(value)) if isinstance(value, float) else Fraction(value))  # 33.33 exactly
    for k in range(1, len(out)):
        if out[k] > out[k - 1]:
            raise TournamentError(f"{what} must not increase: place {k + 1} ({payouts[k]!r}) pays more"
                                  f" than place {k} ({payouts[k - 1]!r}) in {payouts!r}")
    if what == "percentages" and sum(out) != 100 and abs(float(sum(out)) - 100) > 1e-9:
        raise TournamentError(f"percentages must sum to 100, got {float(sum(out))!r}: {payouts!r}")
    return tuple(out)


def prize_table(percentages: Sequence[float], *, entries: int, buy_in: int) -> tuple[int, ...]:
    """Prize amounts from percentages of ``entries * buy_in``: each place rounded down,
    the units left over go to first place (so the prizes sum to the pool exactly)."""
    pcts = check_payouts(percentages, "percentages")
    pool = entries * buy_in
    amounts = [math.floor(pool * p / 100) for p in pcts]
    amounts[0] += pool - sum(amounts)
    return tuple(amounts)


def share_prize(prizes: Sequence[int], players: int) -> tuple[int, ...]:
    """``players`` tied players share the sum of ``prizes`` (the places they tie for):
    equal parts, the units left over one each to the first players (the caller orders
    them: by entry number)."""
    total = sum(prizes)
    part, extra = divmod(total, players)
    return tuple(part + (1 if k < extra else 0) for k in range(players))


def place_group(group: Sequence[tuple[int, int]], best: int,
                prize: Callable[[int], int]) -> list[tuple[int, int, int, int]]:
    """The places of players out in one hand (``group``: entry number and stack at the
    start of the hand), the best of them being ``best``: the bigger stack finishes higher
    (TDA); equal stacks share their place range and its prizes (:func:`share_prize`;
    ``prize(place)`` is one place's prize). Returns ``(entry, place, place_to, prize)``."""
    ordered = sorted(group, key=lambda es: (-es[1], es[0]))
    out = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][1] == ordered[i][1]:
            j += 1
        lo, hi = best + i, best + j - 1
        shares = share_prize([prize(p) for p in range(lo, hi + 1)], j - i)
        out += [(number, lo, hi, amount) for (number, _), amount in zip(ordered[i:j], shares)]
        i = j
    return out


@dataclass
class Entry:
    """One entry of a tournament (mutable bookkeeping, kept by ``Tournament``): its number and
    name, where it sits, and, once out, its place (``place_to`` when tied places share) and
    prize."""

    number: int
    name: str
    table: int | None = None
    seat: int | None = None
    out: bool = False
    place: int | None = None
    place_to: int | None = None
    prize: int = 0
