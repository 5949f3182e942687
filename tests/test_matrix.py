"""holdem_eval.matrix / ``holdem-eval matrix``: the exact preflop matrix on Dask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from holdem_eval import equity
from holdem_eval._limits import CountArgumentError
from holdem_eval.bulk import BulkArgumentError, OutputPathError
from holdem_eval.cli import main
from holdem_eval.matrix import (
    MatrixCheckpointError,
    MatrixInterruptedError,
    compute_unit,
    matrix_pairs,
    preflop_matrix,
    read_matrix,
)
from holdem_eval.starting_hands import STARTING_HANDS, parse_classes

SLICE = "AA,KK,AKs,AKo,T9s,72o,22"  # 7 classes: 28 unordered pairs, 49 rows
N = 7


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    """The slice computed once on the embedded cluster (2 worker processes)."""
    out = tmp_path_factory.mktemp("embedded") / "m.parquet"
    summary = preflop_matrix(out, classes=SLICE, workers=2, unit_pairs=3)
    return out, summary


def test_slice_matches_the_equity_calculator(embedded):
    out, summary = embedded
    assert (summary.classes, summary.pairs, summary.units, summary.workers) == (N, 28, 10, 2)
    assert summary.units_resumed == 0
    assert not (out.parent / "m.parquet.checkpoint").exists()  # removed after success
    table = pq.read_table(out)
    assert table.num_rows == N * N
    for row in table.to_pylist():
        r = equity([row["hero"], row["villain"]], method="exact")
        assert r.exact
        assert row["win"] == r.wins_by_mask[1]
        assert row["lose"] == r.wins_by_mask[2]
        assert row["tie"] == r.wins_by_mask[3]
        assert row["games"] == r.games
        assert row["equity"] == pytest.approx(r.equity[0], abs=1e-12)
        assert STARTING_HANDS[row["hero_index"]] == row["hero"]


def test_known_values_and_symmetry(embedded):
    names, square = read_matrix(embedded[0])
    assert names == [STARTING_HANDS[i] for i in parse_classes(SLICE)]
    at = {n: i for i, n in enumerate(names)}
    # Published exact heads-up equities: AA vs KK 81.95 %, AKs vs 22 ~ 50.3 % (the flip).
    assert square[at["AA"], at["KK"]] == pytest.approx(0.81946, abs=5e-5)
    assert square[at["AKo"], at["22"]] == pytest.approx(0.4700, abs=5e-3)
    assert np.allclose(square + square.T, 1.0)
    assert np.allclose(np.diag(square), 0.5)
    table = pq.read_table(embedded[0])
    games = {(r["hero"], r["villain"]): r["games"] for r in table.to_pylist()}
    # Combo pairs that share no card, times C(48, 5) boards: AA v KK 36, AA v AKs 4 * 3 / ...
    assert games[("AA", "KK")] == 36 * 1_712_304
    assert games[("AA", "AKs")] == 12 * 1_712_304  # each AKs blocks 3 of AA's 6 combos


def test_compute_unit_is_the_pair_range():
    classes = parse_classes(SLICE)
    pairs = matrix_pairs(classes)
    assert len(pairs) == 28 and pairs[0] == (0, 0) and pairs[-1] == (168, 168)
    got = compute_unit(classes, 5, 8)
    assert list(zip(got["hero"].tolist(), got["villain"].tolist())) == pairs[5:8]
    assert np.all(got["win"] + got["tie"] + got["lose"] == got["games"])


def test_interrupted_job_resumes_from_its_checkpoint(tmp_path, embedded):
    out, ckpt = tmp_path / "m.parquet", tmp_path / "ckpt"
    with pytest.raises(MatrixInterruptedError, match=r"stopped after 4 of 10 units"):
        preflop_matrix(out, classes=SLICE, workers=2, unit_pairs=3, checkpoint=ckpt, stop_after=4)
    assert not out.exists()
    saved = sorted(p.name for p in ckpt.glob("unit-*.npz"))
    assert len(saved) >= 4
    summary = preflop_matrix(
        out, classes=SLICE, workers=2, unit_pairs=3, checkpoint=ckpt, keep_checkpoint=True
    )
    assert summary.units_resumed == len(saved)
    assert pq.read_table(out).equals(pq.read_table(embedded[0]))
    # Everything on disk now: a third run computes nothing and starts no cluster.
    again = preflop_matrix(
        out, classes=SLICE, unit_pairs=3, checkpoint=ckpt, scheduler="tcp://127.0.0.1:1"
    )  # unreachable, never contacted
    assert again.units_resumed == 10 and again.workers == 0
    assert pq.read_table(out).equals(pq.read_table(embedded[0]))
    assert not ckpt.exists()


def test_checkpoint_of_another_job_is_refused(tmp_path):
    ckpt = tmp_path / "ckpt"
    ckpt.mkdir()
    (ckpt / "job.json").write_text(json.dumps({"format": 1, "classes": [0, 14], "unit_pairs": 3}))
    with pytest.raises(
        MatrixCheckpointError,
        match=r"holds a different job \(2 classes, 3 "
        r"pairs a unit, this one is 7 classes",
    ):
        preflop_matrix(tmp_path / "m.parquet", classes=SLICE, unit_pairs=3, checkpoint=ckpt)


def test_bad_arguments(tmp_path):
    for bad in (0, -1, 14_366, True, "8"):
        with pytest.raises(
            CountArgumentError, match=rf"^unit_pairs must be an int from 1 to 14365, got {bad!r}$"
        ):
            preflop_matrix(tmp_path / "m.parquet", unit_pairs=bad)
    for bad in (0, -1, 257):
        with pytest.raises(CountArgumentError, match=rf"^workers must be an int from 1 to 256, got {bad}$"):
            preflop_matrix(tmp_path / "m.parquet", classes="AA,KK", workers=bad)
    with pytest.raises(BulkArgumentError, match=r"^give a scheduler address or a client, not both$"):
        preflop_matrix(tmp_path / "m.parquet", classes="AA,KK", scheduler="tcp://x:1", client=object())
    with pytest.raises(OutputPathError, match=r"^png '.*m\.parquet' is the same file as the output"):
        preflop_matrix(tmp_path / "m.parquet", classes="AA,KK", png=tmp_path / "m.parquet")
    with pytest.raises(
        OutputPathError, match=r"^checkpoint folder '.*m\.parquet' is the output '.*m\.parquet'"
    ):
        preflop_matrix(tmp_path / "m.parquet", classes="AA,KK", checkpoint=tmp_path / "m.parquet")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError, match=r"'AK' is not a starting-hand class: say 's' or 'o'"):
        preflop_matrix(tmp_path / "m.parquet", classes="AA,AK")


_KILLABLE = textwrap.dedent(
    """
    import sys, time
    from holdem_eval.matrix import preflop_matrix
    # A slow progress callback keeps the job running long enough to be killed mid-way.
    preflop_matrix(sys.argv[1], classes=sys.argv[2], workers=1, unit_pairs=3,
                   checkpoint=sys.argv[3], progress=lambda n: time.sleep(0.4))
    """
)


@pytest.mark.slow
def test_killed_job_resumes_with_identical_output(tmp_path, embedded):
    """SIGKILL the whole job (client, scheduler and worker processes) after 3 units."""
    out, ckpt = tmp_path / "m.parquet", tmp_path / "ckpt"
    proc = subprocess.Popen(
        [sys.executable, "-c", _KILLABLE, str(out), SLICE, str(ckpt)],
        start_new_session=True,  # its own process group: the kill takes its workers too
    )
    try:
        deadline = time.monotonic() + 120
        while len(list(ckpt.glob("unit-*.npz"))) < 3:
            assert proc.poll() is None, "the job ended before it could be killed"
            assert time.monotonic() < deadline, "no progress within 120 s"
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    done = len(list(ckpt.glob("unit-*.npz")))
    assert 3 <= done < 10 and not out.exists()
    summary = preflop_matrix(out, classes=SLICE, workers=2, unit_pairs=3, checkpoint=ckpt)
    assert summary.units_resumed == done
    assert pq.read_table(out).equals(pq.read_table(embedded[0]))


def _dask_cli() -> list[str]:
    exe = Path(sys.executable).with_name("dask")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "dask"]


@pytest.mark.slow
def test_same_job_on_a_scheduler_and_two_worker_processes(tmp_path, embedded):
    """A real (if small) cluster: `dask scheduler` and two `dask worker` processes on
    127.0.0.1, started here; one worker is killed mid-job and the job still finishes."""
    sched_file = tmp_path / "scheduler.json"
    procs: list[subprocess.Popen[bytes]] = []
    logs = [open(tmp_path / f"log{i}.txt", "wb") for i in range(3)]  # noqa: SIM115
    try:
        procs.append(
            subprocess.Popen(
                [
                    *_dask_cli(),
                    "scheduler",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--no-dashboard",
                    "--scheduler-file",
                    str(sched_file),
                ],
                stdout=logs[0],
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )
        deadline = time.monotonic() + 60
        while not sched_file.exists() or not sched_file.read_text().strip():
            assert procs[0].poll() is None, "the scheduler exited"
            assert time.monotonic() < deadline, "the scheduler did not start within 60 s"
            time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for i in (1, 2):
            procs.append(
                subprocess.Popen(
                    [
                        *_dask_cli(),
                        "worker",
                        address,
                        "--nthreads",
                        "1",
                        "--no-dashboard",
                        "--host",
                        "127.0.0.1",
                        "--name",
                        f"w{i}",
                    ],
                    stdout=logs[i],
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)

        killed: list[int] = []

        def kill_one_worker(n: int) -> None:
            if not killed:  # after the first unit: lose worker w2 and its running task
                os.killpg(procs[2].pid, signal.SIGKILL)
                killed.append(procs[2].pid)

        out = tmp_path / "m.parquet"
        summary = preflop_matrix(
            out, classes=SLICE, scheduler=address, unit_pairs=3, progress=kill_one_worker
        )
        assert killed and summary.workers == 2
        assert pq.read_table(out).equals(pq.read_table(embedded[0]))
        # The environment variable points the same job at the cluster too.
        env_out = tmp_path / "env.parquet"
        os.environ["DASK_SCHEDULER_ADDRESS"] = address
        try:
            assert main(["matrix", "-o", str(env_out), "--classes", "AA,KK,72o", "--no-progress"]) == 0
        finally:
            del os.environ["DASK_SCHEDULER_ADDRESS"]
        small = pq.read_table(env_out).to_pylist()
        full = {(r["hero"], r["villain"]): r for r in pq.read_table(out).to_pylist()}
        assert all(r == full[(r["hero"], r["villain"])] for r in small) and len(small) == 9
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=10)
        for f in logs:
            f.close()


def test_cli_matrix_with_png(tmp_path, capsys):
    out, png = tmp_path / "m.parquet", tmp_path / "m.png"
    assert (
        main(
            [
                "matrix",
                "-o",
                str(out),
                "--png",
                str(png),
                "--classes",
                "AA,KK,QQ,AKs",
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "4 classes, 10 pairs in 1 units" in err and str(png) in err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pq.read_table(out).num_rows == 16


def test_missing_dask_names_the_extra(tmp_path, monkeypatch):
    from holdem_eval.bulk import MissingDependencyError

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if dask were not installed
    with pytest.raises(MissingDependencyError, match=r"pip install 'holdem-eval\[dask\]'"):
        preflop_matrix(tmp_path / "m.parquet", classes="AA,KK")
