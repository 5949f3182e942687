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


USER_CODE = '''\
import holdem_eval as he
from holdem_eval.engine import GameConfig, Hand

rank: int = he.evaluate("Ah Kh Qh Jh Th")
hand = Hand(GameConfig(big_blind=2), [100, 100], button=0, seed=1)
wrong: str = hand.pot
'''


@pytest.mark.slow
def test_user_mypy_sees_the_installed_package(tmp_path: Path) -> None:
    # A user's `mypy --strict`, run outside the checkout against the package as the README
    # installs it (editable, strict mode): both packages resolve and carry their types, so
    # the one deliberate mistake is the only error.
    (tmp_path / "user.py").write_text(USER_CODE)
    res = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "user.py"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert "import-not-found" not in res.stdout, res.stdout
    assert "import-untyped" not in res.stdout, res.stdout
    assert res.stdout.strip().splitlines() == [
        'user.py:6: error: Incompatible types in assignment (expression has type "int", '
        'variable has type "str")  [assignment]',
        "Found 1 error in 1 file (checked 1 source file)",
    ], res.stdout
