"""The committed Omaha tables (csrc/eval_omaha_tables.c) are exactly what their generator
(scripts/gen_omaha_tables.py, about two seconds) produces."""

from __future__ import annotations

from pathlib import Path

from helpers import check_generated


def test_generated_omaha_tables_are_up_to_date(tmp_path: Path) -> None:
    check_generated(tmp_path, "gen_omaha_tables.py", "csrc/eval_omaha_tables.c")
