"""The one cffi build script: compiles csrc/*.c into ``holdem_eval._he_native`` (API mode).

The C declarations cffi sees are the guard-free headers ``csrc/api/*.h``, read in name
order; the compiler sees them through ``csrc/holdem_eval.h``. Adding a kernel means adding
``csrc/<name>.c`` and ``csrc/api/<name>.h`` (and one include line in holdem_eval.h).
``csrc/hand_compact.c`` compiles the hand machine's files a second time in its compact
layout (``csrc/hand_state.h``), for ``HandBatch``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cffi import FFI  # type: ignore[import-untyped]  # cffi ships no type information

_HERE = Path(__file__).resolve().parent
_CSRC = _HERE.parent / "csrc"


def _relative(p: Path) -> str:
    # setuptools wants source paths relative to the project root (where setup.py is).
    return p.relative_to(_HERE.parent).as_posix()


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        # MSVC: setuptools already passes /O2 /W3 /GL /DNDEBUG /MD and links with /LTCG (which
        # /GL needs: whole-program code generation at link time, as it must be for /GL
        # objects) and with neither /Z7 nor /DEBUG in a release build, so the DLL carries no
        # debug info. /O2 once more, last: the GCC build's -O3 intent whatever CL or a
        # caller's flags say. (MSVC has no C99 switch; its default C mode takes our C99.)
        return ["/O2"]
    # -g0 last: Python's own CFLAGS usually carry -g, which would put DWARF sections
    # (about two thirds of the module's size) into the wheel.
    return ["-O3", "-std=c99", "-fvisibility=hidden", "-Wall", "-Wextra", "-Wconversion", "-pthread", "-g0"]


def _link_args() -> list[str]:
    if sys.platform == "win32":
        return []  # csrc/pool.c's worker threads are Win32 threads: nothing to link
    # -pthread: csrc/pool.c's worker threads (POSIX threads). -s: drop the symbol table too
    # (the module exports only its init function); Apple's ld ignores -s with a warning, and
    # -g0 already leaves nothing to strip there.
    return ["-pthread"] if sys.platform == "darwin" else ["-pthread", "-s"]


# CPython glue, compiled as ordinary sources of the module with the private header
# engine/hand/_hand_glue.h: the engine's wrapper of the hand state machine (engine/hand/_hand_*.c;
# the engine's C glue lives with the engine) and the scalar fast path (_fastpath.c), whose
# he_py_install _bindings calls at import.
_GLUE_DIR = _HERE.parent / "engine" / "hand"
_GLUE_FILES = [*(_GLUE_DIR / f"_hand_{part}.c" for part in ("glue", "fields", "type")), _HERE / "_fastpath.c"]

ffibuilder = FFI()
ffibuilder.cdef("\n".join(p.read_text() for p in sorted((_CSRC / "api").glob("*.h"))))
ffibuilder.cdef("int he_py_install(void);")
ffibuilder.set_source(
    "holdem_eval._he_native",
    '#include "holdem_eval.h"\nint he_py_install(void);',
    sources=[_relative(p) for p in [*sorted(_CSRC.glob("*.c")), *_GLUE_FILES]],
    include_dirs=[_relative(_CSRC), _relative(_GLUE_DIR)],
    # every .c too: csrc/hand_compact.c #includes the hand machine's .c files (the compact layout)
    depends=[_relative(p) for p in [*sorted(_CSRC.rglob("*.[ch]")), _GLUE_DIR / "_hand_glue.h"]],
    extra_compile_args=_compile_args(),
    extra_link_args=_link_args(),
    py_limited_api=True,
)

if __name__ == "__main__":
    ffibuilder.compile(tmpdir=str(_HERE.parent / "build" / "cffi"), verbose=True)
