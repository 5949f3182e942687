"""Ranked outputs record their variant (issue 27): the schema metadata of ``rank_table``'s
Arrow results and of every Parquet output (``rank_file``, its temporary-file commit, streams,
``rank_dataset``'s parts, the CLI) names the library, the variant and the worst rank of its
scale, read back here with pyarrow. CSV has no place for it and stays as it was."""

from __future__ import annotations

import io

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest

import holdem_eval as he
from holdem_eval.bulk import rank_file, rank_table
from holdem_eval.cli import main

SCALES = {"holdem": 7462, "short-deck": 1404, "short-deck-straights-beat-trips": 1404}
HANDS = ["Ah Kh Qh Jh Th", "6c 6d 6h 7s 8s 9c Tc", "As Ks 9d 8c 7h 6h"]


def want(variant: str) -> dict[bytes, bytes]:
    return {
        b"holdem_eval.library": f"holdem-eval {he.__version__}".encode(),
        b"holdem_eval.variant": variant.encode(),
        b"holdem_eval.rank_worst": str(SCALES[variant]).encode(),
    }


def ours(schema: pa.Schema) -> dict[bytes, bytes]:
    """The holdem_eval.* keys of a schema's metadata."""
    return {k: v for k, v in (schema.metadata or {}).items() if k.startswith(b"holdem_eval.")}


def hands_file(tmp_path, name: str = "hands.parquet"):  # type: ignore[no-untyped-def]
    src = tmp_path / name
    pq.write_table(pa.table({"id": np.arange(len(HANDS)), "hand": HANDS}), src)
    return src


@pytest.mark.parametrize("variant", SCALES)
def test_rank_table_arrow_results_carry_the_variant(variant):
    t = pa.table({"who": ["a", "b", "c"], "hand": HANDS})
    got = rank_table(t, variant=variant, describe=True)
    assert ours(got.schema) == want(variant)
    assert got.column_names == ["who", "rank", "category", "description"]
    assert got["rank"].to_pylist() == [he.evaluate(h, variant=variant) for h in HANDS]
    batch = rank_table(t.to_batches()[0], variant=variant)
    assert isinstance(batch, pa.RecordBatch) and ours(batch.schema) == want(variant)
    empty = rank_table(t.slice(0, 0), variant=variant)
    assert empty.num_rows == 0 and ours(empty.schema) == want(variant)


def test_pandas_results_are_unchanged():
    pd = pytest.importorskip("pandas")
    got = rank_table(pd.DataFrame({"hand": HANDS}), variant="short-deck")
    assert list(got.columns) == ["rank", "category"]
    assert got["rank"].tolist() == [1, 517, he.evaluate(HANDS[2], variant="short-deck")]


@pytest.mark.parametrize("variant", SCALES)
def test_rank_file_parquet_records_the_variant(tmp_path, variant):
    src, out = hands_file(tmp_path), tmp_path / "ranks.parquet"
    rank_file(src, out, variant=variant, row_numbers=True)
    # in the Arrow schema and in the Parquet footer's key-value metadata
    assert ours(pq.read_schema(out)) == want(variant)
    footer = pq.ParquetFile(out).metadata.metadata
    assert {k: footer[k] for k in want(variant)} == want(variant)
    table = pq.read_table(out)
    assert table.column_names == ["id", "row", "rank", "category"]
    assert table["rank"].to_pylist() == [he.evaluate(h, variant=variant) for h in HANDS]


def test_the_commit_path_keeps_it_replacing_a_file_and_over_many_chunks(tmp_path, rng):
    src = tmp_path / "hands.parquet"
    ids = (np.argsort(rng.random((5_000, 36)), axis=1)[:, :7] + 16).astype(np.uint8)
    pq.write_table(pa.table({f"c{j}": ids[:, j] for j in range(7)}), src, row_group_size=1_000)
    out = tmp_path / "ranks.parquet"
    rank_file(src, out)  # a Hold'em file there first: replaced by the short-deck one
    assert ours(pq.read_schema(out)) == want("holdem")
    rank_file(src, out, variant="short-deck-straights-beat-trips", chunk_rows=1_000, threads=2)
    assert ours(pq.read_schema(out)) == want("short-deck-straights-beat-trips")
    assert not (tmp_path / ".ranks.parquet.part").exists()
    got = pq.read_table(out)["rank"].to_numpy()
    assert np.array_equal(got, he.evaluate_batch(ids, variant="short-deck-straights-beat-trips"))


def test_an_output_of_no_rows_and_a_skip_invalid_run_carry_it(tmp_path):
    src = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"hand": pa.array([], pa.string())}), src)
    rank_file(src, tmp_path / "none.parquet", variant="short-deck")
    assert pq.read_table(tmp_path / "none.parquet").num_rows == 0
    assert ours(pq.read_schema(tmp_path / "none.parquet")) == want("short-deck")
    pq.write_table(pa.table({"hand": ["Ah Kh Qh Jh 2h", "Ah Kh Qh Jh Th"]}), src)
    s = rank_file(src, tmp_path / "some.parquet", variant="short-deck", skip_invalid=True)
    assert (s.rows_ranked, s.rows_rejected) == (1, 1)
    assert ours(pq.read_schema(tmp_path / "some.parquet")) == want("short-deck")


def test_a_parquet_stream_carries_it_and_csv_has_no_place_for_it(tmp_path):
    src = hands_file(tmp_path)
    buf = io.BytesIO()
    rank_file(src, buf, output_format="parquet", variant="short-deck")
    assert ours(pq.read_schema(io.BytesIO(buf.getvalue()))) == want("short-deck")
    rank_file(src, tmp_path / "ranks.csv", variant="short-deck")
    text = (tmp_path / "ranks.csv").read_text()
    assert text.splitlines()[0] == '"id","rank","category"'  # no comment line: CSV as before
    assert "holdem_eval" not in text
    assert pacsv.read_csv(tmp_path / "ranks.csv")["rank"].to_pylist()[:2] == [1, 517]


def test_cli_rank_output_carries_it(tmp_path, capsys):
    src, out = hands_file(tmp_path), tmp_path / "ranks.parquet"
    assert main(["rank", str(src), str(out), "--variant", "short-deck", "--no-progress"]) == 0
    capsys.readouterr()
    assert ours(pq.read_schema(out)) == want("short-deck")


def test_every_rank_dataset_part_carries_it(tmp_path, cluster):
    from holdem_eval.bulk_dask import rank_dataset

    folder = tmp_path / "data"
    folder.mkdir()
    pq.write_table(pa.table({"hand": HANDS[:2]}), folder / "part-0.parquet")
    pq.write_table(pa.table({"hand": pa.array([], pa.string())}), folder / "part-1.parquet")
    pq.write_table(pa.table({"hand": HANDS[2:]}), folder / "part-2.parquet")
    out = tmp_path / "ranked"
    s = rank_dataset(folder, out, scheduler=cluster.scheduler_address, variant="short-deck",
                     skip_invalid=True)
    assert s.partitions == 3
    parts = sorted(out.iterdir())
    assert [p.name for p in parts] == ["part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]
    for p in parts:
        assert ours(pq.read_schema(p)) == want("short-deck"), p
    merged = pa.concat_tables([pq.read_table(p) for p in parts])
    assert ours(merged.schema) == want("short-deck")
    s = rank_dataset(folder, tmp_path / "holdem", scheduler=cluster.scheduler_address)
    assert all(ours(pq.read_schema(p)) == want("holdem") for p in sorted((tmp_path / "holdem").iterdir()))
