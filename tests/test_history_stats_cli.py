"""``holdem-eval history stats`` and write_history_stats (issue 28 items 4, 5): files in
input order, the same on a real Dask scheduler with two worker processes as in one
process, and bad inputs that leave no output behind."""

from __future__ import annotations

from pathlib import Path

import pyarrow.csv as pcsv
import pyarrow.parquet as pq
import pytest
from helpers import here_and_on_dask, hidden_files
from holdem_eval.engine import HistoryStatsError, history_stats, write_history_stats

from holdem_eval.cli import main

distributed = pytest.importorskip("distributed")  # in the [test] extra: always there in CI
# the fixtures `cluster` (a scheduler and two worker processes) and `small_parts`: conftest.py


# the fixture stars_folder (conftest.py): 5 files of 60 generated hands (about 100 kB of text)
STARS_FOLDER = (300, 5, 60)


@pytest.mark.usefixtures("small_parts")
def test_dask_output_equals_one_process_in_input_order(stars_folder: Path, cluster, tmp_path: Path) -> None:
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    s1, s2 = here_and_on_dask(write_history_stats, [stars_folder], cluster, one, two)
    with distributed.Client(cluster) as client:
        totals = history_stats(stars_folder, totals=True, client=client)
    assert (s1.hands, s1.workers, s2.workers, s1.parts) == (300, 1, 2, s2.parts)
    assert s1.parts >= 3
    a, b = pq.read_table(one), pq.read_table(two)
    assert a.schema == b.schema and a.to_pandas().equals(b.to_pandas())  # NaN equal to NaN
    assert a.num_rows == s1.rows
    ids = a.column("hand_id").to_pylist()
    assert ids == sorted(ids)  # the generator numbers the hands in file order
    assert totals.equals(history_stats(stars_folder, totals=True))
    assert totals["hands"].sum() == a.num_rows


@pytest.mark.usefixtures("small_parts")
def test_cli_on_a_scheduler_with_player_and_totals(stars_folder: Path, cluster, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hero.csv"
    argv = ["history", "stats", str(stars_folder), "-o", str(out), "--player", "Hero", "--totals",
            "--scheduler", cluster.scheduler_address, "-q"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(f"300 hands, 1 players written to {out} (")
    got = pcsv.read_csv(out).to_pylist()
    assert len(got) == 1 and got[0]["player"] == "Hero" and got[0]["hands"] == 300
    want = history_stats(stars_folder, player="Hero", totals=True).iloc[0]
    assert got[0]["net_won"] == pytest.approx(want["net_won"])
    assert got[0]["ev_diff"] == pytest.approx(want["ev_diff"])


def test_a_bad_hand_stops_the_job_and_leaves_no_file(stars_folder: Path, tmp_path: Path, cluster,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for path in sorted(stars_folder.iterdir())[:2]:
        (src / path.name).write_text(path.read_text("utf-8"), "utf-8")
    bad = src / "hh-00000.txt"
    text = bad.read_text("utf-8")
    bad.write_text(text.replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nHero: juggles", 1))
    out = tmp_path / "out.parquet"
    for extra in ([], ["--scheduler", cluster.scheduler_address]):
        assert main(["history", "stats", str(src), "-o", str(out), "-q", *extra]) == 1
        err = capsys.readouterr().err
        assert f"{bad}:12: 'Hero': action not understood: 'juggles', expected folds" in err
        assert "--skip-invalid leaves such hands out" in err
        assert not out.exists() and hidden_files(tmp_path) == []
    assert main(["history", "stats", str(src), "-o", str(out), "--skip-invalid", "-q"]) == 0
    assert "119 hands" in capsys.readouterr().out  # 120 less the bad one


def test_outputs_refused(stars_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = stars_folder / "hh-00000.txt"
    before = one.read_bytes()
    assert main(["history", "stats", str(one), "-o", str(one)]) == 1
    assert "is one of the inputs" in capsys.readouterr().err and one.read_bytes() == before
    assert main(["history", "stats", str(one), "-o", str(tmp_path / "s.json")]) == 1
    assert "must be a .parquet or .csv file, got the suffix '.json'" in capsys.readouterr().err
    assert main(["history", "stats", str(one), "-o", str(tmp_path / "no" / "s.csv")]) == 1
    assert "does not exist" in capsys.readouterr().err
    with pytest.raises(HistoryStatsError, match="no hand to count: 1 refused"):
        write_history_stats(["PokerStars Hand #1: nonsense\n"], tmp_path / "x.csv",
                            skip_invalid=True)
    assert hidden_files(tmp_path) == [] and not (tmp_path / "x.csv").exists()


@pytest.mark.parametrize(("content", "message"), [
    (None, "the folder holds no hand histories (*.txt or *.xml files)"),
    (b"PokerStars Hand #1:\x00\x01", "hh.txt:1: a binary file (NUL byte at offset 19)"),
    (b"", "hh.txt: the file is empty, expected hand histories"),
    ("Bonjour\n".encode("utf-16"), "hh.txt:1: not a hand history"),
    (b"Full Tilt Poker Game #1\n", "hh.txt:1: Full Tilt Poker hand histories are not supported"),
])
def test_bad_inputs_are_named_and_leave_no_file(tmp_path: Path, content: bytes | None,
                                                message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in"
    src.mkdir()
    if content is not None:
        (src / "hh.txt").write_bytes(content)
    out = tmp_path / "stats.parquet"
    assert main(["history", "stats", str(src), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("holdem-eval history: error: ") and message in err
    assert not out.exists() and hidden_files(tmp_path) == []
