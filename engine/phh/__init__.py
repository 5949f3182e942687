"""PHH hand histories (phh-std, the TOML format used by PokerKit and the phh-dataset).

Read ``.phh`` (one hand) and ``.phhs`` (``[1]``, ``[2]``, ... tables) files for the
variants ``NT`` (no-limit Hold'em), ``FT`` (fixed-limit Hold'em) and ``PO`` (pot-limit
Omaha); replay them strictly on :class:`~holdem_eval.engine.Hand`; write any played
hand back as PHH.

Seat mapping (as in PokerKit): PHH player ``p1`` sits left of the button and ``pN``
is the button, so ``p1`` posts the small blind and ``p2`` the big blind; heads-up the
blinds are reversed (``p2``, the button, posts the small blind).  In engine seats,
``pK`` is seat ``K - 1`` and the button is seat ``N - 1``.

Replay is strict: every action must be legal when it comes, in the order given;
nothing is ever invented (no missing checks or folds are filled in, no cards are
guessed).  Failures raise :class:`PhhReplayError` with the 0-based action index, or
one of its subclasses for the documented data limits:

* :class:`UnknownHoleCardsError` — a showdown needs hole cards the file gives as
  ``????`` (HandHQ files hide most hole cards), so the pot cannot be settled;
* :class:`IncompleteHandError` — the actions stop before the hand is over (a player
  still to act, board cards missing);
* :class:`UnsupportedPhhError` — a variant, forced-bet layout or action this engine
  does not play (e.g. dead blinds, which PHH can only express outside its actions).

Amounts may be decimals (``1943.50``): they are read exactly (``decimal.Decimal``),
scaled by the smallest power of ten that makes every amount a whole number, played
in those integer units and scaled back in the reported stacks.

This package holds the PHH reader and writer, one job a module: :mod:`.hand`
(:class:`PhhHand`, :class:`ReplayResult`, the PHH variant codes and amount scaling),
:mod:`.read` (parsing; ``build_hand`` makes a :class:`PhhHand` from a parsed table, for the
site-history readers too), :mod:`.replay` (replay on :class:`~holdem_eval.engine.Hand`;
``replay_plan``) and :mod:`.write` (writing); the errors are in :mod:`..errors`. This
``__init__`` is their public face. It may import the engine's foundation (``config``,
``rules``, ``dealing``, ``errors``), the hand machine (``engine.hand``) and the evaluator
(``holdem_eval``); the site-history readers (``engine.history``) build on it, never the
other way.
"""

from __future__ import annotations

from ..errors import (
    IncompleteHandError,
    PhhError,
    PhhHoleCardsError,
    PhhReplayError,
    UnknownHoleCardsError,
    UnsupportedPhhActionError,
    UnsupportedPhhError,
)
from .hand import Chips, PhhHand, ReplayResult
from .read import load_phh, loads_phh
from .replay import iter_replays, replay_phh
from .write import dumps_phh

__all__ = [
    "Chips",
    "IncompleteHandError",
    "PhhError",
    "PhhHand",
    "PhhHoleCardsError",
    "PhhReplayError",
    "ReplayResult",
    "UnknownHoleCardsError",
    "UnsupportedPhhActionError",
    "UnsupportedPhhError",
    "dumps_phh",
    "iter_replays",
    "load_phh",
    "loads_phh",
    "replay_phh",
]
