"""All-in call decisions under ICM: the chip EV and the prize EV ($EV) of calling a shove
against folding, side by side, and the break-even equity of each.

The spot: ``shover`` has moved all in; everyone else has folded; ``caller`` decides.
``stacks`` are every remaining player's chips at the start of the hand; ``blinds`` (live:
part of the poster's bet) and ``antes`` (dead) are what each player has already put in.

* **Fold**: the caller loses what he posted; the shover wins every chip in the pot.
* **Call**: both put in ``matched = min(caller's, shover's stack less the ante)`` (the
  bigger stack's excess comes back); the pot is that twice, every ante and the other
  players' blinds. The caller wins it with probability ``win``, splits it (half each)
  with ``tie``, loses it otherwise.

Chip EV is the caller's expected stack after the hand; $EV is his ICM prize equity
(:func:`holdem_eval.icm` over everyone's stacks after each outcome), weighted the same
way. Folding's $EV is exactly ``icm(stacks after the fold)[caller]``. The break-even
equity is the win probability (no ties) at which calling is worth folding:
``(fold - lose) / (win - lose)``; ICM asks for more than chips on the bubble.

>>> d = icm_call_ev([5000, 3000, 2000], [50, 30, 20], caller=2, shover=0, equity=0.45,
...                 blinds=[0, 100, 200])
>>> d.chips_call, d.chips_fold, round(d.break_even_chips, 4)     # +45 chips by calling
(1845.0, 1800.0, 0.439)
>>> round(d.icm_call, 4), round(d.icm_fold, 4), round(d.break_even_icm, 4), d.call_is_better
(27.0793, 28.165, 0.519, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .equity import equity as pot_equity
from .errors import IcmArgumentError, InvalidStackError
from .icm import NumbersLike, icm

__all__ = ["CallEv", "icm_call_ev"]


@dataclass(frozen=True)
class CallEv:
    """Calling against folding for ``caller`` facing ``shover``'s all-in.

    ``win``/``tie``: the caller's chances to win or split the pot (``equity`` = ``win +
    tie / 2``); ``chips_*``: his stack after folding and his expected stack after calling;
    ``icm_*``: his prize equity ($EV) after folding and expected after calling;
    ``break_even_*``: the win probability at which calling equals folding (``None`` when
    the outcome does not change the value); ``stacks_*``: everyone's stacks after the fold
    and after the call is won, lost or split.
    """

    caller: int
    shover: int
    win: float
    tie: float
    equity: float
    chips_fold: float
    chips_call: float
    icm_fold: float
    icm_call: float
    break_even_chips: float | None
    break_even_icm: float | None
    stacks_fold: tuple[float, ...]
    stacks_win: tuple[float, ...]
    stacks_lose: tuple[float, ...]
    stacks_tie: tuple[float, ...]

    @property
    def call_is_better(self) -> bool:
        """Whether calling has the higher $EV."""
        return self.icm_call > self.icm_fold

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON (tuples as lists)."""
        out: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        out["call_is_better"] = self.call_is_better
        return out


def _seat(value: object, name: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise IcmArgumentError(f"{name} must be a player index 0..{n - 1} (the order of stacks),"
                               f" got {value!r}")
    return value


def _chips(values: object, name: str, n: int) -> list[int]:
    if values is None:
        return [0] * n
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != n:
        raise IcmArgumentError(f"{name} must be a sequence of {n} ints (one per stack), got {values!r}")
    for k, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise IcmArgumentError(f"{name}[{k}] must be an int number of chips >= 0, got {v!r} in"
                                   f" {values!r}")
    return list(values)


def _break_even(fold: float, win: float, lose: float) -> float | None:
    if win == lose:
        return None
    return (fold - lose) / (win - lose)


def icm_call_ev(
    stacks: Sequence[int],
    payouts: NumbersLike,
    *,
    caller: int,
    shover: int,
    equity: float | None = None,
    ranges: Sequence[Any] | None = None,
    blinds: Sequence[int] | None = None,
    antes: Sequence[int] | None = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
) -> CallEv:
    """Chip EV and ICM $EV of ``caller`` calling ``shover``'s all-in, against folding.

    ``stacks``: every remaining player's chips at the start of the hand (ints > 0);
    ``payouts``: prize per place from first (as :func:`holdem_eval.icm`). ``caller`` and
    ``shover``: indices into ``stacks``. The caller's chances: ``equity`` (the probability
    to win, 0..1; ties counted as none) or ``ranges=(caller's, shover's)`` — hole cards or
    ranges as :func:`holdem_eval.equity` takes them (``"AhKh"``, ``"22+, A2s+"``,
    ``"random"``); their win and tie chances are used. ``blinds``/``antes``: what each
    player has posted (live / dead chips, one int per stack; default none). ``method``,
    ``trials``, ``seed``: as :func:`holdem_eval.icm` (the same seed for every outcome, so
    Monte Carlo noise mostly cancels between calling and folding); ``seed`` also seeds a
    Monte Carlo equity.

    Raises :class:`~holdem_eval.InvalidStackError` for stacks that are not ints > 0 and
    :class:`~holdem_eval.IcmArgumentError` for bad seats, equity, ranges, blinds or antes
    (and what :func:`holdem_eval.icm` and :func:`holdem_eval.equity` raise for theirs).
    """
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) or len(stacks) < 2:
        raise InvalidStackError(f"stacks must be a sequence of at least 2 ints, got {stacks!r}")
    for k, s in enumerate(stacks):
        if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
            raise InvalidStackError(f"stack {k} must be an int number of chips > 0, got {s!r} in"
                                    f" {stacks!r}")
    n = len(stacks)
    c = _seat(caller, "caller", n)
    v = _seat(shover, "shover", n)
    if c == v:
        raise IcmArgumentError(f"caller and shover must be different players, got {c} for both")
    live = _chips(blinds, "blinds", n)
    dead = _chips(antes, "antes", n)
    for k in range(n):
        if live[k] + dead[k] > stacks[k]:
            raise IcmArgumentError(f"player {k} posted {live[k]} + {dead[k]} (blind + ante), more than"
                                   f" its stack of {stacks[k]}")
    if (equity is None) == (ranges is None):
        raise IcmArgumentError("give either equity (the caller's chance to win, 0..1) or ranges"
                               f" (caller's, shover's), got equity={equity!r}, ranges={ranges!r}")
    if equity is not None:
        if isinstance(equity, bool) or not isinstance(equity, (int, float)) or not 0 <= equity <= 1:
            raise IcmArgumentError(f"equity must be a number from 0 to 1, got {equity!r}")
        win, tie = float(equity), 0.0
    else:
        if isinstance(ranges, (str, bytes)) or not isinstance(ranges, Sequence) or len(ranges) != 2:
            raise IcmArgumentError(f"ranges must be a pair (caller's, shover's), got {ranges!r}")
        r = pot_equity(list(ranges), seed=seed)
        win, tie = r.win[0], r.tie[0]
    # After the fold: the caller loses what he posted, the shover wins every posted chip.
    rest = [stacks[k] - live[k] - dead[k] for k in range(n)]
    fold = list(map(float, rest))
    fold[v] = float(stacks[v] + sum(live[k] + dead[k] for k in range(n) if k != v))
    # After the call: both match the smaller live stack; the pot holds that twice, every
    # ante and the other players' blinds.
    matched = min(stacks[c] - dead[c], stacks[v] - dead[v])
    pot = 2 * matched + sum(dead) + sum(live[k] for k in range(n) if k not in (c, v))
    base = list(map(float, rest))
    base[c] = float(stacks[c] - dead[c] - matched)
    base[v] = float(stacks[v] - dead[v] - matched)
    won, lost, split = list(base), list(base), list(base)
    won[c] += pot
    lost[v] += pot
    split[c] += pot / 2
    split[v] += pot / 2
    lose = 1.0 - win - tie
    kw: dict[str, Any] = {"method": method, "trials": trials, "seed": seed}
    eq = {name: float(icm(st, payouts, **kw)[c]) for name, st in
          (("fold", fold), ("win", won), ("lose", lost), ("tie", split))}
    chips_call = win * won[c] + tie * split[c] + lose * lost[c]
    icm_call = win * eq["win"] + tie * eq["tie"] + lose * eq["lose"]
    return CallEv(
        caller=c, shover=v, win=win, tie=tie, equity=win + tie / 2,
        chips_fold=fold[c], chips_call=chips_call, icm_fold=eq["fold"], icm_call=icm_call,
        break_even_chips=_break_even(fold[c], won[c], lost[c]),
        break_even_icm=_break_even(eq["fold"], eq["win"], eq["lose"]),
        stacks_fold=tuple(fold), stacks_win=tuple(won), stacks_lose=tuple(lost),
        stacks_tie=tuple(split),
    )
