"""The committed generated tables are exactly what the generator produces."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import check_generated


@pytest.mark.slow
def test_generated_tables_are_up_to_date(tmp_path: Path) -> None:
    check_generated(tmp_path, "gen_tables.py", "csrc/he_tables.c")
