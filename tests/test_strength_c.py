"""Builds and runs tests/c/test_strength.c under AddressSanitizer and UBSan."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
WARN = ["-std=c99", "-Wall", "-Wextra", "-Wconversion", "-Werror"]


@pytest.mark.slow
@pytest.mark.parametrize("defines", [[], ["-DHE_NO_SIMD"]], ids=["native", "portable"])
def test_c_strength_under_sanitizers(tmp_path: Path, defines: list[str]) -> None:
    # "portable": the code every non-x86 build runs (no SSE2 sums)
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    assert cc is not None, "a C compiler (cc, gcc or clang) is required for the C tests"
    exe = tmp_path / "test_strength"
    sources = ["strength.c", "strength_mc.c", "equity_mc.c", "equity_mc_tuples.c", "pool.c", "eval.c",
               "he_tables.c", "eval_omaha_tables.c", "eval_short.c", "eval_short_tables.c"]
    cmd = [
        cc, *WARN, *defines, "-O1", "-g", "-pthread", "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all", f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_strength.c"),
        *(str(CSRC / s) for s in sources), "-lm", "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C strength checks passed" in run.stdout
