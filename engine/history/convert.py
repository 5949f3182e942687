"""Site hand histories to verified PHH, in constant memory, on one process or on Dask.

:func:`convert_history` reads every hand of its sources, replays it strictly
(:func:`~.load.iter_verify_history`) and writes the hands that verify as PHH: one ``.phhs``
file of ``[1]``, ``[2]``, ... tables, a text stream, or a folder of one ``.phh`` file per
hand. The inputs are cut into parts of whole files or of whole hands of a large file and
run as :func:`~.analysis.write_history_stats` runs them (:mod:`.parallel`): here or on
Dask, the parts written in input order as they come, so the output is the same either way
and memory does not grow with the inputs. Without ``skip_invalid`` the first hand that
does not read or verify stops the job; with it, each such hand is left out. ``report=``
lists the hands left out (or the one that stopped the job), one row each: a ``.csv`` or
``.parquet`` table of :data:`REPORT_COLUMNS` (with the reason code of
:data:`~.reasons.REASONS`), or ``REASON<TAB>MESSAGE`` lines under any other name; it is
written whenever hands were read, also when none verified. No PHH output is left behind
when a job fails: every output is written beside its place and moved in at the end, an
existing output is replaced only with ``overwrite=True``, and never one of the inputs.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from holdem_eval.bulk import require
from holdem_eval.errors import HistoryConvertError

from .load import HistorySource, iter_verify_history
from .parallel import AtomicTableFile, check_output, history_parts, run_parts
from .reasons import REASONS
from .write import history_table

__all__ = ["REASONS", "REPORT_COLUMNS", "ConvertSummary", "Refusal", "convert_history"]

REPORT_COLUMNS = ("file", "line", "hand_id", "reason", "message")
"""The columns of a conversion's report, one row per hand left out: where it starts, the
site's hand id, the reason code (:data:`REASONS`) and the message that says what is wrong."""


@dataclass(frozen=True)
class Refusal:
    """A hand left out: where it starts, the site's hand id ('' if none shows), the reason
    code (:data:`REASONS`) and the message (``file:line: what``)."""

    file: str
    line: int
    hand_id: str
    reason: str
    message: str


@dataclass(frozen=True)
class ConvertSummary:
    """What :func:`convert_history` did: the hands written (``exact`` of them matched the
    site to the chip, the rest net of its fees), the hands left out (``refused``, the
    first ten of them in ``first_refused``, how many for each reason code in
    ``reasons``, most frequent first), the parts and the workers that ran them. With
    ``skip_invalid``, ``hands`` 0 means no output was written (none verified)."""

    output: str
    hands: int
    exact: int
    refused: int
    first_refused: tuple[Refusal, ...]
    parts: int
    workers: int
    reasons: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """Every hand read: written and left out."""
        return self.hands + self.refused


@dataclass
class _Part:
    """One part's verified hands as (site, hand id, PHH text), how many matched exactly,
    the hands it left out, and the refusal that stops the job (without skip_invalid)."""

    hands: list[tuple[str, str, str]]
    exact: int
    refused: list[Refusal]
    error: str | None = None


def _part_convert(items: Sequence[Any], site: str | None, skip_invalid: bool) -> _Part:
    """Read, verify and write the hands of ``items``: runs here or on a Dask worker."""
    part = _Part([], 0, [])
    for item in items:
        for check in iter_verify_history(item, site=site):
            if check.ok and check.hand is not None:
                part.hands.append((str(check.hand.fields.get("_site", "")), check.hand_id,
                                   history_table(check.hand)))
                part.exact += check.method == "exact"
                continue
            message = str(check.problem)
            part.refused.append(Refusal(check.file, check.line, check.hand_id,
                                        check.reason or "other", message))
            if not skip_invalid:
                part.error = f"{message} (skip_invalid / --skip-invalid leaves such hands out)"
                return part
    return part


class _TextFile:
    """Text written to a temporary file beside ``path``, moved into place by close(True);
    or straight to a stream the caller owns."""

    def __init__(self, target: Path | IO[str]) -> None:
        self.stream: IO[str]
        if isinstance(target, Path):
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
            self.tmp: Path | None = Path(tmp)
            self.path: Path | None = target
            self.stream = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        else:
            self.tmp = self.path = None
            self.stream = target

    def write(self, text: str) -> None:
        self.stream.write(text)

    def close(self, ok: bool) -> None:
        if self.tmp is None or self.path is None:
            return
        self.stream.close()
        if ok:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.tmp, 0o666 & ~umask)
            os.replace(self.tmp, self.path)
        else:
            self.tmp.unlink(missing_ok=True)


class _PhhsSink:
    """The hands as ``[1]``, ``[2]``, ... tables of one PHHS text."""

    def __init__(self, target: Path | IO[str]) -> None:
        self.file = _TextFile(target)
        self.count = 0

    def write(self, site: str, hand_id: str, text: str) -> None:
        self.count += 1
        self.file.write(f"{'' if self.count == 1 else chr(10)}[{self.count}]\n{text}")

    def close(self, ok: bool) -> None:
        self.file.close(ok)


_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


class _FolderSink:
    """One ``.phh`` file per hand, ``000001-pokerstars-123456.phh`` ..., written to a new
    folder beside ``folder`` and moved in at the end: ``folder`` is new or empty, or (to
    overwrite it) holds only ``.phh`` files, which the new ones replace."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
        self.count = 0

    def write(self, site: str, hand_id: str, text: str) -> None:
        self.count += 1
        name = "-".join(x for x in (f"{self.count:06d}", site, _UNSAFE.sub("_", hand_id)) if x)
        (self.tmp / f"{name}.phh").write_text(text, encoding="utf-8", newline="\n")

    def close(self, ok: bool) -> None:
        if ok and not self.folder.exists():
            os.replace(self.tmp, self.folder)
            return
        if ok:
            for old in self.folder.glob("*.phh"):
                old.unlink()
            for path in sorted(self.tmp.iterdir()):
                os.replace(path, self.folder / path.name)
        shutil.rmtree(self.tmp, ignore_errors=True)


class _Report:
    """The hands left out: a CSV or Parquet table of REPORT_COLUMNS, or text lines."""

    def __init__(self, path: Path) -> None:
        self.table = path.suffix.lower() in (".csv", ".parquet", ".pq")
        self.sink: AtomicTableFile | _TextFile = (
            AtomicTableFile(path) if self.table else _TextFile(path))

    def write(self, refused: Sequence[Refusal]) -> None:
        if isinstance(self.sink, _TextFile):
            self.sink.write("".join(f"{r.reason}\t{r.message}\n" for r in refused))
            return
        pa = require("pyarrow", "io")
        schema = pa.schema([("file", pa.string()), ("line", pa.int64()),
                            ("hand_id", pa.string()), ("reason", pa.string()),
                            ("message", pa.string())])
        rows = [{c: getattr(r, c) for c in REPORT_COLUMNS} for r in refused]
        if rows or not self.sink.written:
            self.sink.write(pa.Table.from_pylist(rows, schema=schema))

    def close(self, ok: bool) -> None:
        self.sink.close(ok)


def _refuse_existing(path: Path, what: str, overwrite: bool) -> None:
    """An output that exists is replaced only when asked to (``overwrite``)."""
    if path.exists() and not overwrite:
        raise HistoryConvertError(f"{str(path)!r}: the {what} exists; overwrite=True"
                                  " (--force) replaces it")


def _sink(output: str | os.PathLike[str] | IO[str], parts: Sequence[Sequence[Any]],
          overwrite: bool) -> tuple[_PhhsSink | _FolderSink, str]:
    if hasattr(output, "write"):
        return _PhhsSink(output), str(getattr(output, "name", "<stream>"))  # type: ignore[arg-type]
    if not isinstance(output, (str, os.PathLike)):
        raise HistoryConvertError(f"output must be a path, a folder or a text stream, got"
                                  f" {type(output).__name__}")
    name = os.fspath(output)
    path = Path(name)
    if path.is_dir() or name.endswith(("/", os.sep)):
        check_output(path, parts)
        if path.is_dir() and any(path.iterdir()):
            if not overwrite:
                raise HistoryConvertError(
                    f"{name!r}: the folder is not empty; a conversion writes its .phh files"
                    " into a new or an empty folder, or replaces those of a folder of .phh"
                    " files with overwrite=True (--force)")
            other = next((p.name for p in sorted(path.iterdir()) if p.suffix != ".phh"), None)
            if other is not None:
                raise HistoryConvertError(
                    f"{name!r}: the folder holds {other!r}, not only .phh files: a conversion"
                    " replaces the .phh files of a folder, never anything else")
        return _FolderSink(path), name
    check_output(path, parts)
    _refuse_existing(path, "output file", overwrite)
    return _PhhsSink(path), name


def convert_history(
    sources: Sequence[HistorySource],
    output: str | os.PathLike[str] | IO[str],
    *,
    site: str | None = None,
    skip_invalid: bool = False,
    report: str | os.PathLike[str] | None = None,
    overwrite: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
    progress: Callable[[int], None] | None = None,
) -> ConvertSummary:
    """Convert the hands of ``sources`` (files, folders, globs, texts, bytes, streams) that
    verify to PHH at ``output``: a ``.phhs`` file, a folder (an existing empty one, or a
    new one named with a trailing '/'), or a text stream. ``report`` lists the hands left
    out (see the module's doc); an existing output or report is replaced only with
    ``overwrite``. Runs here, or on Dask with ``workers`` (an embedded cluster),
    ``scheduler`` or ``client``; ``progress(n)`` is told the hands of each part done.
    Raises :class:`HistoryConvertError` (a ``ValueError``) for the first hand that does
    not read or verify (without ``skip_invalid``), leaving no output (the report, if
    asked for, names that hand). With ``skip_invalid``, a job where no hand verifies
    writes no output and returns ``hands == 0``."""
    parts = history_parts(sources)
    if report is not None:
        report_path = Path(report)
        check_output(report_path, parts)
        _refuse_existing(report_path, "report", overwrite)
        if not hasattr(output, "write") and isinstance(output, (str, os.PathLike)) and \
                os.path.realpath(output) == os.path.realpath(report_path):
            raise HistoryConvertError(f"{str(report)!r} is both the output and the report:"
                                      " choose two names")
    sink, name = _sink(output, parts, overwrite)
    reported = _Report(Path(report)) if report is not None else None
    ok = report_ok = False
    hands = exact = refused = 0
    first: list[Refusal] = []
    reasons: dict[str, int] = {}
    seen = [1]
    try:
        for part in run_parts(_part_convert, parts, (site, skip_invalid), client=client,
                              scheduler=scheduler, workers=workers,
                              on_workers=lambda n: seen.__setitem__(0, n)):
            for hand in part.hands:
                sink.write(*hand)
            hands += len(part.hands)
            exact += part.exact
            refused += len(part.refused)
            first.extend(part.refused[:10 - len(first)])
            for r in part.refused:
                reasons[r.reason] = reasons.get(r.reason, 0) + 1
            if reported is not None:
                reported.write(part.refused)
            if part.error is not None:
                report_ok = True  # the report names the hand that stops the job
                raise HistoryConvertError(part.error)
            if progress is not None:
                progress(len(part.hands) + len(part.refused))
        report_ok = True
        ok = hands > 0
    finally:
        sink.close(ok)
        if reported is not None:
            reported.close(report_ok)
    ranked = tuple(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    if hands == 0 and not skip_invalid:
        raise HistoryConvertError(f"no hand to write: {refused} refused, none verified")
    return ConvertSummary(name, hands, exact, refused, tuple(first), len(parts), seen[0],
                          ranked)
