"""Builds and runs tests/c/test_settle.c under AddressSanitizer and UndefinedBehaviorSanitizer."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CSRC = ROOT / "csrc"
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


@pytest.mark.slow
def test_c_settlement_under_sanitizers(tmp_path: Path) -> None:
    assert CC is not None, "a C compiler (cc, gcc or clang) is required for the C tests"
    exe = tmp_path / "test_settle"
    cmd = [
        CC, "-std=c99", "-Wall", "-Wextra", "-Wconversion", "-Werror", "-O1", "-g",
        "-fsanitize=address,undefined", "-fno-sanitize-recover=all", f"-I{CSRC}",
        str(ROOT / "tests" / "c" / "test_settle.c"), str(CSRC / "variant.c"),
        *(str(CSRC / name) for name in ("settle.c", "settle_pots.c", "settle_rake.c", "eval.c",
                                        "he_tables.c", "eval_omaha.c", "eval_omaha_tables.c",
                                        "eval_low.c", "eval_short.c",
                                        "eval_short_tables.c")),
        "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C settlement checks passed" in run.stdout
