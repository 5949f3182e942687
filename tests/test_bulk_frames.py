"""rank_table on pandas and Arrow objects; rank_file on URLs, file objects and '-' (issue 13)."""

from __future__ import annotations

import io
import subprocess
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from helpers import random_hands

import holdem_eval as he
from holdem_eval.bulk import BadRowError, BulkArgumentError, HandColumns, rank_file, rank_table
from holdem_eval.cli import main

CARDS7 = tuple(f"c{i}" for i in range(7))


def _frame(rng: np.random.Generator, n: int = 300) -> tuple[pd.DataFrame, np.ndarray]:
    hands = random_hands(rng, n, 7)
    df = pd.DataFrame({"who": [f"p{i}" for i in range(n)]} | {c: hands[:, j] for j, c in enumerate(CARDS7)})
    df.index = pd.RangeIndex(1_000, 1_000 + n, name="hand_no")
    return df, hands


def test_dataframe_in_dataframe_out_with_its_index(rng):
    df, hands = _frame(rng)
    copy = df.copy()
    got = rank_table(df, describe=True, threads=2)
    assert isinstance(got, pd.DataFrame)
    assert list(got.columns) == ["who", "rank", "category", "description"]
    assert got.index.equals(df.index)
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))
    assert got["who"].tolist() == df["who"].tolist()
    assert got["description"].iloc[5] == he.describe(int(got["rank"].iloc[5]))
    pd.testing.assert_frame_equal(df, copy)  # the caller's frame is unchanged


def test_series_of_text_in_series_of_ranks_out(rng):
    hands = random_hands(rng, 100, 7)
    s = pd.Series([he.format_cards(h, sep=" ") for h in hands], index=np.arange(100) * 3, name="hand")
    got = rank_table(s)
    assert isinstance(got, pd.Series) and got.name == "rank"
    assert got.index.equals(s.index)
    assert np.array_equal(got.to_numpy(), he.evaluate_batch(hands))
    with pytest.raises(BadRowError, match=r"^row 1: column 'x' is empty$"):
        rank_table(pd.Series(["AhKhQhJhTh", None], name="x"))
    with pytest.raises(BulkArgumentError, match=r"^a Series is one text column of hands"):
        rank_table(s, keys=["a"])


def test_record_batch_in_record_batch_out(rng):
    df, hands = _frame(rng, 50)
    batch = pa.RecordBatch.from_pandas(df, preserve_index=False)
    got = rank_table(batch, keys=["who"])
    assert isinstance(got, pa.RecordBatch)
    assert got.schema.names == ["who", "rank", "category"]
    assert np.array_equal(got.column(1).to_numpy(), he.evaluate_batch(hands))
    table = rank_table(pa.Table.from_batches([batch]))
    assert isinstance(table, pa.Table) and table.num_rows == 50


def test_frame_errors(rng):
    df, _ = _frame(rng, 5)
    df.iloc[2, 3] = 60
    with pytest.raises(BadRowError, match=r"^row 2: card id 60 in column 'c2' is outside 0\.\.51$"):
        rank_table(df)
    dup = pd.DataFrame([["AhKhQhJhTh", 1, 2]], columns=["hand", "x", "x"])
    with pytest.raises(he.ShapeError, match=r"^the DataFrame has two columns named 'x'"):
        rank_table(dup)
    with pytest.raises(
        BulkArgumentError, match=r"^rank_table takes a pyarrow Table or RecordBatch or a pandas"
    ):
        rank_table({"hand": ["AhKhQhJhTh"]})
    with pytest.raises(he.HoldemEvalError, match=r"^threads must be an int from 1 to 256, got 0$"):
        rank_table(df, threads=0)


def test_file_url_and_binary_file_objects(tmp_path, rng):
    df, hands = _frame(rng, 80)
    src = tmp_path / "my hands.parquet"
    pq.write_table(pa.Table.from_pandas(df, preserve_index=False), src)
    out = tmp_path / "o.parquet"
    rank_file(src.as_uri(), out.as_uri())
    assert np.array_equal(pq.read_table(out)["rank"].to_numpy(), he.evaluate_batch(hands))
    # file objects in and out, Parquet and CSV, told from the first bytes
    with open(src, "rb") as f:
        sink = io.BytesIO()
        rank_file(f, sink)
    assert pq.read_table(io.BytesIO(sink.getvalue())).equals(pq.read_table(out))
    csv_bytes = io.BytesIO()
    pacsv.write_csv(pa.Table.from_pandas(df, preserve_index=False), csv_bytes)
    text_out = io.BytesIO()
    rank_file(io.BytesIO(csv_bytes.getvalue()), text_out, output_format="csv")
    got = pacsv.read_csv(io.BytesIO(text_out.getvalue()))
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))
    with (
        open(src, encoding="latin-1") as text_mode,
        pytest.raises(
            BulkArgumentError, match=r"^input is a text-mode file object .*: open it in binary mode"
        ),
    ):
        rank_file(text_mode, tmp_path / "x.parquet")


def test_cli_stdin_to_stdout(tmp_path, rng, monkeypatch, capsysbinary):
    hands = random_hands(rng, 40, 7)
    data = ("hand\n" + "".join(he.format_cards(h) + "\n" for h in hands)).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["rank", "-", "-", "--row-numbers"]) == 0
    captured = capsysbinary.readouterr()
    got = pacsv.read_csv(io.BytesIO(captured.out))
    assert got.column_names == ["row", "rank", "category"]
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))
    assert b"ranked 40 of 40 hands" in captured.err and b"standard output" in captured.err
    assert b"\r" not in captured.err  # no progress bar: stderr is not a terminal
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["rank", "-", "-", "--output-format", "parquet", "-q"]) == 0
    table = pq.read_table(io.BytesIO(capsysbinary.readouterr().out))
    assert np.array_equal(table["rank"].to_numpy(), he.evaluate_batch(hands))


def test_cli_in_a_real_pipe(tmp_path, rng):
    hands = random_hands(rng, 30, 7)
    src = tmp_path / "h.parquet"
    pq.write_table(pa.table({"id": np.arange(30)} | {c: hands[:, j] for j, c in enumerate(CARDS7)}), src)
    proc = subprocess.run(
        [sys.executable, "-m", "holdem_eval", "rank", "-", "-", "--keys", "id"],
        input=src.read_bytes(),
        capture_output=True,
        timeout=120,
        check=True,
    )
    got = pacsv.read_csv(io.BytesIO(proc.stdout))
    assert got["id"].to_pylist() == list(range(30))
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))
    assert b"\r" not in proc.stderr and b"%" not in proc.stderr


def test_hand_columns_from_a_frame_with_hole_and_board(rng):
    hands = random_hands(rng, 20, 7)
    df = pd.DataFrame(
        {"hole": [he.format_cards(h[:2]) for h in hands], "board": [he.format_cards(h[2:]) for h in hands]}
    )
    got = rank_table(df, columns=HandColumns(hole=("hole",), board=("board",)), keys=[])
    assert list(got.columns) == ["rank", "category"]
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))


def _parquet_hands(tmp_path, rng, n=500):
    hands = random_hands(rng, n, 7)
    src = tmp_path / "h.parquet"
    pq.write_table(pa.table({c: hands[:, j] for j, c in enumerate(CARDS7)}), src)
    return src


def test_cli_progress_only_on_a_terminal_and_not_with_quiet(tmp_path, rng, monkeypatch, capsys):
    src = _parquet_hands(tmp_path, rng)
    out = str(tmp_path / "o.parquet")
    assert main(["rank", str(src), out]) == 0
    assert "rank:" not in capsys.readouterr().err  # stderr is not a terminal: no bar
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["rank", str(src), out]) == 0
    assert "rank: 100%" in capsys.readouterr().err  # the bar, with the total from the footer
    for quiet in ("-q", "--quiet", "--no-progress"):
        assert main(["rank", str(src), out, quiet]) == 0
        err = capsys.readouterr().err
        assert "rank:" not in err and "ranked 500 of 500 hands" in err


def test_cli_refuses_parquet_to_a_terminal(tmp_path, rng, monkeypatch, capsys):
    src = _parquet_hands(tmp_path, rng)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["rank", str(src), "-", "--output-format", "parquet"]) == 1
    assert capsys.readouterr().err == (
        "holdem-eval rank: error: will not write Parquet to a terminal: redirect standard output "
        "to a file or a pipe\n"
    )


@pytest.mark.parametrize("command", ["rank", "matrix"])
def test_cli_help_documents_exit_status_threads_and_quiet(command, capsys):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "exit status: 0 done; 1 bad input" in out and "2 usage error" in out
    assert "-q, --quiet, --no-progress" in out
    if command == "rank":
        assert "--threads N" in out and "(default: all cores" in out


def test_cli_rejects_to_stdout_and_one_stdout_only(tmp_path, capsysbinary):
    src = tmp_path / "h.csv"
    src.write_text("id,hand\n1,AhKhQhJhTh\n2,AhAh2c3c4c\n")
    out = tmp_path / "o.parquet"
    assert main(["rank", str(src), str(out), "--skip-invalid", "--rejects", "-"]) == 0
    captured = capsysbinary.readouterr()
    rejects = pacsv.read_csv(io.BytesIO(captured.out))
    assert rejects.column_names == ["id", "hand", "row", "error"]
    assert rejects["row"].to_pylist() == [1]
    assert b"1 bad rows -> the reject stream" in captured.err
    assert pq.read_table(out)["rank"].to_pylist() == [1]
    assert main(["rank", str(src), "-", "--skip-invalid", "--rejects", "-"]) == 1
    assert capsysbinary.readouterr().err == (
        b"holdem-eval rank: error: output and reject file are both standard output ('-'): "
        b"give one of them a file\n"
    )
    assert main(["matrix", "-o", "-", "--png", "-", "--classes", "AA,KK"]) == 1
    assert b"error: output and png are both standard output ('-')" in capsysbinary.readouterr().err


def test_cli_stops_quietly_when_the_reader_closes_the_pipe(tmp_path, rng):
    src = _parquet_hands(tmp_path, rng, n=300_000)  # ~3 MB of CSV: more than a pipe holds
    proc = subprocess.Popen(
        [sys.executable, "-m", "holdem_eval", "rank", str(src), "-", "--chunk-rows", "10000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout.read(17) == b'"rank","category"'
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 141
    assert b"Traceback" not in err and b"Broken pipe" not in err


def test_frames_that_do_not_hold_hands(tmp_path):
    with pytest.raises(
        he.DTypeError, match=r"^a Series of hands must hold card text, got 1 \(dtype int64\)$"
    ):
        rank_table(pd.Series([1, 2]))
    with pytest.raises(he.DTypeError, match=r"^cannot convert the DataFrame to Arrow: .*column hand"):
        rank_table(pd.DataFrame({"hand": ["AhKhQhJhTh", 3]}))
    src = tmp_path / "h.csv"
    src.write_text("hand\nAhKhQhJhTh\n")
    with pytest.raises(
        FileNotFoundError, match=r"^no folder '.*nowhere' for the output '.*nowhere/o\.parquet'$"
    ):
        rank_file(src, tmp_path / "nowhere" / "o.parquet")
