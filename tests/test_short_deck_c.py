"""Builds and runs the C-only short-deck test (tests/c/test_eval_short.c: the evaluator and
the bulk column kernel) under AddressSanitizer and UndefinedBehaviorSanitizer, with the SSE2
hand and the portable one."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
WARN = ["-std=c99", "-Wall", "-Wextra", "-Wconversion", "-Werror"]
SOURCES = ("eval_short.c", "eval_short_tables.c", "he_tables.c", "bulk.c")


@pytest.mark.parametrize("defines", [[], ["-DHE_NO_SIMD"]], ids=["native", "portable"])
def test_c_short_deck_evaluator_under_sanitizers(tmp_path: Path, defines: list[str]) -> None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert cc is not None, "a C compiler (cc, gcc or clang) is required for the C tests"
    exe = tmp_path / "test_eval_short"
    cmd = [
        cc, *WARN, *defines, "-O1", "-g", "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all", f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_eval_short.c"),
        *(str(CSRC / name) for name in SOURCES), "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C short-deck checks passed" in run.stdout
