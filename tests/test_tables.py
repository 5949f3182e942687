"""The committed generated tables are exactly what the generator produces."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_generated_tables_are_up_to_date(tmp_path: Path) -> None:
    out = tmp_path / "he_tables.c"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_tables.py"), str(out)], check=True)
    committed = (ROOT / "csrc" / "he_tables.c").read_text()
    assert out.read_text() == committed, "csrc/he_tables.c is stale: run scripts/gen_tables.py"
