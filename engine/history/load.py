"""Hand histories from poker sites: read them as :class:`PhhHand` and verify them on the engine.

:func:`load_history` reads a file, a folder (its ``*.txt`` and ``*.xml`` files,
recursively), a glob, the text itself, its bytes or a binary stream, as a stream of hands
(:mod:`.source`: the site of each hand from its title line), and yields one
:class:`PhhHand` per hand, which :func:`replay_phh` plays. The site,
hand id, table, players, seats, currency, date and time zone are kept in PHH's standard
optional fields (``casino``, ``hand``, ``table``, ``players``, ``seats``, ``currency``,
``year``/``month``/``day``/``time``, ``time_zone``); what each player collected and the
fees taken from the pot in the user-defined fields ``_collected`` and ``_rake``; where the
hand comes from in ``_site``, ``_file``, ``_line`` and ``_action_lines`` (the line of each
PHH action).

:func:`verify_history` replays every hand strictly and checks that the engine ends every
player with the stack the site's own figures give (starting stack, minus what the player
put in, plus the uncalled bet returned and what the player collected), taking exactly the
recorded fees (see :mod:`.record`). A hand that does not is reported with the file,
line, first difference and a reason code (:mod:`.reasons`); nothing is adjusted.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from ..errors import PhhError, UnknownSiteError
from ..phh.hand import PhhHand
from ..phh.replay import replay_phh
from ..rules import Rules
from .ipoker import read_ipoker_hand
from .pacific import read_888_hand
from .party import read_party_hand
from .reasons import reason_of
from .record import HistoryError, UnsupportedHistoryError, to_phh
from .source import SITES, HandText, HistorySource, hand_texts, source_files
from .stars import read_stars_hand
from .winamax import read_winamax_hand
from .write import dumps_history

__all__ = [
    "SITES",
    "HistoryCheck",
    "HistoryError",
    "HistorySource",
    "UnknownSiteError",
    "UnsupportedHistoryError",
    "dumps_history",
    "iter_verify_history",
    "load_history",
    "source_files",
    "verify_history",
]

_READERS = {"888poker": read_888_hand, "winamax": read_winamax_hand,
            "partypoker": read_party_hand}


def _read(chunk: HandText) -> PhhHand:
    if chunk.game is not None:
        return to_phh(read_ipoker_hand(chunk.site, chunk.file, chunk.game))
    reader = _READERS.get(chunk.site, read_stars_hand)
    return to_phh(reader(chunk.site, chunk.file, chunk.line, chunk.lines))


def load_history(source: HistorySource, site: str | None = None) -> Iterator[PhhHand]:
    """Yield each hand of ``source`` (a file, a folder, a glob, text, bytes or a binary
    stream) as a :class:`PhhHand`; the site is detected from each hand's title line unless
    ``site`` names it (one of :data:`SITES`).

    Raises :class:`HistoryError` (a :class:`PhhError`) naming the file and line of the first
    hand that cannot be read, :class:`UnsupportedHistoryError` for a game or situation the
    engine does not play yet, :class:`UnknownSiteError` for text of no known site.
    """
    for chunk in hand_texts(source, site):
        if isinstance(chunk, HistoryError):
            raise chunk
        yield _read(chunk)


@dataclass(frozen=True)
class HistoryCheck:
    """One hand of a site's history, read and replayed.

    ``method`` says how the replay matched the site (``"exact"``: every stack and the fees,
    with the fees taken from the main pot first; ``"net of fees"``: see
    :func:`verify_history`), or is None with ``problem`` saying where (file:line) and what
    went wrong; ``error`` is the exception that refused the hand, if one did.
    """

    file: str
    line: int
    hand: PhhHand | None
    problem: str | None
    method: str | None = None
    error: PhhError | None = None
    hand_id: str = ""
    """The site's id of the hand ('' when the text does not show one)."""
    reason: str = ""
    """Why the hand was refused: a code of :data:`~.reasons.REASONS` ('' when it verifies)."""

    @property
    def ok(self) -> bool:
        return self.problem is None


_NO_FEES = Rules()  # TDA settlement, no rake: the gross payouts


def _check(phh: PhhHand) -> tuple[str | None, str | None, PhhError | None]:
    """(method, None, None) if the strict replay ends as the site says, else (None, the
    first difference, the replay's error if it raised one)."""
    fields = phh.fields
    where = f"{fields['_file']}:{fields['_line']}"
    try:
        result = replay_phh(phh)
    except PhhError as exc:
        index = getattr(exc, "index", -1)
        lines = fields["_action_lines"]
        if 0 <= index < len(lines):
            where = f"{fields['_file']}:{lines[index]}"
        return None, f"{where}: the engine cannot replay the hand: {exc}", exc
    names = fields["players"]
    want = phh.finishing_stacks or ()
    got = result.hand.stacks
    if tuple(got) == tuple(want):
        return "exact", None, None
    if _fee_units(phh) and _net_of_fees(phh, want):
        return "net of fees", None, None
    k = next(k for k, (g, w) in enumerate(zip(got, want)) if g != w)
    return None, (f"{where}: {names[k]!r} (p{k + 1}) ends with {phh.to_chips(want[k])} by the"
                  f" site's figures (collected {fields['_collected'][k]}) but with"
                  f" {phh.to_chips(got[k])} by the engine's replay"), None


def _net_of_fees(phh: PhhHand, want: Sequence[int]) -> bool:
    """The site splits its fees between the pots its own way (PokerStars: in proportion,
    rounded per pot). Replayed without fees, every player must end with at least the
    site's stack, only players the engine paid from a pot with less, and the differences
    must add up to the recorded fees."""
    gross = replay_phh(replace(phh, rules=_NO_FEES)).hand  # the same actions: it replays
    taken = [g - w for g, w in zip(gross.stacks, want)]
    paid = gross.payouts or [0] * len(taken)
    return (sum(taken) == _fee_units(phh) and all(t >= 0 for t in taken)
            and all(t == 0 or p > 0 for t, p in zip(taken, paid)))


def _fee_units(phh: PhhHand) -> int:
    return int(phh.fields["_rake"] * phh.scale)


def verify_history(source: HistorySource, site: str | None = None) -> list[HistoryCheck]:
    """Read and replay every hand of ``source`` (as :func:`load_history`), one
    :class:`HistoryCheck` per hand: a hand that cannot be read or replayed, or whose replay
    does not end as the site says, is reported with its file, line, the first difference
    and a reason code (:data:`~.reasons.REASONS`); so is a piece of a file that holds no
    hand it can read (binary, empty, of no known site), with ``hand`` None. A source that
    names no file (no such path, an empty folder, a glob that matches nothing) raises
    :class:`HistoryError`."""
    return list(iter_verify_history(source, site))


def iter_verify_history(source: HistorySource, site: str | None = None) -> Iterator[HistoryCheck]:
    """:func:`verify_history` one hand at a time: a file is read as a stream of hands, so
    memory does not grow with its size."""
    for chunk in hand_texts(source, site):
        if isinstance(chunk, HistoryError):
            yield HistoryCheck(chunk.file, chunk.line, None, str(chunk), None, chunk,
                               reason=reason_of(chunk))
            continue
        try:
            phh = _read(chunk)
        except PhhError as exc:
            yield HistoryCheck(chunk.file, chunk.line, None, str(exc), None, exc,
                               chunk.hand_id, reason_of(exc))
            continue
        method, problem, error = _check(phh)
        yield HistoryCheck(chunk.file, chunk.line, phh, problem, method, error,
                           str(phh.fields.get("hand", "")),
                           "" if problem is None else reason_of(error, problem))
