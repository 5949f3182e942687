"""Builds and runs tests/c/test_settle.c under AddressSanitizer and UndefinedBehaviorSanitizer."""

from __future__ import annotations

from pathlib import Path

import pytest
from c_harness import EVAL, SETTLE, SHORT, check_under_sanitizers


@pytest.mark.slow
def test_c_settlement_under_sanitizers(tmp_path: Path) -> None:
    check_under_sanitizers(tmp_path, "test_settle", (*SETTLE, *EVAL, "eval_low.c", *SHORT),
                           "all C settlement checks passed")
