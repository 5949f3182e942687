"""Range grammar: counts, spans, weights, and one test per rejection path."""

from __future__ import annotations

import pytest

from holdem_eval import HoldemEvalError, Range, RangeSyntaxError, parse_card


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("22+", 78),
        ("A2s+", 48),
        ("AK", 16),
        ("random", 1326),
        ("any", 1326),
        ("AKs", 4),
        ("AKo", 12),
        ("TT", 6),
        ("TT+", 30),
        ("ATs+", 16),
        ("KTo+", 36),
        ("22-55", 24),
        ("55-22", 24),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("KQo-K9o", 48),
        ("K9-KQ", 64),
        ("AhKh", 1),
        ("TT+, AKs, A5s-A2s, KQo, AhKh, 22-55", 86),  # AhKh is already in AKs
        ("tt+,aks", 34),
        ("22 - 55", 24),
        ("AKs : 0.5", 4),
        ("QQ+ AKs", 22),
        ("KA", 16),  # ranks in either order
    ],
)
def test_counts(text: str, count: int) -> None:
    assert len(Range(text)) == count


def test_combos_are_sorted_pairs_of_ids() -> None:
    r = Range("AhKh, 22")
    combos = r.combos()
    assert combos == sorted(combos)
    assert (parse_card("Ah"), parse_card("Kh")) in combos
    assert all(a > b for a, b in combos)
    assert (parse_card("Kh"), parse_card("Ah")) in r  # either order


def test_suited_and_offsuit_are_exact() -> None:
    for a, b in Range("AKs").combos():
        assert a % 4 == b % 4
    for a, b in Range("AKo").combos():
        assert a % 4 != b % 4
    assert set(Range("AK").combos()) == set(Range("AKs").combos()) | set(Range("AKo").combos())


def test_plus_and_spans_match_their_expansion() -> None:
    assert Range("A2s+") == Range("AKs, AQs, AJs, ATs, A9s, A8s, A7s, A6s, A5s, A4s, A3s, A2s")
    assert Range("22+") == Range("22-AA")
    assert Range("A5s-A2s") == Range("A5s, A4s, A3s, A2s")


def test_weights_last_token_wins() -> None:
    r = Range("AKs:0.5, QQ")
    w = dict(r.weighted_combos())
    assert {round(v, 6) for k, v in w.items() if k[0] // 4 == 12} == {0.5}
    assert r.is_weighted
    r2 = Range("AKs:0.5, AhKh")
    assert dict(r2.weighted_combos())[(parse_card("Ah"), parse_card("Kh"))] == 1.0


def test_random_flag() -> None:
    assert Range("random").is_random
    assert not Range("random, AA:0.5").is_random
    assert not Range("AA").is_random


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("AKx", ["'AKx'", "position 0"]),
        ("QQ, AKs, foo", ["'foo'", "position 9"]),
        ("AAs", ["'AAs'", "pair cannot be suited"]),
        ("AKs-QJs", ["'AKs-QJs'", "same top card"]),
        ("AKs-A2o", ["'AKs-A2o'", "same suffix"]),
        ("22+-55", ["'22+-55'"]),
        ("AhAh", ["'AhAh'", "same card twice"]),
        ("AKs:2", ["bad weight '2'", "'AKs:2'"]),
        ("AKs:0", ["bad weight '0'"]),
        ("AKs:x", ["bad weight 'x'"]),
        ("1Ks", ["'1Ks'"]),
        ("", ["empty range"]),
        ("  ,  ", ["empty range"]),
    ],
)
def test_errors_quote_token_and_position(text: str, pieces: list[str]) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    for piece in pieces:
        assert piece in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, HoldemEvalError)


def test_non_text_is_rejected() -> None:
    with pytest.raises(RangeSyntaxError, match="must be text"):
        Range(42)  # type: ignore[arg-type]
