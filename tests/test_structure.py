"""The tree's structure (issue: one list of game settings, variants as data, one cffi
boundary): each rule here fails when someone writes a second copy of what is listed once."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest
from holdem_eval.engine import GameConfig, Hand, Rules
from holdem_eval.engine.hand.inputs import kernel_config, kernel_settings

from holdem_eval import evaluate, evaluate_omaha
from holdem_eval._bindings import HAND_FIELDS, HAND_SETTINGS, pack_hand_config
from holdem_eval._he_native import ffi, lib
from holdem_eval.variants import DECK_SIZE, VARIANT_NAMES, VARIANTS, WORST_RANK, variant_info

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = [*sorted((ROOT / "holdem_eval").rglob("*.py")), *sorted((ROOT / "engine").rglob("*.py"))]


# ---- one list of game settings ------------------------------------------------------------


def test_every_setting_is_a_state_field_of_the_same_name() -> None:
    assert set(HAND_SETTINGS) <= set(HAND_FIELDS)
    assert {"variant", "hole_count", "big_blind", "street_sizes", "rate_bits"} <= set(HAND_SETTINGS)


def test_the_python_mapping_names_exactly_the_c_settings() -> None:
    values = kernel_settings(GameConfig(), Rules(), False)
    assert set(values) == set(HAND_SETTINGS)
    missing = dict(values)
    del missing["ante"]
    with pytest.raises(RuntimeError, match=r"missing \['ante'\], unknown \[\]"):
        pack_hand_config(missing)
    with pytest.raises(RuntimeError, match=r"missing \[\], unknown \['bomb_pot'\]"):
        pack_hand_config({**values, "bomb_pot": 1})


def test_the_packed_config_holds_each_setting_where_c_reads_it() -> None:
    cfg = GameConfig(variant="omaha", betting="pot-limit", big_blind=10, ante=3, straddle=20)
    words = memoryview(kernel_config(cfg, Rules(rake_percent=5, rake_cap=7), True)).cast("q")
    assert len(words) == lib.he_hand_config_words()
    at = {name: words[offset : offset + length].tolist() for name, (offset, length) in HAND_SETTINGS.items()}
    assert at["variant"] == [VARIANTS["omaha"].code] and at["hole_count"] == [4]
    assert at["big_blind"] == [10] and at["ante"] == [3] and at["straddle"] == [20]
    assert at["street_sizes"] == [10, 10, 10, 10] and at["manual_showdown"] == [1]
    assert at["rate_num"] == [1] and at["rate_den"] == [20] and at["rake_cap"] == [7]


def _start_status(**changes: int) -> int:
    """he_hand_start's status for a heads-up Hold'em hand with these settings changed."""
    values = {**kernel_settings(GameConfig(), None, False), **changes}
    config = ffi.new("int64_t[]", list(memoryview(pack_hand_config(values)).cast("q")))
    state = ffi.new("int64_t[]", lib.he_hand_size() // 8)
    stacks = ffi.new("int64_t[]", [100, 100])
    setup = ffi.new("he_hand_setup *", {"seats": 2, "button": 0, "stacks": stacks, "has_seed": 1, "seed": 7})
    return int(lib.he_hand_start(ffi.cast("he_hand *", state), ffi.cast("he_hand_config *", config),
                                 setup, ffi.NULL, ffi.NULL))


def test_the_kernel_checks_each_setting_against_its_declared_range() -> None:
    assert _start_status() == lib.HE_OK
    assert _start_status(hole_count=4) == lib.HE_E_HAND_CONFIG  # Hold'em deals two
    assert _start_status(variant=len(VARIANTS)) == lib.HE_E_HAND_CONFIG
    assert _start_status(big_blind=0) == lib.HE_E_HAND_CONFIG
    assert _start_status(ante=lib.HE_HAND_MAX_CHIPS + 1) == lib.HE_E_HAND_AMOUNT
    assert _start_status(max_bets=-2) == lib.HE_E_HAND_CONFIG
    assert _start_status(rate_num=2, rate_den=1) == lib.HE_E_HAND_CONFIG


# ---- variants as data ---------------------------------------------------------------------


def test_the_variant_rows() -> None:
    assert list(VARIANTS)[:2] == ["holdem", "omaha"]  # the rows of issue 27 follow
    assert VARIANTS["holdem"].hole_counts == (2,) and VARIANTS["omaha"].hole_counts == (4, 5, 6)
    full = [v for v in VARIANTS.values() if v.lowest_card == 0]
    assert {v.deck_size for v in full} == {DECK_SIZE} == {52}
    assert {v.worst_rank for v in full} == {WORST_RANK} == {7462}
    assert (VARIANTS["holdem"].hole_used, VARIANTS["omaha"].hole_used) == (0, 2)
    assert GameConfig(variant="omaha").hole_count == 4
    with pytest.raises(
        ValueError, match=rf"variant must be one of {re.escape(str(VARIANT_NAMES))}, got 'razz'"
    ):
        variant_info("razz")


@pytest.mark.parametrize("name", ["holdem", "omaha"])
def test_each_rows_ranking_function_ranks_as_the_evaluator(name: str) -> None:
    rng = random.Random(name)
    row = VARIANTS[name]
    rank = ffi.new("uint16_t *")
    for _ in range(300):
        hole_len = rng.choice(row.hole_counts)
        cards = rng.sample(range(DECK_SIZE), hole_len + 5)
        hole, board = cards[:hole_len], cards[hole_len:]
        st = lib.he_variant_rank(row.code, bytes(hole), hole_len, bytes(board), 5, rank)
        assert st == lib.HE_OK
        assert rank[0] == (evaluate(cards) if name == "holdem" else evaluate_omaha(hole, board))
    assert lib.he_variant_rank(len(VARIANTS), bytes(2), 2, bytes(5), 5, rank) == lib.HE_E_ARGUMENT
    assert lib.he_variant_rank(row.code, bytes(range(3)), 3, bytes(range(3, 8)), 5, rank) == lib.HE_E_ARGUMENT


def test_a_hand_records_its_variant() -> None:
    hand = Hand(GameConfig(variant="omaha", betting="pot-limit"), [100, 100], seed=1)
    assert hand._variant == VARIANTS["omaha"].code and hand._hole_count == 4


# ---- one boundary -------------------------------------------------------------------------


def test_only_bindings_imports_the_native_module() -> None:
    boundary = ROOT / "holdem_eval" / "_bindings"
    importers = [p.relative_to(ROOT).as_posix() for p in PRODUCT
                 if p.name != "_ffi_build.py" and "_he_native" in p.read_text()]
    assert importers == ["holdem_eval/_bindings/_core.py"]
    # and only the boundary package uses ffi/lib
    users = [p.relative_to(ROOT).as_posix() for p in PRODUCT
             if boundary not in p.parents and p.name != "_ffi_build.py"
             and re.search(r"\b(ffi|lib)\.\w", p.read_text())]
    assert users == []


def test_the_glue_is_compiled_as_sources_not_pasted_into_the_cffi_preamble() -> None:
    spec = importlib.util.spec_from_file_location("_ffi_build_probe", ROOT / "holdem_eval" / "_ffi_build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    _, preamble, _, kwds = build.ffibuilder._assigned_source
    assert preamble.count("\n") <= 2 and "PyObject" not in preamble
    assert {"engine/hand/_hand_glue.c", "engine/hand/_hand_fields.c", "engine/hand/_hand_type.c",
            "holdem_eval/_fastpath.c"} <= set(kwds["sources"])


# ---- one card parser ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["AhXx", "Ah K", "1h2c"])
def test_the_same_bad_card_text_raises_the_same_error_everywhere(bad: str) -> None:
    from holdem_eval.engine import settle
    from holdem_eval.engine.dealing import parse_cards_text

    from holdem_eval import InvalidCardError, parse_cards

    errors = []
    for call in (
        lambda: parse_cards(bad),
        lambda: parse_cards_text(bad),
        lambda: Hand(GameConfig(), [100, 100], hole_cards=[bad, "QsQd"], board="2c3c4c5c6c"),
        lambda: settle([10, 10], [bad, "QsQd"], "2c3c4c5c7d", folded=[False, False], button=0),
    ):
        with pytest.raises(InvalidCardError) as info:
            call()
        errors.append(type(info.value))
    assert set(errors) == {InvalidCardError}


def test_every_exception_class_lives_in_an_errors_module() -> None:
    homes = {ROOT / "holdem_eval" / "errors.py", ROOT / "engine" / "errors.py"}
    elsewhere = [f"{p.relative_to(ROOT).as_posix()}: {m.group(1)}" for p in PRODUCT if p not in homes
                 for m in re.finditer(r"^class (\w+)\([^)]*(?:Error|Exception)\b", p.read_text(), re.M)]
    assert elsewhere == []
