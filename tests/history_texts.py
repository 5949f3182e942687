"""Where the history tests find their hands, and the checks they share (a test tool, not
part of the package).

``DATA``: real sample files of the six sites (tests/data/histories, MIT, see its README);
``written(name)``: one hand we wrote out by hand in a client's shape
(tests/data/written/NAME.txt or .xml, one shape a file); ``verified(text)``: the one hand of
``text``, verified exactly or by its fees and replayed to the file's figures;
``refused_edit(sample, old, new, message)``: a sample file with one edit is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from holdem_eval.engine import HistoryError, PhhHand, load_history, replay_phh, verify_history

__all__ = ["DATA", "PHH_SIMPLE", "WRITTEN", "exact", "refused_edit", "verified", "written"]

DATA = Path(__file__).resolve().parent / "data" / "histories"
WRITTEN = Path(__file__).resolve().parent / "data" / "written"

# A three-handed no-limit PHH hand to a flop fold, which the PHH tests and fuzzers vary.
PHH_SIMPLE = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 300', 'p2 cc',
           'd db 2h3h9c', 'p1 cbr 400', 'p2 f']
finishing_stacks = [1300, 700, 1000]
"""


def written(name: str) -> str:
    """The text of tests/data/written/``name`` (``.txt``, else ``.xml``)."""
    path = WRITTEN / f"{name}.txt"
    if not path.exists():
        path = path.with_suffix(".xml")
    return path.read_text(encoding="utf-8")


def verified(text: str) -> PhhHand:
    """The one hand of ``text``, which must verify and replay to the file's figures."""
    (check,) = verify_history(text)
    assert check.ok, check.problem
    assert check.hand is not None and replay_phh(check.hand).matches_file is True
    return check.hand


def exact(text: str) -> PhhHand:
    """The one hand of ``text``, which must verify exactly (every chip accounted for)."""
    (check,) = verify_history(text)
    assert check.method == "exact", check.problem
    assert check.hand is not None
    return check.hand


def refused_edit(sample: str, old: str, new: str, message: str) -> None:
    """The sample ``DATA / sample`` with ``old`` (which must be in it) replaced by ``new``
    is refused: a HistoryError whose message matches the pattern ``message``."""
    text = (DATA / sample).read_text("utf-8-sig")
    assert old in text, f"{old!r} is not in {sample}: the edit would change nothing"
    with pytest.raises(HistoryError, match=message):
        list(load_history(text.replace(old, new)))
