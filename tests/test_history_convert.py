"""``convert_history`` and ``holdem-eval history convert`` (issue 28 items 3 and 5): PHHS or
a folder of .phh files, a CSV/Parquet report of the hands left out with their site ids, the
same output on a real Dask scheduler as in one process, and nothing left behind on failure."""

from __future__ import annotations

import io
from pathlib import Path

import pyarrow.csv as pcsv
import pyarrow.parquet as pq
import pytest
from helpers import here_and_on_dask, hidden_files
from history_texts import DATA
from holdem_eval.engine import (
    REASONS,
    REPORT_COLUMNS,
    HistoryError,
    convert_history,
    load_history,
    load_phh,
    loads_phh,
    replay_phh,
    verify_history,
)

from holdem_eval.cli import main
from holdem_eval.errors import HistoryConvertError

# the fixture stars_folder (conftest.py): 4 files of 50 generated PokerStars hands
STARS_FOLDER = (200, 11, 50)


@pytest.mark.usefixtures("small_parts")
def test_dask_output_equals_one_process_in_input_order(stars_folder: Path, cluster, tmp_path: Path) -> None:
    one, two = tmp_path / "one.phhs", tmp_path / "two.phhs"
    s1, s2 = here_and_on_dask(convert_history, [stars_folder], cluster, one, two)
    assert (s1.hands, s1.exact, s1.refused, s1.workers, s2.workers) == (200, 200, 0, 1, 2)
    assert s1.parts == s2.parts >= 3
    assert one.read_bytes() == two.read_bytes()
    hands = load_phh(one)
    want = [h.fields["hand"] for h in load_history(stars_folder)]
    assert [h.fields["hand"] for h in hands] == want  # input order
    assert all(replay_phh(h).matches_file is True for h in hands[:20])


@pytest.mark.usefixtures("small_parts")
def test_one_large_file_in_hand_aligned_slices_on_dask_as_in_one_process(
        stars_folder: Path, cluster, tmp_path: Path) -> None:
    """A file larger than a part is cut into slices that start at a hand: the same hands,
    in the same order, in one process and on Dask."""
    big = tmp_path / "big.txt"
    big.write_text("\n\n".join(p.read_text("utf-8") for p in sorted(stars_folder.iterdir())), "utf-8")
    one, two = tmp_path / "one.phhs", tmp_path / "two.phhs"
    s1, s2 = here_and_on_dask(convert_history, [big], cluster, one, two)
    assert (s1.hands, s2.hands, s1.refused) == (200, 200, 0) and s1.parts == s2.parts > 3
    assert one.read_bytes() == two.read_bytes()
    hands = load_phh(one)
    assert [h.fields["hand"] for h in hands] == [h.fields["hand"] for h in load_history(big)]
    lines = big.read_text("utf-8").split("\n")
    assert all(lines[h.fields["_line"] - 1].startswith("PokerStars Hand #") for h in hands)


@pytest.mark.usefixtures("small_parts")
def test_folder_output_one_phh_per_hand_on_a_scheduler(stars_folder: Path, cluster, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "phh"
    argv = ["history", "convert", str(stars_folder), "-o", f"{out}/", "--scheduler",
            cluster.scheduler_address, "-q"]
    assert main(argv) == 0
    assert capsys.readouterr().out == (
        f"200 hands written to {out}/ (200 exact, 0 net of fees) on 2 Dask workers; 0 left out\n")
    files = sorted(out.iterdir())
    assert len(files) == 200 and hidden_files(tmp_path) == []
    ids = [h.fields["hand"] for h in load_history(stars_folder)]
    assert [f.name for f in files[:2]] == [f"000001-pokerstars-{ids[0]}.phh",
                                           f"000002-pokerstars-{ids[1]}.phh"]
    (first,) = loads_phh(files[0].read_text("utf-8"))
    assert first.fields["hand"] == ids[0] and replay_phh(first).matches_file is True
    # an empty folder that exists is filled; one with files in it is refused, untouched
    empty = tmp_path / "empty"
    empty.mkdir()
    assert convert_history([stars_folder / "hh-00000.txt"], empty).hands == 50
    assert len(list(empty.iterdir())) == 50
    with pytest.raises(HistoryConvertError, match="the folder is not empty"):
        convert_history([stars_folder], empty)
    assert len(list(empty.iterdir())) == 50


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_report_table_names_file_line_hand_id_reason_and_message(
        tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]) -> None:
    out, report = tmp_path / "gg.phhs", tmp_path / f"refused{suffix}"
    argv = ["history", "convert", str(DATA / "GGPoker"), "-o", str(out), "--skip-invalid",
            "--report", str(report), "-q"]
    assert main(argv) == 3  # 5 of the 14 hands left out: more than --max-invalid's 5%
    captured = capsys.readouterr()
    checks = verify_history(str(DATA / "GGPoker"))
    bad = [c for c in checks if not c.ok]
    assert captured.out.endswith(f"; {len(bad)} left out\n") and bad and out.exists()
    assert captured.err == (
        "left out, by reason:\n"
        "  unsupported_feature          4\n"
        "  amounts_inconsistent         1\n"
        "holdem-eval history: 5 of 14 hands left out (35.7%), more than --max-invalid 5%;"
        f" see {report}\n")
    table = pcsv.read_csv(report) if suffix == ".csv" else pq.read_table(report)
    assert tuple(table.column_names) == REPORT_COLUMNS
    rows = table.to_pylist()
    assert [(r["file"], r["line"], r["reason"], r["message"]) for r in rows] == [
        (c.file, c.line, c.reason, c.problem) for c in bad]
    where = DATA / "GGPoker/CashGame/GeneralHands/MultiplePosts.txt"
    (row,) = [r for r in rows if r["file"] == str(where)]
    assert row["hand_id"] == where.read_text("utf-8").split("#", 1)[1].split(":", 1)[0]
    assert row["line"] == 1 and row["reason"] == "amounts_inconsistent"
    assert "the amounts do not add up" in row["message"]
    assert all(r["hand_id"] for r in rows)  # every refused GG hand shows its id
    assert {r["reason"] for r in rows} <= set(REASONS)
    # a larger --max-invalid: status 0; an existing output and report need --force
    assert main([*argv, "--max-invalid", "40%"]) == 1
    assert "exists; overwrite=True (--force) replaces it" in capsys.readouterr().err
    assert main([*argv, "--max-invalid", "40", "--force"]) == 0


def test_hand_ids_of_hands_that_do_not_read() -> None:
    """The site's id of a hand the reader refuses comes from its header, on every site."""
    got = {}
    for path in sorted(DATA.rglob("*")):
        if path.suffix not in (".txt", ".xml"):
            continue
        for check in verify_history(path):
            if check.hand is None and check.hand_id:
                got.setdefault(path.parts[len(DATA.parts)], check.hand_id)
            if check.hand is not None:
                assert check.hand_id == check.hand.fields["hand"]
    assert set(got) >= {"PokerStars", "Winamax", "IPoker"}, got


def test_stream_output_and_failures_leave_nothing(stars_folder: Path, tmp_path: Path) -> None:
    buffer = io.StringIO()
    summary = convert_history([stars_folder / "hh-00001.txt"], buffer)
    assert summary.hands == 50 and summary.output == "<stream>"
    assert len(loads_phh(buffer.getvalue())) == 50
    src = tmp_path / "in"
    src.mkdir()
    text = (stars_folder / "hh-00000.txt").read_text("utf-8")
    (src / "a.txt").write_text(text, "utf-8")
    (src / "b.txt").write_text(
        text.replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nHero: juggles", 1), "utf-8")
    for out in (tmp_path / "x.phhs", tmp_path / "new-folder/"):
        with pytest.raises(HistoryConvertError, match="action not understood: 'juggles'") as e:
            convert_history([src], out, report=None)
        assert str(src / "b.txt") in str(e.value)
        assert not Path(out).exists() and hidden_files(tmp_path) == []
    # the report names the hand that stopped the job; the output is not written
    report = tmp_path / "r.csv"
    with pytest.raises(HistoryConvertError, match="action not understood: 'juggles'"):
        convert_history([src], tmp_path / "y.phhs", report=report)
    assert not (tmp_path / "y.phhs").exists()
    (row,) = pcsv.read_csv(report).to_pylist()
    assert (row["file"], row["reason"]) == (str(src / "b.txt"), "line_not_understood")
    with pytest.raises(HistoryConvertError, match="the report exists; overwrite=True"):
        convert_history([src], tmp_path / "y.phhs", skip_invalid=True, report=report)
    s = convert_history([src], tmp_path / "y.phhs", skip_invalid=True, report=report,
                        overwrite=True)
    assert (s.hands, s.refused) == (99, 1) and s.first_refused[0].file == str(src / "b.txt")
    assert s.reasons == (("line_not_understood", 1),) and s.total == 100
    assert pcsv.read_csv(report).num_rows == 1
    with pytest.raises(HistoryError, match="is one of the inputs"):
        convert_history([src / "a.txt"], src / "a.txt")
    assert (src / "a.txt").read_text("utf-8") == text
    with pytest.raises(HistoryConvertError, match="output must be a path"):
        convert_history([src], 3)  # type: ignore[arg-type]
