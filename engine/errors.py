"""The engine's exceptions, and the one table from the hand kernel's status codes to them.

Every class derives from :class:`holdem_eval.HoldemEvalError` and a builtin
(``ValueError``; ``RuntimeError`` for :class:`BatchInUseError`), so callers may catch
either. The C hand state machine
(``csrc/hand.c``) reports each refusal as a unique ``HE_E_HAND_*`` status;
:data:`HAND_ERRORS` maps each status to its class and message template, and
:func:`hand_error` builds the exception from a status and the context the caller knows
(the seat, the amount, the state's numbers). argon2-cffi's pattern: one table, no
message text in C.

>>> hand_error(-128, seat=2, word="raise to", amount=15, lo=20)
IllegalActionError('seat 2 cannot raise to 15: the minimum is raise to 20')
"""

from __future__ import annotations

from typing import Any

from holdem_eval import HoldemEvalError, ShapeError

__all__ = [
    "HAND_ERRORS",
    "HAND_FAULTS",
    "MAX_CHIPS",
    "BatchInUseError",
    "ConfigError",
    "DeckError",
    "HandStateError",
    "HistoryError",
    "HistoryStatsError",
    "HoleCardsShapeError",
    "IllegalActionError",
    "IncompleteHandError",
    "InvalidChipsError",
    "InvalidSeatError",
    "PhhError",
    "PhhHoleCardsError",
    "PhhReplayError",
    "ResetNeededError",
    "SeedError",
    "TableError",
    "TournamentError",
    "UnknownHoleCardsError",
    "UnknownSiteError",
    "UnsupportedHistoryError",
    "UnsupportedPhhActionError",
    "UnsupportedPhhError",
    "hand_error",
]

MAX_CHIPS = 2**60
"""The engine's amount limit: every stack, forced bet and bet size, and the sum of the
stacks at a table, in chips (csrc/api/hand.h ``HE_HAND_MAX_CHIPS``)."""


class ConfigError(HoldemEvalError, ValueError):
    """A game configuration, stack list or table setting is invalid."""


class SeedError(ConfigError, TypeError):
    """A seed that is not an int (a NumPy integer is one) in 0 .. 2**64 - 1: every seeded
    call (``Hand``, ``HandBatch``, ``sample_legal``, ``seeded_deal`` ...) takes the same
    seeds and never reduces one modulo 2**64. A ``ConfigError`` and also a ``TypeError``
    (what a seed of the wrong type raised before)."""


class HoleCardsShapeError(ConfigError, ShapeError):
    """Hole cards of the wrong count: a seat's hole of the wrong length (text or ids),
    or not one entry per seat. Both a :class:`ConfigError` and a
    :class:`holdem_eval.ShapeError`."""


class IllegalActionError(HoldemEvalError, ValueError):
    """An action that the rules do not allow now; the hand is left unchanged."""


class HandStateError(HoldemEvalError, ValueError):
    """An operation that does not fit the hand's phase (e.g. dealing when not needed)."""


class ResetNeededError(HandStateError):
    """A Gymnasium environment stepped before its first ``reset()`` (Gymnasium's own
    ``OrderEnforcing`` wrapper refuses that the same way, with ``ResetNeeded``)."""


class TableError(HoldemEvalError, ValueError):
    """A table operation that does not fit the seats or the session's phase."""


class TournamentError(HoldemEvalError, ValueError):
    """A tournament setting (levels, stacks, payouts, seats) or operation that does not
    fit the tournament's state (a hand on a break, a table waiting in hand-for-hand)."""


class BatchInUseError(HoldemEvalError, RuntimeError):
    """A :class:`~holdem_eval.engine.HandBatch` was called from a thread while a call on it
    from another thread was running; the call was refused and changed nothing (a batch
    steps one set of hands: give each thread its own batch)."""


_WAGER = "seat {seat} cannot {word} {amount}: "
_SHOWDOWN = "seat {seat!r} cannot {what}: "

# status -> (class, message template); the template's fields come from hand_error's
# keyword arguments. Statuses are csrc/api/hand.h's HE_E_HAND_* (-100 .. -145).
HAND_ERRORS: dict[int, tuple[type[HoldemEvalError], str]] = {
    -100: (ConfigError, "a hand needs 2..10 seats, got {n} stacks: {stacks!r}"),
    -101: (ConfigError, "stacks must be positive ints, got {stacks!r}"),
    -102: (
        ConfigError,
        "{what} {value!r} is above the engine's limit of 2**60 chips"
        " (each amount, and the sum of the stacks)",
    ),
    -103: (ConfigError, "button must be a seat 0..{last}, got {button!r}"),
    -104: (ConfigError, "{what} {value!r} is outside the range the engine accepts"),
    -105: (ConfigError, "a straddle needs at least 3 seats"),
    -106: (ConfigError, "{variant} with {n} seats needs more cards than its deck has"),
    -107: (ConfigError, "{what} has card {card!r}; expected card ids 0..51 (or -1 unknown)"),
    -108: (ConfigError, "card {card!r} is given twice"),
    -109: (ConfigError, "give a seed or explicit hole_cards"),
    -110: (ConfigError, "with a seed, hole cards must be fully known or omitted"),
    -111: (ConfigError, "bad post for seat {seat!r}: {post!r}"),
    -112: (ConfigError, "board must be 0..5 known cards, got {board!r}"),
    -113: (IllegalActionError, "unknown action kind {kind!r}"),
    -114: (IllegalActionError, "cannot {what}: the hand is over"),
    -115: (IllegalActionError, "cannot {what}: waiting for {pending} board card(s) to be dealt"),
    -116: (IllegalActionError, "cannot {what}: the betting is finished, showdown pending"),
    -117: (IllegalActionError, "seat {seat} cannot {what}: it is seat {actor}'s turn (out of turn)"),
    -118: (IllegalActionError, "seat {seat} cannot fold when checking is free"),
    -119: (IllegalActionError, "seat {seat} cannot check facing a bet of {cur} (to call: {to_call})"),
    -120: (IllegalActionError, "seat {seat} cannot call: there is no bet to call (check)"),
    -121: (IllegalActionError, "seat {seat} cannot bet {amount!r}: there is already a bet of {cur} (raise)"),
    -122: (IllegalActionError, "seat {seat} cannot raise to {amount!r}: nobody has bet (bet)"),
    -123: (IllegalActionError, _WAGER + "its stack only covers a call"),
    -124: (
        IllegalActionError,
        _WAGER + "an all-in for less than a full raise did not re-open the betting",
    ),
    -125: (IllegalActionError, _WAGER + "the betting is capped at {max_bets} bets this round"),
    -126: (IllegalActionError, _WAGER + "no opponent can put in more chips"),
    -127: (IllegalActionError, _WAGER + "that is more than its stack (all-in is {word} {allin})"),
    -128: (IllegalActionError, _WAGER + "the minimum is {word} {lo}"),
    -129: (IllegalActionError, _WAGER + "the pot-limit maximum is {word} {hi}"),
    -130: (IllegalActionError, _WAGER + "the fixed-limit amount is {word} {hi}"),
    -131: (HandStateError, "no board cards are needed now (street: {street})"),
    -132: (HandStateError, "the {next_street} needs {pending} known card(s), got {cards!r}"),
    -133: (IllegalActionError, "seat {seat} cannot {what}: the betting is not finished"),
    -134: (IllegalActionError, _SHOWDOWN + "it is not in the hand"),
    -135: (IllegalActionError, "seat {seat} cannot {what}: it already showed or mucked"),
    -136: (IllegalActionError, "seat {seat} must show {hole_count} cards, got {cards!r}"),
    -137: (IllegalActionError, "seat {seat} shows {shown!r}, which are not its hole cards"),
    -138: (IllegalActionError, "seat {seat} shows {card!r}, which is already dealt"),
    -139: (IllegalActionError, "seat {seat} cannot muck: it is the last hand in the pot"),
    -140: (
        IllegalActionError,
        "seat {seat} cannot show: its hole cards are unknown; show them by giving all"
        " {hole_count}",
    ),
    -141: (
        HandStateError,
        "the hand's state is inconsistent (it was changed from outside): {why}; it cannot be"
        " played on",
    ),
    -142: (HandStateError, "board card {card!r} is already dealt"),
    -143: (HandStateError, "seat {seat} cannot choose the runs: no choice of runs is open now"
                           " (it opens when the betting is over with every player all-in but"
                           " one, cards to come and max_runs > 1)"),
    -144: (IllegalActionError, "seat {seat} cannot choose {count!r} runs: choose 1..{most}"
                               " (or None: no preference)"),
    -145: (ConfigError, "card {card!r} is not in the {variant!r} deck (cards {deck})"),
}


# Why he_hand_check refuses a state (he_hand_fault, csrc/api/hand.h HE_HAND_FAULT_*): the
# first group of invariants the state breaks.
HAND_FAULTS: dict[int, str] = {
    1: "a game setting, seat index, street or flag is out of its range",
    2: "the board does not have the street's cards, or the board waited for does not fit",
    3: "it waits for a board the plan or deck holds, ends the betting with two seats that"
    " may bet, or has nobody to act and nothing to wait for (a showdown under way waits for"
    " a seat to show or muck)",
    4: "the seat to act may not act now (folded, all-in, already acted at this bet, or the"
    " betting is over)",
    5: "a card is out of range or in play twice, or the board plan disagrees with the board",
    6: "a seat's amounts or flags are out of range, a folded or all-in seat is not done, or a"
    " shown hand has an unknown card",
    7: "the counts of seats in the hand or with chips, or the bet to call, disagree with the"
    " seats",
    8: "the pot does not hold what was put in, a result exists before the end, or chips"
    " were made or lost",
    9: "a hole card is unknown, or it waits for a card or showdown a batch cannot deal",
}


def hand_error(status: int, **context: Any) -> HoldemEvalError:
    """The exception for a hand kernel ``status``, its message filled from ``context``.

    A status missing from :data:`HAND_ERRORS` is a bug in the engine, reported as such.
    """
    entry = HAND_ERRORS.get(status)
    if entry is None:
        return HandStateError(f"the hand kernel returned unknown status {status!r}")
    cls, template = entry
    if status == -145:  # the deck of the variant: which cards it has
        from holdem_eval.cards import RANK_CHARS
        from holdem_eval.variants import VARIANTS

        lowest = VARIANTS[context["variant"]].lowest_card
        context["deck"] = f"{RANK_CHARS[lowest // 4]}c..As, ids {lowest}..51"
    return cls(template.format(**context))


# Tracebacks, reprs and pickles keep naming each class by the module users imported it
# from before it moved here (README examples show these names; each module re-exports
# its class, so the names still resolve).
ConfigError.__module__ = "holdem_eval.engine.config"
HoleCardsShapeError.__module__ = "holdem_eval.engine.hand"
IllegalActionError.__module__ = HandStateError.__module__ = "holdem_eval.engine.hand"
TableError.__module__ = "holdem_eval.engine.table"
TournamentError.__module__ = "holdem_eval.engine.tournament"


# ---- pots ------------------------------------------------------------

class InvalidChipsError(HoldemEvalError, ValueError):
    """A chip amount is negative (or otherwise not a valid chip count)."""


# ---- phh_hand ------------------------------------------------------------

class PhhError(HoldemEvalError, ValueError):
    """A PHH text that cannot be read or written."""


class UnsupportedPhhError(PhhError):
    """Valid PHH that this engine does not play (variant, forced bets, action kind)."""


class PhhReplayError(PhhError):
    """A PHH action that is illegal or impossible when it comes.

    ``index`` is the 0-based position in ``actions`` (-1 when the problem is found
    after the last action); ``action`` is its text (``""`` then).
    """

    def __init__(self, message: str, *, hand: str, index: int, action: str) -> None:
        where = f"{hand}: action {index} {action!r}" if index >= 0 else f"{hand}: after the actions"
        super().__init__(f"{where}: {message}")
        self.hand = hand
        self.index = index
        self.action = action
        self.reason = message


class UnsupportedPhhActionError(PhhReplayError, UnsupportedPhhError):
    """An action kind this engine does not play (e.g. stud or draw actions)."""


class PhhHoleCardsError(PhhReplayError, ShapeError):
    """A hole-card deal with the wrong number of cards for the variant."""


class UnknownHoleCardsError(PhhReplayError):
    """A showdown needs hole cards the file only gives as ``????``."""


class IncompleteHandError(PhhReplayError):
    """The actions end before the hand is over."""


# ---- showdown ------------------------------------------------------------

class InvalidSeatError(HoldemEvalError, ValueError):
    """A seat index out of range, a live seat without cards, or no live seat at all."""


# ---- decks ------------------------------------------------------------

class DeckError(HoldemEvalError, ValueError):
    """A deck that cannot deal what the hand needs: a wrong answer from a ``draw`` hook,
    an exhausted preset order, or deck settings that do not fit together."""


# ---- site hand histories ------------------------------------------------------

class HistoryError(PhhError):
    """A site hand history that cannot be read: what, where (file, line), got, expected.

    ``file`` and ``line`` say where (line 0: the file as a whole); the message starts with
    them as ``file:line:``. ``reason`` is the stable code of the refusal
    (:data:`holdem_eval.engine.history.REASONS`; '' when the raiser did not name one, and the
    code is then worked out from the class and the message)."""

    def __init__(self, message: str, *, file: str = "", line: int = 0, reason: str = "") -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.reason = reason


class UnsupportedHistoryError(HistoryError, UnsupportedPhhError):
    """A valid site hand history of a game or situation the engine does not play yet."""


class UnknownSiteError(HistoryError):
    """Text that is not a hand history of a site :func:`load_history` knows."""


class HistoryStatsError(HistoryError):
    """A hand the statistics cannot count (it does not read, replay or verify), or no
    hand at all."""
