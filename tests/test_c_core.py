"""Builds and runs the C-only tests under AddressSanitizer and UndefinedBehaviorSanitizer,
and checks that every C source compiles cleanly with the house warning flags."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from c_harness import (
    BATCH,
    CSRC,
    EVAL,
    HAND,
    ROOT,
    SANITIZE,
    SETTLE,
    SHORT,
    TESTS_C,
    WARN,
    all_sources,
    build,
    cc,
    check_under_sanitizers,
    compile_object,
    run_checks,
)


@pytest.mark.slow
@pytest.mark.parametrize("defines", [[], ["-DHE_NO_SIMD"]], ids=["native", "portable"])
def test_c_evaluator_under_sanitizers(tmp_path: Path, defines: list[str]) -> None:
    # "portable": the code every non-x86 build runs (no SSE2 hand, no POPCNT dispatch).
    check_under_sanitizers(tmp_path, "test_eval", EVAL, "all C evaluator checks passed", defines)


@pytest.mark.slow
def test_c_icm_under_sanitizers(tmp_path: Path) -> None:
    check_under_sanitizers(tmp_path, "test_icm", all_sources(), "all C ICM checks passed")


@pytest.mark.slow
@pytest.mark.parametrize(("program", "what"), [("test_hand", "hand"), ("test_hand_view", "hand view")])
def test_c_hand_state_machine_under_sanitizers(tmp_path: Path, program: str, what: str) -> None:
    check_under_sanitizers(tmp_path, program, (*HAND, "hand_view.c", *SETTLE, *EVAL, *SHORT),
                           f"all C {what} checks passed")


@pytest.mark.slow
@pytest.mark.parametrize("define", [[], ["-DHE_TEST_COMPACT"]], ids=["full", "compact"])
def test_c_hand_batch_under_sanitizers(tmp_path: Path, define: list[str]) -> None:
    # compact: the same checks over the compact layout (its record, spec.compact = 1)
    check_under_sanitizers(tmp_path, "test_hand_batch", BATCH, "all C batch checks passed", define)


def _tsan_works(tmp_path: Path) -> bool:
    """Whether this toolchain builds and runs a ThreadSanitizer program."""
    src, exe = tmp_path / "probe.c", tmp_path / "probe"
    src.write_text("int main(void) { return 0; }\n")
    probe = subprocess.run([cc(), "-fsanitize=thread", str(src), "-o", str(exe)], capture_output=True)
    return probe.returncode == 0 and subprocess.run([str(exe)], capture_output=True).returncode == 0


@pytest.mark.slow
def test_c_pool_under_sanitizers(tmp_path: Path) -> None:
    # ASan/UBSan always; ThreadSanitizer too where the toolchain has it (GCC and Clang on
    # Linux and macOS do). TSan refuses a fork once threads ran unless told to go on.
    sanitizers = [SANITIZE]
    if _tsan_works(tmp_path):
        sanitizers.append(["-fsanitize=thread"])
    env = {**os.environ, "TSAN_OPTIONS": "die_after_fork=0 halt_on_error=1"}
    for flags in sanitizers:
        exe = build(tmp_path / "test_pool", [TESTS_C / "test_pool.c"], BATCH,
                    ["-O1", "-g", "-pthread", *flags])
        run_checks(exe, "all C pool checks passed", env=env)


@pytest.mark.parametrize("source", [p.name for p in all_sources()])
def test_c_source_compiles_without_warnings(tmp_path: Path, source: str) -> None:
    compile_object(CSRC / source, tmp_path / "x.o", ["-O2"])


# Windows (issue 30): the C core cross-compiled with MinGW-w64 (Debian's gcc-mingw-w64-x86-64;
# .ci/run installs it), and the pool's checks run under Wine where Wine is installed.
MINGW = shutil.which("x86_64-w64-mingw32-gcc")
WINE = shutil.which("wine64") or shutil.which("wine") or next(
    (p for p in ("/usr/lib/wine/wine64", "/usr/lib/wine/wine") if os.access(p, os.X_OK)), None
)
# MinGW-w64's isfinite() (math.h) expands to a float branch too, which -Wfloat-conversion
# flags in every caller (csrc/icm.c); the native build above keeps that warning.
MINGW_WARN = [*WARN, "-Wno-float-conversion"]


def _mingw() -> str:
    if MINGW is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must have MinGW-w64: .ci/run installs gcc-mingw-w64-x86-64")
        pytest.skip("needs MinGW-w64 (apt-get install gcc-mingw-w64-x86-64); CI installs it")
    return MINGW


def _build_windows_pool_test(tmp_path: Path, defines: list[str]) -> Path:
    return build(tmp_path / "test_pool.exe", [TESTS_C / "test_pool.c"], BATCH, [*defines, "-O2"],
                 compiler=_mingw(), warn=MINGW_WARN, libs=())


# HE_POOL_INTERLOCKED: the pool's atomics as MSVC builds them (Interlocked functions)
WINDOWS_ATOMICS = pytest.mark.parametrize(
    "defines", [[], ["-DHE_POOL_INTERLOCKED"]], ids=["builtins", "interlocked"]
)


@pytest.mark.slow
@WINDOWS_ATOMICS
def test_c_core_cross_compiles_for_windows(tmp_path: Path, defines: list[str]) -> None:
    """Every C source compiles for Windows without a warning (the pool on Win32 threads),
    and the pool's test program links."""
    for source in all_sources():
        compile_object(source, tmp_path / "x.o", [*defines, "-O2"], compiler=_mingw(),
                       warn=MINGW_WARN)
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
    run_checks(exe, "all C pool checks passed", launcher=[WINE], env=env)


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
