"""Bulk jobs never lose data and never crash on bad input (issue 10): paths, CSV cells and
lines, empty cells, column names and counts."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from helpers import random_hands

import holdem_eval as he
from holdem_eval.bulk import BadRowError, BulkArgumentError, InputFileError, OutputPathError, rank_file
from holdem_eval.cli import main

CARDS7 = tuple(f"c{i}" for i in range(7))


def _hands_file(path: Path, rng: np.random.Generator, n: int = 200) -> np.ndarray:
    hands = random_hands(rng, n, 7)
    pq.write_table(pa.table({"id": np.arange(n)} | {c: hands[:, j] for j, c in enumerate(CARDS7)}), path)
    return hands


# ------------------------------------------------------------------------ paths


def test_output_that_is_the_input_is_refused_before_anything_is_written(tmp_path, rng):
    src = tmp_path / "h.parquet"
    _hands_file(src, rng)
    before = src.read_bytes()
    link = tmp_path / "link.parquet"
    link.symlink_to(src)
    hard = tmp_path / "hard.parquet"
    os.link(src, hard)
    for out in (src, link, hard, tmp_path / "." / "h.parquet"):
        with pytest.raises(
            OutputPathError, match=r"^output '.*' is the same file as the input '.*h\.parquet'"
        ):
            rank_file(src, out)
    with pytest.raises(OutputPathError, match=r"^reject file '.*h\.parquet' is the same file as the input"):
        rank_file(src, tmp_path / "o.parquet", skip_invalid=True, reject_path=src)
    with pytest.raises(OutputPathError, match=r"^reject file '.*o\.parquet' is the same file as the output"):
        rank_file(src, tmp_path / "o.parquet", skip_invalid=True, reject_path=tmp_path / "o.parquet")
    assert src.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.parquet", "hard.parquet", "link.parquet"]


def test_cli_refuses_out_equal_in_and_rejects_equal_in_or_out(tmp_path, rng, capsys):
    src = tmp_path / "h.parquet"
    _hands_file(src, rng)
    before = src.read_bytes()
    assert main(["rank", str(src), str(src), "-q"]) == 1
    assert f"is the same file as the input {str(src)!r}" in capsys.readouterr().err
    out = tmp_path / "o.parquet"
    assert main(["rank", str(src), str(out), "-q", "--skip-invalid", "--rejects", str(src)]) == 1
    assert "error: reject file" in capsys.readouterr().err
    assert main(["rank", str(src), str(out), "-q", "--skip-invalid", "--rejects", str(out)]) == 1
    assert "is the same file as the output" in capsys.readouterr().err
    assert src.read_bytes() == before and not out.exists()


def test_default_reject_file_is_the_whole_output_name_plus_rejects(tmp_path, rng):
    src = tmp_path / "h.parquet"
    pq.write_table(pa.table({"hand": ["AhKhQhJhTh", "AhAh2c3c4c"]}), src)
    summary = rank_file(src, tmp_path / "run.2024-01-01.parquet", skip_invalid=True)
    assert summary.reject_path == tmp_path / "run.2024-01-01.parquet.rejects.parquet"
    rank_file(src, tmp_path / "run.2024-01-02.parquet", skip_invalid=True)
    assert (tmp_path / "run.2024-01-01.parquet.rejects.parquet").exists()
    assert (tmp_path / "run.2024-01-02.parquet.rejects.parquet").exists()
    assert not (tmp_path / "run.rejects.parquet").exists()


def test_a_symlinked_output_stays_a_link(tmp_path, rng):
    """/dev/stdout is a link: writing through a link writes its target, never replaces it."""
    src = tmp_path / "h.parquet"
    hands = _hands_file(src, rng)
    target = tmp_path / "target.parquet"
    target.write_bytes(b"old")
    link = tmp_path / "out.parquet"
    link.symlink_to(target)
    rank_file(src, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert np.array_equal(pq.read_table(target)["rank"].to_numpy(), he.evaluate_batch(hands))


def test_a_fifo_output_is_written_in_place_not_replaced(tmp_path, rng):
    src = tmp_path / "h.csv"
    pacsv.write_csv(pa.table({"hand": ["AhKhQhJhTh", "2c3d4h5s7c"]}), src)
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    rank_file(src, fifo, output_format="csv")
    reader.join(timeout=30)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got == [b'"rank","category"\n1,1\n7462,9\n']


def test_output_folder_and_bad_url_are_clear_errors(tmp_path, rng):
    src = tmp_path / "h.parquet"
    _hands_file(src, rng)
    with pytest.raises(BulkArgumentError, match=r"^output '.*' is a folder, expected a file name$"):
        rank_file(src, tmp_path)
    with pytest.raises(
        BulkArgumentError, match=r"^input URL scheme 'http' is not supported, got 'http://x/h"
    ):
        rank_file("http://x/h.parquet", tmp_path / "o.parquet")
    with pytest.raises(BulkArgumentError, match=r"^skip_invalid with output '-' needs a reject_path"):
        rank_file(src, "-", skip_invalid=True)


# ------------------------------------------------------------------------ CSV cells and lines


def test_csv_keys_are_copied_as_read(tmp_path):
    src = tmp_path / "h.csv"
    src.write_text(
        "id,account,hand\n00123,12345678901234567890123,AhKhQhJhTh\n7,1e5,2c3d4h5s7c\n", encoding="utf-8"
    )
    got = pq.read_table(rank_file(src, tmp_path / "o.parquet").output)
    assert got["id"].to_pylist() == ["00123", "7"]
    assert got["account"].to_pylist() == ["12345678901234567890123", "1e5"]
    assert got["rank"].to_pylist() == [1, 7462]


def test_one_bad_cell_in_a_csv_card_column_rejects_only_its_row(tmp_path, rng):
    hands = random_hands(rng, 50, 5)
    cells = [[str(int(c)) for c in h] for h in hands]
    cells[3][2] = "Xx"
    cells[40][0] = "Ah" if he.parse_card("Ah") not in hands[40] else "2c"  # card text works too
    lines = ["c0,c1,c2,c3,c4"] + [",".join(r) for r in cells]
    src = tmp_path / "h.csv"
    src.write_text("\n".join(lines) + "\n")
    summary = rank_file(src, tmp_path / "o.parquet", skip_invalid=True, row_numbers=True)
    rejects = pq.read_table(summary.reject_path)
    assert rejects["row"].to_pylist() == [3]
    assert rejects["error"].to_pylist()[0].startswith("column 'c2': ")
    assert "'Xx'" in rejects["error"].to_pylist()[0]
    got = pq.read_table(summary.output)
    hands[40, 0] = he.parse_card(cells[40][0])
    good = [r for r in range(50) if r != 3]
    assert got["row"].to_pylist() == good
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands[good]))


@pytest.mark.parametrize("chunk_rows", [1, 3, 1000])
def test_malformed_csv_lines_are_rejected_with_their_line_numbers(tmp_path, rng, chunk_rows):
    hands = random_hands(rng, 12, 7)
    lines = ["id,hand"] + [f"{i},{he.format_cards(h)}" for i, h in enumerate(hands)]
    lines[3] = "2,AhKh,extra"  # line 4 of the file, row 2: one field too many
    lines[9] = "8"  # line 10, row 8: one field too few
    lines.append("12,AhKh,x,y")  # line 14, row 12, after the last good row
    src = tmp_path / "h.csv"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "o.parquet"
    with pytest.raises(
        BadRowError, match=r"^row 2: line 4 has 3 fields, expected 2: '2,AhKh,extra' \(use"
    ) as info:
        rank_file(src, out, chunk_rows=chunk_rows)
    assert info.value.row == 2 and not out.exists()
    summary = rank_file(src, out, chunk_rows=chunk_rows, skip_invalid=True, row_numbers=True)
    assert (summary.rows_read, summary.rows_ranked, summary.rows_rejected) == (13, 10, 3)
    rejects = pq.read_table(summary.reject_path)
    assert rejects.column_names == ["id", "hand", "row", "error"]
    assert rejects["row"].to_pylist() == [2, 8, 12]
    assert rejects["error"].to_pylist() == [
        "line 4 has 3 fields, expected 2: '2,AhKh,extra'",
        "line 10 has 1 fields, expected 2: '8'",
        "line 14 has 4 fields, expected 2: '12,AhKh,x,y'",
    ]
    assert rejects["id"].to_pylist() == [None, None, None]
    got = pq.read_table(out)
    good = [r for r in range(12) if r not in (2, 8)]
    assert got["row"].to_pylist() == good
    assert got["id"].to_pylist() == [str(r) for r in good]  # row r is on line r + 2
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands[good]))


def test_cli_malformed_line_exit_status_and_message(tmp_path, capsys):
    src = tmp_path / "h.csv"
    src.write_text("hand\nAhKhQhJhTh\n2c3d4h5s7c,x\n")
    assert main(["rank", str(src), str(tmp_path / "o.parquet"), "-q"]) == 1
    assert "error: row 1: line 3 has 2 fields, expected 1: '2c3d4h5s7c,x'" in capsys.readouterr().err


# ------------------------------------------------------------------------ empty cells


def test_null_card_cells_are_bad_rows_not_shorter_hands(tmp_path, rng):
    hands = random_hands(rng, 6, 7)
    cols = {c: pa.array(hands[:, j].astype(np.int16)) for j, c in enumerate(CARDS7)}
    cols["c3"] = pa.array([None if i == 1 else int(v) for i, v in enumerate(hands[:, 3])], type=pa.int16())
    src = tmp_path / "h.parquet"
    pq.write_table(pa.table(cols), src)
    with pytest.raises(BadRowError, match=r"^row 1: column 'c3' is empty \(use"):
        rank_file(src, tmp_path / "o.parquet")
    csv_src = tmp_path / "h.csv"
    csv_src.write_text("c0,c1,c2,c3,c4\nAh,Kh,Qh,Jh,Th\n2c,3d,,5s,7c\n")
    with pytest.raises(BadRowError, match=r"^row 1: column 'c2' is empty \(use"):
        rank_file(csv_src, tmp_path / "o.parquet")


def test_hole_nulls_are_bad_and_board_may_only_stop_early(tmp_path):
    src = tmp_path / "h.csv"
    src.write_text(
        "hole1,hole2,board1,board2,board3,board4,board5\n"
        "Ah,Kh,Qh,Jh,Th,,\n"  # flop only: fine
        "Ah,,Qh,Jh,Th,2c,3c\n"  # a hole card missing
        "Ah,Kh,Qh,Jh,Th,,3c\n"  # a gap: turn empty, river dealt
        "Ah,Kh,Qh,,,,\n"  # two board cards
        "Ah,Kh,Qh,Jh,Th,9h,\n"  # flop and turn: fine
    )
    summary = rank_file(src, tmp_path / "o.parquet", skip_invalid=True)
    rejects = pq.read_table(summary.reject_path)
    assert rejects["row"].to_pylist() == [1, 2, 3]
    assert rejects["error"].to_pylist() == [
        "column 'hole2' is empty",
        "column 'board4' is empty but the later board column 'board5' holds a card",
        "the board must be 3 to 5 cards, got 1",
    ]
    assert pq.read_table(summary.output)["rank"].to_pylist() == [1, 1]


# ------------------------------------------------------------------------ names and counts


def test_duplicate_column_names_are_a_clear_error(tmp_path):
    src = tmp_path / "h.parquet"
    pq.write_table(
        pa.Table.from_arrays([pa.array(["AhKhQhJhTh"]), pa.array([1])], names=["hand", "hand"]), src
    )
    with pytest.raises(
        he.ShapeError, match=r"^the input has two columns named 'hand'; columns are \['hand', 'hand'\]"
    ):
        rank_file(src, tmp_path / "o.parquet")
    csv_src = tmp_path / "h.csv"
    csv_src.write_text("id,hand,id\n1,AhKhQhJhTh,2\n")
    with pytest.raises(he.ShapeError, match=r"^the input has two columns named 'id'"):
        rank_file(csv_src, tmp_path / "o.parquet")


def test_repeated_key_is_a_clear_error(tmp_path, capsys):
    src = tmp_path / "h.csv"
    src.write_text("id,hand\n1,AhKhQhJhTh\n")
    with pytest.raises(BulkArgumentError, match=r"^key column 'id' is named twice in \['id', 'id'\]$"):
        rank_file(src, tmp_path / "o.parquet", keys=["id", "id"])
    assert main(["rank", str(src), str(tmp_path / "o.parquet"), "--keys", "id,id", "-q"]) == 1
    assert "error: key column 'id' is named twice" in capsys.readouterr().err


def test_cli_eight_card_columns_and_huge_chunk_rows(tmp_path, rng, capsys):
    src = tmp_path / "h.parquet"
    _hands_file(src, rng)
    out = str(tmp_path / "o.parquet")
    assert main(["rank", str(src), out, "--cards", "c0,c1,c2,c3,c4,c5,c6,id"]) == 1
    err = capsys.readouterr().err
    assert "holdem-eval rank: error: cards takes 5 to 7 columns (one card each), got 8" in err
    assert "Traceback" not in err
    with pytest.raises(SystemExit) as info:
        main(["rank", str(src), out, "--chunk-rows", str(2**31)])
    assert info.value.code == 2
    assert "error: argument --chunk-rows: chunk_rows must be an int from 1 to 2147483647, got 2147483648" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        main(["rank", str(src), out, "--threads", "0"])
    assert "threads must be an int from 1 to 256, got 0" in capsys.readouterr().err
    assert not Path(out).exists()


def test_no_break_space_in_hand_text_is_a_clear_error(tmp_path):
    src = tmp_path / "h.parquet"
    pq.write_table(pa.table({"hand": ["AhKhQhJhTh", "Ah\u00a0Kh Qh Jh Th"]}), src)
    with pytest.raises(
        BadRowError,
        match=r"^row 1: column 'hand': '\\xa0' \(no-break space, U\+00A0\) at position 2 is not a card "
        r"or a separator \(space, tab, ',', '\|', '-'\): 'Ah\\xa0Kh Qh Jh Th'",
    ):
        rank_file(src, tmp_path / "o.parquet")


def test_matrix_counts_are_checked_at_the_door(tmp_path, capsys):
    out = str(tmp_path / "m.parquet")
    # a malformed count is a usage error: exit 2 (docs/cli.md; issue 30 made it so)
    for bad in ("0", "-1", "x"):
        with pytest.raises(SystemExit) as info:
            main(["matrix", "-o", out, "--classes", "AA,KK", "--workers", bad])
        assert info.value.code == 2
        got = repr(bad) if bad == "x" else bad
        assert (
            f"holdem-eval matrix: error: argument --workers: workers must be an int from 1 to 256, got {got}"
            in capsys.readouterr().err
        )
    with pytest.raises(SystemExit) as info:
        main(["matrix", "-o", out, "--classes", "AA,KK", "--unit-pairs", "0"])
    assert info.value.code == 2
    assert "error: argument --unit-pairs: unit_pairs must be an int from 1 to 14365, got 0" in (
        capsys.readouterr().err
    )
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------ odd files


def test_csv_with_bom_crlf_and_a_header_only(tmp_path):
    src = tmp_path / "h.csv"
    src.write_bytes(b"\xef\xbb\xbfid,hand\r\n1,AhKhQhJhTh\r\n2,2c3d4h5s7c\r\n")
    got = pq.read_table(rank_file(src, tmp_path / "o.parquet").output)
    assert got.column_names == ["id", "rank", "category"]
    assert got["id"].to_pylist() == ["1", "2"] and got["rank"].to_pylist() == [1, 7462]
    src.write_bytes(b"id,hand\n")
    summary = rank_file(src, tmp_path / "o.parquet")
    assert summary.rows_read == 0
    assert pq.read_table(summary.output).column_names == ["id", "rank", "category"]


def test_unreadable_inputs_name_the_file(tmp_path, capsys):
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(
        BulkArgumentError, match=r"^the CSV input '.*empty\.csv' has no header line naming its columns$"
    ):
        rank_file(empty, tmp_path / "o.parquet")
    fake = tmp_path / "fake.parquet"
    fake.write_bytes(b"not a parquet file")
    with pytest.raises(InputFileError, match=r"^cannot read the input '.*fake\.parquet' as Parquet: "):
        rank_file(fake, tmp_path / "o.parquet")
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"id,hand\n1,AhKhQhJhTh\n2,\xff\xfe\n")
    assert main(["rank", str(latin), str(tmp_path / "o.parquet")]) == 1
    err = capsys.readouterr().err
    assert f"holdem-eval rank: error: cannot read the input {str(latin)!r} as CSV: " in err
    assert "invalid UTF8" in err and "Traceback" not in err
    assert not (tmp_path / "o.parquet").exists()


def test_columns_of_the_wrong_type_and_unwritable_keys(tmp_path):
    src = tmp_path / "h.parquet"
    pq.write_table(
        pa.table({"hand": ["AhKhQhJhTh"], "tags": pa.array([[1, 2]], type=pa.list_(pa.int64()))}), src
    )
    with pytest.raises(
        he.DTypeError,
        match=r"^columns must be a HandColumns \(e\.g\. HandColumns\(text='hand'\)\) or None, got 'hand'$",
    ):
        rank_file(src, tmp_path / "o.parquet", columns="hand")
    rank_file(src, tmp_path / "o.parquet")  # a list column is a fine key in Parquet
    with pytest.raises(BulkArgumentError, match=r"^cannot write the output '.*o\.csv' as CSV: "):
        rank_file(src, tmp_path / "o.csv")
    assert not (tmp_path / "o.csv").exists()


def test_a_file_name_with_glob_characters_is_a_file_not_a_dataset(tmp_path, capsys):
    src = tmp_path / "hands[1].csv"
    src.write_text("hand\nAhKhQhJhTh\n")
    assert main(["rank", str(src), str(tmp_path / "o.csv"), "-q"]) == 0
    assert (tmp_path / "o.csv").read_text() == '"rank","category"\n1,1\n'


@pytest.mark.parametrize("value_type", [pa.int32(), pa.uint8(), pa.int64(), pa.string()])
def test_a_list_card_column_holds_whole_hands(tmp_path, capsys, value_type):
    """Issue 30: a list<int32> card column raised a raw ArrowNotImplementedError; a list of
    card ids or texts is now a whole hand (or hole, or board) per cell."""
    src = tmp_path / "h.parquet"
    if value_type == pa.string():
        cells = [["Ah", "Kh", "Qh", "Jh", "Th"], ["2c", "3d", "4h", "5s", "7c"], None]
    else:
        cells = [[50, 46, 42, 38, 34], [0, 5, 10, 15, 20], None]
    pq.write_table(pa.table({"id": [1, 2, 3], "hand": pa.array(cells, type=pa.list_(value_type))}), src)
    with pytest.raises(BadRowError, match=r"^row 2: column 'hand' is empty "):
        rank_file(src, tmp_path / "o.parquet")
    summary = rank_file(src, tmp_path / "o.parquet", skip_invalid=True)
    assert pq.read_table(summary.output)["rank"].to_pylist() == [1, 7462]
    assert main(["rank", str(src), str(tmp_path / "o2.csv"), "--skip-invalid", "-q"]) == 0
    assert (tmp_path / "o2.csv").read_text().splitlines()[1:] == ["1,1,1", "2,7462,9"]


def test_list_cells_of_bad_cards_are_bad_rows():
    rows = [[50, 46, 42, 38, 99], [50, 46, None, 38, 34], [1, 2, 3, 4, 5, 6, 7, 8], [50, 46]]
    table = pa.table({"hand": pa.array(rows, type=pa.list_(pa.int16()))})
    got = []
    for i in range(len(rows)):
        with pytest.raises(BadRowError) as info:
            he.bulk.rank_table(table.slice(i, 1))
        got.append(str(info.value))
    assert got == [
        "row 0: column 'hand' holds card id 99, expected ids 0..51: [50, 46, 42, 38, 99]",
        "row 0: column 'hand' holds an empty card, expected ids 0..51: [50, 46, None, 38, 34]",
        "row 0: column 'hand' holds 8 cards, expected 1 to 7: [1, 2, 3, 4, 5, 6, 7, 8]",
        "row 0: a hand has 5, 6 or 7 cards, got 2",
    ]
    hole_board = pa.table({
        "hole": pa.array([[50, 46]], type=pa.list_(pa.uint8())),
        "board": pa.array([["Qh", "Jh", "Th"]], type=pa.list_(pa.string())),
    })
    assert he.bulk.rank_table(hole_board)["rank"].to_pylist() == [1]


@pytest.mark.parametrize(
    ("column", "tail"),
    [
        (pa.array([[1.0, 2.0, 3.0, 4.0, 5.0]], type=pa.list_(pa.float64())),
         ", or a list of card texts or ids holding a whole hand, hole or board"),
        (pa.array([{"a": 1}]), ", or a list of card texts or ids holding a whole hand, hole or board"),
    ],
)
def test_a_card_column_of_another_type_is_a_clear_error(tmp_path, capsys, column, tail):
    src = tmp_path / "h.parquet"
    pq.write_table(pa.table({"id": [1], "hand": column}), src)
    written = pq.read_schema(src).field("hand").type  # Parquet names a list's item 'element'
    expected = (
        f"card column 'hand' has type {written}, expected card text (a string column such as "
        "'AhKh Qd 7c 2s') or card ids 0..51 (an integer column, one card per column)" + tail
    )
    with pytest.raises(he.DTypeError) as info:
        rank_file(src, tmp_path / "o.parquet")
    assert str(info.value) == expected
    assert main(["rank", str(src), str(tmp_path / "o.parquet"), "-q"]) == 1
    assert capsys.readouterr().err == f"holdem-eval rank: error: {expected}\n"
    assert not (tmp_path / "o.parquet").exists()
    cols = {f"c{i}": [i] for i in range(4)} | {"c4": pa.array([[4]], type=pa.list_(pa.int8()))}
    one_card = r"^card column 'c4' has type list<item: int8>, expected .*per column\)$"
    with pytest.raises(he.DTypeError, match=one_card):
        he.bulk.rank_table(pa.table(cols))  # one card per column: a list is not one card


@pytest.mark.parametrize(
    ("name", "opener", "sep"),
    [
        ("o.csv.gz", "gzip", ","),
        ("o.csv.bz2", "bz2", ","),
        ("o.tsv", None, "\t"),
        ("o.tsv.gz", "gzip", "\t"),
        ("o.TXT", None, ","),
    ],
)
def test_an_output_is_written_in_the_format_its_name_says(tmp_path, capsys, name, opener, sep):
    """Issue 30: out.csv.gz got Parquet bytes."""
    import bz2
    import gzip

    src = tmp_path / "h.csv"
    src.write_text("id,hand\n1,AhKhQhJhTh\n2,2c3d4h5s7c\n")
    assert main(["rank", str(src), str(tmp_path / name), "-q"]) == 0
    raw = (tmp_path / name).read_bytes()
    text = {"gzip": gzip.decompress, "bz2": bz2.decompress, None: bytes}[opener](raw).decode()
    assert text == sep.join(['"id"', '"rank"', '"category"']) + "\n" + "\n".join(
        sep.join(r) for r in (['"1"', "1", "1"], ['"2"', "7462", "9"])
    ) + "\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("suffix", [".json", ".xlsx", ".feather", ".gz"])
def test_an_output_named_for_a_format_not_written_is_refused(tmp_path, capsys, suffix):
    src = tmp_path / "h.csv"
    src.write_text("hand\nAhKhQhJhTh\n")
    out = tmp_path / f"o{suffix}"
    expected = (
        f"output {str(out)!r} names a {suffix!r} file, a format this does not write: name it "
        ".parquet, .csv/.tsv/.txt or .jsonl/.ndjson (JSON lines), optionally + .gz or .bz2, or give "
        "the output format"
    )
    with pytest.raises(BulkArgumentError) as info:
        rank_file(src, out)
    assert str(info.value) == expected
    assert main(["rank", str(src), str(out)]) == 1
    assert capsys.readouterr().err == f"holdem-eval rank: error: {expected}\n"
    assert not out.exists()
    rej = tmp_path / f"r{suffix}"
    with pytest.raises(BulkArgumentError) as info:
        rank_file(src, tmp_path / "o.parquet", skip_invalid=True, reject_path=rej)
    assert str(info.value).startswith(f"reject file {str(rej)!r} names a {suffix!r} file")
    assert str(info.value).endswith("(JSON lines), optionally + .gz or .bz2")
    rank_file(src, out, output_format="parquet")  # asked for: written as asked
    assert pq.read_table(out)["rank"].to_pylist() == [1]


def test_an_unwritable_output_is_named_not_its_temporary_file(tmp_path, monkeypatch):
    """Issue 30: the error named '/sys/kernel/.x.csv.part'. (The tests may run as root, who
    may write anywhere: the temporary file's open fails as pyarrow's does.)"""
    from holdem_eval.bulk.io import Sink

    def refuse(self, schema):
        raise PermissionError(13, f"Failed to open local file '{self._tmp}'. Detail: Permission denied")

    monkeypatch.setattr(Sink, "_open", refuse)
    src = tmp_path / "h.csv"
    src.write_text("hand\nAhKhQhJhTh\n")
    for name in ("x.csv", "x.parquet"):
        with pytest.raises(PermissionError) as info:
            rank_file(src, tmp_path / name)
        expected = f"[Errno 13] cannot write the output {str(tmp_path / name)!r}: Permission denied"
        assert str(info.value) == expected
    assert list(tmp_path.iterdir()) == [src]


def test_a_corrupt_csv_gz_is_named(tmp_path, capsys):
    bad = tmp_path / "bad.csv.gz"
    bad.write_bytes(b"this is not gzip data")
    with pytest.raises(InputFileError, match=r"^cannot read the input '.*bad\.csv\.gz' as CSV: .*zlib"):
        rank_file(bad, tmp_path / "o.parquet")
    assert main(["rank", str(bad), str(tmp_path / "o.parquet")]) == 1
    assert f"holdem-eval rank: error: cannot read the input {str(bad)!r} as CSV: " in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "opener"), [("o.jsonl", None), ("o.ndjson.gz", "gzip"), ("o.jsonl.bz2", "bz2")]
)
def test_json_lines_outputs(tmp_path, capsys, name, opener):
    """Issue 30: out.json held Parquet bytes; JSON lines are written for .jsonl/.ndjson."""
    import bz2
    import gzip
    import json

    src = tmp_path / "h.csv"
    src.write_text("id,hand\n1,AhKhQhJhTh\n2,2c3d4h5s7c\n")
    assert main(["rank", str(src), str(tmp_path / name), "--describe", "-q"]) == 0
    raw = (tmp_path / name).read_bytes()
    text = {"gzip": gzip.decompress, "bz2": bz2.decompress, None: bytes}[opener](raw).decode()
    assert [json.loads(line) for line in text.splitlines()] == [
        {"id": "1", "rank": 1, "category": 1, "description": "Royal Flush"},
        {"id": "2", "rank": 7462, "category": 9, "description": "High Card, Seven-Five-Four-Three-Two"},
    ]
    assert text.endswith("}\n")
    out = tmp_path / "o.txt"
    rank_file(src, out, output_format="jsonl")  # asked for by name of format
    assert json.loads(out.read_text().splitlines()[0]) == {"id": "1", "rank": 1, "category": 1}
    with pytest.raises(BulkArgumentError) as info:
        rank_file(src, tmp_path / "x.parquet", output_format="json")
    assert str(info.value) == "output format must be one of 'parquet', 'csv', 'jsonl', got 'json'"
