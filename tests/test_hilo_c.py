"""Builds and runs tests/c/test_hilo.c (the hi-lo kernels) under AddressSanitizer and
UndefinedBehaviorSanitizer."""

from __future__ import annotations

from pathlib import Path

import pytest
from c_harness import EVAL, SETTLE, SHORT, check_under_sanitizers


@pytest.mark.slow
def test_c_hilo_under_sanitizers(tmp_path: Path) -> None:
    check_under_sanitizers(tmp_path, "test_hilo", ("eval_low.c", "eval_low_equity.c", *SETTLE,
                                                   *EVAL, *SHORT), "all C hi-lo checks passed")
