"""The README's and docs/*.md's examples and every docstring example in the package run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import holdem_eval

ROOT = Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _modules() -> list[str]:
    names = ["holdem_eval"]
    for pkg in (holdem_eval, importlib.import_module("holdem_eval.engine")):
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    # the cffi build script and the CLI entry module run code on import
    return sorted(n for n in set(names) if not n.endswith(("_ffi_build", "__main__", "_he_native")))


DOC_PAGES = sorted((ROOT / "docs").glob("*.md"))


def test_readme_examples() -> None:
    res = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS)
    assert res.attempted > 10
    assert res.failed == 0


def test_docs_pages_exist() -> None:
    names = {p.stem for p in DOC_PAGES}
    assert {"evaluator", "equity", "engine", "phh", "bulk", "cli", "rl"} <= names
    readme = (ROOT / "README.md").read_text()
    for page in DOC_PAGES:
        assert f"(docs/{page.name})" in readme, f"README does not link {page.name}"


@pytest.mark.parametrize("page", DOC_PAGES, ids=lambda p: p.name)
def test_docs_examples(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    res = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS)
    assert res.failed == 0


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module(name)
    res = doctest.testmod(mod, optionflags=FLAGS)
    assert res.failed == 0


def test_evaluate_docstring() -> None:
    # evaluate is a C builtin; doctest.testmod does not collect builtins' docstrings
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    globs = {"evaluate": holdem_eval.evaluate}
    for test in doctest.DocTestFinder().find(holdem_eval.evaluate, "evaluate", globs=globs):
        runner.run(test)
    assert runner.tries >= 2 and runner.failures == 0
