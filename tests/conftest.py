from __future__ import annotations

import sys
from pathlib import Path

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
