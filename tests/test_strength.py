"""holdem_eval.hand_strength: exact values against an independent brute force
(tests/strength_reference.py), the published hand-potential example, Monte Carlo against exact
within its standard errors, seeds across threads, and one test per rejection path."""

from __future__ import annotations

import re

import numpy as np
import pytest
from strength_reference import combo_id, reference

import holdem_eval as he
from holdem_eval import Range, hand_strength, parse_cards
from holdem_eval.errors import CountArgumentError

KINDS_NOW = ("ehs", "ehs2", "ppot", "npot", "histogram")


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def range_weights(r: Range, variant: str = "holdem") -> np.ndarray:
    w = np.zeros(1326)
    low = 0 if variant == "holdem" else 16
    pairs = [(c, x) for c, x in r.weighted_combos() if min(c) >= low]
    top = max(x for _, x in pairs)
    for (a, b), x in pairs:
        w[combo_id(a, b)] = x / top
    return w


def check_against_reference(rows: list[tuple[str, str]], against: str = "random",
                            variant: str = "holdem") -> None:
    weights = None if against == "random" else range_weights(Range(against), variant)
    holes = [h for h, _ in rows]
    boards = [b for _, b in rows]
    nb = len(ids(boards[0]))
    kinds = KINDS_NOW if nb in (3, 4) else ("ehs", "ehs2", "histogram")
    got = {k: hand_strength(holes, boards, k, against=against, bins=7, variant=variant)
           for k in kinds}
    for i, (h, b) in enumerate(rows):
        ref = reference(ids(h), ids(b), weights, bins=7, variant=variant)
        assert got["ehs"].values[i] == pytest.approx(ref.ehs, abs=1e-12), (h, b)
        assert got["ehs2"].values[i] == pytest.approx(ref.ehs2, abs=1e-12), (h, b)
        np.testing.assert_allclose(got["histogram"].values[i], ref.hist, atol=1e-12)
        if nb in (3, 4):
            assert got["ppot"].values[i] == pytest.approx(ref.ppot, abs=1e-12), (h, b)
            assert got["npot"].values[i] == pytest.approx(ref.npot, abs=1e-12), (h, b)
    for r in got.values():
        assert r.exact and not r.stderr.any()


# river rows: plain boards, a board flush, a five-flush board, quads, a straight flush
RIVER = [("AhKh", "QhJh2c3h4d"), ("2c3d", "AsKsQsJsTs"), ("7h2c", "9h8h6h5h4h"),
         ("AsAc", "AhAdKd2s3s"), ("9c8c", "7c6c5c2d2h"), ("KdQd", "2c7h9sTdJc")]
# turn rows: four-flush boards (one suited card flushes), paired boards, draws
TURN = [("AhKh", "QhJh2c3h"), ("AsAc", "KsKcKd2s"), ("7h2c", "9h8h6h5h"), ("8d7d", "9d6c2dTs"),
        ("2c2d", "AsKsQs3h"), ("Td9d", "8c7h2s2d")]
# flop rows: the published example, a flush draw, a monotone flop, a set
FLOP = [("AdQc", "3h4cJh"), ("8d7d", "9d6c2d"), ("5s4s", "AsKsQs"), ("2h2d", "2c7s9d")]


@pytest.mark.parametrize("rows", [RIVER, TURN], ids=["river", "turn"])
def test_exact_matches_brute_force_against_a_random_hand(rows: list[tuple[str, str]]) -> None:
    check_against_reference(rows)


@pytest.mark.parametrize("against", ["QQ+, AKs, 76s:0.25, AhJh:0.5", "22-55, KTo:0.3, 8h7h"])
def test_exact_matches_brute_force_against_weighted_ranges(against: str) -> None:
    check_against_reference(RIVER[:3] + RIVER[4:], against)
    check_against_reference(TURN, against)


# short deck: trips and straights in both orders, A-6-7-8-9, flushes over full houses
SHORT_TURN = [("AsAc", "KsKc7c8h"), ("9h8h", "7h6hAsTd"), ("AhKd", "6c7d8s9h"),
              ("QsQd", "QhJh6h9c"), ("Th9d", "8s7c6dAc")]


@pytest.mark.parametrize("variant", ["short-deck", "short-deck-straights-beat-trips"])
def test_short_deck_matches_brute_force(variant: str) -> None:
    check_against_reference(SHORT_TURN, variant=variant)
    check_against_reference([(h, b + "Ks") for h, b in SHORT_TURN if "Ks" not in h + b],
                            "TT+, AK, 98s:0.5", variant=variant)


def test_short_deck_monte_carlo_and_errors() -> None:
    exact = hand_strength(["AsAc", "9h8h"], "Ts7d6c", variant="short-deck")
    mc = hand_strength(["AsAc", "9h8h"], "Ts7d6c", variant="short-deck", method="monte_carlo",
                       trials=20_000, seed=3)
    assert (np.abs(mc.values - exact.values) < 5 * mc.stderr).all()
    many = hand_strength(["AsAc"], "Ts7d6c", variant="short-deck", opponents=2, trials=20_000, seed=3)
    want = he.equity(["AsAc", "random", "random"], board="Ts7d6c", variant="short-deck",
                     method="exact").equity[0]
    assert abs(many.values[0] - want) < 5 * many.stderr[0]
    with pytest.raises(he.InvalidCardError, match="row 1"):
        hand_strength(["AsAc", "9h5h"], "Ts7d6c", variant="short-deck")
    with pytest.raises(he.NoValidDealError, match="no combo in the deck"):
        hand_strength(["AsAc"], "Ts7d6c", variant="short-deck", against="22-55")


@pytest.mark.slow
def test_exact_matches_brute_force_on_the_flop() -> None:
    check_against_reference(FLOP)
    check_against_reference(FLOP[:2], "TT+, AQs+, 98s:0.5, KhQh")


def test_published_hand_potential_example() -> None:
    # Billings, Papp, Schaeffer, Szafron, "Opponent Modeling in Poker" (AAAI 1998), and
    # Papp's thesis, section 5.3 (webdocs.cs.ualberta.ca/~jonathan/PREVIOUS/Grad/papp/
    # node40.html): AdQc on 3h4cJh against a uniform opponent, two-card look-ahead: of the
    # 1,070,190 cases, 91,981 go from behind to ahead; PPot2 = 0.208, NPot2 = 0.274.
    ref = reference(ids("AdQc"), ids("3h4cJh"))
    assert ref.hp.sum() == 1_070_190
    assert ref.hp.tolist() == [[449_005, 3_211, 169_504], [0, 8_370, 540],
                               [91_981, 1_036, 346_543]]
    ppot = hand_strength(["AdQc"], "3h4cJh", "ppot").values[0]
    npot = hand_strength(["AdQc"], "3h4cJh", "npot").values[0]
    assert round(ppot, 3) == 0.208 and round(npot, 3) == 0.274
    assert ppot == pytest.approx(ref.ppot, abs=1e-12) and npot == pytest.approx(ref.npot, abs=1e-12)


def test_ehs_is_equity_against_a_random_hand() -> None:
    for hole, board in [*TURN[:3], ("AdQc", "3h4cJh")]:
        want = he.equity([hole, "random"], board=board, method="exact").equity[0]
        assert hand_strength([hole], board).values[0] == pytest.approx(want, abs=1e-12)
    want = he.equity(["AdQc", "QQ+, AKs"], board="3h4cJh", method="exact").equity[0]
    assert hand_strength(["AdQc"], "3h4cJh", against="QQ+, AKs").values[0] == pytest.approx(want)


def test_river_strength_and_its_square() -> None:
    r = hand_strength([h for h, _ in RIVER], [b for _, b in RIVER])
    r2 = hand_strength([h for h, _ in RIVER], [b for _, b in RIVER], "ehs2")
    np.testing.assert_allclose(r2.values, r.values ** 2, atol=1e-15)  # one board: HS^2


def test_histogram_and_ehs2_bounds() -> None:
    rng = np.random.default_rng(5)
    cards = np.argsort(rng.random((300, 52)), axis=1)[:, :6]
    holes, boards = cards[:, :2], cards[:, 2:]
    e = hand_strength(holes, boards).values
    e2 = hand_strength(holes, boards, "ehs2").values
    hist = hand_strength(holes, boards, "histogram", bins=20)
    assert (e2 >= e ** 2 - 1e-12).all() and (e2 <= e + 1e-12).all()  # Var(HS) >= 0, HS <= 1
    np.testing.assert_allclose(hist.values.sum(axis=1), 1.0)
    centers = (hist.bin_edges[:-1] + hist.bin_edges[1:]) / 2  # the mean is within half a bin
    assert (np.abs(hist.values @ centers - e) <= 0.5 / 20 + 1e-12).all()


@pytest.mark.parametrize("kind", ["ehs", "ehs2", "histogram"])
def test_monte_carlo_within_its_stderr(kind: str) -> None:
    holes = ["AdQc", "8d7d", "2c2d", "AsAc"]
    boards = ["3h4cJh", "9d6c2d", "AsKsQs", "KsKcKd"]
    exact = hand_strength(holes, boards, kind, bins=4)
    mc = hand_strength(holes, boards, kind, bins=4, method="monte_carlo", trials=40_000, seed=11)
    assert not mc.exact and mc.trials == 40_000 and mc.seed == 11
    assert (mc.stderr > 0).any()
    z = np.abs(mc.values - exact.values) / np.maximum(mc.stderr, 1e-9)
    assert (z < 5).all(), z


def test_preflop_monte_carlo_within_its_stderr_of_exact_equity() -> None:
    r = hand_strength(["AdQc", "7h2c"], "", trials=100_000, seed=2)
    assert not r.exact
    for i, hole in enumerate(["AdQc", "7h2c"]):
        want = he.equity([hole, "random"], method="exact").equity[0]
        assert abs(r.values[i] - want) < 5 * r.stderr[i]


def test_several_opponents_within_stderr_of_exact_equity() -> None:
    r = hand_strength(["AdQc", "8d7d"], ["3h4cJh", "9d6c2d"], opponents=2, trials=100_000, seed=4)
    for i, (hole, board) in enumerate([("AdQc", "3h4cJh"), ("8d7d", "9d6c2d")]):
        want = he.equity([hole, "random", "random"], board=board, method="exact").equity[0]
        assert abs(r.values[i] - want) < 5 * r.stderr[i], (r.values[i], want, r.stderr[i])
    ranged = hand_strength(["AdQc"], "3h4cJh", opponents=2, against="99+, AJ+", trials=50_000,
                           seed=4)
    want = he.equity(["AdQc", "99+, AJ+", "99+, AJ+"], board="3h4cJh", method="exact").equity[0]
    assert abs(ranged.values[0] - want) < 5 * ranged.stderr[0]


@pytest.mark.parametrize(("opponents", "kind", "board"),
                         [(1, "ehs2", ""), (1, "histogram", "3h4cJh"), (3, "ehs", "")])
def test_seeded_monte_carlo_does_not_depend_on_threads(opponents: int, kind: str, board: str) -> None:
    rng = np.random.default_rng(9)
    cards = np.argsort(rng.random((40, 52)), axis=1)
    holes = cards[:, :2][~np.isin(cards[:, :2], ids(board)).any(axis=1)][:25]
    runs = [hand_strength(holes, board, kind, opponents=opponents, method="monte_carlo",
                          trials=500, seed=123, threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2] and not runs[0].exact
    assert runs[0] != hand_strength(holes, board, kind, opponents=opponents,
                                    method="monte_carlo", trials=500, seed=124)


def test_exact_does_not_depend_on_threads() -> None:
    rng = np.random.default_rng(3)
    cards = np.argsort(rng.random((64, 52)), axis=1)[:, :6]
    a = hand_strength(cards[:, :2], cards[:, 2:], "npot", threads=1)
    b = hand_strength(cards[:, :2], cards[:, 2:], "npot", threads=2)
    assert a == b


def test_progress_reaches_one() -> None:
    seen: list[float] = []
    hand_strength(["AdQc"] * 400, "3h4cJh", "ehs2", progress=seen.append)
    assert len(seen) > 1 and seen == sorted(seen) and seen[-1] == 1.0


def test_result_is_typed_and_read_only() -> None:
    r = hand_strength(np.array([[48, 44]], dtype=np.int64), np.array([3, 7, 11, 15]), "histogram",
                      bins=3)
    assert isinstance(r, he.StrengthResult) and r.kind == "histogram" and r.bins == 3
    assert r.values.shape == r.stderr.shape == (1, 3) and len(r) == 1
    assert r.against == "random" and r.method == "exact" and r.trials is None
    with pytest.raises(ValueError, match="read-only"):
        r.values[0, 0] = 1.0
    with pytest.raises(AttributeError):
        r.kind = "ehs"  # type: ignore[misc]


# ---------------------------------------------------------------- rejections


def assert_rejects(cls: type, message: str, *args: object, **kwargs: object) -> None:
    with pytest.raises(cls, match=re.escape(message)):
        hand_strength(*args, **kwargs)  # type: ignore[arg-type]


def test_rejects_a_repeated_card_naming_the_row() -> None:
    holes = np.array([[48, 44], [50, 46], [40, 36]])
    boards = np.array([[0, 4, 8], [1, 5, 9], [2, 6, 40]])
    before = (holes.copy(), boards.copy())
    assert_rejects(he.DuplicateCardError, "row 2 repeats card 'Qc': 'QcJc | 2h3hQc'", holes, boards)
    assert (holes == before[0]).all() and (boards == before[1]).all()


def test_rejects_a_repeat_within_the_hole_cards() -> None:
    assert_rejects(he.DuplicateCardError, "row 1 repeats card 'Ah': 'AhAh | 2c3c4c'",
                   ["KdKs", "AhAh"], "2c3c4c")


@pytest.mark.parametrize("nb", [1, 2, 6])
def test_rejects_boards_of_1_2_or_6_cards(nb: int) -> None:
    board = list(range(8, 8 + nb))
    assert_rejects(he.ShapeError,
                   f"a board has 0 (preflop), 3 (flop), 4 (turn) or 5 (river) cards, got {nb} a row",
                   [[48, 44]], board)


def test_rejects_hole_cards_of_the_wrong_count() -> None:
    assert_rejects(he.ShapeError, "holes must have shape (n, 2) (two hole cards a row in Hold'em), "
                   "got (2, 3)", [[48, 44, 40], [1, 2, 3]], "2c3c4c")


@pytest.mark.parametrize("bins", [0, -3, 2.5, True])
def test_rejects_bins_below_one(bins: object) -> None:
    assert_rejects(he.StrengthArgumentError, f"bins must be an int from 1 to 10,000, got {bins!r}",
                   ["AhKh"], "2c3c4c", "histogram", bins=bins)


def test_rejects_an_empty_range() -> None:
    assert_rejects(he.RangeSyntaxError, "empty range ''", ["AhKh"], "2c3c4c", against="")


def test_rejects_a_range_a_row_leaves_empty() -> None:
    assert_rejects(he.NoValidDealError, "row 1 leaves the opponent range 'AsKs' no combo: "
                   "'AsQd | Ks2c3c'", ["AhKh", "AsQd"], ["2d3d4d", "Ks2c3c"], against="AsKs")
    assert_rejects(he.NoValidDealError, "row 0 leaves the opponent range 'AsKs'",
                   ["AsQd"], "", against="AsKs", opponents=2)


def test_rejects_card_ids_outside_the_deck_before_narrowing() -> None:
    holes = np.array([[48, 44], [50, 300]], dtype=np.int64)  # 300 would narrow to 44
    assert_rejects(he.InvalidCardError, "card id 300 in row 1 of holes is outside 0..51", holes, [0, 4, 8])
    assert_rejects(he.InvalidCardError, "card id -1 in row 0 of boards is outside 0..51",
                   [[48, 44]], np.array([[0, 4, -1]]))
    assert_rejects(he.InvalidCardError, "card id 60 in row 0 is outside 0..51",
                   np.array([[48, 60]], dtype=np.uint8), [0, 4, 8])
    assert (holes == [[48, 44], [50, 300]]).all()
    # rows numbered from first_row, whoever finds the fault
    assert_rejects(he.InvalidCardError, "card id 300 in row 101 of holes is outside 0..51", holes,
                   [0, 4, 8], first_row=100)
    assert_rejects(he.DuplicateCardError, "row 101 repeats card '2c'", [[48, 44], [0, 1]],
                   [0, 4, 8], first_row=100)


@pytest.mark.parametrize(("kwargs", "cls", "message"), [
    ({"kind": "hs"}, he.StrengthArgumentError, "kind must be one of"),
    ({"method": "fast"}, he.StrengthArgumentError, "method must be one of"),
    ({"opponents": 0}, he.StrengthArgumentError, "opponents must be an int from 1 to 9, got 0"),
    ({"opponents": 2, "kind": "ehs2"}, he.StrengthArgumentError, "only 'ehs' (Monte Carlo)"),
    ({"opponents": 2, "method": "exact"}, he.StrengthArgumentError, "method 'exact' is for one"),
    ({"trials": 1}, he.StrengthArgumentError, "trials must be an int from 2"),
    ({"trials": 10, "method": "exact"}, he.StrengthArgumentError, "trials applies to Monte Carlo"),
    ({"kind": "ppot", "method": "monte_carlo"}, he.StrengthArgumentError, "computed exactly"),
    ({"threads": 0}, CountArgumentError, "threads must be an int from 1 to 256"),
    ({"seed": -1}, he.StrengthArgumentError, "seed must be an int in 0 .. 2**64 - 1"),
    ({"progress": 3}, he.StrengthArgumentError, "progress must be a callable"),
    ({"against": 7}, he.StrengthArgumentError, "against must be 'random', range text or a Range"),
    ({"variant": "omaha"}, he.InvalidVariantError,
     "plays variant 'holdem' or 'short-deck' or 'short-deck-straights-beat-trips', got 'omaha'"),
])
def test_rejects_bad_arguments(kwargs: dict[str, object], cls: type, message: str) -> None:
    assert_rejects(cls, message, ["AhKh"], "2c3c4c", **kwargs)


@pytest.mark.parametrize("board", ["", "2c3c4c5c6d"])
def test_rejects_potentials_without_a_card_to_come_or_a_current_hand(board: str) -> None:
    nb = len(ids(board))
    assert_rejects(he.StrengthArgumentError, f"needs a board of 3 (flop) or 4 (turn) cards: "
                   f"the potential is the chance the river changes who is ahead, got {nb} board cards",
                   ["AhKh"], board, "npot")


def test_rejects_rows_and_boards_of_different_counts() -> None:
    assert_rejects(he.ShapeError, "boards must have shape (nb,) (one board for every row) or (2, nb)",
                   ["AhKh", "QdQs"], [[0, 4, 8]] * 3)
