"""holdem_eval.bulk_dask: a partitioned Parquet dataset ranked on Dask (issue 13 item 4), on a
scheduler with two worker processes on 127.0.0.1, and the matrix on an existing Client."""

from __future__ import annotations

import time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from helpers import random_hands

import holdem_eval as he
from holdem_eval.bulk import BadRowError, OutputPathError, rank_file
from holdem_eval.bulk_dask import ClusterConnectError, dataset_files, rank_dataset
from holdem_eval.cli import main
from holdem_eval.matrix import preflop_matrix

distributed = pytest.importorskip("distributed")  # in the [test] extra: always there in CI

CARDS7 = tuple(f"c{i}" for i in range(7))
SIZES = (700, 0, 1_300, 500)  # an empty partition too


@pytest.fixture
def dataset(tmp_path, rng):
    """A folder of 4 Parquet partitions (part-0..3), and all the hands in order."""
    folder = tmp_path / "data"
    folder.mkdir()
    all_hands = []
    first = 0
    for i, n in enumerate(SIZES):
        hands = random_hands(rng, n, 7)
        cols = {"id": pa.array(np.arange(first, first + n, dtype=np.int64))}
        cols |= {c: pa.array(hands[:, j], type=pa.uint8()) for j, c in enumerate(CARDS7)}
        pq.write_table(pa.table(cols), folder / f"part-{i}.parquet")
        all_hands.append(hands)
        first += n
    (folder / "_SUCCESS").write_text("")  # a marker file, not data
    return folder, np.concatenate(all_hands)


def _read_parts(folder):
    parts = sorted(folder.iterdir())
    assert [p.name for p in parts] == [f"part-{i:05d}.parquet" for i in range(len(SIZES))]
    return pa.concat_tables([pq.read_table(p) for p in parts])


def test_dataset_on_a_scheduler_matches_the_single_machine_path(tmp_path, dataset, cluster):
    folder, hands = dataset
    ticks: list[int] = []
    out = tmp_path / "ranked"
    summary = rank_dataset(
        folder,
        out,
        scheduler=cluster.scheduler_address,
        row_numbers=True,
        describe=True,
        progress=ticks.append,
    )
    assert (summary.partitions, summary.rows_read, summary.rows_ranked, summary.workers) == (
        4,
        2_500,
        2_500,
        2,
    )
    assert sorted(ticks) == sorted(SIZES)
    got = _read_parts(out)
    whole = tmp_path / "whole.parquet"
    pq.write_table(pa.concat_tables([pq.read_table(f) for f in dataset_files(folder)]), whole)
    single = pq.read_table(
        rank_file(whole, tmp_path / "single.parquet", row_numbers=True, describe=True).output
    )
    assert got.equals(single)
    assert got["row"].to_pylist() == got["id"].to_pylist() == list(range(2_500))
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))


def test_dataset_on_an_existing_client_with_bad_rows(tmp_path, dataset, cluster):
    folder, _ = dataset
    t = pq.read_table(folder / "part-2.parquet")
    c3 = t["c3"].to_numpy().copy()
    c3[[5, 900]] = 60
    pq.write_table(t.set_column(4, "c3", pa.array(c3)), folder / "part-2.parquet")
    with distributed.Client(cluster) as client:
        with pytest.raises(
            BadRowError, match=r"^row 705: card id 60 in column 'c3' is outside 0\.\.51 \(use"
        ):
            rank_dataset(str(folder / "part-*.parquet"), tmp_path / "ranked", client=client)
        assert not (tmp_path / "ranked").exists() and not (tmp_path / ".ranked.part").exists()
        summary = rank_dataset(folder, tmp_path / "ranked", client=client, skip_invalid=True, keys=["id"])
        assert client.status == "running"  # a caller's client is left open
    assert (summary.rows_ranked, summary.rows_rejected) == (2_498, 2)
    rejects = pa.concat_tables([pq.read_table(p) for p in sorted(summary.reject_dir.iterdir())])
    assert rejects["row"].to_pylist() == rejects["id"].to_pylist() == [705, 1_600]
    assert _read_parts(tmp_path / "ranked").num_rows == 2_498


def test_matrix_on_an_existing_client(tmp_path, cluster):
    with distributed.Client(cluster) as client:
        summary = preflop_matrix(tmp_path / "m.parquet", classes="AA,KK", client=client)
        assert summary.workers == 2 and client.status == "running"
    rows = pq.read_table(tmp_path / "m.parquet").to_pylist()
    r = he.equity(["AA", "KK"], method="exact")
    aa_kk = next(x for x in rows if (x["hero"], x["villain"]) == ("AA", "KK"))
    assert aa_kk["games"] == r.games and aa_kk["win"] == r.wins_by_mask[1]


def test_output_folder_checks(tmp_path, dataset):
    folder, _ = dataset
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    with pytest.raises(OutputPathError, match=r"^output folder '.*busy' exists and is not an empty folder"):
        rank_dataset(folder, busy)
    with pytest.raises(
        OutputPathError, match=r"^output folder '.*data' holds the input file '.*part-0\.parquet'"
    ):
        rank_dataset(str(folder / "*.parquet"), folder)
    assert (busy / "keep.txt").read_text() == "mine"


@pytest.mark.slow
def test_unreachable_scheduler_is_a_clear_error_not_a_hang(tmp_path, dataset, capsys):
    folder, _ = dataset
    start = time.monotonic()
    with pytest.raises(
        ClusterConnectError, match=r"^cannot reach the Dask scheduler 'tcp://127\.0\.0\.1:9' within 2 s \("
    ):
        rank_dataset(folder, tmp_path / "o", scheduler="tcp://127.0.0.1:9", connect_timeout=2)
    assert not (tmp_path / "o").exists()
    args = ["--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "2"]
    assert main(["rank", str(folder), str(tmp_path / "o"), *args]) == 1
    assert (
        "holdem-eval rank: error: cannot reach the Dask scheduler 'tcp://127.0.0.1:9'"
        in capsys.readouterr().err
    )
    assert main(["matrix", "-o", str(tmp_path / "m.parquet"), "--classes", "AA,KK", *args]) == 1
    assert "holdem-eval matrix: error: cannot reach the Dask scheduler" in capsys.readouterr().err
    assert time.monotonic() - start < 60  # three 2-second timeouts, not three hangs


def test_cli_dataset_on_the_embedded_cluster(tmp_path, dataset, capsys):
    folder, hands = dataset
    out = tmp_path / "ranked"
    assert main(["rank", str(folder), str(out), "--workers", "1", "--keys", "id"]) == 0
    assert "ranked 2,500 of 2,500 hands in 4 partitions on 1 workers" in capsys.readouterr().err
    got = _read_parts(out)
    assert got.column_names == ["id", "rank", "category"]
    assert np.array_equal(got["rank"].to_numpy(), he.evaluate_batch(hands))


def test_cli_matrix_to_stdout_on_a_scheduler(cluster, capsysbinary):
    assert main(["matrix", "-o", "-", "--classes", "AA,KK", "--scheduler", cluster.scheduler_address]) == 0
    captured = capsysbinary.readouterr()
    import io

    import pyarrow.csv as pacsv

    table = pacsv.read_csv(io.BytesIO(captured.out))
    assert table.num_rows == 4 and table.column_names[:2] == ["hero", "villain"]
    assert b"-> standard output" in captured.err


def test_cli_matrix_png_to_stdout(tmp_path, cluster, capsysbinary):
    out = tmp_path / "m.csv"
    assert (
        main(
            [
                "matrix",
                "-o",
                str(out),
                "--png",
                "-",
                "--classes",
                "AA,KK",
                "--scheduler",
                cluster.scheduler_address,
            ]
        )
        == 0
    )
    assert capsysbinary.readouterr().out[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.read_text().startswith('"hero","villain"')  # CSV by its name


@pytest.fixture
def not_a_scheduler():
    """A TCP server on 127.0.0.1 that answers every connection with bytes that are not Dask's."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4)
                time.sleep(0.2)

    threading.Thread(target=answer, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


def test_an_address_that_is_not_a_scheduler(tmp_path, dataset, not_a_scheduler):
    folder, _ = dataset
    with pytest.raises(ClusterConnectError, match=r"^'foo' is not a Dask scheduler address \(missing port"):
        rank_dataset(folder, tmp_path / "o", scheduler="foo")
    with pytest.raises(
        ClusterConnectError,
        match=rf"^'{not_a_scheduler}' did not answer as a Dask scheduler \(.*\): check the address \(the",
    ):
        rank_dataset(folder, tmp_path / "o", scheduler=not_a_scheduler, connect_timeout=3)
    assert not (tmp_path / "o").exists()


def test_dataset_counts_are_checked_before_anything_starts(tmp_path, dataset, capsys):
    # a malformed count is a usage error: exit 2 (docs/cli.md; issue 30 made it so)
    folder, _ = dataset
    for bad in ("0", "-1"):
        with pytest.raises(SystemExit) as info:
            main(["rank", str(folder), str(tmp_path / "o"), "--workers", bad, "-q"])
        assert info.value.code == 2
        assert (
            f"holdem-eval rank: error: argument --workers: workers must be an int from 1 to 256, got {bad}"
            in capsys.readouterr().err
        )
    with pytest.raises(SystemExit) as info:
        main(["rank", str(folder), str(tmp_path / "o"), "--chunk-rows", "0"])
    assert info.value.code == 2
    assert "error: argument --chunk-rows: chunk_rows must be an int from 1 to 2147483647, got 0" in (
        capsys.readouterr().err
    )
    assert not (tmp_path / "o").exists()


def test_a_partition_that_is_not_parquet_is_a_clear_error_naming_it(tmp_path, dataset, capsys):
    """Issue 30: the footer count read raw pyarrow errors (ArrowInvalid) from bulk_dask."""
    from holdem_eval.bulk import InputFileError

    folder, _ = dataset
    fake = folder / "part-9.parquet"
    fake.write_bytes(b"not a parquet file")
    with pytest.raises(InputFileError, match=r"^cannot read the input '.*part-9\.parquet' as Parquet: "):
        rank_dataset(folder, tmp_path / "o", workers=1)
    assert main(["rank", str(folder), str(tmp_path / "o"), "-q"]) == 1
    err = capsys.readouterr().err
    assert f"holdem-eval rank: error: cannot read the input {str(fake)!r} as Parquet: " in err
    assert "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_an_unwritable_output_folder_is_named_not_its_temporary_folder(tmp_path, dataset, monkeypatch):
    """Issue 30: errors named the job's temporary '.NAME.part' folder."""
    from pathlib import Path

    folder, _ = dataset
    real_mkdir = Path.mkdir

    def refuse(self, *args, **kwargs):
        if self.name.endswith(".part"):
            raise PermissionError(13, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", refuse)
    with pytest.raises(PermissionError) as info:
        rank_dataset(folder, tmp_path / "o", workers=1)
    expected = f"[Errno 13] cannot write the output folder {str(tmp_path / 'o')!r}: Permission denied"
    assert str(info.value) == expected
