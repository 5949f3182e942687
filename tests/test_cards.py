from __future__ import annotations

import numpy as np
import pytest

import holdem_eval as he


def test_parse_card_all_52() -> None:
    for rank_i, r in enumerate("23456789TJQKA"):
        for suit_i, s in enumerate("cdhs"):
            assert he.parse_card(r + s) == 4 * rank_i + suit_i
            assert he.parse_card((r + s).lower()) == 4 * rank_i + suit_i
            assert he.parse_card(r.lower() + s.upper()) == 4 * rank_i + suit_i
    assert he.parse_card("10d") == he.parse_card("Td") == 33
    assert he.parse_card(" As ") == 51


@pytest.mark.parametrize(
    ("text", "msg"),
    [("", "'' is not a card"), ("A", "'A' is not a card"), ("1h", "'1h' is not a card"),
     ("Ax", "'Ax' is not a card"), ("AhK", "'AhK' is not a card"), ("11h", "'11h' is not a card")],
)
def test_parse_card_rejects(text: str, msg: str) -> None:
    with pytest.raises(he.InvalidCardError, match=msg):
        he.parse_card(text)


def test_parse_card_type() -> None:
    with pytest.raises(he.DTypeError, match="a card must be text like 'Ah', got 51"):
        he.parse_card(51)  # type: ignore[arg-type]


def test_parse_cards_forms() -> None:
    want = [50, 45, 33]
    for text in ("AhKdTd", "Ah Kd Td", "ah kd 10d", "Ah,Kd, 10D", "  Ah  Kd Td "):
        assert he.parse_cards(text).tolist() == want
    assert he.parse_cards(["Ah", "Kd", "Td"]).tolist() == want
    assert he.parse_cards(np.array(want, dtype=np.int64)).tolist() == want
    assert he.parse_cards((50, 45, 33)).dtype == np.uint8
    assert he.parse_cards("").tolist() == []


def test_parse_cards_rejects() -> None:
    with pytest.raises(he.DuplicateCardError, match="card 'Ah' appears twice in 'AhKdAh'"):
        he.parse_cards("Ah Kd Ah")
    with pytest.raises(he.InvalidCardError, match="'Zz' at position 3 of 'Ah Zz' is not a card"):
        he.parse_cards("Ah Zz")
    with pytest.raises(he.InvalidCardError, match="card id 52 at position 1 is outside 0..51"):
        he.parse_cards([1, 52])
    with pytest.raises(he.DTypeError, match="card at position 1 must be an integer id 0..51 or text"):
        he.parse_cards([1, 2.0])
    with pytest.raises(he.DTypeError, match="cards must be integer ids or text, got dtype float64"):
        he.parse_cards(np.array([1.0]))


def test_format_cards() -> None:
    assert he.format_cards([50, 45, 33]) == "AhKdTd"
    assert he.format_cards(np.array([0, 51]), sep=" ") == "2c As"
    with pytest.raises(he.InvalidCardError, match="card id 60 at position 0 is outside 0..51"):
        he.format_cards([60])
    with pytest.raises(he.DTypeError, match="card at position 0 must be an integer id, got 'Ah'"):
        he.format_cards(["Ah"])  # type: ignore[list-item]


def test_round_trip() -> None:
    ids = list(range(52))
    assert he.parse_cards(he.format_cards(ids)).tolist() == ids


# ---------------------------------------------------------------- one rule: ASCII letters


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("\u212ah", r"'\u212ah' is not a card \('\u212a' is U\+212A, not ASCII\)"),  # Kelvin sign
        ("A\u017f", r"'A\u017f' is not a card \('\u017f' is U\+017F, not ASCII\)"),  # long s
        ("\uff21h", r"is not a card \('\uff21' is U\+FF21, not ASCII\)"),  # full-width A
        ("\u0661\u0660h", r"is not a card \('\u0661' is U\+0661, not ASCII\)"),  # Arabic-Indic 10
    ],
)
def test_parse_card_refuses_unicode_lookalikes(text: str, msg: str) -> None:
    with pytest.raises(he.InvalidCardError, match=msg):
        he.parse_card(text)


def test_parse_cards_refuses_lookalike_inside_text() -> None:
    with pytest.raises(he.InvalidCardError,
                       match=r"'K\u017f' at position 3 of 'Ah K\u017f' is not a card \('\u017f' is U\+017F"):
        he.parse_cards("Ah K\u017f")
    with pytest.raises(he.InvalidCardError, match="U\\+212A, not ASCII"):
        he.evaluate("Ah \u212ah Qh Jh Th")


def test_bytes_are_ascii_text_not_card_ids() -> None:
    assert he.evaluate(b"AhKhQhJhTh") == 1
    assert he.parse_cards(b"Ah Kd").tolist() == [50, 45]
    assert he.parse_cards(bytearray(b"2c")).tolist() == [0]
    assert he.parse_card(b"As") == 51
    assert he.evaluate_batch(np.array([b"AhKhQhJhTh", b"2c3d4h5s7c"])).tolist() == [1, 7462]
    with pytest.raises(he.InvalidCardError, match=r"cards b'Ah\\xff' is not ASCII card text"):
        he.evaluate(b"Ah\xff")
    with pytest.raises(he.InvalidCardError, match="'ZhK' at position 0 of 'ZhKhQhJhTh' is not a card"):
        he.evaluate(b"ZhKhQhJhTh")


@pytest.mark.parametrize(
    ("cards", "msg"),
    [
        (None, "cards must be text like 'AhKd', or a list, tuple or array of card ids 0..51 or card "
               "texts, got None"),
        (7, "cards must be text like 'AhKd'.* got 7"),
        ({"Ah": 1}, r"cards must be text like 'AhKd'.* got \{'Ah': 1\}"),
        ([50, None, 1, 2, 3], "card at position 1 must be an integer id 0..51 or text like 'Ah', got None"),
        ([50, [1], 1, 2, 3], r"card at position 1 must be an integer id 0..51 or text like 'Ah', got \[1\]"),
        ([50, object(), 1, 2, 3], "card at position 1 must be an integer id 0..51, text like 'Ah' or a "
                                  "card object whose str\\(\\) is such text, got <object"),
    ],
)
def test_evaluate_refuses_non_cards(cards: object, msg: str) -> None:
    with pytest.raises(he.DTypeError, match=msg):
        he.evaluate(cards)  # type: ignore[arg-type]


def test_ids_in_every_container_still_work() -> None:
    ids = [51, 47, 43, 39, 35]
    for form in (ids, tuple(ids), np.array(ids), np.array(ids, dtype=np.uint8), iter(ids)):
        assert he.evaluate(form) == 1  # type: ignore[arg-type]


def test_treys_int_given_as_id_gets_a_hint() -> None:
    with pytest.raises(he.InvalidCardError,
                       match="card id 268446761 at position 0 is outside 0..51; it is a treys card: "
                             "convert with from_treys"):
        he.parse_cards([268446761])
    with pytest.raises(he.InvalidCardError, match=r"card id 99 at position 0 is outside 0..51$"):
        he.parse_cards([99])


@pytest.mark.parametrize(
    "text", ["Ah-Kh-Qh-Jh-Th", "Ah|Kh|Qh|Jh|Th", "Ah, Kh,Qh Jh\tTh", "ah-kh qh\njh-10h", "AhKhQhJhTh"]
)
def test_one_card_grammar_for_parse_cards_evaluate_and_bulk_text(text: str) -> None:
    """Issue 30: 'Ah-Kh-Qh-Jh-Th' was read by bulk text columns and refused by evaluate."""
    import pyarrow as pa

    from holdem_eval.bulk import rank_table

    assert he.parse_cards(text).tolist() == [50, 46, 42, 38, 34]
    assert he.evaluate(text) == 1
    assert rank_table(pa.table({"hand": [text]}))["rank"].to_pylist() == [1]


@pytest.mark.parametrize(("text", "bad", "note"), [("Ah\xa0Kh", "\xa0Kh", " ('\\xa0' is U+00A0, not ASCII)"),
                                                   ("Ah;Kh", ";Kh", ""), ("Ah/Kh", "/Kh", "")])
def test_what_is_not_a_separator_is_refused_by_both(text: str, bad: str, note: str) -> None:
    import pyarrow as pa

    from holdem_eval.bulk import BadRowError, rank_table

    with pytest.raises(he.InvalidCardError) as info:
        he.parse_cards(text)
    assert str(info.value) == (
        f"{bad!r} at position 2 of {text!r} is not a card{note}: expected a rank 2-9, T (or 10), J, Q,"
        " K, A then a suit c, d, h or s, e.g. 'Ah'"
    )
    with pytest.raises(BadRowError, match=r"is not a card or a separator \(space, tab, ',', '\|', '-'\)"):
        rank_table(pa.table({"hand": [text + "QhJhTh"]}))


def test_card_text_pattern_is_the_grammar_parse_cards_reads() -> None:
    """Bulk text columns check CARD_TEXT_PATTERN on the whole column: it must accept exactly
    what parse_cards reads (repeats aside)."""
    import random
    import re

    from holdem_eval.cards import CARD_TEXT_PATTERN

    rng = random.Random(30)
    alphabet = [*"AaKkTt2910hHsScdx ,-|\t\n;", "10", "Ah", "kd", " ", "\xa0"]
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 9)))
        try:
            he.parse_cards(text, allow_duplicates=True)
            reads = True
        except he.InvalidCardError:
            reads = False
        assert (re.fullmatch(CARD_TEXT_PATTERN, text) is not None) == reads, repr(text)


def test_bulk_text_columns_allow_separators_only_between_cards() -> None:
    """The bulk parse drops separators, so it read 'A h' as Ah; parse_cards refuses it."""
    import pyarrow as pa

    from holdem_eval.bulk import BadRowError, rank_table

    with pytest.raises(BadRowError) as info:
        rank_table(pa.table({"hand": ["AhKhQhJhTh", "A h Kh Qh Jh Th"]}))
    assert str(info.value) == (
        "row 1: column 'hand': 'A' at position 0 of 'A h Kh Qh Jh Th' is not a card: expected a"
        " rank 2-9, T (or 10), J, Q, K, A then a suit c, d, h or s, e.g. 'Ah'"
    )
    assert rank_table(pa.table({"hand": ["1-0h Jh Qh Kh Ah"]}).slice(0, 0)).num_rows == 0
    with pytest.raises(BadRowError, match=r"^row 0: column 'hand': '1' at position 0 of '1-0h Jh"):
        rank_table(pa.table({"hand": ["1-0h Jh Qh Kh Ah"]}))
