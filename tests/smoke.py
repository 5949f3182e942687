"""A smoke test for other interpreters, run by .ci/run in a fresh venv of the oldest and the
newest Python on the machine after a plain ``pip install .`` (and by cibuildwheel on every
release wheel): import every module, evaluate, settle, compute an equity, play a hand, replay
a PHH file and run the C worker pool on two threads. Exits non-zero on any failure.

    python tests/smoke.py
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import tempfile
from pathlib import Path

import holdem_eval.engine as engine
from holdem_eval.engine import GameConfig, Hand, load_phh, replay_phh, settle

import holdem_eval as he

PHH = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 7c2d', 'p3 f', 'p1 cbr 300',
           'p2 cc', 'd db 2h3h9c', 'p1 cbr 400', 'p2 f']
finishing_stacks = [1300, 700, 1000]
"""


# Modules of the optional extras ([io], [dask], [plot], [pandas], [rl], [server]) need packages
# a plain install does not bring; importing them may fail for that reason only.
OPTIONAL = {"pyarrow", "dask", "distributed", "matplotlib", "tqdm", "pandas", "gymnasium", "pettingzoo",
            "websockets"}


def main() -> int:
    skipped = []
    names = {m.name for pkg in (he, engine) for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")}
    for name in sorted(n for n in names if not n.endswith(("_ffi_build", "__main__"))):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if (exc.name or "").split(".")[0] not in OPTIONAL:
                raise
            skipped.append(f"{name} (needs {exc.name})")
    assert he.evaluate("Ah Kh Qh Jh Th 9c 2d") == 1
    assert he.evaluate_batch([[0, 4, 8, 12, 17, 30, 44]]).tolist() == [1144]
    assert he.evaluate_omaha("Ah Kh 2c 2d", "Qh Jh Th 2s 3s") == 1
    s = settle([100, 300, 300], ["7c7d", "KcAh", "KdQc"], "Kh5s5d7s2c",
               folded=[False, False, False], button=0)
    assert s.payouts == (300, 400, 0), s.payouts
    r = he.equity(["AsAc", "7d8d"])
    assert r.exact and r.wins_by_mask[1:] == (1315602, 391672, 5030), r.wins_by_mask
    h = Hand(GameConfig(big_blind=100), [10_000] * 3, button=0, seed=42)
    h.raise_to(300)
    h.fold()
    h.call()
    assert (h.street, h.pot) == ("flop", 650)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hand.phh"
        path.write_text(PHH)
        (phh,) = load_phh(path)
        result = replay_phh(phh)
    assert list(result.finishing_stacks) == [1300, 700, 1000], result.finishing_stacks
    # The C worker pool (threads=N; POSIX or Win32 threads): the same numbers as one thread,
    # and pool threads did start (on Windows the pool ran serially before issue 30).
    from holdem_eval._bindings import lib

    stacks, prizes = [50, 30, 20, 10], [50, 30, 20]
    one = he.icm(stacks, prizes, method="monte_carlo", trials=40_000, seed=7)
    two = he.icm(stacks, prizes, method="monte_carlo", trials=40_000, seed=7, threads=2)
    assert one.tolist() == two.tolist(), (one, two)
    assert lib.he_pool_threads() >= 1, lib.he_pool_threads()
    if skipped:
        print("not imported, an optional extra is not installed:", ", ".join(skipped))
    print(f"smoke test passed on Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
