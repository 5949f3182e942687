"""What :func:`holdem_eval.equity` returns (:class:`EquityResult`, with :class:`HiLoShares` for
hi-lo games), and the one translation of the equity kernels' statuses into errors."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Union

from .. import _bindings as nat
from ..categories import HandCategory
from ..errors import DuplicateCardError, EquityArgumentError, InvalidCardError, NoValidDealError, ShapeError

__all__ = ["EXACT_MAX_CLASSES", "Count", "EquityResult", "HiLoShares", "check_status"]

Count = Union[int, float]

EXACT_MAX_CLASSES = 1 << 22  # method="exact" refuses more distinct deals than this


@dataclass(frozen=True)
class HiLoShares:
    """The halves of a hi-lo equity, per player in the order given."""

    high: tuple[float, ...]
    """Frequency of winning or tying the high half."""
    low: tuple[float, ...]
    """Frequency of winning or tying the low half."""
    scoop: tuple[float, ...]
    """Frequency of taking the whole pot alone (``EquityResult.win``)."""
    quarter: tuple[float, ...]
    """Frequency of being quartered: taking exactly a quarter of the pot (one half split
    two ways, the other half lost)."""
    no_low: float
    """Frequency of deals without a qualifying low (the high hands take the pot)."""


@dataclass(frozen=True)
class EquityResult:
    """Outcome of :func:`equity`; per-player tuples are in the order players were given.

    ``equity`` = ``win`` + ``tie_equity``. ``win`` is the fraction of games won outright,
    ``tie`` the fraction of games split (tie *frequency*), ``tie_equity`` the pot share won
    in splits (PokerStove's "tie" column). ``stderr`` is the standard error of each equity
    (0.0 when exact). ``wins_by_mask[m]`` counts the games whose set of winners is the
    bitmask ``m`` (bit p = player p; weighted ranges give float counts), and
    ``categories[p]`` counts player p's made hand on the river by category. ``games`` is
    the number of (deal, board) pairs counted, or Monte Carlo trials.
    """

    players: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    tie_equity: tuple[float, ...]
    stderr: tuple[float, ...]
    games: int
    exact: bool
    wins_by_mask: tuple[Count, ...]
    categories: tuple[dict[HandCategory, Count], ...]
    variant: str = "holdem"
    seed: int | None = None
    hilo: HiLoShares | None = None
    """Hi-lo games: the high and low halves (``equity`` is then the expected pot fraction,
    ``win`` the scoop frequency; holdem_eval/equity/hilo.py)."""

    def __post_init__(self) -> None:
        n = len(self.players)
        for name in ("equity", "win", "tie", "tie_equity", "stderr", "categories"):
            if len(getattr(self, name)) != n:
                raise ShapeError(f"EquityResult.{name} must have {n} entries")
        if len(self.wins_by_mask) != 1 << n:
            raise ShapeError(f"EquityResult.wins_by_mask must have {1 << n} entries")

    @property
    def method(self) -> str:
        return "exact" if self.exact else "monte_carlo"

    def to_dict(self) -> dict[str, Any]:
        """The result as plain, JSON-ready data (what ``holdem-eval equity --json`` prints).

        >>> from holdem_eval import equity
        >>> d = equity(["AsAc", "7d8d"], method="exact").to_dict()
        >>> d["method"], d["games"], d["players"][0]["player"], round(d["players"][0]["equity"], 4)
        ('exact', 1712304, 'AsAc', 0.7698)
        >>> d["wins_by_mask"]
        {'1': 1315602, '2': 391672, '3': 5030}
        """
        return {
            "method": self.method,
            "variant": self.variant,
            "exact": self.exact,
            "games": self.games,
            "seed": self.seed,
            "players": [
                {
                    "player": name,
                    "equity": self.equity[i],
                    "win": self.win[i],
                    "tie": self.tie[i],
                    "tie_equity": self.tie_equity[i],
                    "stderr": self.stderr[i],
                    "categories": {c.name.lower(): n for c, n in self.categories[i].items()},
                }
                for i, name in enumerate(self.players)
            ],
            "wins_by_mask": {str(m): n for m, n in enumerate(self.wins_by_mask) if n},
            **({"hilo": asdict(self.hilo)} if self.hilo is not None else {}),
        }

    def to_pandas(self) -> Any:
        """One row per player (in the order given): ``player``, ``equity``, ``win``, ``tie``,
        ``tie_equity``, ``stderr`` and a count column per hand category (``high_card`` ..
        ``straight_flush``). Needs pandas (``pip install 'holdem-eval[pandas]'``); raises
        ``MissingDependencyError`` without it.

        >>> from holdem_eval import equity
        >>> df = equity(["AsAc", "7d8d"], method="exact").to_pandas()
        >>> list(df.columns[:6]), df["player"].tolist(), int(df.loc[1, "flush"])
        (['player', 'equity', 'win', 'tie', 'tie_equity', 'stderr'], ['AsAc', '7d8d'], 121577)
        """
        from ..bulk.rank import require

        pd = require("pandas", "pandas")
        rows = []
        for p in self.to_dict()["players"]:
            row = {k: v for k, v in p.items() if k != "categories"}
            row.update(p["categories"])
            rows.append(row)
        return pd.DataFrame(rows)

    def table(self) -> str:
        """A text table: one row per player, percentages."""
        se = not self.exact
        width = max(6, *(len(p) for p in self.players))
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}  {'tie eq':>8}"
        head += f"  {'± stderr':>9}" if se else ""
        lines = [head]
        for i, p in enumerate(self.players):
            row = (f"{p:<{width}}  {100 * self.equity[i]:7.4f}%  {100 * self.win[i]:7.4f}%  "
                   f"{100 * self.tie[i]:7.4f}%  {100 * self.tie_equity[i]:7.4f}%")
            row += f"  {100 * self.stderr[i]:8.4f}%" if se else ""
            lines.append(row)
        kind = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        lines.append(f"{self.games:,} games ({kind})")
        return "\n".join(lines)


def check_status(st: int, what: str) -> None:
    if st >= 0:
        return
    if st == nat.HE_E_NO_DEAL:
        raise NoValidDealError(f"{what}: no deal is possible (every combination of the "
                               "players' hands conflicts with another or with the cards out)")
    if st == nat.HE_E_CAPACITY:
        raise EquityArgumentError(f"{what}: more than {EXACT_MAX_CLASSES:,} distinct deals "
                                  "to enumerate; use method='monte_carlo'")
    if st == nat.HE_E_DUPLICATE:
        raise DuplicateCardError(f"{what}: a card appears twice")
    if st == nat.HE_E_CARD_RANGE:
        raise InvalidCardError(f"{what}: a card id outside 0..51")
    raise EquityArgumentError(f"{what}: the kernel rejected its arguments (status {st})")
