"""holdem_eval/_preflop_order.py is what scripts/gen_preflop_order.py produces."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from helpers import check_generated

from holdem_eval._preflop_order import PREFLOP_ORDER

ROOT = Path(__file__).resolve().parent.parent


def _generator():  # type: ignore[no-untyped-def]
    path = ROOT / "scripts" / "gen_preflop_order.py"
    spec = importlib.util.spec_from_file_location("gen_preflop_order", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_sample_of_committed_equities_recomputes() -> None:
    gen = _generator()
    table = dict(PREFLOP_ORDER)
    for name in ("AA", "AKs", "76s", "72o"):
        assert f"{float(gen.class_equity(name)):.6f}" == f"{table[name]:.6f}"


@pytest.mark.slow
def test_generated_order_is_up_to_date(tmp_path: Path) -> None:
    check_generated(tmp_path, "gen_preflop_order.py", "holdem_eval/_preflop_order.py")
