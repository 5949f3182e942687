from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

_TESTS = Path(__file__).resolve().parent
# The tests run against the installed package. `python -m pytest` puts the checkout's folder
# first on sys.path, where holdem_eval/ is the bare source folder (the extension and the
# holdem_eval.engine mapping live in the install), so take it off before anything imports it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _TESTS.parent]
sys.path.insert(0, str(_TESTS))  # tests/reference.py, tests/helpers.py


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20261129)


@pytest.fixture(scope="session")
def cluster() -> Iterator[Any]:
    """A Dask scheduler and two worker processes (one thread each) on 127.0.0.1, for the
    history jobs' Dask paths (started once, shared by their test modules)."""
    distributed = pytest.importorskip("distributed")  # in the [test] extra: always there in CI
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=logging.ERROR) as c:
        yield c


@pytest.fixture(scope="module")
def stars_folder(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """A folder of generated PokerStars hand histories for the history jobs' tests, as the
    module's ``STARS_FOLDER = (hands, seed, hands_per_file)`` says (hh-00000.txt, ...)."""
    from history_synth import write_stars_files

    hands, seed, per_file = request.module.STARS_FOLDER
    path = tmp_path_factory.mktemp("hh")
    write_stars_files(path, hands, seed, per_file=per_file)
    return path


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """History jobs cut into parts of about 30 kB: several files a part, several parts."""
    from holdem_eval.engine.history import parallel as history_parallel

    monkeypatch.setattr(history_parallel, "PART_BYTES", 30_000)
