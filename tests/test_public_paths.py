"""Every name the docs import, from the path the docs import it (issue 40: the tree moved into
subpackages; what users were told to write keeps working).

Reads README.md and docs/*.md: each ``from holdem_eval... import a, b`` (in examples and
prose alike) and each dotted ``holdem_eval.x.y`` in backticks must resolve.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Parquet schema metadata keys written by the bulk jobs (docs/bulk.md), not import paths
METADATA_KEYS = {"holdem_eval.library", "holdem_eval.variant", "holdem_eval.rank_worst"}

_FROM = re.compile(r"from (holdem_eval(?:\.\w+)*) import \(?([\w, \n]+?)\)?(?:$|\s*#)", re.M)
_DOTTED = re.compile(r"`(holdem_eval(?:\.\w+)+)")


def _imports() -> list[tuple[str, str, str]]:
    found = set()
    for doc in DOCS:
        text = re.sub(r"^(>>>|\.\.\.) ", "", doc.read_text(), flags=re.M)
        for module, names in _FROM.findall(text):
            for name in re.split(r"[,\s]+", names):
                if name and name != "as":
                    found.add((doc.name, module, name))
    return sorted(found)


def _dotted() -> list[tuple[str, str]]:
    return sorted({(doc.name, m) for doc in DOCS for m in _DOTTED.findall(doc.read_text())} - {
        (d, k) for d in (doc.name for doc in DOCS) for k in METADATA_KEYS})


def _resolve(dotted: str) -> object:
    """The module or attribute a dotted path names (the longest importable module prefix,
    then attributes)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def test_the_docs_name_paths_at_all() -> None:
    assert len(_imports()) > 60 and len(_dotted()) > 10


@pytest.mark.parametrize(("doc", "module", "name"), _imports())
def test_a_documented_import_works(doc: str, module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), f"{doc}: from {module} import {name}"


@pytest.mark.parametrize(("doc", "dotted"), _dotted())
def test_a_documented_dotted_name_resolves(doc: str, dotted: str) -> None:
    assert _resolve(dotted) is not None
