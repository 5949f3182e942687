"""Builds and runs tests/c/test_strength.c under AddressSanitizer and UBSan."""

from __future__ import annotations

from pathlib import Path

import pytest
from c_harness import SHORT, check_under_sanitizers


@pytest.mark.slow
@pytest.mark.parametrize("defines", [[], ["-DHE_NO_SIMD"]], ids=["native", "portable"])
def test_c_strength_under_sanitizers(tmp_path: Path, defines: list[str]) -> None:
    # "portable": the code every non-x86 build runs (no SSE2 sums)
    sources = ("strength.c", "strength_mc.c", "equity_mc.c", "equity_mc_tuples.c", "pool.c",
               "eval.c", "he_tables.c", "eval_omaha_tables.c", *SHORT)
    check_under_sanitizers(tmp_path, "test_strength", sources, "all C strength checks passed",
                           defines)
