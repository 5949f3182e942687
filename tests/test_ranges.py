"""Range grammar: counts, spans, weights, and one test per rejection path."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_eval import (
    DTypeError,
    HoldemEvalError,
    InvalidCardError,
    Range,
    RangeSyntaxError,
    ShapeError,
    parse_card,
)
from holdem_eval.cards import card_text


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
        ("AKs-Q9s", ["'AKs-Q9s'", "same gap"]),
        ("AKs-A2o", ["'AKs-A2o'", "same suffix"]),
        ("22+-55", ["'22+-55'"]),
        ("AhAh", ["'AhAh'", "same card twice"]),
        ("AKs:2", ["bad weight '2'", "'AKs:2'"]),
        ("AKs:0", ["bad weight '0'"]),
        ("AKs:x", ["bad weight 'x'"]),
        ("1Ks", ["'1Ks'"]),
        ("", ["empty range"]),
        ("  ,  ", ["empty range"]),
        # the Equilab / PokerStove grammar's
        ("AK\u017f", ["'AK\u017f'", "position 0", "U+017F, not ASCII"]),  # long s: not AKs
        ("QQ, \u212aK", ["'\u212aK'", "position 4", "U+212A, not ASCII"]),  # Kelvin sign
        ("\uff21\uff21", ["U+FF21, not ASCII"]),
        ("AxAx", ["'AxAx'", "same card twice"]),
        ("AsAs", ["'AsAs'", "same card twice"]),
        ("AxKq", ["'AxKq'", "position 0"]),
        ("T9s-64s", ["'T9s-64s'", "the same gap"]),
        ("AA-KQs", ["'AA-KQs'", "two pairs or two non-pairs"]),
        ("T9s-65o", ["'T9s-65o'", "same suffix"]),
        ("0%", ["'0%'", "a top percentage is in (0, 100], got 0%"]),
        ("101%", ["'101%'", "got 101%"]),
        ("5%-5%", ["'5%-5%'", "holds no hand class"]),
        ("5%-AA", ["'5%-AA'"]),
        ("%", ["'%'"]),
        ("15%+", ["'15%+'"]),
        ("KK:nan", ["bad weight 'nan'"]),
        ("KK:inf", ["bad weight 'inf'"]),
        ("KK:-0.5", ["bad weight '-0.5'"]),
        ("KK:1e-400", ["bad weight '1e-400'"]),  # underflows to 0
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


# ---------------------------------------------------------------- Equilab / PokerStove grammar


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("T9s-65s", "T9s, 98s, 87s, 76s, 65s"),
        ("65s-T9s", "T9s, 98s, 87s, 76s, 65s"),
        ("J9s-64s", "J9s, T8s, 97s, 86s, 75s, 64s"),
        ("QTo-86o", "QTo, J9o, T8o, 97o, 86o"),
        ("54-32", "54, 43, 32"),
        ("KQo-K9o", "KQo, KJo, KTo, K9o"),
        ("AxKx", "AKs"),
        ("AxKy", "AKo"),
        ("AxAy", "AA"),
        ("AsKx", "AsKs, AsKh, AsKd, AsKc"),
        ("KxAs", "AsKs, AsKh, AsKd, AsKc"),
        ("AsAx", "AsAh, AsAd, AsAc"),
        ("AhKh", "AhKh"),
    ],
)
def test_spans_and_suit_forms(text: str, same_as: str) -> None:
    assert Range(text) == Range(same_as)


def test_top_percentages_follow_the_committed_order() -> None:
    from holdem_eval._preflop_order import PREFLOP_ORDER
    from holdem_eval.ranges import top_percent_classes

    names = [n for n, _ in PREFLOP_ORDER]
    assert len(names) == 169 and len(set(names)) == 169
    assert names[:4] == ["AA", "KK", "QQ", "JJ"] and names[-1] == "32o"
    eqs = [e for _, e in PREFLOP_ORDER]
    assert eqs == sorted(eqs, reverse=True)
    assert Range("100%").is_random
    for p in (0.1, 1, 5, 15, 33.3, 50, 99):
        classes = top_percent_classes(p)
        assert classes == names[: len(classes)]
        combos = len(Range(", ".join(classes)))
        assert len(Range(f"{p}%")) == combos
        # nearest prefix: one class more or fewer is not closer to the target
        target = p / 100 * 1326
        fewer = len(Range(", ".join(classes[:-1]))) if len(classes) > 1 else None
        more = len(Range(", ".join(names[: len(classes) + 1])))
        assert fewer is None or abs(combos - target) < abs(fewer - target)
        assert abs(combos - target) <= abs(more - target)
    assert Range("5%-15%") == Range(", ".join(top_percent_classes(15)[len(top_percent_classes(5)):]))
    assert Range("15%-5%") == Range("5%-15%")
    assert Range("15%:0.5").is_weighted


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("AKs, AQs, AJs, KK, QQ, JJ, 76s, 65s, 54s", "KK-JJ, AJs+, 76s-54s"),
        ("22+", "22+"),
        ("AA", "AA"),
        ("AA, KK", "KK+"),
        ("random", "random"),
        ("AKs, AKo", "AK"),
        ("A2s+", "A2s+"),
        ("A5s-A2s", "A5s-A2s"),
        ("J9s-64s", "J9s-64s"),
        ("AhKh:0.5, QQ", "QQ, AhKh:0.5"),
        ("KK:0.25, AA:0.25", "KK+:0.25"),
    ],
)
def test_to_text_short_forms(text: str, printed: str) -> None:
    assert Range(text).to_text() == printed
    assert Range(printed) == Range(text)


_ALL_COMBOS = [(a, b) for a in range(52) for b in range(a)]
_CLASS_TOKENS = [*(r + r for r in "23456789TJQKA"),
                 *(f"{h}{lo}{k}" for i, h in enumerate("23456789TJQKA") for lo in "23456789TJQKA"[:i]
                   for k in ("s", "o", ""))]
_WEIGHTS = st.sampled_from([1.0, 1.0, 0.5, 0.25, 1e-300, 0.1, 0.3333333333333333])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_ALL_COMBOS), _WEIGHTS), min_size=1, max_size=60),
       st.lists(st.tuples(st.sampled_from(_CLASS_TOKENS), _WEIGHTS), max_size=12))
def test_to_text_round_trips(combos: list[tuple[tuple[int, int], float]],
                             classes: list[tuple[str, float]]) -> None:
    parts = [f"{t}:{w!r}" for t, w in classes]
    parts += [f"{card_text(a)}{card_text(b)}:{w!r}" for (a, b), w in combos]
    r = Range(", ".join(parts))
    text = r.to_text()
    assert Range(text) == r
    assert Range(text).to_text() == text


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_CLASS_TOKENS), min_size=1, max_size=40))
def test_to_text_of_whole_classes_has_no_single_combos(tokens: list[str]) -> None:
    text = Range(", ".join(tokens)).to_text()
    assert Range(text) == Range(", ".join(tokens))
    assert not any(len(t) == 4 and t[1] in "cdhs" for t in text.split(", "))


def test_contains_takes_every_form_of_two_cards_in_either_order() -> None:
    """Issue 30: "AhKh" in Range("AK") and ("Ah", "Kh") in Range("AK") were False."""
    import numpy as np

    r = Range("AK")
    ah, kh = parse_card("Ah"), parse_card("Kh")
    for combo in (
        "AhKh", "KhAh", "Ah Kh", "ah,kh", b"AhKh", ("Ah", "Kh"), ("Kh", "Ah"), ["Ah", "Kh"],
        (ah, kh), (kh, ah), (np.int64(ah), np.uint8(kh)), np.array([kh, ah]),
    ):
        assert combo in r, combo
    assert "AhKd" in r
    for combo in (("Ah", "Qh"), (ah, ah), "AhAh", "2c2d"):
        assert combo not in r, combo
    assert "AhKd" not in Range("AKs") and "AhKd" in Range("AKo")


def test_contains_refuses_what_is_not_two_cards() -> None:
    r = Range("AK")
    with pytest.raises(ShapeError, match=r"^a combo is 2 cards, got 3: 'AhKhQh'$"):
        "AhKhQh" in r  # noqa: B015
    with pytest.raises(InvalidCardError, match=r"^'Kx' at position 2 of 'AhKx' is not a card"):
        "AhKx" in r  # noqa: B015
    with pytest.raises(InvalidCardError, match=r"^card id 52 at position 1 is outside 0\.\.51$"):
        (1, 52) in r  # noqa: B015
    with pytest.raises(DTypeError, match=r"^cards must be text like 'AhKd', or a list"):
        5 in r  # noqa: B015
