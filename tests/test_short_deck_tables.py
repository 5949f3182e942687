"""The committed short-deck tables are exactly what their generator produces."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_generated_short_deck_tables_are_up_to_date(tmp_path: Path) -> None:
    out = tmp_path / "eval_short_tables.c"
    script = ROOT / "scripts" / "gen_short_tables.py"
    subprocess.run([sys.executable, str(script), str(out)], check=True)
    committed = (ROOT / "csrc" / "eval_short_tables.c").read_text()
    assert out.read_text() == committed, (
        "csrc/eval_short_tables.c is stale: run scripts/gen_short_tables.py"
    )
