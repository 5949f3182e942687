"""holdem_eval.bulk / ``holdem-eval rank``: ranking Parquet and CSV hand files."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from helpers import random_hands

import holdem_eval as he
from holdem_eval._limits import CountArgumentError
from holdem_eval.bulk import (
    BadRowError,
    BulkArgumentError,
    HandColumns,
    MissingDependencyError,
    rank_file,
    rank_table,
    require,
)
from holdem_eval.cli import main

CARDS7 = tuple(f"c{i}" for i in range(7))


def _text(hand: np.ndarray, style: int) -> str:
    """Hand text in one of several spellings a file might use."""
    cards = [he.format_cards([c]) for c in hand.tolist()]
    if style == 1:
        cards = [c.lower() for c in cards]
    if style == 2:
        cards = [c.replace("T", "10") for c in cards]
    sep = ("", " ", " ", ",")[style % 4] if style != 3 else " "
    if style == 3 and len(cards) == 7:  # hole | board
        return f"{''.join(cards[:2])} | {' '.join(cards[2:])}"
    return sep.join(cards)


def _write_ids(path: Path, hands: np.ndarray, dtype: pa.DataType, *, row_group: int) -> None:
    cols = {"hand_id": pa.array(np.arange(len(hands), dtype=np.int64) * 10)}
    for j in range(hands.shape[1]):
        cols[f"c{j}"] = pa.array(hands[:, j].astype(dtype.to_pandas_dtype()), type=dtype)
    pq.write_table(pa.table(cols), path, row_group_size=row_group)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("dtype", [pa.uint8(), pa.int64()])
def test_parquet_id_columns_round_trip(tmp_path, rng, k, dtype):
    hands = random_hands(rng, 30_000, k)
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    _write_ids(src, hands, dtype, row_group=7_000)
    summary = rank_file(src, out, chunk_rows=8_192, threads=2, describe=True)
    got = pq.read_table(out)
    assert got.column_names == ["hand_id", "rank", "category", "description"]
    ranks = he.evaluate_batch(hands)
    assert np.array_equal(got["rank"].to_numpy(), ranks)
    assert np.array_equal(got["category"].to_numpy(), he.hand_categories(ranks))
    assert np.array_equal(got["hand_id"].to_numpy(), np.arange(30_000) * 10)
    desc = got["description"].to_pylist()
    for i in range(0, 30_000, 997):
        assert desc[i] == he.describe(int(ranks[i]))
    assert (summary.rows_read, summary.rows_ranked, summary.rows_rejected) == (30_000, 30_000, 0)
    assert summary.reject_path is None


def test_csv_text_column_round_trip(tmp_path, rng):
    hands = random_hands(rng, 5_000, 7)
    texts = [_text(h, i % 4) for i, h in enumerate(hands)]
    src = tmp_path / "hands.csv"
    pacsv.write_csv(pa.table({"id": np.arange(5_000), "hand": texts}), src)
    out = tmp_path / "ranks.parquet"
    rank_file(src, out, chunk_rows=1_000)  # columns guessed: 'hand' is the text column
    got = pq.read_table(out)
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))
    assert got["id"].to_pylist() == [str(i) for i in range(5_000)]  # CSV keys stay as read


def test_mixed_hand_sizes_in_one_text_column(tmp_path, rng):
    rows = [random_hands(rng, 1, k)[0] for k in (5, 6, 7) * 400]
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(pa.table({"cards": [_text(h, 1) for h in rows]}), src)
    rank_file(src, out, chunk_rows=500)
    expected = [he.evaluate(h.tolist()) for h in rows]
    assert pq.read_table(out)["rank"].to_pylist() == expected


def test_hole_and_board_text_columns(tmp_path, rng):
    hands = random_hands(rng, 3_000, 7)
    nb = rng.integers(3, 6, 3_000)
    hole = [he.format_cards(h[:2]) for h in hands]
    board = [he.format_cards(h[2 : 2 + n], sep=" ") for h, n in zip(hands, nb)]
    src, out = tmp_path / "hands.csv", tmp_path / "ranks.parquet"
    pacsv.write_csv(pa.table({"hole": hole, "board": board}), src)
    rank_file(src, out, chunk_rows=1_024)
    expected = [he.evaluate(h[: 2 + n].tolist()) for h, n in zip(hands, nb)]
    assert pq.read_table(out)["rank"].to_pylist() == expected


def test_hole_and_board_id_columns_with_undealt_cards(tmp_path, rng):
    hands = random_hands(rng, 4_000, 7)
    nb = rng.integers(3, 6, 4_000)
    cols = {"hole1": hands[:, 0], "hole2": hands[:, 1]}
    for j in range(5):
        dealt = nb > j
        cols[f"board{j + 1}"] = pa.array(hands[:, 2 + j].astype(np.int16), mask=~dealt)
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(pa.table(cols), src)
    rank_file(src, out, chunk_rows=1_500, keys=[])
    expected = [he.evaluate(h[: 2 + n].tolist()) for h, n in zip(hands, nb)]
    got = pq.read_table(out)
    assert got.column_names == ["rank", "category"]
    assert got["rank"].to_pylist() == expected


def test_card_text_columns(tmp_path, rng):
    hands = random_hands(rng, 2_000, 5)
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.csv"
    cols = {f"card{j + 1}": [he.format_cards([c]) for c in hands[:, j]] for j in range(5)}
    pq.write_table(pa.table(cols), src)
    rank_file(src, out, row_numbers=True)  # CSV output
    got = pacsv.read_csv(out)
    assert got.column_names == ["row", "rank", "category"]
    assert got["rank"].to_pylist() == he.evaluate_batch(hands).tolist()
    assert got["row"].to_pylist() == list(range(2_000))


def test_rank_table_in_memory(rng):
    hands = random_hands(rng, 1_000, 7)
    table = pa.table({f"c{j}": hands[:, j] for j in range(7)} | {"who": ["x"] * 1_000})
    got = rank_table(table, threads=2)
    assert got.column_names == ["who", "rank", "category"]
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))


# ------------------------------------------------------------------------ bad rows


def _bad_file(tmp_path: Path, rng: np.random.Generator) -> tuple[Path, np.ndarray, dict[int, str]]:
    """A text file with a few bad rows; returns it, the hands and row -> expected error."""
    hands = random_hands(rng, 6_000, 7)
    texts = [_text(h, 0) for h in hands]
    bad = {
        17: ("AhKhQhJhTh9hXx", "'Xx' at position 12"),
        2_500: ("AhKh Ah 7c 2s 3d 4d", "repeats card 'Ah'"),
        2_501: ("AhKhQd7c", "a hand has 5, 6 or 7 cards, got 4"),
        4_099: ("AhKhQd7c2s3d4d5d", "holds 8 cards, expected at most 7"),
        5_999: ("AhKhQd7c2s3", "'3' at position"),
    }
    for row, (text, _) in bad.items():
        texts[row] = text
    src = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"id": np.arange(6_000), "hand": texts}), src)
    return src, hands, {r: why for r, (_, why) in bad.items()}


def test_bad_row_stops_with_its_number_and_leaves_no_output(tmp_path, rng):
    src, _, _ = _bad_file(tmp_path, rng)
    out = tmp_path / "ranks.parquet"
    with pytest.raises(BadRowError, match=r"^row 17: column 'hand': 'Xx' at position 12") as info:
        rank_file(src, out, chunk_rows=2_048)
    assert info.value.row == 17
    assert "--skip-invalid" in str(info.value)
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [src]


def test_skip_invalid_writes_every_bad_row_to_the_reject_file(tmp_path, rng):
    src, hands, bad = _bad_file(tmp_path, rng)
    out, rej = tmp_path / "ranks.parquet", tmp_path / "bad.parquet"
    summary = rank_file(src, out, chunk_rows=2_048, skip_invalid=True, reject_path=rej, row_numbers=True)
    assert (summary.rows_read, summary.rows_ranked, summary.rows_rejected) == (6_000, 5_995, 5)
    rejects = pq.read_table(rej)
    assert rejects.column_names == ["id", "hand", "row", "error"]
    assert rejects["row"].to_pylist() == sorted(bad)
    assert rejects["id"].to_pylist() == sorted(bad)
    for row, error in zip(rejects["row"].to_pylist(), rejects["error"].to_pylist()):
        assert bad[row] in error
    got = pq.read_table(out)
    good = np.setdiff1d(np.arange(6_000), sorted(bad))
    assert got["row"].to_pylist() == good.tolist()
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands[good]))


def test_bad_card_ids_are_reported_per_row(tmp_path, rng):
    hands = random_hands(rng, 3_000, 7).astype(np.int64)
    hands[5, 3] = 52
    hands[1_000, 0] = -1
    hands[2_000, 6] = hands[2_000, 1]  # a duplicate: the fast kernel path falls back
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(pa.table({f"c{j}": hands[:, j] for j in range(7)}), src)
    with pytest.raises(BadRowError, match=r"^row 5: card id 52 in column 'c3' is outside 0\.\.51"):
        rank_file(src, out, chunk_rows=1_000)
    summary = rank_file(src, out, chunk_rows=1_000, skip_invalid=True)
    rejects = pq.read_table(summary.reject_path)
    assert summary.reject_path == tmp_path / "ranks.parquet.rejects.parquet"
    assert rejects["row"].to_pylist() == [5, 1_000, 2_000]
    errors = rejects["error"].to_pylist()
    assert errors[0] == "card id 52 in column 'c3' is outside 0..51"
    assert errors[1] == "card id -1 in column 'c0' is outside 0..51"
    assert errors[2].startswith("repeats card ")
    assert rejects["c3"].to_pylist()[0] == 52  # the row is kept as it was
    assert pq.read_table(out).num_rows == 2_997


def test_uint8_ids_above_51_fall_back_to_the_general_path(tmp_path, rng):
    hands = random_hands(rng, 500, 5)
    hands[499, 4] = 200
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(pa.table({f"c{j}": hands[:, j] for j in range(5)}), src)
    with pytest.raises(BadRowError, match=r"^row 499: card id 200 in column 'c4'"):
        rank_file(src, out, columns=HandColumns(cards=CARDS7[:5]))


def test_hole_and_board_counts_are_checked(tmp_path):
    src, out = tmp_path / "h.csv", tmp_path / "o.parquet"
    pacsv.write_csv(
        pa.table({"hole": ["AhKh", "AhKhQh", "AhKh"], "board": ["2c3c4c", "2c3c4c", "2c3c"]}), src
    )
    summary = rank_file(src, out, skip_invalid=True)
    rejects = pq.read_table(summary.reject_path)
    assert rejects["row"].to_pylist() == [1, 2]
    assert rejects["error"].to_pylist() == [
        "hole cards must be 2 cards, got 3",
        "the board must be 3 to 5 cards, got 2",
    ]


def test_empty_text_and_empty_file(tmp_path):
    src, out = tmp_path / "h.parquet", tmp_path / "o.parquet"
    pq.write_table(pa.table({"hand": pa.array([None, ""], type=pa.string())}), src)
    summary = rank_file(src, out, skip_invalid=True)
    assert pq.read_table(summary.reject_path)["error"].to_pylist() == [
        "column 'hand' is empty",
        "column 'hand' holds no cards: ''",
    ]
    pq.write_table(pa.table({"hand": pa.array([], type=pa.string())}), src)
    summary = rank_file(src, out)
    assert summary.rows_read == 0
    assert pq.read_table(out).column_names == ["rank", "category"]


# ------------------------------------------------------------------------ columns


def test_unknown_columns_are_a_clear_error(tmp_path):
    src, out = tmp_path / "h.parquet", tmp_path / "o.parquet"
    pq.write_table(pa.table({"x": [1], "y": [2]}), src)
    with pytest.raises(
        he.ShapeError,
        match=r"cannot tell which columns hold the cards; columns "
        r"are \['x', 'y'\]",
    ):
        rank_file(src, out)
    with pytest.raises(he.ShapeError, match=r"no column 'hand' in the input"):
        rank_file(src, out, columns=HandColumns(text="hand"))
    with pytest.raises(he.ShapeError, match=r"no key column 'z'"):
        rank_file(src, out, columns=HandColumns(text="x"), keys=["z"])


def test_key_column_clashing_with_an_output_column(tmp_path):
    src, out = tmp_path / "h.parquet", tmp_path / "o.parquet"
    pq.write_table(pa.table({"hand": ["AhKhQhJhTh"], "rank": [1]}), src)
    with pytest.raises(he.ShapeError, match=r"key column 'rank' clashes"):
        rank_file(src, out)
    rank_file(src, out, keys=[])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "give the card columns one way"),
        ({"text": "a", "cards": ("b",)}, "give the card columns one way"),
        ({"hole": ("a", "b")}, "hole and board go together"),
        ({"cards": tuple("abcdefgh")}, r"^cards takes 5 to 7 columns \(one card each\), got 8: \('a', "),
        ({"cards": tuple("abcd")}, r"^cards takes 5 to 7 columns \(one card each\), got 4"),
        ({"hole": ("a", "b", "c"), "board": ("d",)}, "hole takes 1 text column or 2"),
        ({"cards": ("a", "a", "b", "c", "d")}, r"^column 'a' is named twice in \('a', 'a', 'b', "),
    ],
)
def test_hand_columns_validation(kwargs, message):
    with pytest.raises(BulkArgumentError, match=message):
        HandColumns(**kwargs)


def test_chunk_rows_must_be_positive(tmp_path):
    for bad in (0, -1, 2**31, True, 1.5):
        with pytest.raises(
            CountArgumentError, match=rf"^chunk_rows must be an int from 1 to 2147483647, got {bad!r}$"
        ):
            rank_file(tmp_path / "x.parquet", tmp_path / "o.parquet", chunk_rows=bad)


def test_missing_optional_dependency_names_the_extra(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)  # makes the import fail
    with pytest.raises(MissingDependencyError, match=r"pip install 'holdem-eval\[io\]'"):
        require("pyarrow.parquet", "io")
    src = tmp_path / "h.parquet"
    src.write_bytes(b"PAR1")
    with pytest.raises(
        MissingDependencyError,
        match=r"^pyarrow.parquet is needed for this and "
        r"is not installed: pip install",
    ):
        rank_file(src, tmp_path / "o.parquet")


# ------------------------------------------------------------------------ CLI


def test_cli_rank(tmp_path, rng, capsys):
    hands = random_hands(rng, 3_000, 7)
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    _write_ids(src, hands, pa.uint8(), row_group=1_000)
    assert (
        main(
            [
                "rank",
                str(src),
                str(out),
                "--cards",
                ",".join(CARDS7),
                "--describe",
                "--chunk-rows",
                "1000",
                "--threads",
                "2",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "ranked 3,000 of 3,000 hands" in err
    got = pq.read_table(out)
    assert got.column_names == ["hand_id", "rank", "category", "description"]
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))


def test_cli_rank_bad_row_and_skip_invalid(tmp_path, rng, capsys):
    src, _, bad = _bad_file(tmp_path, rng)
    out = tmp_path / "ranks.parquet"
    assert main(["rank", str(src), str(out), "--no-progress"]) == 1
    assert "holdem-eval rank: error: row 17: column 'hand'" in capsys.readouterr().err
    assert (
        main(
            [
                "rank",
                str(src),
                str(out),
                "--no-progress",
                "--skip-invalid",
                "--rejects",
                str(tmp_path / "rej.csv"),
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert f"{len(bad)} bad rows -> {tmp_path / 'rej.csv'}" in err
    assert pacsv.read_csv(tmp_path / "rej.csv")["row"].to_pylist() == sorted(bad)


def test_cli_rank_missing_input(tmp_path, capsys):
    assert main(["rank", str(tmp_path / "nope.parquet"), str(tmp_path / "o.parquet")]) == 1
    assert "no such input file" in capsys.readouterr().err


# ------------------------------------------------------------------------ memory

_MEMORY_PROBE = textwrap.dedent(
    """
    import sys, tracemalloc
    import numpy as np, pyarrow as pa, pyarrow.parquet as pq
    from holdem_eval.bulk import rank_file

    n, path = int(sys.argv[1]), sys.argv[2]
    rng = np.random.default_rng(1)
    with pq.ParquetWriter(path, pa.schema([(f"c{j}", pa.uint8()) for j in range(7)])) as w:
        for _ in range(n // 100_000):
            cards = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7].astype(np.uint8)
            w.write_table(pa.table({f"c{j}": cards[:, j] for j in range(7)}),
                          row_group_size=50_000)
    pool = pa.default_memory_pool()
    base = pool.max_memory()
    tracemalloc.start()
    rank_file(path, path + ".out.parquet", chunk_rows=50_000, threads=2, describe=True)
    numpy_peak = tracemalloc.get_traced_memory()[1]
    print(numpy_peak + pool.max_memory() - base)
    """
)


@pytest.mark.slow
def test_memory_stays_flat_for_a_file_of_many_chunks(tmp_path):
    """Peak memory (numpy arrays + pyarrow's pool) while ranking 0.2 M and 2 M hands in
    50,000-row chunks: ten times the rows may not need more than a little more memory,
    and less than half the decoded size of the whole (2 M hands * (7 + 2 + 1 + 2) bytes)."""

    def peak(n: int) -> int:
        out = subprocess.run(
            [sys.executable, "-c", _MEMORY_PROBE, str(n), str(tmp_path / f"h{n}.parquet")],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        return int(out.stdout.split()[-1])

    small, large = peak(200_000), peak(2_000_000)
    assert large < small * 1.5 + (1 << 20), (small, large)
    assert large < 2_000_000 * 12 / 2, (small, large)


# ------------------------------------------------------------------------ progress


def test_progress_line_without_tqdm(monkeypatch):
    import io

    from holdem_eval._progress import progress_bar

    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if tqdm were not installed
    stream = io.StringIO()
    with progress_bar(3_000_000, unit="hands", desc="rank", stream=stream) as tick:
        tick(1_000_000)
        tick(2_000_000)
    text = stream.getvalue()
    assert text.startswith("\rrank: ") and text.endswith("\n")
    assert "3,000,000 / 3,000,000 hands" in text and "hands/s" in text


def test_progress_bar_with_tqdm():
    import io

    from holdem_eval._progress import progress_bar

    stream = io.StringIO()
    with progress_bar(10, unit="pairs", desc="matrix", stream=stream) as tick:
        tick(10)
    assert "matrix: 100%" in stream.getvalue() and "10/10" in stream.getvalue()
    with progress_bar(10, unit="pairs", desc="x", enabled=False, stream=stream) as tick:
        tick(10)


def test_csv_bad_rows_keep_their_numbers_across_chunks(tmp_path, rng):
    src, hands, bad = _bad_file(tmp_path, rng)
    csv_src = tmp_path / "hands.csv"
    pacsv.write_csv(pq.read_table(src), csv_src)
    out = tmp_path / "ranks.parquet"
    summary = rank_file(csv_src, out, chunk_rows=700, skip_invalid=True, row_numbers=True)
    rejects = pq.read_table(summary.reject_path)
    assert rejects["row"].to_pylist() == sorted(bad)
    assert rejects["id"].to_pylist() == [str(r) for r in sorted(bad)]
    got = pq.read_table(out)
    good = np.setdiff1d(np.arange(6_000), sorted(bad))
    assert got["row"].to_pylist() == good.tolist()
    assert got["id"].to_pylist() == [str(r) for r in good.tolist()]
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands[good]))
