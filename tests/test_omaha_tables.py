"""The committed Omaha tables (csrc/eval_omaha_tables.c) are exactly what their generator
(scripts/gen_omaha_tables.py, about two seconds) produces."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_generated_omaha_tables_are_up_to_date(tmp_path: Path) -> None:
    out = tmp_path / "eval_omaha_tables.c"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_omaha_tables.py"), str(out)], check=True)
    committed = (ROOT / "csrc" / "eval_omaha_tables.c").read_text()
    assert out.read_text() == committed, (
        "csrc/eval_omaha_tables.c is stale: run scripts/gen_omaha_tables.py"
    )
