"""Equity per starting-hand class as a 13 x 13 grid: a PNG (matplotlib) or coloured text.

``equity_grid(hero, vs)`` fills one cell per class (layout in ``holdem_eval.starting_hands``:
pairs on the diagonal, suited above it, offsuit below):

- ``hero`` a range (``"22+, AJs+"``, ``"random"``): each class of hero's range gets the
  equity of hero's combos of that class against the whole ``vs`` range;
- ``hero`` two exact cards (``"AhKh"``): each class of the ``vs`` range gets hero's equity
  against villain's combos of that class.

Classes that have no combo left (not in the range, or blocked by the board or dead cards)
stay empty. Each cell is one :func:`holdem_eval.equity` call with the given ``method``
(``"auto"``: exact when that is about a second or less, else Monte Carlo).

matplotlib is optional (``pip install 'holdem-eval[plot]'``); the text grid needs nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

from ._limits import check_threads
from .bulk.rank import require
from .cards import format_cards, parse_cards
from .equity import NoValidDealError, equity
from .errors import HoldemEvalError
from .ranges import Range
from .starting_hands import STARTING_HANDS, class_of_combo

__all__ = ["EquityGrid", "equity_colormap", "equity_grid", "pyplot"]

# Equity colours, shared by the PNG and the terminal: red (0) -> yellow (0.5) -> green (1).
_ANCHORS = ((0.0, (0xD7, 0x30, 0x27)), (0.5, (0xFF, 0xE0, 0x8A)), (1.0, (0x1A, 0x98, 0x50)))
_RANKS = "AKQJT98765432"


def _rgb(x: float) -> tuple[int, int, int]:
    x = min(max(x, 0.0), 1.0)
    for (x0, c0), (x1, c1) in zip(_ANCHORS, _ANCHORS[1:]):
        if x <= x1:
            t = (x - x0) / (x1 - x0)
            r, g, b = (round(a + (b_ - a) * t) for a, b_ in zip(c0, c1))
            return r, g, b
    return _ANCHORS[-1][1]


def pyplot() -> Any:
    """matplotlib.pyplot on the non-interactive Agg backend (or a clear error)."""
    matplotlib = require("matplotlib", "plot")
    matplotlib.use("Agg")
    return require("matplotlib.pyplot", "plot")


def equity_colormap() -> Any:
    """The red-yellow-green equity colormap as a matplotlib colormap."""
    colors = require("matplotlib.colors", "plot")
    return colors.LinearSegmentedColormap.from_list(
        "holdem_equity", [(x, tuple(v / 255 for v in c)) for x, c in _ANCHORS]
    )


@dataclass(frozen=True)
class EquityGrid:
    """Equity per class, ``equity[row, col]`` in [0, 1] (NaN: empty cell).

    ``combos[row, col]`` is how many combos the cell's class contributed; ``by`` says whose
    classes the cells are ("hero" or "villain"); the equity is always hero's.
    """

    hero: str
    villain: str
    board: str
    by: str
    equity: NDArray[np.float64] = field(repr=False)
    combos: NDArray[np.int64] = field(repr=False)
    exact: bool

    def __post_init__(self) -> None:
        if self.by not in ("hero", "villain"):
            raise ValueError(f"by must be 'hero' or 'villain', got {self.by!r}")
        if self.equity.shape != (13, 13) or self.combos.shape != (13, 13):
            raise HoldemEvalError("an EquityGrid holds 13 x 13 arrays")

    @property
    def title(self) -> str:
        on = f" on {self.board}" if self.board else " preflop"
        how = "exact" if self.exact else "Monte Carlo"
        if self.by == "hero":
            return f"Equity of each class of {self.hero} vs {self.villain}{on} ({how})"
        return f"Equity of {self.hero} vs each class of {self.villain}{on} ({how})"

    def text(self, *, color: bool = True) -> str:
        """The grid as text: equity in percent per cell, with a 24-bit colour background
        per cell when ``color``; empty cells show a dot."""
        lines = [self.title, "     " + "".join(f"{r:^6}" for r in _RANKS)]
        for row in range(13):
            cells = []
            for col in range(13):
                eq = self.equity[row, col]
                if np.isnan(eq):
                    cells.append("   ·  ")
                    continue
                cell = f"{100 * eq:5.1f} "
                if color:
                    r, g, b = _rgb(float(eq))
                    cell = f"\x1b[48;2;{r};{g};{b}m\x1b[38;2;0;0;0m{cell}\x1b[0m"
                cells.append(cell)
            lines.append(f"  {_RANKS[row]}  " + "".join(cells))
        lines.append("pairs on the diagonal, suited above it, offsuit below; equity in %")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The grid as JSON-ready data: the title fields and one entry per filled cell
        (``class``, ``row``, ``col``, ``equity`` in [0, 1], ``combos``), in grid order."""
        cells = [
            {"class": STARTING_HANDS[13 * row + col], "row": row, "col": col,
             "equity": float(self.equity[row, col]), "combos": int(self.combos[row, col])}
            for row in range(13) for col in range(13) if not np.isnan(self.equity[row, col])
        ]
        return {"title": self.title, "hero": self.hero, "villain": self.villain, "board": self.board,
                "by": self.by, "exact": self.exact, "cells": cells}

    def to_png(self, path: str | os.PathLike[str] | BinaryIO) -> Path | BinaryIO:
        """Save the grid as a PNG heatmap, each cell labelled with its class and equity.
        ``path`` is a file name or a binary file object (e.g. ``sys.stdout.buffer``);
        returns it."""
        plt = pyplot()
        fig, ax = plt.subplots(figsize=(9.5, 8.5), dpi=120)
        masked = np.ma.masked_invalid(self.equity)
        cmap = equity_colormap().with_extremes(bad="#eeeeee")  # empty cells: light grey
        im = ax.imshow(masked, cmap=cmap, vmin=0.0, vmax=1.0)
        for row in range(13):
            for col in range(13):
                name = STARTING_HANDS[13 * row + col]
                eq = self.equity[row, col]
                label = name if np.isnan(eq) else f"{name}\n{100 * eq:.1f}"
                ax.text(
                    col,
                    row,
                    label,
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="#999999" if np.isnan(eq) else "black",
                )
        ax.set_xticks(range(13), list(_RANKS))
        ax.set_yticks(range(13), list(_RANKS))
        ax.tick_params(length=0)
        ax.set_title(self.title, fontsize=10)
        fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="hero equity")
        fig.tight_layout()
        out: Path | BinaryIO = Path(path) if isinstance(path, (str, os.PathLike)) else path
        try:
            fig.savefig(out, format="png")
        finally:
            plt.close(fig)
        return out


def _combo_text(combos: list[tuple[tuple[int, int], float]]) -> str:
    parts = []
    for (a, b), w in combos:
        text = format_cards([a, b])
        parts.append(text if w == 1.0 else f"{text}:{w:g}")
    return ", ".join(parts)


def _by_class(r: Range) -> dict[int, list[tuple[tuple[int, int], float]]]:
    groups: dict[int, list[tuple[tuple[int, int], float]]] = {}
    for combo, w in r.weighted_combos():
        groups.setdefault(STARTING_HANDS.index(class_of_combo(combo)), []).append((combo, w))
    return groups


def _exact_hand(text: str) -> list[int] | None:
    """Two card ids if ``text`` is two exact cards, else None (a range)."""
    try:
        ids = parse_cards(text)
    except HoldemEvalError:
        return None
    return ids.tolist() if ids.size == 2 else None


def equity_grid(
    hero: str,
    vs: str,
    *,
    board: str = "",
    dead: str = "",
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
) -> EquityGrid:
    """The 13 x 13 grid of hero's equity per class (see the module doc).

    ``method``, ``trials``, ``seed`` and ``threads`` go to each :func:`equity` call;
    ``progress(n)`` reports cells done, 169 in all: one per filled cell as it is computed,
    the empty cells (classes outside the range) at once.
    """
    check_threads(threads)
    hand = _exact_hand(hero)
    by = "villain" if hand is not None else "hero"
    groups = _by_class(Range(vs) if hand is not None else Range(hero))
    blocked = set(parse_cards(board).tolist()) | set(parse_cards(dead).tolist())
    if hand is not None:
        blocked |= set(hand)
    eq = np.full((13, 13), np.nan)
    combos = np.zeros((13, 13), dtype=np.int64)
    exact = True
    if progress is not None and len(groups) < 169:
        progress(169 - len(groups))  # empty cells: nothing to compute
    for index, members in sorted(groups.items()):
        part = _combo_text(members)
        players = [format_cards(hand), part] if hand is not None else [part, vs]
        try:
            r = equity(
                players, board=board, dead=dead, method=method, trials=trials, seed=seed, threads=threads
            )
        except NoValidDealError:
            pass  # every combo of this class is blocked: the cell stays empty
        else:
            row, col = divmod(index, 13)
            eq[row, col] = r.equity[0]
            combos[row, col] = sum(1 for (a, b), _ in members if a not in blocked and b not in blocked)
            exact = exact and r.exact
        if progress is not None:
            progress(1)
    board_text = format_cards(parse_cards(board), sep=" ") if board else ""
    return EquityGrid(hero=hero, villain=vs, board=board_text, by=by, equity=eq, combos=combos, exact=exact)
