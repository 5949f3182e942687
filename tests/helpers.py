"""Small shared test utilities."""

from __future__ import annotations

import importlib.util
import multiprocessing
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n rows of k distinct card ids (uint8), uniformly random."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _put_result(done: Any, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    done.put(fn(*args))


def forked_result(fn: Callable[..., Any], *args: Any, timeout: float = 60.0) -> Any:
    """fn(*args) computed in a child forked from this process (where fork exists): the
    child has none of the parent's pool threads. A child that hangs is killed and the
    test fails."""
    ctx = multiprocessing.get_context("fork")
    done = ctx.Queue()
    child = ctx.Process(target=_put_result, args=(done, fn, args))
    child.start()
    child.join(timeout)
    if child.is_alive():  # the child waited on threads it does not have
        child.kill()
    assert child.exitcode == 0
    return done.get(timeout=10)


def hidden_files(where: Path) -> list[str]:
    """The names of the dot files in ``where``: the temporary files an atomic writer leaves
    behind if it fails to clean up."""
    return sorted(p.name for p in where.iterdir() if p.name.startswith("."))


def check_generated(tmp_path: Path, script: str, committed: str) -> None:
    """Runs ``scripts/<script>`` into ``tmp_path`` and checks that it writes the committed
    file ``committed`` (a path from the repository's root) again, byte for byte: a generated
    file is regenerated whenever its generator changes."""
    out = tmp_path / Path(committed).name
    subprocess.run([sys.executable, str(ROOT / "scripts" / script), str(out)], check=True)
    assert out.read_text() == (ROOT / committed).read_text(), f"{committed} is stale: run scripts/{script}"


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` imported as the module ``name`` (the scripts are no package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # (dataclasses look their module up)
    spec.loader.exec_module(mod)
    return mod


def here_and_on_dask(job: Callable[..., Any], sources: list[Path], cluster: Any, one: Path,
                     two: Path) -> tuple[Any, Any]:
    """A history job (``convert_history``, ``write_history_stats``) of ``sources`` run in this
    process into ``one`` and on the Dask ``cluster`` (a client of its own) into ``two``: the
    two summaries."""
    import distributed

    here = job(sources, one)
    with distributed.Client(cluster) as client:
        return here, job(sources, two, client=client)
