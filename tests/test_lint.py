"""ruff and mypy --strict are part of the test suite, so CI enforces them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_ruff_clean() -> None:
    cmd = [sys.executable, "-m", "ruff", "check", "."]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.slow
def test_mypy_strict_clean() -> None:
    res = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


# A dtype such as "<i4" hard-codes little-endian: a view of C records (the hand kernels'
# structs, written in native byte order) would read swapped bytes on a big-endian machine.
_BYTE_ORDER = re.compile(r"""f?["'][<>][iufcb](\d|\{)|\.newbyteorder\(""")


def test_no_hard_coded_byte_order_in_views_of_c_records() -> None:
    """Issue 30: engine/batch.py read C hand records with np.dtype(f"<i{width}"); numpy
    views of C memory must use the native order ("=" or plain np.int32)."""
    sources = sorted((ROOT / "holdem_eval").rglob("*.py")) + sorted((ROOT / "engine").rglob("*.py"))
    assert len(sources) > 40
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sources
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _BYTE_ORDER.search(line)
    ]
    assert found == [], "hard-coded byte order (use '=' or a plain numpy type):\n" + "\n".join(found)
    assert _BYTE_ORDER.search('np.dtype(f"<i{width}")') and _BYTE_ORDER.search("np.dtype('>u2')")
    assert not _BYTE_ORDER.search('np.dtype(f"=i{width}")')
