"""The hand machine: one hand of poker played by the rules, the C state machine's Python face.

:mod:`.hand` holds :class:`Hand` (a typed face over the C hand state, csrc/hand*.c, through
the CPython glue ``_hand_glue.c``, ``_hand_fields.c`` and ``_hand_type.c`` beside it) and the
documented rule choices; :mod:`.deck_hand` the hand that deals from a deck; :mod:`.decks`
the decks (OS CSPRNG, preset, seeded); :mod:`.actions` actions, events and views as values;
:mod:`.inputs` the conversions of settings and cards into the kernel's form. It may import
the engine's foundation (``config``, ``rules``, ``dealing``, ``errors``) and the evaluator's
bindings; everything else in the engine builds on it.
"""

from __future__ import annotations

from .actions import STREET_NAMES, Action, ActionKind, Event, LegalAction, PlayerView
from .deck_hand import DeckHand
from .decks import Deck, DeckError, OsDeck, PresetDeck

# _restore_hand: hands pickled before this package was made name it here
from .hand import MAX_CHIPS, Hand, HandStateError, IllegalActionError
from .hand import _restore_hand as _restore_hand
from .inputs import blind_seats

__all__ = [
    "MAX_CHIPS",
    "STREET_NAMES",
    "Action",
    "ActionKind",
    "Deck",
    "DeckError",
    "DeckHand",
    "Event",
    "Hand",
    "HandStateError",
    "IllegalActionError",
    "LegalAction",
    "OsDeck",
    "PlayerView",
    "PresetDeck",
    "blind_seats",
]
