"""Builds the C fuzz driver (tests/c/fuzz_*.c, main in fuzz_core.c) with every C source
under AddressSanitizer and UndefinedBehaviorSanitizer and runs it for a fixed time budget:
random and boundary inputs to every public C entry point, checked against the documented
contracts.

The budget is ``HE_FUZZ_SECONDS`` (default 45) and the seed ``HE_FUZZ_SEED`` (default 1);
``HE_FUZZ_SEED=$RANDOM HE_FUZZ_SECONDS=600 pytest tests/test_c_fuzz.py`` fuzzes longer.
A failure prints the target and case number; ``fuzz_core 0 SEED CASE`` replays that case.
Bugs it found have a minimal reproduction each (``fuzz_core --repro NAME``), run as
regression tests below.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from c_harness import SANITIZE, TESTS_C, all_sources, build

# float-cast-overflow is not in GCC's -fsanitize=undefined group; the kernels convert
# doubles to int64 (rake), so it is asked for by name.
FUZZ_SANITIZE = [*SANITIZE, "-fsanitize=float-cast-overflow"]
DEFAULT_SECONDS = 45.0


def _budget() -> float:
    return float(os.environ.get("HE_FUZZ_SECONDS", DEFAULT_SECONDS))


# Every test here needs the sanitizer build of the driver (about 10 s to compile).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fuzzer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("fuzz") / "fuzz_core", sorted(TESTS_C.glob("fuzz_*.c")),
                 all_sources(), ["-O1", "-g", "-pthread", *FUZZ_SANITIZE])


def _run(exe: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "HE_FUZZ_KNOWN_BUGS"}
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def test_c_entry_points_keep_their_contracts_under_fuzzing(fuzzer: Path) -> None:
    seconds = _budget()
    seed = os.environ.get("HE_FUZZ_SEED", "1")
    run = _run(fuzzer, str(seconds), seed, timeout=seconds + 600)
    report = run.stdout[-3000:] + run.stderr[-6000:]
    assert run.returncode == 0, report
    assert "all C fuzz contracts held" in run.stdout, report
    # Every target ran: a name with zero cases would mean the driver skipped it.
    counts = [line.split() for line in run.stdout.splitlines() if line.endswith(" cases")]
    assert len(counts) == 17 and all(int(c[1]) > 0 for c in counts), run.stdout


def test_one_fuzz_case_replays_alone(fuzzer: Path) -> None:
    run = _run(fuzzer, "0", "1", "3")
    assert run.returncode == 0, run.stderr[-4000:]
    assert "17 cases, 0 failed checks" in run.stdout, run.stdout


def test_unknown_reproduction_is_refused(fuzzer: Path) -> None:
    run = _run(fuzzer, "--repro", "no-such-bug")
    assert run.returncode == 2
    assert run.stderr == "unknown reproduction no-such-bug\n"


def test_pokerkit_rake_never_exceeds_the_pot(fuzzer: Path) -> None:
    run = _run(fuzzer, "--repro", "pokerkit-rake")
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]


def test_pokerkit_rake_of_a_pot_near_int64_max_is_defined(fuzzer: Path) -> None:
    run = _run(fuzzer, "--repro", "pokerkit-rake-overflow")
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]


def _msan_cc(tmp_path: Path) -> str | None:
    """Clang, when it builds and runs a MemorySanitizer program here (Debian: clang and its
    compiler-rt, libclang-rt-*-dev); GCC has no MemorySanitizer."""
    clang = shutil.which("clang")
    if clang is None:
        return None
    src, exe = tmp_path / "probe.c", tmp_path / "probe"
    src.write_text("int main(void) { return 0; }\n")
    build = subprocess.run([clang, "-fsanitize=memory", str(src), "-o", str(exe)], capture_output=True)
    return clang if build.returncode == 0 and subprocess.run([str(exe)]).returncode == 0 else None


def test_c_fuzzing_reads_no_uninitialised_memory(tmp_path: Path) -> None:
    """Issue 30: MemorySanitizer stopped the fuzz run in fuzz_equity.c, which compared whole
    alias tables of which only some rows were drawn."""
    clang = _msan_cc(tmp_path)
    if clang is None:
        pytest.skip("needs clang with MemorySanitizer (apt-get install clang libclang-rt-dev)")
    exe = build(tmp_path / "fuzz_msan", sorted(TESTS_C.glob("fuzz_*.c")), all_sources(),
                ["-O1", "-g", "-fsanitize=memory", "-fno-omit-frame-pointer", "-pthread"],
                compiler=clang)
    run = _run(exe, str(min(_budget(), 20.0)), os.environ.get("HE_FUZZ_SEED", "1"))
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-6000:]
    assert "all C fuzz contracts held" in run.stdout
