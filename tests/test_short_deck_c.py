"""Builds and runs the C-only short-deck test (tests/c/test_eval_short.c: the evaluator and
the bulk column kernel) under AddressSanitizer and UndefinedBehaviorSanitizer, with the SSE2
hand and the portable one."""

from __future__ import annotations

from pathlib import Path

import pytest
from c_harness import SHORT, check_under_sanitizers


@pytest.mark.parametrize("defines", [[], ["-DHE_NO_SIMD"]], ids=["native", "portable"])
def test_c_short_deck_evaluator_under_sanitizers(tmp_path: Path, defines: list[str]) -> None:
    check_under_sanitizers(tmp_path, "test_eval_short", (*SHORT, "he_tables.c", "bulk.c"),
                           "all C short-deck checks passed", defines)
