"""Range parser fuzz: any string gives a Range or a HoldemEvalError, never another exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem_eval import HoldemEvalError, Range

# Pieces of real range text, so random joins reach deep into the grammar; plus any text.
_PIECES = ["A", "K", "Q", "T", "9", "2", "s", "o", "h", "x", "y", "+", "-", ":", "%", ",", " ", "0.5",
           "1e-300", "15", "100", "AKs", "22", "random", "\u017f", "\u212a", "\x00", "nan", "."]


def _check(text: str) -> None:
    try:
        r = Range(text)
    except HoldemEvalError:
        return
    assert len(r) >= 1
    assert Range(r.to_text()) == r


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join))
def test_grammar_pieces(text: str) -> None:
    _check(text)


@settings(max_examples=1500, deadline=None)
@given(st.text(max_size=30))
def test_any_text(text: str) -> None:
    _check(text)
