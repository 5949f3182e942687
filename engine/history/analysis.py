"""Player statistics of many hand histories: a DataFrame, an Arrow table or a file, on one
process or on Dask.

:func:`history_stats` returns one row per hand and player (the columns of
:data:`~.history_stats.STAT_COLUMNS`, defined in docs/histories.md, "Stats") or, with
``totals=True``, one row per player (:data:`TOTAL_COLUMNS`). :func:`write_history_stats`
writes the same to a Parquet or CSV file in constant memory: the inputs are cut into
parts of whole files or hands (:func:`~.parallel.history_parts`), each part is read,
verified and analysed on its own — in this process, or as one Dask task on an embedded
``LocalCluster`` (``workers=``), a scheduler (``scheduler=``) or a ``client=`` — and the
parts are written in input order as they come, at most two per worker in flight. Both
paths run the same part function on the same parts, so their output is the same.

Every hand is replayed strictly and must verify (:func:`verify_history`); the first hand
that does not raises :class:`HistoryStatsError` naming its file and line, unless
``skip_invalid``, which leaves such hands out (``refused`` lists why). A failed write
leaves no output file; an output that is one of the inputs is refused
(:mod:`.history_parallel` runs the parts and writes the file).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holdem_eval import HoldemEvalError
from holdem_eval.bulk import require

from ..errors import HistoryStatsError
from ..phh.replay import replay_phh
from .load import HistoryError, HistorySource, iter_verify_history
from .parallel import AtomicTableFile, check_output, history_parts, run_parts
from .stats import STAT_COLUMNS, hand_stats

__all__ = [
    "TOTAL_COLUMNS",
    "HistoryStatsError",
    "StatsSummary",
    "history_stats",
    "write_history_stats",
]

_KEYS = ["site", "player", "currency"]
_FLAGS = ["preflop_decision", "vpip", "pfr", "three_bet_opportunity", "three_bet", "saw_flop",
          "went_to_showdown", "won_at_showdown", "allin"]
_SUMS = ["net_won", "net_won_showdown", "net_won_no_showdown", "rake_paid", "allin_ev", "ev_diff"]
# percentage = 100 * numerator / denominator (NaN without a single opportunity)
_RATES = {"vpip_pct": ("vpip", "preflop_decision"), "pfr_pct": ("pfr", "preflop_decision"),
          "three_bet_pct": ("three_bet", "three_bet_opportunity"),
          "wtsd_pct": ("went_to_showdown", "saw_flop"),
          "wsd_pct": ("won_at_showdown", "went_to_showdown")}
TOTAL_COLUMNS = (*_KEYS, "hands", *_SUMS, *_FLAGS, *_RATES)
"""The columns of the per-player totals, in order (``allin`` counts the all-in hands)."""

_TEXT = {"file", "site", "hand_id", "table", "game", "currency", "player"}
_INT = {"line", "seat"}


@dataclass
class _Part:
    """What one part gave: its rows (an Arrow table), the per-player totals, the hands
    counted, why each refused hand was left out, and the first refusal's error."""

    table: Any
    totals: Any
    hands: int
    refused: list[str]
    error: HistoryError | None = None


@dataclass(frozen=True)
class StatsSummary:
    """What :func:`write_history_stats` did."""

    output: Path
    hands: int
    rows: int
    parts: int
    workers: int
    refused: list[str] = field(default_factory=list)


def _schema() -> Any:
    pa = require("pyarrow", "io")

    def kind(name: str) -> Any:
        if name in _TEXT:
            return pa.string()
        if name in _INT:
            return pa.int64()
        return pa.float64() if name in _SUMS or name.startswith(("allin_", "small", "big")) \
            else pa.bool_()
    return pa.schema([(c, kind(c)) for c in STAT_COLUMNS])


def _totals_of(frame: Any) -> Any:
    """Per (site, player, currency) sums, in order of first appearance."""
    cols = {**{c: "sum" for c in _SUMS + _FLAGS}, "hand_id": "size"}
    out = frame.groupby(_KEYS, sort=False, dropna=False).agg(cols)
    return out.rename(columns={"hand_id": "hands"}).reset_index()


def _merge_totals(frames: list[Any]) -> Any:
    pd = require("pandas", "pandas")

    both = pd.concat(frames, ignore_index=True)
    return both.groupby(_KEYS, sort=False, dropna=False).sum().reset_index()


def _finish_totals(frame: Any) -> Any:
    frame = frame.copy()
    for name, (num, den) in _RATES.items():
        frame[name] = 100.0 * frame[num] / frame[den].where(frame[den] > 0)
    return frame[list(TOTAL_COLUMNS)]


def _part_stats(items: Sequence[Any], site: str | None, player: str | None,
                skip_invalid: bool, totals: bool) -> _Part:
    """Read, verify and analyse the hands of ``items`` (paths, texts or bytes): runs in
    this process or on a Dask worker."""
    pa = require("pyarrow", "io")

    rows: list[dict[str, Any]] = []
    refused: list[str] = []
    hands = 0
    error: HistoryError | None = None
    for item in items:
        for check in iter_verify_history(item, site=site):
            problem = check.problem
            if check.hand is not None and problem is None:
                try:
                    found = hand_stats(replay_phh(check.hand))
                except HoldemEvalError as exc:  # a hand the statistics cannot handle
                    problem = f"{check.file}:{check.line}: no statistics for this hand: {exc}"
                else:
                    hands += 1
                    rows.extend(found if player is None
                                else [r for r in found if r["player"] == player])
                    continue
            refused.append(str(problem))
            if not skip_invalid:
                error = HistoryStatsError(
                    f"{problem} (skip_invalid / --skip-invalid leaves such hands out)",
                    file=check.file, line=check.line)
                break
        if error is not None:
            break
    table = pa.Table.from_pylist(rows, schema=_schema())
    part_totals = _totals_of(table.to_pandas()) if totals else None
    return _Part(table, part_totals, hands, refused, error)


def _as_sources(source: HistorySource | Sequence[HistorySource]) -> list[HistorySource]:
    if isinstance(source, (list, tuple)):
        return list(source)
    return [source]  # type: ignore[list-item]  # a single source (str, bytes, path, stream)


def history_stats(
    source: HistorySource | Sequence[HistorySource],
    *,
    site: str | None = None,
    player: str | None = None,
    totals: bool = False,
    skip_invalid: bool = False,
    arrow: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
) -> Any:
    """Statistics of every hand of ``source`` (one source or a list: files, folders, globs,
    texts, bytes, streams, as :func:`load_history` takes them), as a pandas DataFrame (an
    Arrow table with ``arrow=True``): one row per hand and player, or per player with
    ``totals=True``. ``player`` keeps that player's rows only. Runs here, or on Dask
    with ``workers`` (an embedded cluster), ``scheduler`` or ``client``."""
    pa = require("pyarrow", "io")

    tables: list[Any] = []
    partial: list[Any] = []
    options = (site, player, skip_invalid, totals)
    for part in run_parts(_part_stats, history_parts(_as_sources(source)), options,
                          client=client, scheduler=scheduler, workers=workers):
        if part.error is not None:
            raise part.error
        if totals:
            partial = [_merge_totals([*partial, part.totals])]
        else:
            tables.append(part.table)
    if totals:
        frame = _finish_totals(partial[0]) if partial else _finish_totals(
            _totals_of(pa.Table.from_pylist([], schema=_schema()).to_pandas()))
        return pa.Table.from_pandas(frame, preserve_index=False) if arrow else frame
    table = pa.concat_tables(tables) if tables else pa.Table.from_pylist([], schema=_schema())
    return table if arrow else table.to_pandas()


def write_history_stats(
    sources: Sequence[HistorySource],
    output: str | os.PathLike[str],
    *,
    site: str | None = None,
    player: str | None = None,
    totals: bool = False,
    skip_invalid: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
    progress: Callable[[int], None] | None = None,
) -> StatsSummary:
    """Write the statistics of ``sources`` to ``output`` (``.parquet`` or ``.csv``), part
    by part in input order, in constant memory (see the module's doc); ``progress(n)``
    is called with the hands of each part done."""
    pa = require("pyarrow", "io")

    out = Path(output)
    parts = history_parts(sources)
    check_output(out, parts)
    sink = AtomicTableFile(out)
    ok = False
    hands = rows = 0
    refused: list[str] = []
    partial: list[Any] = []
    workers_seen = [1]
    try:
        for part in run_parts(_part_stats, parts, (site, player, skip_invalid, totals),
                              client=client, scheduler=scheduler, workers=workers,
                              on_workers=lambda n: workers_seen.__setitem__(0, n)):
            if part.error is not None:
                raise part.error
            hands += part.hands
            refused.extend(part.refused)
            if totals:
                partial = [_merge_totals([*partial, part.totals])]
            else:
                rows += part.table.num_rows
                sink.write(part.table)
            if progress is not None:
                progress(part.hands + len(part.refused))
        if totals:
            frame = _finish_totals(partial[0]) if partial else None
            if frame is not None:
                rows = len(frame)
                sink.write(pa.Table.from_pandas(frame, preserve_index=False))
        if not sink.written:
            sink.write(pa.Table.from_pylist([], schema=_schema()))
        if hands == 0:
            raise HistoryStatsError(f"no hand to count: {len(refused)} refused, none verified")
        ok = True
    finally:
        sink.close(ok)
    return StatsSummary(out, hands, rows, len(parts), workers_seen[0], refused)
