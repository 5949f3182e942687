"""The project builds one abi3 wheel that carries the extension and the engine package."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_abi3_wheel_builds(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", str(ROOT),
         "-w", str(tmp_path)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = tmp_path.glob("holdem_eval-*.whl")
    assert "-abi3-" in wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "holdem_eval/engine/__init__.py" in names
    assert any(n.startswith("holdem_eval/_he_native") and n.endswith((".so", ".pyd")) for n in names)
    assert "holdem_eval/py.typed" in names
