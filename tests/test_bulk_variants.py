"""Bulk ranking plays the best-five variants (issue 27 item 4): ``rank_table``, ``rank_file``,
``rank_dataset`` and ``holdem-eval rank --variant`` rank short deck exactly as
``evaluate_batch(variant=...)`` does, refuse a 2..5 as a bad row naming the card and the
variant, and refuse an unplayed variant before any output exists."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest

import holdem_eval as he
from holdem_eval.bulk import BadRowError, HandColumns, rank_file, rank_table
from holdem_eval.cli import main
from holdem_eval.errors import InvalidVariantError

SHORT = ("short-deck", "short-deck-straights-beat-trips")
CARDS7 = tuple(f"c{i}" for i in range(7))
TRIPS_AND_STRAIGHT = "6c 6d 6h 7s 8s 9c Tc"  # three sixes, and a ten-high straight


def short_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n rows of k distinct cards of the 36-card deck (ids 16..51), uniformly random."""
    return (np.argsort(rng.random((n, 36)), axis=1)[:, :k] + 16).astype(np.uint8)


def texts(hands: np.ndarray) -> list[str]:
    return [he.format_cards(h.tolist(), sep=" ") for h in hands]


def id_table(hands: np.ndarray) -> pa.Table:
    cols = {"id": pa.array(np.arange(len(hands), dtype=np.int64))}
    cols |= {CARDS7[j]: pa.array(hands[:, j], type=pa.uint8()) for j in range(hands.shape[1])}
    return pa.table(cols)


def check_ranked(got: pa.Table, hands: np.ndarray, variant: str) -> None:
    """Ranks, categories (and descriptions, when there) are those of the evaluator."""
    ranks = he.evaluate_batch(hands, variant=variant)
    assert np.array_equal(got["rank"].to_numpy(), ranks)
    assert np.array_equal(got["category"].to_numpy(), he.hand_categories(ranks, variant=variant))
    if "description" in got.column_names:
        desc = got["description"].to_pylist()
        for i in range(0, len(hands), 97):
            assert desc[i] == he.describe(int(ranks[i]), variant=variant)


# ------------------------------------------------------------------------ in memory


@pytest.mark.parametrize("variant", SHORT)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_rank_table_matches_evaluate_batch(rng, variant, k):
    hands = short_hands(rng, 4_000, k)
    # id columns (the column fast path) and a text column (the general path)
    check_ranked(rank_table(id_table(hands), variant=variant, describe=True, threads=2), hands, variant)
    text = pa.table({"hand": texts(hands)})
    check_ranked(rank_table(text, variant=variant, describe=True), hands, variant)
    # short deck ranks are not Hold'em ranks: the variant reaches the kernel
    assert not np.array_equal(rank_table(text, variant=variant)["rank"].to_numpy(), he.evaluate_batch(hands))


@pytest.mark.parametrize("variant", SHORT)
def test_rank_table_hole_and_board_and_pandas(rng, variant):
    hands = short_hands(rng, 2_000, 7)
    t = pa.table({"hole": [he.format_cards(h[:2].tolist()) for h in hands],
                  "board": [he.format_cards(h[2:].tolist(), sep=" ") for h in hands]})
    check_ranked(rank_table(t, columns=HandColumns(hole=("hole",), board=("board",)), variant=variant),
                 hands, variant)
    pd = pytest.importorskip("pandas")
    s = pd.Series(texts(hands), name="hand", index=np.arange(2_000) + 7)
    got = rank_table(s, variant=variant)
    assert got.index.tolist() == s.index.tolist()
    assert np.array_equal(got.to_numpy(), he.evaluate_batch(hands, variant=variant))


def test_the_two_short_deck_rules_differ_where_trips_meet_a_straight():
    hand = pa.table({"hand": [TRIPS_AND_STRAIGHT]})
    trips = rank_table(hand, variant="short-deck", describe=True).to_pylist()
    straight = rank_table(hand, variant="short-deck-straights-beat-trips", describe=True).to_pylist()
    assert trips == [{"rank": 517, "category": he.HandCategory.THREE_OF_A_KIND,
                      "description": "Three of a Kind, Sixes, Ten-Nine kickers"}]
    assert straight == [{"rank": 275, "category": he.HandCategory.STRAIGHT,
                         "description": "Straight, Ten high"}]
    assert rank_table(hand).to_pylist() == [{"rank": he.evaluate(TRIPS_AND_STRAIGHT), "category": 5}]


def test_holdem_is_the_default_and_unchanged(rng):
    hands = short_hands(rng, 1_000, 7)
    t = id_table(hands)
    assert rank_table(t, variant="holdem").equals(rank_table(t))
    assert np.array_equal(rank_table(t)["rank"].to_numpy(), he.evaluate_batch(hands))


# ------------------------------------------------------------------------ the short-deck column kernel


def spoil(rng: np.random.Generator, hands: np.ndarray, rows: int) -> np.ndarray:
    """A copy of ``hands`` with ``rows`` random rows made bad: a deuce..five (0..15), an id
    above 51 (52..255) or a repeat of another card of the row."""
    bad = hands.copy()
    k = hands.shape[1]
    for r in rng.choice(len(hands), rows, replace=False).tolist():
        j = int(rng.integers(k))
        what = int(rng.integers(3))
        if what == 0:
            bad[r, j] = rng.integers(0, 16)
        elif what == 1:
            bad[r, j] = rng.integers(52, 256)
        else:
            bad[r, j] = bad[r, (j + 1 + int(rng.integers(k - 1))) % k]
    return bad


def bad_rows(hands: np.ndarray) -> np.ndarray:
    """The rows that are not short-deck hands: a card outside 16..51 or a repeat."""
    ordered = np.sort(hands, axis=1)
    return np.flatnonzero(((hands < 16) | (hands > 51)).any(axis=1)
                          | (ordered[:, 1:] == ordered[:, :-1]).any(axis=1))


@pytest.mark.parametrize("variant", SHORT)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_id_columns_rank_as_evaluate_batch_bad_rows_included(rng, variant, k):
    # 20,000 rows on two threads: the column kernel runs in two chunks
    hands = spoil(rng, short_hands(rng, 20_000, k), 40)
    bad = bad_rows(hands)
    good = np.setdiff1d(np.arange(len(hands)), bad)
    assert bad.size > 10
    t = id_table(hands)
    first = int(bad[0])
    with pytest.raises(BadRowError, match=rf"^row {first}: ") as exc:
        rank_table(t, variant=variant, threads=2)
    row = hands[first]
    outside = row[(row < 16) | (row > 51)]
    if outside.size:  # named as evaluate_batch names it: the card, its column and the variant
        with pytest.raises(he.InvalidCardError) as want:
            he.evaluate_batch(row[None, :], variant=variant)
        card = str(want.value).split(" in ")[0]
        column = CARDS7[int(np.flatnonzero((row < 16) | (row > 51))[0])]
        assert exc.value.reason.startswith(f"{card} in column {column!r} ")
        if outside[0] < 16:
            assert f"is not in the deck of variant {variant!r}" in exc.value.reason
    else:
        assert exc.value.reason.startswith("repeats card ")
    check_ranked(rank_table(t.take(good), variant=variant, threads=2), hands[good], variant)


@pytest.mark.parametrize("variant", SHORT)
def test_rank_file_id_columns_with_bad_rows_in_every_chunk(tmp_path, rng, variant):
    hands = spoil(rng, short_hands(rng, 30_000, 7), 60)
    bad = bad_rows(hands)
    good = np.setdiff1d(np.arange(len(hands)), bad)
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(id_table(hands), src, row_group_size=7_000)
    s = rank_file(src, out, variant=variant, chunk_rows=7_000, threads=2, skip_invalid=True,
                  row_numbers=True)
    assert (s.rows_ranked, s.rows_rejected) == (good.size, bad.size)
    got = pq.read_table(out)
    assert got["row"].to_numpy().tolist() == good.tolist()
    check_ranked(got, hands[good], variant)
    rejects = pq.read_table(s.reject_path)
    assert rejects["row"].to_pylist() == bad.tolist()
    kinds = set()
    for r, why in zip(bad.tolist(), rejects["error"].to_pylist()):
        row = hands[r]
        j = np.flatnonzero((row < 16) | (row > 51))
        if j.size == 0:
            kinds.add("repeat")
            assert why.startswith("repeats card "), why
        elif row[j[0]] < 16:
            kinds.add("deck")
            assert why.startswith(f"card {he.format_cards([int(row[j[0]])])!r} in column {CARDS7[j[0]]!r} "
                                  f"is not in the deck of variant {variant!r}"), why
        else:
            kinds.add("range")
            assert why == f"card id {int(row[j[0]])} in column {CARDS7[j[0]]!r} is outside 0..51", why
    assert kinds == {"repeat", "deck", "range"}


@pytest.mark.parametrize("variant", ["holdem", *SHORT])
def test_id_columns_take_the_column_kernel_of_their_deck(rng, monkeypatch, variant):
    from holdem_eval import _variant_faces
    from holdem_eval.bulk import parse as _bulk_parse

    calls = []
    kernel = _bulk_parse.nat.eval_columns

    def spy(*args):  # type: ignore[no-untyped-def]
        calls.append(args[4:])
        return kernel(*args)

    monkeypatch.setattr(_bulk_parse.nat, "eval_columns", spy)
    hands = short_hands(rng, 1_000, 7)
    check_ranked(rank_table(id_table(hands), variant=variant, threads=1), hands, variant)
    assert calls == [(_variant_faces.short_rules(variant),)]


@pytest.mark.parametrize("variant", SHORT)
def test_the_column_binding_reports_the_batch_kernels_status_and_row(rng, variant):
    from holdem_eval import _bindings as nat
    from holdem_eval._variant_faces import short_rules

    rules = short_rules(variant)
    hands = short_hands(rng, 10_000, 7)
    for r, j, card in ((9_000, 6, 52), (6_000, 0, 15), (4_500, 3, 0), (8_000, 2, 255)):
        hands[r, j] = card
    hands[5_000, 4] = hands[5_000, 1]
    cols = [np.ascontiguousarray(hands[:, j]) for j in range(7)]
    for threads in (1, 2):
        ranks, want = np.zeros(10_000, np.uint16), np.zeros(10_000, np.uint16)
        categories = np.zeros(10_000, np.uint8)
        got = nat.eval_columns(cols, ranks, categories, threads, rules)
        assert got == nat.eval_batch(hands, want, threads, rules) == (nat.HE_E_CARD_RANGE, 4_500)
        assert np.array_equal(ranks[:4_500], want[:4_500])
        assert np.array_equal(categories[:4_500], he.hand_categories(want[:4_500], variant=variant))
    hands[4_500] = hands[0]  # the next bad row is the repeat, the second chunk's first row
    cols = [np.ascontiguousarray(hands[:, j]) for j in range(7)]
    assert nat.eval_columns(cols, ranks, categories, 2, rules) == (nat.HE_E_DUPLICATE, 5_000)


# ------------------------------------------------------------------------ a card outside the deck


def test_a_deuce_to_five_is_a_bad_row_naming_card_column_and_variant(rng):
    hands = short_hands(rng, 50, 7)
    ids = hands.copy()
    ids[17, 3] = 1  # 2d
    with pytest.raises(BadRowError, match=(
        r"^row 17: card '2d' in column 'c3' is not in the deck of variant 'short-deck' "
        r"\(cards 6\.\.A, ids 16\.\.51\): '")):
        rank_table(id_table(ids), variant="short-deck")
    text = texts(hands)
    text[9] = text[9][:-2] + "5s"
    with pytest.raises(BadRowError, match=(
        r"^row 9: card '5s' in column 'hand' is not in the deck of variant "
        r"'short-deck-straights-beat-trips' \(cards 6\.\.A, ids 16\.\.51\): '.* 5s'$")):
        rank_table(pa.table({"hand": text}), variant="short-deck-straights-beat-trips")
    # the same cards are a Hold'em hand
    assert rank_table(id_table(ids))["rank"].to_numpy()[17] == he.evaluate(ids[17].tolist())


def test_rank_file_rejects_the_rows_outside_the_deck(tmp_path, rng):
    hands = short_hands(rng, 3_000, 7)
    hands[[5, 2_500], 0] = [0, 12]  # 2c, 5c
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(id_table(hands), src, row_group_size=1_000)
    with pytest.raises(BadRowError, match=(
        r"^row 5: card '2c' in column 'c0' is not in the deck of variant 'short-deck' .*"
        r"\(use skip_invalid")):
        rank_file(src, out, variant="short-deck", chunk_rows=1_000)
    assert not out.exists()
    s = rank_file(src, out, variant="short-deck", chunk_rows=1_000, skip_invalid=True, row_numbers=True)
    assert (s.rows_read, s.rows_ranked, s.rows_rejected) == (3_000, 2_998, 2)
    rejects = pq.read_table(s.reject_path)
    assert rejects["row"].to_pylist() == [5, 2_500]
    assert [e.split(" (cards")[0] for e in rejects["error"].to_pylist()] == [
        "card '2c' in column 'c0' is not in the deck of variant 'short-deck'",
        "card '5c' in column 'c0' is not in the deck of variant 'short-deck'",
    ]
    got = pq.read_table(out)
    keep = np.setdiff1d(np.arange(3_000), [5, 2_500])
    assert got["row"].to_numpy().tolist() == keep.tolist()
    check_ranked(got, hands[keep], "short-deck")


# ------------------------------------------------------------------------ files and the CLI


@pytest.mark.parametrize("variant", SHORT)
def test_rank_file_parquet_and_csv(tmp_path, rng, variant):
    hands = short_hands(rng, 5_000, 7)
    src = tmp_path / "hands.parquet"
    pq.write_table(id_table(hands), src, row_group_size=2_000)
    out = tmp_path / "ranks.parquet"
    rank_file(src, out, variant=variant, describe=True, chunk_rows=2_000, threads=2)
    check_ranked(pq.read_table(out), hands, variant)
    csv_src, csv_out = tmp_path / "hands.csv", tmp_path / "ranks.csv"
    pacsv.write_csv(pa.table({"id": np.arange(5_000), "hand": texts(hands)}), csv_src)
    rank_file(csv_src, csv_out, variant=variant, chunk_rows=1_500)
    check_ranked(pacsv.read_csv(csv_out), hands, variant)


def test_cli_rank_variant(tmp_path, rng, capsys):
    hands = short_hands(rng, 3_000, 6)
    src, out = tmp_path / "hands.parquet", tmp_path / "ranks.parquet"
    pq.write_table(id_table(hands), src)
    assert main(["rank", str(src), str(out), "--variant", "short-deck", "--describe", "--no-progress"]) == 0
    assert "ranked 3,000 of 3,000 hands" in capsys.readouterr().err
    check_ranked(pq.read_table(out), hands, "short-deck")
    bad = tmp_path / "bad.csv"
    bad.write_text(f"hand\n{TRIPS_AND_STRAIGHT}\nAh Kh Qh Jh 4h\n")
    assert main(["rank", str(bad), str(tmp_path / "b.parquet"), "--variant", "short-deck"]) == 1
    assert ("holdem-eval rank: error: row 1: card '4h' in column 'hand' is not in the deck of "
            "variant 'short-deck'") in capsys.readouterr().err
    assert not (tmp_path / "b.parquet").exists()


# ------------------------------------------------------------------------ unplayed variants


@pytest.mark.parametrize("variant", ["omaha", "holdem-hi-lo", "short_deck", None])
def test_an_unplayed_variant_is_refused_before_any_output(tmp_path, rng, variant):
    src = tmp_path / "hands.parquet"
    pq.write_table(id_table(short_hands(rng, 10, 7)), src)
    out = tmp_path / "ranks.parquet"
    refused = rf"^rank_file plays the variants \('holdem', .*got {variant!r}"
    with pytest.raises(InvalidVariantError, match=refused):
        rank_file(src, out, variant=variant, skip_invalid=True)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == [src]
    with pytest.raises(InvalidVariantError, match=r"^rank_table plays the variants"):
        rank_table(pq.read_table(src), variant=variant)  # type: ignore[arg-type]


def test_cli_refuses_an_unplayed_or_unknown_variant(tmp_path, rng, capsys):
    src = tmp_path / "hands.parquet"
    pq.write_table(id_table(short_hands(rng, 10, 7)), src)
    out = tmp_path / "ranks.parquet"
    assert main(["rank", str(src), str(out), "--variant", "omaha", "--no-progress"]) == 1
    assert "holdem-eval rank: error: rank plays the variants (" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["rank", str(src), str(out), "--variant", "shortdeck"])
    assert exc.value.code == 2
    assert list(tmp_path.iterdir()) == [src]


# ------------------------------------------------------------------------ Dask


@pytest.fixture
def short_dataset(tmp_path, rng):
    """A folder of 3 Parquet partitions of short-deck hands (one empty), and all the hands."""
    pytest.importorskip("distributed")
    folder = tmp_path / "data"
    folder.mkdir()
    parts = [short_hands(rng, n, 7) for n in (900, 0, 600)]
    first = 0
    for i, hands in enumerate(parts):
        t = id_table(hands)
        t = t.set_column(0, "id", pa.array(np.arange(first, first + len(hands), dtype=np.int64)))
        pq.write_table(t, folder / f"part-{i}.parquet")
        first += len(hands)
    return folder, np.concatenate(parts)


def test_rank_dataset_matches_the_single_machine_path(tmp_path, short_dataset, cluster):
    from holdem_eval.bulk_dask import dataset_files, rank_dataset

    folder, hands = short_dataset
    out = tmp_path / "ranked"
    s = rank_dataset(folder, out, scheduler=cluster.scheduler_address, variant="short-deck",
                     row_numbers=True, describe=True)
    assert (s.partitions, s.rows_read, s.rows_ranked) == (3, 1_500, 1_500)
    got = pa.concat_tables([pq.read_table(p) for p in sorted(out.iterdir())])
    whole = tmp_path / "whole.parquet"
    pq.write_table(pa.concat_tables([pq.read_table(f) for f in dataset_files(folder)]), whole)
    single = rank_file(whole, tmp_path / "single.parquet", variant="short-deck", row_numbers=True,
                       describe=True)
    assert single.output is not None
    assert got.equals(pq.read_table(single.output))
    check_ranked(got, hands, "short-deck")


def test_rank_dataset_bad_card_and_unplayed_variant(tmp_path, short_dataset, cluster):
    from holdem_eval.bulk_dask import rank_dataset

    folder, _ = short_dataset
    t = pq.read_table(folder / "part-2.parquet")
    c2 = t["c2"].to_numpy().copy()
    c2[40] = 8  # 4c
    pq.write_table(t.set_column(3, "c2", pa.array(c2)), folder / "part-2.parquet")
    out = tmp_path / "ranked"
    with pytest.raises(BadRowError, match=(
        r"^row 940: card '4c' in column 'c2' is not in the deck of variant 'short-deck' ")):
        rank_dataset(folder, out, scheduler=cluster.scheduler_address, variant="short-deck")
    assert not out.exists()
    with pytest.raises(InvalidVariantError, match=r"^rank_dataset plays the variants .*got 'omaha'"):
        rank_dataset(folder, out, scheduler=cluster.scheduler_address, variant="omaha",
                     skip_invalid=True)
    assert not out.exists() and not (tmp_path / "ranked.rejects").exists()
    assert not (tmp_path / ".ranked.part").exists()
    # the same partition is a Hold'em dataset
    s = rank_dataset(folder, out, scheduler=cluster.scheduler_address)
    assert s.rows_ranked == 1_500
