"""Builds and runs the C-only test programs (tests/c/): the compiler, the house warning
flags, the sanitizer flags and the groups of csrc/ files each program links, written once for
every C test module (test_c_core, test_c_fuzz, test_equity_c, test_hilo_c, test_short_deck_c,
test_strength_c, engine/test_settle_c)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
TESTS_C = ROOT / "tests" / "c"
WARN = ["-std=c99", "-Wall", "-Wextra", "-Wconversion", "-Werror"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")

# csrc/ files by what they hold, for the programs that link a part of the core
EVAL = ("eval.c", "he_tables.c", "eval_omaha.c", "eval_omaha_tables.c")
SHORT = ("eval_short.c", "eval_short_tables.c")
SETTLE = ("settle.c", "settle_pots.c", "settle_rake.c", "variant.c")
HAND = ("hand.c", "hand_cards.c", "hand_deck.c", "hand_showdown.c", "hand_start.c",
        "hand_state.c", "hand_log.c", "deal.c")
# the hand machine and its batch kernels in both layouts (csrc/hand_compact.c: the compact one)
BATCH = (*HAND, *SETTLE, *EVAL, *SHORT, "hand_batch.c", "hand_batch_api.c", "hand_compact.c",
         "pool.c")


def all_sources() -> list[Path]:
    """Every C source of the core, sorted."""
    return sorted(CSRC.glob("*.c"))


def cc() -> str:
    assert CC is not None, "a C compiler (cc, gcc or clang) is required for the C tests"
    return CC


# Objects of csrc/ files, kept by what made them (compiler, flags, the source and every
# header of csrc/): the C test programs link the same core files with the same flags many
# times over (the evaluator, the Omaha tables and kernel take seconds each under the
# sanitizers), so each is compiled once per machine and flag set.
OBJECTS = Path(tempfile.gettempdir()) / f"holdem-eval-c-objects-{os.getuid()}"


@cache
def _compiler_id(compiler: str) -> bytes:
    res = subprocess.run([compiler, "--version"], capture_output=True)
    return compiler.encode() + res.stdout


@cache
def _headers_digest() -> bytes:
    digest = hashlib.sha256()
    for header in sorted(CSRC.rglob("*.h")):
        digest.update(str(header.relative_to(CSRC)).encode() + b"\0" + header.read_bytes())
    return digest.digest()


def core_object(source: Path, flags: Sequence[str], compiler: str, warn: Sequence[str]) -> Path:
    """The object of ``source`` (a csrc/ file) compiled with ``flags``: from the cache, or
    compiled into it (the test fails with the compiler's message if it refuses)."""
    key = hashlib.sha256(b"\0".join([
        _compiler_id(compiler), " ".join([*warn, *flags]).encode(), _headers_digest(),
        source.read_bytes(),
    ])).hexdigest()[:32]
    obj = OBJECTS / f"{source.stem}-{key}.o"
    if not obj.exists():
        OBJECTS.mkdir(exist_ok=True)
        part = obj.with_suffix(f".{os.getpid()}.tmp")  # renamed whole: a reader never sees half
        compile_object(source, part, flags, compiler=compiler, warn=warn)
        os.replace(part, obj)
    return obj


def build(exe: Path, programs: Iterable[Path], sources: Iterable[str | Path],
          flags: Sequence[str] = (), *, compiler: str | None = None,
          warn: Sequence[str] = WARN, libs: Sequence[str] = ("-lm",)) -> Path:
    """Compiles and links ``programs`` (test drivers) with ``sources`` (names in csrc/, or
    paths; their objects from the cache) into ``exe``; the test fails with the compiler's
    message if it refuses."""
    compiler = compiler or cc()
    objects = [core_object(CSRC / s, flags, compiler, warn) for s in sources]
    cmd = [
        compiler, *warn, *flags, f"-I{CSRC}", *(str(p) for p in programs),
        *(str(o) for o in objects), *libs, "-o", str(exe),
    ]
    res = subprocess.run(cmd, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-4000:]
    return exe


def compile_object(source: Path, out: Path, flags: Sequence[str] = (), *,
                   compiler: str | None = None, warn: Sequence[str] = WARN) -> None:
    """Compiles one C source to an object file; the test fails on any warning."""
    cmd = [compiler or cc(), *warn, *flags, f"-I{CSRC}", "-c", str(source), "-o", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    assert res.returncode == 0, (source.name, res.stderr[-4000:])


def run_checks(exe: Path, done: str, *, launcher: Sequence[str] = (),
               env: Mapping[str, str] | None = None) -> None:
    """Runs a test program; it must exit 0 and print ``done``."""
    run = subprocess.run([*launcher, str(exe)], capture_output=True, text=True, timeout=600,
                         env=env)
    assert run.returncode == 0, run.stderr[-4000:]
    assert done in run.stdout, run.stdout[-2000:]


def check_under_sanitizers(tmp_path: Path, test: str, sources: Iterable[str | Path], done: str,
                           defines: Sequence[str] = ()) -> None:
    """Builds tests/c/<test>.c with ``sources`` under AddressSanitizer and
    UndefinedBehaviorSanitizer, runs it, and checks it printed ``done``."""
    exe = build(tmp_path / test, [TESTS_C / f"{test}.c"], sources,
                [*defines, "-O1", "-g", "-pthread", *SANITIZE])
    run_checks(exe, done)
