"""The committed short-deck tables are exactly what their generator produces."""

from __future__ import annotations

from pathlib import Path

from helpers import check_generated


def test_generated_short_deck_tables_are_up_to_date(tmp_path: Path) -> None:
    check_generated(tmp_path, "gen_short_tables.py", "csrc/eval_short_tables.c")
