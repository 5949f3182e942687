"""One variants table, one meaning per name (issue 40): every function that takes
``variant=`` accepts exactly the hole-card counts of the variant's row
(``VARIANTS[name].hole_counts``) and refuses every other count with a ShapeError — settle,
settle_batch and equity alike (``"omaha"`` is 4, 5 or 6 hole cards everywhere; ``"omaha5"``
only 5)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from holdem_eval.engine import settle, settle_batch

from holdem_eval import ShapeError, equity, parse_cards
from holdem_eval.variants import VARIANTS

HERO, VILLAIN, BOARD = "AsAdAcAhKsKd", "QsQdQcQhJsJd", "8h9hTs8s9s"  # in every deck


def _settle(variant: str, n: int) -> object:
    return settle([10, 10], [HERO[: 2 * n], VILLAIN[: 2 * n]], BOARD, folded=[False, False],
                  button=0, variant=variant)


def _settle_batch(variant: str, n: int) -> object:
    holes = np.array([[parse_cards(HERO[: 2 * n]), parse_cards(VILLAIN[: 2 * n])]])
    return settle_batch(np.array([[10, 10]]), holes, np.array([parse_cards(BOARD)]),
                        folded=np.zeros((1, 2), dtype=bool), button=np.zeros(1, dtype=np.int64),
                        variant=variant)


def _equity(variant: str, n: int) -> object:
    # card ids, not text: one or two cards of text would read as a Hold'em range
    hands = [parse_cards(HERO[: 2 * n]).tolist(), parse_cards(VILLAIN[: 2 * n]).tolist()]
    return equity(hands, board=BOARD, variant=variant, method="exact")


CALLS: dict[str, Callable[[str, int], object]] = {
    "settle": _settle, "settle_batch": _settle_batch, "equity": _equity,
}


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_function_takes_exactly_the_rows_hole_counts(call: str, variant: str) -> None:
    accepted = []
    for n in range(1, 7):
        try:
            CALLS[call](variant, n)
        except ShapeError:
            continue
        accepted.append(n)
    assert tuple(accepted) == VARIANTS[variant].hole_counts
