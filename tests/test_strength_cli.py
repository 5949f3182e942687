"""``holdem-eval strength``: files in, Parquet out, the same numbers as the library."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import holdem_eval.cli.strength as cmd
from holdem_eval import hand_strength
from holdem_eval.cli import main


def test_text_columns_to_parquet(tmp_path: Path) -> None:
    src, out = tmp_path / "flops.parquet", tmp_path / "pots.parquet"
    pq.write_table(pa.table({"hole": ["AdQc", "8d7d"], "board": ["3h 4c Jh", "9d6c2d"]}), src)
    assert main(["strength", str(src), str(out), "--kind", "ppot", "-q"]) == 0
    t = pq.read_table(out)
    assert t.column_names == ["row", "hole", "board", "ppot"]
    assert t.column("board").to_pylist() == ["3h4cJh", "9d6c2d"]
    assert round(t.column("ppot")[0].as_py(), 3) == 0.208  # Billings et al.'s example
    assert t.schema.metadata[b"holdem_eval.method"] == b"exact"


def test_card_columns_of_a_csv_and_a_histogram(tmp_path: Path) -> None:
    src, out = tmp_path / "turns.csv", tmp_path / "h.parquet"
    src.write_text("h1,h2,b1,b2,b3,b4\nAd,Qc,3h,4c,Jh,2s\n8d,7d,9d,6c,2d,Ts\n")
    assert main(["strength", str(src), str(out), "--hole", "h1,h2", "--board", "b1,b2,b3,b4",
                 "--kind", "histogram", "--bins", "4", "--against", "TT+, AK", "-q"]) == 0
    t = pq.read_table(out)
    want = hand_strength(["AdQc", "8d7d"], ["3h4cJh2s", "9d6c2dTs"], "histogram", bins=4,
                         against="TT+, AK")
    got = np.column_stack([t.column(f"bin_{k}").to_numpy() for k in range(4)])
    np.testing.assert_array_equal(got, want.values)


def test_seeded_monte_carlo_in_chunks_is_one_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(1)
    cards = np.argsort(rng.random((50, 52)), axis=1)[:, :2]
    src, out = tmp_path / "pre.parquet", tmp_path / "e.parquet"
    pq.write_table(pa.table({"a": cards[:, 0], "b": cards[:, 1]}), src)
    monkeypatch.setattr(cmd, "CHUNK_ROWS", 16)
    assert main(["strength", str(src), str(out), "--hole", "a,b", "--trials", "300", "--seed", "5",
                 "--threads", "2", "-q"]) == 0
    t = pq.read_table(out)
    want = hand_strength(cards, "", trials=300, seed=5)
    np.testing.assert_array_equal(t.column("ehs").to_numpy(), want.values)
    np.testing.assert_array_equal(t.column("stderr").to_numpy(), want.stderr)
    assert t.schema.metadata[b"holdem_eval.seed"] == b"5"


def test_a_bad_row_is_named_and_leaves_no_output(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    src, out = tmp_path / "bad.parquet", tmp_path / "out.parquet"
    boards = ["2c3c4c"] * 20 + ["2d3d4d", "Ah7d8d"] + ["2c3c4c"] * 3
    pq.write_table(pa.table({"hole": ["KhKs"] * 21 + ["AhQd"] + ["KhKs"] * 3, "board": boards}), src)
    monkeypatch.setattr(cmd, "CHUNK_ROWS", 8)  # the bad row is in the third chunk
    assert main(["strength", str(src), str(out), "-q"]) == 1
    err = capsys.readouterr().err
    assert "holdem-eval strength: error: row 21 repeats card 'Ah': 'AhQd | Ah7d8d'" in err
    assert not out.exists() and not any(p.name.startswith(".out") for p in tmp_path.iterdir())


def test_an_id_outside_the_deck_names_the_input_row(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    src, out = tmp_path / "ids.parquet", tmp_path / "out.parquet"
    pq.write_table(pa.table({"a": pa.array([48, 50], pa.int64()), "b": pa.array([44, 300], pa.int64()),
                             "board": ["2c3c4c", "2d3d4d"]}), src)
    assert main(["strength", str(src), str(out), "--hole", "a,b", "-q"]) == 1
    assert "row 1: card id 300 in column 'b' is outside 0..51" in capsys.readouterr().err
    assert not out.exists()


def test_a_missing_column_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "x.csv"
    src.write_text("cards,flop\nAhKh,2c3c4c\n")
    assert main(["strength", str(src), str(tmp_path / "o.parquet"), "-q"]) == 1
    assert "INPUT has no column 'hole'" in capsys.readouterr().err


def test_short_deck_rows(tmp_path: Path) -> None:
    src, out = tmp_path / "short.csv", tmp_path / "s.csv"
    src.write_text("hole,board\nAsAc,Ts7d6c\n9h8h,Ts7d6c\n")
    assert main(["strength", str(src), str(out), "--variant", "short-deck", "-q"]) == 0
    got = [float(line.split(",")[-1]) for line in out.read_text().splitlines()[1:]]
    want = hand_strength(["AsAc", "9h8h"], "Ts7d6c", variant="short-deck").values
    np.testing.assert_allclose(got, want, rtol=1e-15)
