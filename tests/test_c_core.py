"""Builds and runs the C-only tests under AddressSanitizer and UndefinedBehaviorSanitizer,
and checks that every C source compiles cleanly with the house warning flags."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
WARN = ["-std=c99", "-Wall", "-Wextra", "-Wconversion", "-Werror"]
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


def _cc() -> str:
    assert CC is not None, "a C compiler (cc, gcc or clang) is required for the C tests"
    return CC

@pytest.mark.slow
@pytest.mark.parametrize("defines", [[], ["-DHE_NO_SIMD"]], ids=["native", "portable"])
def test_c_evaluator_under_sanitizers(tmp_path: Path, defines: list[str]) -> None:
    # "portable": the code every non-x86 build runs (no SSE2 hand, no POPCNT dispatch).
    exe = tmp_path / "test_eval"
    cmd = [
        _cc(), *WARN, *defines, "-O1", "-g", "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all",
        f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_eval.c"), str(CSRC / "eval.c"),
        str(CSRC / "he_tables.c"), str(CSRC / "eval_omaha.c"), str(CSRC / "eval_omaha_tables.c"),
        "-o", str(exe),
    ]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C evaluator checks passed" in run.stdout

@pytest.mark.slow
def test_c_icm_under_sanitizers(tmp_path: Path) -> None:
    exe = tmp_path / "test_icm"
    cmd = [
        _cc(), *WARN, "-O1", "-g", "-pthread", "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all", f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_icm.c"),
        *(str(p) for p in sorted(CSRC.glob("*.c"))), "-lm", "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C ICM checks passed" in run.stdout


@pytest.mark.slow
@pytest.mark.parametrize(("program", "what"), [("test_hand", "hand"), ("test_hand_view", "hand view")])
def test_c_hand_state_machine_under_sanitizers(tmp_path: Path, program: str, what: str) -> None:
    exe = tmp_path / program
    cmd = [
        _cc(), *WARN, "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
        f"-I{CSRC}", str(ROOT / "tests" / "c" / f"{program}.c"),
        *(str(CSRC / name) for name in (
            "hand.c", "hand_cards.c", "hand_deck.c", "hand_showdown.c", "hand_start.c",
            "hand_state.c", "hand_log.c", "hand_view.c", "settle.c", "settle_pots.c", "settle_rake.c",
            "variant.c",
            "deal.c", "eval.c", "he_tables.c", "eval_omaha.c", "eval_omaha_tables.c", "eval_short.c",
            "eval_short_tables.c",
        )),
        "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert f"all C {what} checks passed" in run.stdout


# the hand machine and its batch kernels in both layouts (csrc/hand_compact.c: the compact one)
BATCH_SOURCES = (
    "hand_batch.c", "hand_batch_api.c", "hand_compact.c", "hand.c", "hand_cards.c", "hand_deck.c",
    "hand_showdown.c", "hand_start.c", "hand_state.c", "hand_log.c", "settle.c", "settle_pots.c",
    "settle_rake.c", "deal.c", "eval.c", "he_tables.c", "eval_omaha.c", "eval_omaha_tables.c",
    "pool.c", "variant.c", "eval_short.c",
    "eval_short_tables.c",
)


@pytest.mark.slow
@pytest.mark.parametrize("define", [[], ["-DHE_TEST_COMPACT"]], ids=["full", "compact"])
def test_c_hand_batch_under_sanitizers(tmp_path: Path, define: list[str]) -> None:
    # compact: the same checks over the compact layout (its record, spec.compact = 1)
    exe = tmp_path / "test_hand_batch"
    sources = BATCH_SOURCES
    cmd = [
        _cc(), *WARN, *define, "-O1", "-g", "-pthread", "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all", f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_hand_batch.c"),
        *(str(CSRC / name) for name in sources), "-lm", "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C batch checks passed" in run.stdout


def _tsan_works(tmp_path: Path) -> bool:
    """Whether this toolchain builds and runs a ThreadSanitizer program."""
    src, exe = tmp_path / "probe.c", tmp_path / "probe"
    src.write_text("int main(void) { return 0; }\n")
    build = subprocess.run([_cc(), "-fsanitize=thread", str(src), "-o", str(exe)], capture_output=True)
    return build.returncode == 0 and subprocess.run([str(exe)], capture_output=True).returncode == 0


@pytest.mark.slow
def test_c_pool_under_sanitizers(tmp_path: Path) -> None:
    # ASan/UBSan always; ThreadSanitizer too where the toolchain has it (GCC and Clang on
    # Linux and macOS do). TSan refuses a fork once threads ran unless told to go on.
    sanitizers = [["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]]
    if _tsan_works(tmp_path):
        sanitizers.append(["-fsanitize=thread"])
    sources = BATCH_SOURCES
    env = {**os.environ, "TSAN_OPTIONS": "die_after_fork=0 halt_on_error=1"}
    for flags in sanitizers:
        exe = tmp_path / "test_pool"
        cmd = [
            _cc(), *WARN, "-O1", "-g", "-pthread", *flags, f"-I{CSRC}",
            str(ROOT / "tests" / "c" / "test_pool.c"), *(str(CSRC / name) for name in sources),
            "-lm", "-o", str(exe),
        ]
        build = subprocess.run(cmd, capture_output=True, text=True)
        assert build.returncode == 0, build.stderr[-4000:]
        run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600, env=env)
        assert run.returncode == 0, (flags, run.stderr[-4000:])
        assert "all C pool checks passed" in run.stdout, flags


@pytest.mark.parametrize("source", sorted(p.name for p in CSRC.glob("*.c")))
def test_c_source_compiles_without_warnings(tmp_path: Path, source: str) -> None:
    cmd = [_cc(), *WARN, "-O2", f"-I{CSRC}", "-c", str(CSRC / source), "-o", str(tmp_path / "x.o")]
    res = subprocess.run(cmd, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


# Windows (issue 30): the C core cross-compiled with MinGW-w64 (Debian's gcc-mingw-w64-x86-64;
# .ci/run installs it), and the pool's checks run under Wine where Wine is installed.
MINGW = shutil.which("x86_64-w64-mingw32-gcc")
WINE = shutil.which("wine64") or shutil.which("wine") or next(
    (p for p in ("/usr/lib/wine/wine64", "/usr/lib/wine/wine") if os.access(p, os.X_OK)), None
)
# MinGW-w64's isfinite() (math.h) expands to a float branch too, which -Wfloat-conversion
# flags in every caller (csrc/icm.c); the native build above keeps that warning.
MINGW_WARN = [*WARN, "-Wno-float-conversion"]
POOL_TEST_SOURCES = BATCH_SOURCES


def _mingw() -> str:
    if MINGW is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must have MinGW-w64: .ci/run installs gcc-mingw-w64-x86-64")
        pytest.skip("needs MinGW-w64 (apt-get install gcc-mingw-w64-x86-64); CI installs it")
    return MINGW


def _build_windows_pool_test(tmp_path: Path, defines: list[str]) -> Path:
    exe = tmp_path / "test_pool.exe"
    cmd = [
        _mingw(), *MINGW_WARN, *defines, "-O2", f"-I{CSRC}", str(ROOT / "tests" / "c" / "test_pool.c"),
        *(str(CSRC / name) for name in POOL_TEST_SOURCES), "-o", str(exe),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-4000:]
    return exe


# HE_POOL_INTERLOCKED: the pool's atomics as MSVC builds them (Interlocked functions)
WINDOWS_ATOMICS = pytest.mark.parametrize(
    "defines", [[], ["-DHE_POOL_INTERLOCKED"]], ids=["builtins", "interlocked"]
)


@pytest.mark.slow
@WINDOWS_ATOMICS
def test_c_core_cross_compiles_for_windows(tmp_path: Path, defines: list[str]) -> None:
    """Every C source compiles for Windows without a warning (the pool on Win32 threads),
    and the pool's test program links."""
    for source in sorted(CSRC.glob("*.c")):
        cmd = [_mingw(), *MINGW_WARN, *defines, "-O2", f"-I{CSRC}", "-c", str(source), "-o",
               str(tmp_path / "x.o")]
        res = subprocess.run(cmd, capture_output=True, text=True)
        assert res.returncode == 0, (source.name, res.stderr[-4000:])
    assert _build_windows_pool_test(tmp_path, defines).stat().st_size > 0


@pytest.mark.slow
@WINDOWS_ATOMICS
def test_c_pool_runs_on_windows_threads_under_wine(tmp_path: Path, defines: list[str]) -> None:
    """The pool's checks on Win32 threads: every part once, callers on four threads at once,
    nested calls, batches in parts; and the pool did start threads (it ran serially on
    Windows before)."""
    if WINE is None:
        pytest.skip("needs Wine to run the Windows build (apt-get install wine64)")
    exe = _build_windows_pool_test(tmp_path, defines)
    env = {**os.environ, "WINEDEBUG": "-all", "WINEPREFIX": str(tmp_path / "wine")}
    run = subprocess.run([WINE, str(exe)], capture_output=True, text=True, timeout=600, env=env)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "all C pool checks passed" in run.stdout


# Other CPUs (issue 30): aarch64 and big-endian s390x under QEMU's user mode, by
# scripts/cross_c_tests.sh (Debian's cross compilers and qemu-user; .ci/run installs them).
CROSS_TOOLS = ("aarch64-linux-gnu-gcc", "s390x-linux-gnu-gcc", "qemu-aarch64", "qemu-s390x")


@pytest.mark.slow
def test_c_tests_pass_on_aarch64_and_big_endian_s390x_under_qemu() -> None:
    missing = [tool for tool in CROSS_TOOLS if shutil.which(tool) is None]
    if missing:
        message = (f"needs {', '.join(missing)} "
                   "(apt-get install gcc-aarch64-linux-gnu gcc-s390x-linux-gnu qemu-user)")
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must have them (.ci/run installs them): {message}")
        pytest.skip(message)
    run = subprocess.run(
        ["bash", str(ROOT / "scripts" / "cross_c_tests.sh")], capture_output=True, text=True, timeout=1200,
        env={**os.environ, "HE_CROSS_FUZZ_SECONDS": "20"},
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-4000:]
    for arch in ("aarch64", "s390x"):
        for name in ("test_eval", "test_eval_short", "test_settle", "test_hand", "test_hand_batch",
                     "test_hand_batch_compact", "test_pool", "test_equity", "fuzz_core"):
            assert any(line.startswith(f"{arch} {name}") and line.endswith("ok")
                       for line in run.stdout.splitlines()), (arch, name, run.stdout)
    assert "cross C tests passed: aarch64 s390x" in run.stdout
