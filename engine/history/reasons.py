"""Why a hand was refused, as a stable code: the ``reason`` column of a conversion's report.

A reader that knows why it refuses a hand says so (``HistoryError(..., reason=CODE)``);
otherwise :func:`reason_of` works the code out from the error's class and message, through
one table (:data:`_BY_MESSAGE`), so the readers' messages need no change. The codes are
documented in docs/histories.md ("Reason codes") and never renamed: scripts filter on them.
"""

from __future__ import annotations

import re

from ..errors import (
    HistoryError,
    IncompleteHandError,
    PhhError,
    PhhReplayError,
    UnknownHoleCardsError,
    UnknownSiteError,
    UnsupportedHistoryError,
    UnsupportedPhhError,
)

__all__ = ["REASONS", "reason_of"]

REASONS: dict[str, str] = {
    "binary": "the file is not text (control bytes, an image, an archive)",
    "encoding": "text in an encoding the readers do not know (neither UTF-8, UTF-16 nor"
                " Windows-1252)",
    "empty": "a file with no text",
    "unknown_site": "text that is no known site's hand history (also text between hands)",
    "unsupported_site": "a site recognised but not read yet (PPPoker)",
    "unsupported_game": "a game the engine does not play (pot-limit Hold'em, capped no-limit,"
                        " no-limit Omaha hi-lo ...)",
    "unsupported_feature": "a hand of a game the engine plays, with something it cannot"
                           " replay (a cash-out, blinds posted out of position, a second"
                           " straddle, no small blind ...)",
    "line_not_understood": "a line of the hand the reader does not understand (a header, an"
                           " action, a seat)",
    "bad_cards": "cards that are not cards, a card twice, a player shown two hands",
    "unseated_player": "a player who acts, posts or is paid without a seat",
    "amounts_inconsistent": "amounts that do not add up (pot, collected, rake, stacks)",
    "truncated": "a hand cut short (no summary, nobody wins)",
    "cancelled": "a hand the site cancelled",
    "illegal_action": "an action the rules do not allow where the file puts it (the"
                      " engine's replay refuses it)",
    "hole_cards_unknown": "a showdown whose cards the file does not show",
    "result_differs": "the replay ends a player with another stack than the site's figures",
    "other": "any other refusal (the message says what)",
}
"""Every reason code, with what it means."""

# (pattern, code): the first pattern found in the message gives the code
_BY_MESSAGE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), code) for pattern, code in (
        (r"a binary file", "binary"),
        (r"neither UTF-8|not UTF-16 text|UTF-16", "encoding"),
        (r"the file is empty", "empty"),
        (r"hand histories are not supported yet", "unsupported_site"),
        (r"the hand was cancelled", "cancelled"),
        (r"truncated\?|nobody (?:wins|collected) the pot|ends before", "truncated"),
        (r"the amounts do not add up|is not a number|an amount is wrong or missing",
         "amounts_inconsistent"),
        (r"bad cards|appears twice|a player has one hand|hole cards .* expected|cards .* are"
         r" not known", "bad_cards"),
        (r"has no seat|is not dealt in|without a name", "unseated_player"),
        (r"not understood|expected|not a hand header|the game was never stated|is seated"
         r" twice|not a date", "line_not_understood"),
    ))
_GAME = re.compile(r"variant |game |capped no-limit|betting structure|the engine cannot play"
                   r" this game")


def reason_of(error: BaseException | None, message: str = "") -> str:
    """The reason code of a refusal: the one ``error`` names, else worked out from its class
    and message (``message`` when there is no error: a replay that ends elsewhere than the
    site says is ``result_differs``)."""
    if error is None:
        return "result_differs" if message else "other"
    if isinstance(error, HistoryError) and error.reason:
        return error.reason
    text = str(error)
    if isinstance(error, UnknownSiteError):
        return "unknown_site"
    if isinstance(error, UnsupportedHistoryError) and "hand histories are not supported" in text:
        return "unsupported_site"
    if isinstance(error, (UnsupportedHistoryError, UnsupportedPhhError)):
        return "unsupported_game" if _GAME.search(text) else "unsupported_feature"
    if isinstance(error, UnknownHoleCardsError):
        return "hole_cards_unknown"
    if isinstance(error, IncompleteHandError):
        return "truncated"
    if isinstance(error, PhhReplayError):
        return "illegal_action"
    if isinstance(error, (HistoryError, PhhError)):
        for pattern, code in _BY_MESSAGE:
            if pattern.search(text):
                return code
    return "other"
