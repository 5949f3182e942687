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


@pytest.mark.slow
def test_sdist_holds_the_tests_scripts_docs_and_changelog(tmp_path: Path) -> None:
    """Issue 30: the sdist could not be tested (no tests/, scripts/, docs/)."""
    import tarfile

    subprocess.run(
        [sys.executable, "-c", "import sys\nfrom setuptools import build_meta\n"
         "print(build_meta.build_sdist(sys.argv[1]))", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    (sdist,) = tmp_path.glob("holdem_eval-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    tracked = subprocess.run(
        ["git", "ls-files", "tests", "scripts", "docs", "csrc"], cwd=ROOT, capture_output=True, text=True
    ).stdout.split()
    expected = {"CHANGELOG.md", "LICENSE", "README.md", "pyproject.toml", "setup.py", "MANIFEST.in",
                "tests/helpers.py", "tests/conftest.py", "tests/c/check.h", "tests/engine/test_phh.py",
                "tests/data/phh/LICENSE", "scripts/dev_build.sh", "docs/cli.md"}
    expected |= set(tracked)  # every tracked file of those folders (empty when git is absent)
    assert expected - names == set()
    assert not [n for n in names if n.endswith((".pyc", ".so")) or "__pycache__" in n]
    assert sum(n.endswith(".phh") for n in names) > 200


def test_a_missing_c_compiler_is_one_clear_error(tmp_path: Path) -> None:
    """Issue 30: without a compiler the build failed deep in distutils; now it names the fix."""
    import os

    res = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--build-temp", str(tmp_path / "t"),
         "--build-lib", str(tmp_path / "l")],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "CC": "/nonexistent/cc"},
    )
    assert res.returncode != 0
    assert (
        "error: holdem-eval: building its C extension needs a C compiler, and the compiler "
        "'/nonexistent/cc' (from CC, or Python's build settings) is not found. Install one, then "
        "retry: Debian/Ubuntu 'apt-get install build-essential python3-dev'"
    ) in res.stderr, res.stderr
