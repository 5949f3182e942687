"""Builds and runs tests/c/test_equity.c under AddressSanitizer and UBSan."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
WARN = ["-std=c99", "-Wall", "-Wextra", "-Wconversion", "-Werror"]


@pytest.mark.slow
def test_c_equity_under_sanitizers(tmp_path: Path) -> None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert cc is not None, "a C compiler (cc, gcc or clang) is required for the C tests"
    exe = tmp_path / "test_equity"
    cmd = [
        cc, *WARN, "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
        f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_equity.c"),
        *(str(p) for p in sorted(CSRC.glob("equity*.c"))), str(CSRC / "he_tables.c"),
        str(CSRC / "eval_omaha_tables.c"),  # Omaha equity ranks on the Omaha tables
        str(CSRC / "eval_short_tables.c"),  # equity_short.c ranks on the short-deck tables
        "-o", str(exe),
    ]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C equity checks passed" in run.stdout
