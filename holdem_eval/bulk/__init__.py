"""Bulk jobs: rank many hands at once — tables in memory, Parquet and CSV files of any size.

:mod:`.rank` holds the public face (:func:`rank_table`, :func:`rank_file`,
:class:`HandColumns`); :mod:`.parse` turns columns of cards into the batch kernels' rows and
ranks into output columns; :mod:`.io` reads and writes Parquet and CSV a chunk at a time;
:mod:`.threads` overlaps reading, ranking and writing; :mod:`.common` holds the errors and
the optional-dependency checks they share. A partitioned dataset ranks on Dask with
:mod:`holdem_eval.bulk_dask`. It may import the evaluator (``holdem_eval``: cards, batch
evaluation, bindings); the CLI and the site-history jobs build on it.
"""

from __future__ import annotations

# The package's face is .rank's: the names it exports, listed there once.
from .rank import *  # noqa: F403
from .rank import __all__ as __all__
