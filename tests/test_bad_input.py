"""Every rejection path raises the documented class and message, and changes nothing."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem_eval as he

GOOD = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 30, 44], [2, 6, 10, 14, 18, 22, 26]])


@pytest.mark.parametrize(
    ("hands", "cls", "msg"),
    [
        (GOOD.astype(np.float64), he.DTypeError,
         "hands must hold integer card ids 0..51, got dtype float64"),
        (GOOD.astype(bool), he.DTypeError, "got dtype bool"),
        (np.where(GOOD == 30, -1, GOOD), he.InvalidCardError,
         "card id -1 in row 1 of hands is outside 0..51"),
        (np.where(GOOD == 30, 52, GOOD), he.InvalidCardError,
         "card id 52 in row 1 of hands is outside 0..51"),
        (np.where(GOOD == 26, 300, GOOD).astype(np.int64), he.InvalidCardError,
         "card id 300 in row 2 of hands is outside 0..51"),
        (np.where(GOOD == 26, 200, GOOD).astype(np.uint8), he.InvalidCardError,
         "card id 200 in hand 2 is outside 0..51"),
        (np.where(GOOD == 44, 0, GOOD), he.DuplicateCardError, "hand 1 repeats card '2c': '2c3c4c5c6d9h2c'"),
        (GOOD[:, :4], he.ShapeError, r"hands must have shape \(n, 5\|6\|7\), got \(3, 4\)"),
        (np.hstack([GOOD, np.full((3, 1), 48)]), he.ShapeError, r"got \(3, 8\)"),
        (GOOD[0], he.ShapeError, r"got \(7,\)"),
        (GOOD[None], he.ShapeError, r"got \(1, 3, 7\)"),
        (["Ah Kh Qh Jh Th", "Ah Kh Qh Jh"], he.ShapeError, r"same number of cards, got \[4, 5\]"),
        (["Ah Kh Qh Jh Xx"], he.InvalidCardError, "'Xx' at position 12 of 'Ah Kh Qh Jh Xx' is not a card"),
    ],
)
def test_batch_rejects(hands: np.ndarray, cls: type, msg: str) -> None:
    before = np.array(hands, copy=True) if isinstance(hands, np.ndarray) else list(hands)
    with pytest.raises(cls, match=msg):
        he.evaluate_batch(hands)
    if isinstance(hands, np.ndarray):
        assert np.array_equal(hands, before)


def test_int64_300_is_not_narrowed_to_a_valid_card() -> None:
    hands = GOOD.astype(np.int64)
    hands[0, 0] = 300  # 300 as uint8 would be 44, a valid card: must raise, not evaluate
    with pytest.raises(he.InvalidCardError, match="card id 300 in row 0"):
        he.evaluate_batch(hands)
    with pytest.raises(he.InvalidCardError, match="card id 300 at position 0 is outside 0..51"):
        he.evaluate(hands[0].tolist())


@pytest.mark.parametrize(
    ("out", "msg"),
    [
        (np.empty(3, dtype=np.int32), "out must have dtype uint16, got int32"),
        (np.empty(4, dtype=np.uint16), r"out must have shape \(3,\), got \(4,\)"),
        (np.empty((3, 1), dtype=np.uint16), r"out must have shape \(3,\), got \(3, 1\)"),
        (np.empty(6, dtype=np.uint16)[::2], "out must be C-contiguous"),
        ([0, 0, 0], "out must be a numpy array, got list"),
    ],
)
def test_bad_out(out: object, msg: str) -> None:
    with pytest.raises(he.OutArrayError, match=msg):
        he.evaluate_batch(GOOD, out=out)  # type: ignore[arg-type]


def test_read_only_out_is_rejected_and_untouched() -> None:
    out = np.full(3, 9, dtype=np.uint16)
    out.flags.writeable = False
    with pytest.raises(he.OutArrayError, match="out must be writable, got a read-only array"):
        he.evaluate_batch(GOOD, out=out)
    assert out.tolist() == [9, 9, 9]


def test_read_only_input_is_fine_and_unchanged() -> None:
    hands = GOOD.astype(np.uint8)
    hands.flags.writeable = False
    assert he.evaluate_batch(hands).tolist() == [1, 1144, 7]


def test_empty_batches() -> None:
    assert he.evaluate_batch(np.empty((0, 7), dtype=np.int64)).shape == (0,)
    assert he.evaluate_batch(np.empty((0, 2), dtype=np.uint8), board=[0, 1, 2]).shape == (0,)
    assert he.evaluate_omaha_batch(np.empty((0, 4), dtype=np.uint8), [0, 1, 2]).shape == (0,)


def test_board_errors() -> None:
    holes = np.array([[0, 1], [2, 3]])
    with pytest.raises(he.ShapeError, match=r"board must have shape \(3..5,\) or \(2, 3..5\), got \(6,\)"):
        he.evaluate_batch(holes, board=[4, 5, 6, 7, 8, 9])
    with pytest.raises(he.ShapeError, match=r"hole cards of shape \(n, 2\), got \(2, 3\)"):
        he.evaluate_batch(np.array([[0, 1, 9], [2, 3, 10]]), board=[4, 5, 6])
    with pytest.raises(he.DuplicateCardError, match=r"hand 1 repeats card '2h': '2h2s \| 2h3c3d'"):
        he.evaluate_batch(holes, board=[2, 4, 5])
    with pytest.raises(he.DuplicateCardError, match="hand 0 repeats card '3c'"):
        he.evaluate_batch(holes, board=[4, 4, 5])
    with pytest.raises(he.InvalidCardError, match="card id 77 of board is outside 0..51"):
        he.evaluate_batch(holes, board=[4, 77, 5])


def test_omaha_errors() -> None:
    with pytest.raises(he.ShapeError, match=r"holes must have shape \(n, 4\|5\|6\), got \(1, 3\)"):
        he.evaluate_omaha_batch([[0, 1, 2]], [4, 5, 6])
    with pytest.raises(he.ShapeError, match=r"boards must have shape \(3..5,\) or \(1, 3..5\), got \(2,\)"):
        he.evaluate_omaha_batch([[0, 1, 2, 3]], [4, 5])
    with pytest.raises(he.DuplicateCardError, match=r"^hand repeats card '2c': '2c3c4c5c' \| '2c9dTd'$"):
        he.evaluate_omaha("2c 3c 4c 5c", "2c 9d Td")
    with pytest.raises(he.ShapeError, match="^an Omaha hole is 4, 5 or 6 cards, got 2: 'AhKh'$"):
        he.evaluate_omaha("Ah Kh", "2c 9d Td")
    with pytest.raises(he.ShapeError, match="^a board is 3, 4 or 5 cards, got 6: "):
        he.evaluate_omaha("Ah Kh Qh Jh", [0, 1, 2, 3, 4, 5])


def test_scalar_errors() -> None:
    with pytest.raises(he.DuplicateCardError, match="hand repeats card 'Ah': 'AhKdAh7c2s3d4h'"):
        he.evaluate("AhKdAh7c2s3d4h")
    with pytest.raises(he.ShapeError, match="a hand has 5, 6 or 7 cards, got 4: 'AhKd7c2s'"):
        he.evaluate("Ah Kd 7c 2s")
    with pytest.raises(he.DTypeError, match="card at position 2 must be an integer id 0..51 or text"):
        he.evaluate([1, 2, 3.0, 4, 5])
    with pytest.raises(he.DTypeError, match="card at position 0 must be an integer id"):
        he.evaluate([True, 2, 3, 4, 5])
    with pytest.raises(he.InvalidCardError, match="card id -3 at position 4 is outside 0..51"):
        he.evaluate([1, 2, 3, 4, -3])
    with pytest.raises(he.InvalidCardError, match="card id 52 at position 6 is outside 0..51"):
        he.evaluate((1, 2, 3, 4, 5, 6, 52))


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2", 257, 100_000])
def test_bad_threads(threads: object) -> None:
    from holdem_eval._limits import CountArgumentError

    msg = f"threads must be an int from 1 to 256, got {threads!r}"
    for call in (lambda: he.evaluate_batch(GOOD, threads=threads),  # type: ignore[arg-type]
                 lambda: he.evaluate_omaha_batch([[50, 46, 0, 1]], [42, 38, 34, 3, 7],
                                                 threads=threads)):  # type: ignore[arg-type]
        with pytest.raises(CountArgumentError, match=re.escape(msg)):
            call()


def test_errors_are_builtin_subclasses() -> None:
    assert issubclass(he.InvalidCardError, ValueError)
    assert issubclass(he.DuplicateCardError, ValueError)
    assert issubclass(he.ShapeError, ValueError)
    assert issubclass(he.OutArrayError, ValueError)
    assert issubclass(he.DTypeError, TypeError)
    for cls in (he.InvalidCardError, he.DuplicateCardError, he.ShapeError, he.DTypeError, he.OutArrayError):
        assert issubclass(cls, he.HoldemEvalError)


def test_caller_arrays_unchanged_on_success() -> None:
    hands = GOOD.astype(np.int32)[:, ::-1]  # non-contiguous view, other dtype
    board = np.array([48, 49, 50], dtype=np.int64)
    holes = np.array([[0, 1], [2, 3]], dtype=np.int16)
    snapshots = [a.copy() for a in (hands, board, holes)]
    he.evaluate_batch(hands)
    he.evaluate_batch(holes, board=board)
    he.evaluate_omaha_batch(np.array([[4, 5, 6, 7]]), board)
    for a, s in zip((hands, board, holes), snapshots):
        assert np.array_equal(a, s) and a.dtype == s.dtype


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_first_bad_row_is_reported(data: st.DataObject) -> None:
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    k = data.draw(st.integers(5, 7))
    n = data.draw(st.integers(1, 40))
    narrow = data.draw(st.booleans())  # uint8 input goes straight to the C checks
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8 if narrow else np.int64)
    bad_rows = sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=3)))
    kinds = {}
    for r in bad_rows:
        kind = data.draw(st.sampled_from(["dup", "high"] if narrow else ["dup", "high", "neg"]))
        kinds[r] = kind
        col = data.draw(st.integers(1, k - 1))
        hands[r, col] = hands[r, 0] if kind == "dup" else (52 + 30 * col if kind == "high" else -col)
    before = hands.copy()
    if narrow:
        first = bad_rows[0]  # the C pass stops at the first bad row of either kind
        if kinds[first] == "dup":
            with pytest.raises(he.DuplicateCardError, match=f"^hand {first} repeats card"):
                he.evaluate_batch(hands)
        else:
            with pytest.raises(he.InvalidCardError, match=f"in hand {first} is outside 0..51"):
                he.evaluate_batch(hands)
    elif any(kinds[r] != "dup" for r in bad_rows):
        # wider dtypes are range-checked before narrowing, over the whole array
        r = min(r for r in bad_rows if kinds[r] != "dup")
        with pytest.raises(he.InvalidCardError, match=f"in row {r} of hands is outside 0..51"):
            he.evaluate_batch(hands)
    else:
        with pytest.raises(he.DuplicateCardError, match=f"^hand {bad_rows[0]} repeats card"):
            he.evaluate_batch(hands)
    assert np.array_equal(hands, before)


def test_a_byte_that_was_not_utf8_is_named_as_a_byte(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: a command-line argument with the byte 0xff said "'\\udcff' is U+DCFF"."""
    from holdem_eval.cli import main

    text = b"AhKh\xffQh".decode("utf-8", "surrogateescape")  # how Python reads argv
    expected = (
        "'\\udcffQh' at position 4 of 'AhKh\\udcffQh' is not a card ('\\udcff' is the byte 0xff, not "
        "ASCII text): expected a rank 2-9, T (or 10), J, Q, K, A then a suit c, d, h or s, e.g. 'Ah'"
    )
    with pytest.raises(he.InvalidCardError) as info:
        he.parse_cards(text)
    assert str(info.value) == expected
    assert main(["eval", text]) == 1
    assert capsys.readouterr().err == f"holdem-eval eval: error: {expected}\n"


@pytest.mark.parametrize(
    ("call", "cls", "message"),
    [
        (lambda: he.evaluate_batch([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10]]), he.ShapeError,
         "the rows of hands must all have the same number of cards: row 0 has 5, row 1 has 6"),
        (lambda: he.evaluate_batch([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [5, 6, 7, 8]]), he.ShapeError,
         "the rows of hands must all have the same number of cards: row 0 has 5, row 2 has 4"),
        (lambda: he.evaluate_batch([[0, 1], [5, 6]], board=[[10, 11, 12], [13, 14, 15, 16]]),
         he.ShapeError, "the rows of board must all have the same number of cards: row 0 has 3, row 1 has 4"),
        (lambda: he.evaluate_omaha_batch([[0, 1, 2, 3], [4, 5, 6]], [10, 11, 12]), he.ShapeError,
         "the rows of holes must all have the same number of cards: row 0 has 4, row 1 has 3"),
        (lambda: he.evaluate_batch([[0, 1]], board=[]), he.ShapeError,
         "board must have shape (3..5,) or (1, 3..5), got (0,)"),
        (lambda: he.evaluate_batch([]), he.ShapeError, "hands must have shape (n, 5|6|7), got (0,)"),
        (lambda: he.format_cards([1, 2], sep=5), he.DTypeError, "sep must be text such as ' ', got 5"),
    ],
)
def test_raw_python_errors_are_clear_errors(call, cls, message) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 item 10: numpy's "inhomogeneous shape", "got dtype float64" for board=[],
    an AttributeError for format_cards(sep=5)."""
    with pytest.raises(cls) as info:
        call()
    assert str(info.value) == message


def test_an_empty_board_with_whole_hands_is_no_board() -> None:
    hands = [[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17]]
    for hand in hands:
        assert he.evaluate_batch([hand], board=[]).tolist() == he.evaluate_batch([hand]).tolist()
    assert he.evaluate_batch(np.zeros((0, 5), np.uint8), board=[]).tolist() == []
