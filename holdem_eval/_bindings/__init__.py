"""The boundary to the C core: the only module that imports the compiled ``ffi``/``lib``.

Each wrapper takes arrays that the caller (a public module) has already coerced and
checked, passes them with ``ffi.from_buffer`` and returns the raw status, so the public
module can turn a failing row into a precise message. cffi releases the GIL around every
``lib`` call; ``run_chunked`` splits one batch over Python threads on that basis, using
one thread pool kept for the life of the process (creating threads per call cost more
than a 1 M-row chunk takes).

A package, one module per family of kernels (``_core``: the one import of the native module,
the pool, the evaluator; ``hand``, ``settle``, ``equity``, ``icm``, ``batch``); this module
re-exports them all and installs the CPython glue (holdem_eval/_fastpath.c).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _core, batch, equity, hand, hilo, icm, settle, short, strength
from ._core import *  # noqa: F403  # the package's names are its modules' names
from .batch import *  # noqa: F403
from .equity import *  # noqa: F403
from .hand import *  # noqa: F403
from .hilo import *  # noqa: F403
from .icm import *  # noqa: F403
from .settle import *  # noqa: F403
from .short import *  # noqa: F403
from .strength import *  # noqa: F403

__all__ = [
    *_core.__all__, *hand.__all__, *settle.__all__, *equity.__all__, *icm.__all__,
    *batch.__all__, *short.__all__, *hilo.__all__, *strength.__all__, "HandCore", "deal_seeded",
    "evaluate_fast", "hand_blind_seats", "hand_glue_setup",
]

# The scalar fast path (holdem_eval/_fastpath.c): a builtin taking a tuple or list of
# ids, falling back to holdem_eval.evaluator._evaluate_general for everything else.
evaluate_fast: Callable[[object], int]
if _core.lib.he_py_install() != 0:
    raise ImportError("holdem_eval: could not install the native evaluate fast path")

if TYPE_CHECKING:

    class HandCore:
        """The C base of ``holdem_eval.engine.Hand`` (engine/hand/_hand_glue.c): the hand
        state machine's struct (csrc/hand.c), one ``_<field>`` accessor per field of
        csrc/hand_state.h, and methods that convert and return the kernel's status."""

        def __getattr__(self, name: str) -> Any: ...
        def __setattr__(self, name: str, value: Any) -> None: ...
        def legal_actions(self) -> tuple[Any, ...]: ...

    def hand_blind_seats(seats: int, button: int) -> tuple[int, int] | None: ...

    def hand_glue_setup(
        legal_action: object,
        kinds: tuple[Any, ...],
        names: tuple[str, ...],
        callbacks: dict[str, Callable[..., Any]],
    ) -> None: ...


# ---------------------------------------------------------------------------------------
# Seeded dealing (engine issue 4): csrc/deal.c. Used by holdem_eval.engine.dealing.
# ---------------------------------------------------------------------------------------

# deal_seeded(seed, exclude_mask, count) -> bytes: the first ``count`` cards of the
# splitmix64 deal for ``seed`` from the deck without the cards in ``exclude_mask``; a
# builtin set by he_py_install (holdem_eval/_fastpath.c), ValueError when too few remain.
deal_seeded: Callable[[int, int, int], bytes]
