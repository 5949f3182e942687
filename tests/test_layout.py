"""The tree shows the architecture (issue 40): imports run one way, name prefixes are folders,
no folder or file grows past a reader's reach.

- no runtime import cycle among the product modules (holdem_eval/, engine/ installed as
  holdem_eval.engine); imports under ``if TYPE_CHECKING:`` do not count, nor a module's
  import of its own packages (their ``__init__`` re-exports it);
- the layers: nothing below the apps (holdem_eval.cli, holdem_eval.server, ``python -m
  holdem_eval``) imports them, and
  the evaluator (holdem_eval outside engine/ and the apps) never imports the engine;
- no folder holds three or more modules sharing a name prefix (``history_*``): that is a
  subpackage waiting to be made; no product folder holds more than 20 modules;
- no product file is over 650 lines (the generated tables aside).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
ROOTS = {"holdem_eval": ROOT / "holdem_eval", "holdem_eval.engine": ROOT / "engine"}
APPS = ("holdem_eval.cli", "holdem_eval.server", "holdem_eval.__main__")
GENERATED = {"csrc/he_tables.c", "csrc/eval_short_tables.c", "csrc/eval_omaha_tables.c"}
MAX_LINES = 650


def _modules() -> dict[str, Path]:
    mods = {}
    for package, folder in ROOTS.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).with_suffix("").parts
            if rel[0] == "engine" and package == "holdem_eval":
                continue  # an installed-tree link, if any
            parts = rel[:-1] if rel[-1] == "__init__" else rel
            mods[".".join((package, *parts))] = path
    return mods


MODULES = _modules()


def _typing_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    p = parents.get(node)
    while p is not None:
        if isinstance(p, ast.If) and "TYPE_CHECKING" in ast.unparse(p.test):
            return True
        p = parents.get(p)
    return False


def _imports(name: str, path: Path) -> set[str]:
    """The product modules ``name`` imports at run time (the closest known module of each)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    is_pkg = path.name == "__init__.py"
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or _typing_only(node, parents):
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = name if is_pkg else name.rpartition(".")[0]
            if node.level:
                base = ".".join(base.split(".")[: len(base.split(".")) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            targets = [module, *(f"{module}.{a.name}" for a in node.names)]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                out.add(target)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module."""
    return list(load_script("c_structure").strong_groups(GRAPH))


def test_the_graph_is_the_product() -> None:
    assert {"holdem_eval.engine.hand.hand", "holdem_eval.cli.main", "holdem_eval.equity.compute",
            "holdem_eval.server.room"} <= set(GRAPH)
    assert "holdem_eval.engine.hand.inputs" in GRAPH["holdem_eval.engine.hand.hand"]


def test_no_runtime_import_cycle() -> None:
    assert _cycles() == []


def test_nothing_below_the_apps_imports_them() -> None:
    wrong = {(m, t) for m, ts in GRAPH.items() for t in ts
             if t.startswith(APPS) and not m.startswith(APPS)}
    assert wrong == set()


def test_the_evaluator_never_imports_the_engine() -> None:
    evaluator = [m for m in GRAPH if not m.startswith(("holdem_eval.engine", *APPS))]
    wrong = {(m, t) for m in evaluator for t in GRAPH[m] if t.startswith("holdem_eval.engine")}
    assert wrong == set()


@pytest.mark.parametrize("folder", sorted({p.parent for p in MODULES.values()}), ids=str)
def test_a_folder_is_small_and_has_no_waiting_subpackage(folder: Path) -> None:
    names = [p.stem for p in folder.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    prefixes = Counter(n.lstrip("_").split("_")[0] for n in names if "_" in n.lstrip("_"))
    assert [k for k, v in prefixes.items() if v >= 3] == []
    assert len(names) <= 20


def _product_files() -> list[Path]:
    files = [*MODULES.values(), *(ROOT / "csrc").rglob("*.[ch]"), *(ROOT / "engine").rglob("*.[ch]")]
    return sorted(f for f in files if str(f.relative_to(ROOT)) not in GENERATED)


@pytest.mark.parametrize("path", _product_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_product_file_is_over_650_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above can fail: two modules importing each other are found."""
    saved = dict(GRAPH)
    try:
        GRAPH["holdem_eval.cards"] = {*GRAPH["holdem_eval.cards"], "holdem_eval.ranges"}
        assert ["holdem_eval.cards", "holdem_eval.ranges"] in _cycles()
    finally:
        GRAPH.clear()
        GRAPH.update(saved)
