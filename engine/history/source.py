"""Hand-history inputs as a stream of hands: files, folders, globs, text, bytes, streams.

A file is never read whole: :func:`hand_texts` reads it in blocks of :data:`BLOCK_BYTES`,
decodes each block (UTF-8, with Windows-1252 for the bytes that are not UTF-8; UTF-16 with
or without its byte-order mark), turns CR and CRLF line ends into LF, and cuts the text
into hands at the lines that start one, so memory stays flat however large the file is.

The site is detected **per hand**, from its title line (``PokerStars Hand #...``,
``Poker Hand #...``, ``***** 888poker Hand History for Game ...``, ``Winamax Poker - ...``,
``***** Hand History for Game ...``), so a file that concatenates several sites' exports
is read hand by hand. Between hands the sites write lines that belong to no hand: 888poker
and PartyPoker's ``#Game No : N`` and ``Game #N starts.``, PokerStars' ``*********** # 2
**************`` separators and transcript headers, and PartyPoker's NUL byte; these end
the hand before and are dropped. Any other text outside a hand is reported (as text of no
known site) and the hands after it are still read. iPoker files are XML: one is recognised
by its first element and read session by session.

:func:`file_slices` cuts a large file into parts that start at a hand, so that parallel
jobs (:mod:`.parallel`) give each worker a bounded piece of one big export.
"""

from __future__ import annotations

import codecs
import glob as _glob
import io
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Union

from ..errors import HistoryError, UnknownSiteError, UnsupportedHistoryError
from .ipoker import HEADER_IPOKER, IpokerGame, ipoker_games
from .pacific import HEADER_888
from .party import HEADER_PARTY
from .stars import HEADER_GG, HEADER_STARS
from .winamax import HEADER_WINAMAX

__all__ = [
    "BLOCK_BYTES",
    "SITES",
    "FileSlice",
    "HandText",
    "HistorySource",
    "file_slices",
    "hand_texts",
    "is_text_source",
    "source_files",
]

SITES = ("pokerstars", "ggpoker", "888poker", "winamax", "ipoker", "partypoker")
"""The sites :func:`~.load.load_history` reads (``site=`` takes these names)."""

BLOCK_BYTES = 1 << 20
"""How much of a file is read and decoded at a time."""

_SUFFIXES = (".txt", ".xml")  # what a folder's hand histories are named (iPoker: .xml)


@dataclass(frozen=True)
class FileSlice:
    """Bytes ``start`` to ``stop`` of a file, starting at a hand (line ``line`` of the
    file), decoded as ``encoding``: a part of one big file (see :func:`file_slices`)."""

    path: str
    start: int
    stop: int
    line: int
    encoding: str = "utf-8"

    def __str__(self) -> str:
        return self.path


HistorySource = Union[str, "os.PathLike[str]", bytes, bytearray, IO[bytes], IO[str], FileSlice]


@dataclass(frozen=True)
class HandText:
    """One hand's lines as the file has them (``lines[0]`` its title), the site its title
    names, and where it starts; for iPoker, the ``<game>`` (its lines are in ``game.text``)."""

    site: str
    file: str
    line: int
    lines: list[str]
    game: IpokerGame | None = None

    @property
    def hand_id(self) -> str:
        """The site's id of the hand from its title ('' when it shows none)."""
        head = self.game.text[:400] if self.game is not None else self.lines[0] if self.lines else ""
        pattern = _HAND_ID.get(self.site)
        found = pattern.search(head) if pattern is not None else None
        return found.group(1) if found else ""


# where each site's title names the hand: PokerStars and GGPoker 'Hand #123:', 'Hand #RC123:'
# (PokerStars' other languages 'Nr. 123', 'n°123', 'n.º 123', '№123');
# 888poker and PartyPoker '... for Game 123 ***'; Winamax 'HandId: #12-34-56'; iPoker
# '<game gamecode="123"'
_HAND_ID = {
    "pokerstars": re.compile(r"(?:#|№|n°|n\.º |Nr\. )([\w-]+)"), "ggpoker": re.compile(r"#([\w-]+)"),
    "888poker": re.compile(r"Game (\d+)"), "partypoker": re.compile(r"Game (\d+)"),
    "winamax": re.compile(r"HandId: #([\w-]+)"), "ipoker": re.compile(r'gamecode="([^"]+)"'),
}

# the sites' title lines (the readers' header patterns), in the order they are tried
_TITLES = {"pokerstars": HEADER_STARS, "ggpoker": HEADER_GG, "888poker": HEADER_888,
           "winamax": HEADER_WINAMAX, "partypoker": HEADER_PARTY}
# sites recognised by their title, whose hands are not read (yet): refused by name
OTHER_SITES = {
    "PPPoker": r"PPPoker Hand #",
    "Full Tilt Poker": r"Full Tilt Poker Game #",
    "Winning Poker Network": r"Game Hand #\d+ - ",
    "Bovada": r"(?:Bovada|Ignition) Hand #",
    "iPoker (text)": r"GAME #\d+: ",
}
_LATER = {"PPPoker"}  # not supported *yet*: the message says so
# lines between hands, that belong to none: 888poker and PartyPoker's '#Game No : N' and
# 'Game #N starts.' (also on the line of the next title, files joined without a newline)
_PREFIX = r"#Game No\s*:\s*\d+|Game #\d+ starts\."
# PokerStars' '*********** # 2 **************' before each hand of an export (Spanish
# client '# n. 2', Russian '№2'), and the first line of a tournament transcript
_SEPARATOR = (r"\*{3,} ?(?:#|№|n\.) ?\d+ ?\*{3,}[ \t]*$|Transcript for tournament #\d+ requested by"
              r" .*$")


def _boundary_pattern(sites: tuple[str, ...], nul: bool, bom: bool) -> re.Pattern[str]:
    """One pattern for every line that ends a hand or starts one, matched with the newline
    before it (a pattern that starts with a literal is scanned for fast): a separator, a
    prefix, or a title (group ``t_<k>`` for the k-th site of :data:`_TITLES`; ``o_<k>`` for
    the k-th of :data:`OTHER_SITES`, when every site is looked for). ``nul``: NUL bytes end a
    hand too, and a title may follow them on the same line; ``bom``: a title counts after a
    byte-order mark in the middle of a line (files joined without a newline). The text of
    a file is scanned with a newline put before it."""
    names = list(_TITLES)
    titles = "|".join(f"(?P<t_{names.index(site)}>{_TITLES[site].pattern})" for site in sites)
    if len(sites) > 1:
        titles += "".join(f"|(?P<o_{k}>{p})" for k, p in enumerate(OTHER_SITES.values()))
    start = r"(?:\n|(?<=\x00))" if nul else r"\n"
    pattern = rf"{start}[ \t\ufeff]*(?:(?P<sep>{_SEPARATOR})|(?P<pre>{_PREFIX})|{titles})"
    if bom:
        pattern += rf"|\ufeff(?:{titles.replace('(?P<', '(?P<b')})"
    if nul:
        pattern += r"|(?P<nul>\x00+)"
    return re.compile(pattern, re.MULTILINE)


_PATTERNS: dict[tuple[tuple[str, ...], bool, bool], re.Pattern[str]] = {}


def _boundaries(site: str | None, text: str) -> re.Pattern[str]:
    """The boundary pattern for ``text`` of ``site`` (None: any), built once per kind."""
    key = ((site,) if site in _TITLES else tuple(_TITLES), "\x00" in text, _mid_line_bom(text))
    pattern = _PATTERNS.get(key)
    if pattern is None:
        pattern = _PATTERNS[key] = _boundary_pattern(*key)
    return pattern


def _mid_line_bom(text: str) -> bool:
    """Whether a byte-order mark stands in the middle of a line of ``text`` (where two files
    were joined without a newline); one at the start of a line changes nothing."""
    at = text.find("\ufeff")
    while at >= 0:
        if at > 0 and text[at - 1] != "\n":
            return True
        at = text.find("\ufeff", at + 1)
    return False


_PREFIX_LINE = re.compile(rf"[ \t\ufeff]*(?:{_PREFIX}|{_SEPARATOR})?[ \t\ufeff]*$")
_SITE_NAMES = ", ".join(("PokerStars ('PokerStars Hand #...')", "GGPoker ('Poker Hand #...')",
                         "888poker ('***** 888poker Hand History for Game ...')",
                         "Winamax ('Winamax Poker - ...')", "iPoker ('<session ...>' XML)"))


# the site each title group of a boundary pattern names ('!Name': a site not read)
_GROUP_SITES = {
    **{f"{b}t_{k}": site for k, site in enumerate(_TITLES) for b in ("", "b")},
    **{f"{b}o_{k}": "!" + name for k, name in enumerate(OTHER_SITES) for b in ("", "b")},
}


def _site_of(m: re.Match[str], forced: str | None) -> str | None:
    """The site of a boundary match: a site name, ``!Name`` for a site not read, None for
    a line that belongs to no hand."""
    site = _GROUP_SITES.get(m.lastgroup or "")
    if site is not None and forced is not None and not site.startswith("!"):
        return forced
    return site


# ---- decoding ------------------------------------------------------------------------


def _cp1252_bytes(exc: UnicodeError) -> tuple[str, int]:
    """Decoding error handler: a byte that is not UTF-8 is read as Windows-1252 (the
    sites' Windows clients write it: Winamax's '€' is byte 0x80); a byte that is neither
    stops the decoding."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    try:
        return exc.object[exc.start:exc.end].decode("cp1252"), exc.end
    except UnicodeDecodeError:
        raise exc from None  # the byte's place in the whole text, not in the piece


codecs.register_error("holdem-eval-cp1252", _cp1252_bytes)

_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f]")


def _sniff(head: bytes) -> str:
    """The encoding of a file from its first bytes: UTF-16 by its byte-order mark or, without
    one, by its zero high bytes (hand histories are mostly ASCII); else UTF-8 (with
    Windows-1252 for the bytes that are not)."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    pairs = len(head) // 2
    if pairs >= 2:
        even = head[0:2 * pairs:2].count(0)
        odd = head[1:2 * pairs:2].count(0)
        if odd >= 0.4 * pairs and even <= 0.05 * pairs:
            return "utf-16-le"
        if even >= 0.4 * pairs and odd <= 0.05 * pairs:
            return "utf-16-be"
    return "utf-8"


def _binary(head: bytes, name: str) -> HistoryError | None:
    """A file that is not text: control bytes besides tabs, line ends and the NUL bytes
    PartyPoker puts between hands (more than one in a thousand of its first bytes: a stray
    one in a long text is let through), or NUL bytes making up a quarter of them."""
    controls = [m.start() for m in _CONTROL.finditer(head)]
    others = sum(1 for k in controls if head[k])
    nuls = len(controls) - others
    if others * 1000 > len(head) or nuls * 4 > len(head):
        at = controls[0]
        line = head.count(b"\n", 0, at) + 1
        what = "NUL byte" if not head[at] else f"byte {head[at:at + 1]!r}"
        return HistoryError(f"{name}:{line}: a binary file ({what} at offset {at}), expected"
                            " the text of a hand history", file=name, line=line,
                            reason="binary")
    return None


def _encoding_error(name: str, data: bytes, offset: int, at: int, line: int) -> HistoryError:
    return HistoryError(
        f"{name}:{line}: neither UTF-8 nor Windows-1252 text: byte {data[at:at + 1]!r} at"
        f" offset {offset + at}, expected the text of a hand history", file=name, line=line,
        reason="encoding")


def _text_blocks(stream: IO[bytes], name: str, encoding: str | None = None, *,
                 offset: int = 0, line: int = 1, stop: int | None = None,
                 ) -> Iterator[str | HistoryError]:
    """The text of a binary stream, block by block, each block whole lines with LF line
    ends (the last may lack its LF); an error ends it (binary, undecodable). ``encoding``
    None: sniffed from the first bytes (and a byte-order mark skipped). ``offset`` and
    ``line``: where the stream starts in its file (for messages); ``stop``: how many bytes
    to read at most."""
    left = stop
    first = stream.read(min(BLOCK_BYTES, left) if left is not None else BLOCK_BYTES)
    if left is not None:
        left -= len(first)
    if encoding is None:
        encoding = _sniff(first[:4096])
        if encoding == "utf-8":
            error = _binary(first[:65536], name)
            if error is not None:
                yield error
                return
            if first.startswith(codecs.BOM_UTF8):
                first, offset = first[3:], offset + 3
    if encoding.startswith("utf-16"):
        yield from _utf16_blocks(stream, name, encoding, first)
        return
    carry = b""
    data = first
    while True:
        at_end = not data
        buffer = carry + data if carry else data
        if not buffer:
            return
        # whole lines only (LF, or CR in a file of CR line ends), all that is left at the end
        cut = len(buffer) if at_end else buffer.rfind(b"\n") + 1 or buffer.rfind(b"\r") + 1
        if cut:
            chunk = buffer[:cut]
            try:
                text = chunk.decode(encoding, "holdem-eval-cp1252")
            except UnicodeDecodeError as exc:
                bad_line = line + chunk.count(b"\n", 0, exc.start) + chunk.count(b"\r", 0, exc.start) \
                    - chunk.count(b"\r\n", 0, exc.start)
                yield _encoding_error(name, chunk, offset, exc.start, bad_line)
                return
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            line += text.count("\n")
            offset += cut
            yield text
            carry = buffer[cut:]
        else:
            carry = buffer
        if at_end:
            return
        size = BLOCK_BYTES if left is None else min(BLOCK_BYTES, left)
        data = stream.read(size) if size > 0 else b""
        if left is not None:
            left -= len(data)


def _utf16_blocks(stream: IO[bytes], name: str, encoding: str, first: bytes) -> Iterator[str | HistoryError]:
    """UTF-16 text in blocks of whole lines, LF line ends (``encoding`` 'utf-16' reads and
    drops its byte-order mark)."""
    decoder = codecs.getincrementaldecoder(encoding)("strict")
    data = first
    carry = ""
    line = 1
    while True:
        final = not data
        try:
            text = carry + decoder.decode(data, final)
        except UnicodeDecodeError:
            yield HistoryError(f"{name}:{line}: not UTF-16 text although it starts as UTF-16"
                               f" ({encoding}), expected the text of a hand history",
                               file=name, line=line, reason="encoding")
            return
        carry = ""
        if not final:  # whole lines only (a CR may be the first half of a CRLF)
            cut = text.rfind("\n") + 1 or text.rfind("\r")
            text, carry = (text[:cut], text[cut:]) if cut > 0 else ("", text)
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text:
            line += text.count("\n")
            yield text
        if final:
            return
        data = stream.read(BLOCK_BYTES)


# ---- inputs ----------------------------------------------------------------------------


def source_files(pattern: str) -> list[Path]:
    """The history files ``pattern`` names: a file, a folder's history files (recursively,
    in name order) or a glob; an error naming the pattern when there are none."""
    path = Path(pattern)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
        if not files:
            raise HistoryError(f"{pattern}: the folder holds no hand histories (*.txt or *.xml"
                               " files)", file=pattern)
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


def is_text_source(source: object) -> bool:
    """Whether ``source`` is the text of hand histories itself (not a path or a glob)."""
    return isinstance(source, str) and ("\n" in source or "\r" in source)


def _texts(source: HistorySource) -> Iterator[tuple[str, Iterator[str | HistoryError]]]:
    """(name, text blocks) of each file or text ``source`` stands for."""
    if isinstance(source, FileSlice):
        with open(source.path, "rb") as f:
            f.seek(source.start)
            yield source.path, _text_blocks(f, source.path, source.encoding,
                                            offset=source.start, line=source.line,
                                            stop=source.stop - source.start)
        return
    if isinstance(source, (bytes, bytearray)):
        yield "<bytes>", _text_blocks(io.BytesIO(bytes(source)), "<bytes>")
        return
    if is_text_source(source):
        assert isinstance(source, str)
        yield "<text>", _str_blocks(source)
        return
    if isinstance(source, (str, os.PathLike)):
        for path in source_files(os.fspath(source)):
            with open(path, "rb") as f:
                yield str(path), _text_blocks(f, str(path))
        return
    read = getattr(source, "read", None)
    if read is None:
        raise HistoryError(f"a hand-history source is a path, a folder, a glob, text, bytes or a"
                           f" binary stream, got {type(source).__name__}")
    name = str(getattr(source, "name", "<stream>"))
    probe = read(0)
    if isinstance(probe, str):
        yield name, _str_stream_blocks(source)  # type: ignore[arg-type]
    else:
        yield name, _text_blocks(source, name)  # type: ignore[arg-type]


def _str_blocks(text: str) -> Iterator[str]:
    text = text.lstrip("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    yield text


def _str_stream_blocks(stream: IO[str]) -> Iterator[str]:
    """A text stream's text in blocks of whole lines, LF line ends."""
    carry = ""
    first = True
    while True:
        data = stream.read(BLOCK_BYTES)
        text = carry + data
        if first:
            text, first = text.lstrip("\ufeff"), False
        if data:  # whole lines only (a CR may be the first half of a CRLF)
            cut = text.rfind("\n") + 1 or text.rfind("\r")
            if cut <= 0:
                carry = text
                continue
            text, carry = text[:cut], text[cut:]
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text:
            yield text
        if not data:
            return


# ---- hands -----------------------------------------------------------------------------


def hand_texts(source: HistorySource, site: str | None = None) -> Iterator[HandText | HistoryError]:
    """Each hand of ``source`` with its site, or the error that refuses a piece of it (a
    binary or undecodable file, an empty one, text of no known site); a source that names
    no file at all raises."""
    if site is not None and site not in SITES:
        raise UnknownSiteError(f"site {site!r} is not one of {SITES}")
    for name, blocks in _texts(source):
        first_line = source.line if isinstance(source, FileSlice) else 1
        yield from _file_hands(name, blocks, site, first_line)


def _file_hands(name: str, blocks: Iterator[str | HistoryError], site: str | None,
                first_line: int) -> Iterator[HandText | HistoryError]:
    """The hands of one file (or text) given as blocks of whole lines."""
    # the text under way: a newline before the file's first line (the boundaries are
    # matched with the newline before them), then the hand (or the text between hands)
    carry = "\n"
    carry_line = first_line - 1  # the line it starts at
    carry_site: str | None = None  # the site its title names; None: text between hands
    found = False  # a hand or a piece of text was given out
    between: tuple[int, str] | None = None  # the first line seen between hands
    first = True
    for block in blocks:
        if isinstance(block, HistoryError):
            yield block
            return
        if first:
            first = False
            if site == "ipoker" or (site is None and HEADER_IPOKER.match(block.lstrip())):
                yield from _ipoker_hands(name, block, blocks, first_line)
                return
        text = carry + block
        start, line = 0, carry_line
        for m in _boundaries(site, block).finditer(text, len(carry) - 1):
            group = m.lastgroup or ""
            # where the boundary starts: after the newline matched with it
            at = m.start() + 1 if text[m.start()] == "\n" else m.start()
            piece = text[start:at]
            out = _piece(name, piece, line, carry_site, site)
            if out is not None:
                found = True
                yield out
            line += piece.count("\n")
            kind = _site_of(m, site)
            if kind is None:  # a separator, a prefix, NUL bytes: then text between hands
                if between is None and group != "nul":
                    between = (line, m.group().strip(" \t\n\ufeff\x00"))
                start, carry_site = m.end(), None
            else:  # a title: a hand of that site
                start, carry_site = m.start(group), kind
            line += text.count("\n", at, start)
        carry, carry_line = text[start:], line
    out = _piece(name, carry, carry_line, carry_site, site)
    if out is not None:
        found = True
        yield out
    if not found and between is not None:
        yield HistoryError(f"{name}:{between[0]}: no hand in the file, only a line the sites"
                           f" write between hands: {between[1][:80]!r}", file=name,
                           line=between[0], reason="empty")
    elif not found:
        yield HistoryError(f"{name}: the file is empty, expected hand histories", file=name,
                           reason="empty")


def _between_hands(piece: str) -> bool:
    """Whether ``piece`` holds only lines that belong to no hand (blank lines, prefixes,
    separators)."""
    return all(_PREFIX_LINE.match(line) for line in piece.split("\n"))


def _piece(name: str, piece: str, line: int, carry_site: str | None, site: str | None,
           ) -> HandText | HistoryError | None:
    """A hand (``carry_site`` its site) or text between hands, as it is given out."""
    if carry_site is None:
        if _between_hands(piece):
            return None
        lines = piece.split("\n")
        k = next(k for k, text in enumerate(lines) if not _PREFIX_LINE.match(text))
        bad = lines[k].strip(" \t\ufeff")
        where = line + k
        if site is not None:
            return HistoryError(f"{name}:{where}: expected a {site} hand header, got"
                                f" {bad[:80]!r}", file=name, line=where,
                                reason="line_not_understood")
        return UnknownSiteError(
            f"{name}:{where}: not a hand history of a known site: {bad[:80]!r}; expected a"
            f" {_SITE_NAMES} or PartyPoker ('***** Hand History for Game ...') hand",
            file=name, line=where)
    if carry_site.startswith("!"):
        other = carry_site[1:]
        yet = " yet" if other in _LATER else ""
        return UnsupportedHistoryError(
            f"{name}:{line}: {other} hand histories are not supported{yet} (PokerStars,"
            " GGPoker, 888poker, Winamax, iPoker and PartyPoker are)", file=name, line=line,
            reason="unsupported_site")
    if "\ufeff" in piece:
        piece = piece.replace("\ufeff", "")
    lines = piece.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return HandText(carry_site, name, line, lines)


def _ipoker_hands(name: str, first: str, blocks: Iterator[str | HistoryError],
                  first_line: int) -> Iterator[HandText | HistoryError]:
    """iPoker: one hand per <game> of the XML, read session by session."""
    found = False
    text = first
    line = first_line  # the line ``text`` starts at
    done = False
    searched = 0  # the text before this was searched for '</session>' already
    while True:
        end = text.rfind("</session>", searched)
        if done:
            end = len(text)
        elif end >= 0:
            end += len("</session>")
        if end > 0:
            piece = text[:end]
            for game in ipoker_games(piece):
                found = True
                shift = line - 1
                if shift:
                    game = replace(game, line=game.line + shift,
                                   session_line=game.session_line + shift)
                yield HandText("ipoker", name, game.line, [], game)
            line += piece.count("\n")
            text = text[end:]
        searched = max(0, len(text) - len("</session>"))
        if done:
            break
        block = next(blocks, None)
        if isinstance(block, HistoryError):
            yield block
            return
        if block is None:
            done = True
        else:
            text += block
    if not found:
        yield HistoryError(f"{name}:{first_line}: the iPoker file holds no <game> element,"
                           " expected '<session ...><general>...</general><game ...>...</game>'",
                           file=name, line=first_line, reason="line_not_understood")


# ---- cutting a large file --------------------------------------------------------------

# a line that may start a hand (a title, a prefix, a separator) after a blank line, or NUL
# bytes: where a large file may be cut (matched on the bytes of an ASCII-compatible encoding)
_CUT = re.compile(
    rb"\n[ \t\r]*\n[ \t]*(?=" + b"|".join(p.pattern.encode("utf-8") for p in _TITLES.values())
    + rb"|" + _PREFIX.encode("ascii") + rb"|\*{3,} ?# ?\d+)|\x00+")


def file_slices(path: str, part_bytes: int) -> list[FileSlice] | None:
    """``path`` cut into slices of about ``part_bytes`` that each start at a hand (after a
    blank line or NUL bytes), or None when the file is not cut: it is small, XML (iPoker),
    UTF-16, or has CR-only line ends. Reads the file once, a block at a time."""
    size = os.path.getsize(path)
    if size <= part_bytes:
        return None
    with open(path, "rb") as f:
        head = f.read(65536)
        if (_sniff(head[:4096]) != "utf-8" or b"\n" not in head
                or head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")):
            return None
        f.seek(0)
        cuts = [(0, 1)]  # (offset, line) where each slice starts
        data = b""
        base, base_line = 0, 1  # the file offset and line of data[0]
        target = part_bytes
        while True:
            block = f.read(BLOCK_BYTES)
            if not block:
                break
            data += block
            for m in _CUT.finditer(data):
                at = base + m.end()
                if at >= target:
                    cuts.append((at, base_line + data.count(b"\n", 0, m.end())))
                    target = at + part_bytes
            drop = max(0, len(data) - 256)  # keep a tail: a cut may straddle two blocks
            base_line += data.count(b"\n", 0, drop)
            base += drop
            data = data[drop:]
    slices = [FileSlice(path, start, cuts[k + 1][0] if k + 1 < len(cuts) else size, line)
              for k, (start, line) in enumerate(cuts)]
    return slices if len(slices) > 1 else None
