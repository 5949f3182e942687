"""Hand histories from poker sites: read them as :class:`PhhHand` and verify them on the engine.

:func:`load_history` reads a file, a folder (its ``*.txt`` and ``*.xml`` files, recursively), a glob, the
text itself, its bytes or a binary stream, detects the site of each file from its first
line, and yields one :class:`PhhHand` per hand, which :func:`replay_phh` plays. The site,
hand id, table, players, seats, currency, date and time zone are kept in PHH's standard
optional fields (``casino``, ``hand``, ``table``, ``players``, ``seats``, ``currency``,
``year``/``month``/``day``/``time``, ``time_zone``); what each player collected and the
fees taken from the pot in the user-defined fields ``_collected`` and ``_rake``; where the
hand comes from in ``_site``, ``_file``, ``_line`` and ``_action_lines`` (the line of each
PHH action).

:func:`verify_history` replays every hand strictly and checks that the engine ends every
player with the stack the site's own figures give (starting stack, minus what the player
put in, plus the uncalled bet returned and what the player collected), taking exactly the
recorded fees (see :mod:`.history_record`). A hand that does not is reported with the file,
line and first difference; nothing is adjusted.
"""

from __future__ import annotations

import glob as _glob
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Union

from ..errors import UnknownSiteError
from ..phh.hand import PhhError, PhhHand
from ..phh.replay import replay_phh
from ..rules import Rules
from .ipoker import HEADER_IPOKER, IpokerGame, ipoker_games, read_ipoker_hand
from .pacific import BEFORE_HAND, HEADER_888, read_888_hand
from .party import HEADER_PARTY, read_party_hand
from .record import HistoryError, UnsupportedHistoryError, to_phh
from .stars import HEADER_GG, HEADER_STARS, read_stars_hand
from .winamax import HEADER_WINAMAX, read_winamax_hand
from .write import dumps_history

__all__ = [
    "SITES",
    "HistoryCheck",
    "HistoryError",
    "HistorySource",
    "UnknownSiteError",
    "UnsupportedHistoryError",
    "dumps_history",
    "load_history",
    "source_files",
    "verify_history",
]

HistorySource = Union[str, "os.PathLike[str]", bytes, bytearray, IO[bytes], IO[str]]

SITES = ("pokerstars", "ggpoker", "888poker", "winamax", "ipoker", "partypoker")
"""The sites :func:`load_history` reads (``site=`` takes these names)."""

_HEADERS = {"pokerstars": HEADER_STARS, "ggpoker": HEADER_GG, "888poker": HEADER_888,
            "winamax": HEADER_WINAMAX, "ipoker": HEADER_IPOKER, "partypoker": HEADER_PARTY}
_READERS = {"888poker": read_888_hand, "winamax": read_winamax_hand,
            "partypoker": read_party_hand}
# sites recognised by their first line, whose readers are not written yet
_LATER = {"PPPoker": "PPPoker Hand #"}


_SUFFIXES = (".txt", ".xml")  # what a folder's hand histories are named (iPoker: .xml)


@dataclass(frozen=True)
class _Chunk:
    site: str
    file: str
    line: int
    lines: list[str]
    game: IpokerGame | None = None
    """iPoker: the game (its lines are in ``game.text``)."""


def _decode(data: bytes, name: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with its byte order mark
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass  # then the NUL bytes tell it is no text
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise HistoryError(f"{name}:{line}: a binary file (NUL byte at offset {nul}), expected"
                           " the text of a hand history", file=name, line=line)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:  # the sites' Windows clients write Windows-1252 (Winamax's '€' is byte 0x80)
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise HistoryError(
            f"{name}:{line}: neither UTF-8 nor Windows-1252 text: byte"
            f" {data[exc.start:exc.start + 1]!r} at offset {exc.start}, expected the text of a"
            " hand history", file=name, line=line
        ) from None


def source_files(pattern: str) -> list[Path]:
    """The history files ``pattern`` names: a file, a folder's history files (recursively,
    in name order) or a glob; an error naming the pattern when there are none."""
    path = Path(pattern)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
        if not files:
            raise HistoryError(f"{pattern}: the folder holds no hand histories (*.txt or *.xml"
                               " files)",
                               file=pattern)
        return files
    if path.is_file():
        return [path]
    if any(c in pattern for c in "*?["):
        files = sorted(Path(p) for p in _glob.glob(pattern, recursive=True) if Path(p).is_file())
        if not files:
            raise HistoryError(f"{pattern}: no file matches this pattern", file=pattern)
        return files
    raise HistoryError(f"{pattern!r} is neither a file, a folder, a glob nor the text of a hand"
                       " history")


def _decoded(data: bytes, name: str) -> str | HistoryError:
    try:
        return _decode(data, name)
    except HistoryError as exc:
        return exc


def _texts(source: HistorySource) -> Iterator[tuple[str, str | HistoryError]]:
    """(name, text) of each file or text ``source`` stands for."""
    if isinstance(source, (bytes, bytearray)):
        yield "<bytes>", _decoded(bytes(source), "<bytes>")
        return
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        yield "<text>", source
        return
    if isinstance(source, (str, os.PathLike)):
        for path in source_files(os.fspath(source)):
            yield str(path), _decoded(path.read_bytes(), str(path))
        return
    read = getattr(source, "read", None)
    if read is None:
        raise HistoryError(f"a hand-history source is a path, a folder, a glob, text, bytes or a"
                           f" binary stream, got {type(source).__name__}")
    name = str(getattr(source, "name", "<stream>"))
    data = read()
    yield name, data if isinstance(data, str) else _decoded(bytes(data), name)


def _site_of(name: str, number: int, line: str) -> str:
    for site, header in _HEADERS.items():
        if header.match(line):
            return site
    for site, start in _LATER.items():
        if line.startswith(start):
            raise UnsupportedHistoryError(f"{name}:{number}: {site} hand histories are not"
                                          " supported yet (PokerStars, GGPoker, 888poker,"
                                          " Winamax, iPoker and PartyPoker are)",
                                          file=name, line=number)
    raise UnknownSiteError(
        f"{name}:{number}: not a hand history of a known site: {line[:80]!r}; expected a"
        " PokerStars ('PokerStars Hand #...'), GGPoker ('Poker Hand #...'), 888poker"
        " ('***** 888poker Hand History for Game ...'), Winamax ('Winamax Poker - ...'),"
        " iPoker ('<session ...>' XML) or PartyPoker ('***** Hand History for Game ...') hand",
        file=name, line=number,
    )


def _chunks(source: HistorySource, site: str | None) -> Iterator[_Chunk | HistoryError]:
    """Each hand's lines, or the error that refuses a whole file (binary, empty, unknown
    site); a source that names no file at all raises."""
    if site is not None and site not in SITES:
        raise UnknownSiteError(f"site {site!r} is not one of {SITES}")
    for name, text in _texts(source):
        if isinstance(text, HistoryError):
            yield text
            continue
        lines = [line.lstrip("\ufeff") for line in text.splitlines()]
        first = next((k for k, line in enumerate(lines) if line.strip()), None)
        if first is None:
            yield HistoryError(f"{name}: the file is empty, expected hand histories", file=name)
            continue
        # 888poker and PartyPoker files may put '#Game No : N' (and 'Game #N starts.')
        # before each hand: the title line tells
        probe = next((k for k in range(first, len(lines))
                      if lines[k].strip() and not lines[k].startswith(BEFORE_HAND)), first)
        try:
            head = lines[probe].strip()
            if head.startswith("<?xml"):  # the XML declaration, then the root element
                head = " ".join(line.strip() for line in lines[probe:probe + 3])
            file_site = site or _site_of(name, probe + 1, head)
        except HistoryError as exc:
            yield exc
            continue
        if file_site == "ipoker":
            yield from _ipoker_chunks(name, text, first + 1)
            continue
        header = _HEADERS[file_site]
        start = -1
        for k in range(first, len(lines) + 1):
            if k < len(lines) and not header.match(lines[k].lstrip()):
                if start < 0 and lines[k].strip():
                    yield HistoryError(f"{name}:{k + 1}: expected a {file_site} hand header,"
                                       f" got {lines[k][:80]!r}", file=name, line=k + 1)
                    break
                continue
            if k < len(lines) and start >= 0 and all(
                header.match(line.lstrip()) or not line.strip() for line in lines[start:k]
            ):
                continue  # 888poker: '#Game No : N' then the title, one hand
            if start >= 0:
                body = lines[start:k]
                while body and not body[-1].strip():
                    body.pop()
                if file_site in ("888poker", "partypoker") and all(
                        line.startswith(BEFORE_HAND) or not line.strip() for line in body):
                    continue  # the separator after a file's last hand
                yield _Chunk(file_site, name, start + 1, body)
            start = k


def _ipoker_chunks(name: str, text: str, first: int) -> Iterator[_Chunk | HistoryError]:
    """iPoker: one chunk per <game> of the XML (whose lines may be one)."""
    found = False
    for game in ipoker_games(text.lstrip("\ufeff")):
        found = True
        yield _Chunk("ipoker", name, game.line, [], game)
    if not found:
        yield HistoryError(f"{name}:{first}: the iPoker file holds no <game> element, expected"
                           " '<session ...><general>...</general><game ...>...</game>'",
                           file=name, line=first)


def _read(chunk: _Chunk) -> PhhHand:
    if chunk.game is not None:
        return to_phh(read_ipoker_hand(chunk.site, chunk.file, chunk.game))
    reader = _READERS.get(chunk.site, read_stars_hand)
    return to_phh(reader(chunk.site, chunk.file, chunk.line, chunk.lines))


def load_history(source: HistorySource, site: str | None = None) -> Iterator[PhhHand]:
    """Yield each hand of ``source`` (a file, a folder, a glob, text, bytes or a binary
    stream) as a :class:`PhhHand`; the site is detected from each file's first line unless
    ``site`` names it (one of :data:`SITES`).

    Raises :class:`HistoryError` (a :class:`PhhError`) naming the file and line of the first
    hand that cannot be read, :class:`UnsupportedHistoryError` for a game or situation the
    engine does not play yet, :class:`UnknownSiteError` for text of no known site.
    """
    for chunk in _chunks(source, site):
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
    does not end as the site says, is reported with its file, line and the first
    difference; so is a file that holds no hands it can read (binary, empty, of no known
    site), with ``hand`` None. A source that names no file (no such path, an empty folder,
    a glob that matches nothing) raises :class:`HistoryError`."""
    checks = []
    for chunk in _chunks(source, site):
        if isinstance(chunk, HistoryError):
            checks.append(HistoryCheck(chunk.file, chunk.line, None, str(chunk), None, chunk))
            continue
        try:
            phh = _read(chunk)
        except PhhError as exc:
            checks.append(HistoryCheck(chunk.file, chunk.line, None, str(exc), None, exc,
                                       _hand_id(chunk)))
            continue
        method, problem, error = _check(phh)
        checks.append(HistoryCheck(chunk.file, chunk.line, phh, problem, method, error,
                                   str(phh.fields.get("hand", ""))))
    return checks


# Where each site's header names the hand: Winamax 'HandId: #12-34-56', iPoker
# '<game gamecode="123"', 888poker '#Game No : 123', PartyPoker 'Game #123 starts.' and
# '... History for Game 123', PokerStars and GGPoker 'Hand #123:' / 'Hand #RC123:'
_HAND_ID = re.compile(r'HandId: #([\w-]+)|gamecode="([^"]+)"|Game No : (\d+)|Game #?(\d+)'
                      r"|#(\w[\w-]*)")


def _hand_id(chunk: _Chunk) -> str:
    """The site's hand id from a hand's first lines, for a hand that could not be read."""
    head = chunk.game.text[:400] if chunk.game is not None else "\n".join(chunk.lines[:3])
    found = _HAND_ID.search(head)
    return next((g for g in found.groups() if g), "") if found else ""
