"""Builds and runs tests/c/test_equity.c under AddressSanitizer and UBSan."""

from __future__ import annotations

from pathlib import Path

import pytest
from c_harness import CSRC, check_under_sanitizers


@pytest.mark.slow
def test_c_equity_under_sanitizers(tmp_path: Path) -> None:
    sources = (*sorted(CSRC.glob("equity*.c")), "he_tables.c",
               "eval_omaha_tables.c",  # Omaha equity ranks on the Omaha tables
               "eval_short_tables.c")  # equity_short.c ranks on the short-deck tables
    check_under_sanitizers(tmp_path, "test_equity", sources, "all C equity checks passed")
