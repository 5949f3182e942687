"""Side-by-side engine benchmark: holdem_eval.engine vs PokerKit 0.7.7, one run, same tasks.

Task 1 — random 6-max no-limit hands (blinds 1/2, 200-chip stacks) played to the end:
at every decision pick one of the legal action kinds uniformly (fold only when facing
a bet, check/call, bet/raise when allowed), and for a bet/raise an amount uniformly
between the minimum and maximum.  Both engines run the same harness code shape, the
same number generator and deal random cards (ours: seeded splitmix64 deck; PokerKit:
its own shuffled deck); hand creation, dealing, blinds and settlement are all timed.

Task 2 — PHH replay of the Pluribus hands (tests/data/phh/pluribus_ai): both sides
start from already-parsed hand histories (PokerKit ``HandHistory`` objects; our
``PhhHand``) and play every action to the end (``list(hh)`` for PokerKit, which
yields each state; ``replay_phh`` for ours, which starts a new Hand and plays every
step through its public methods).  Our parsing compiles each hand's actions once into a
list of (method, seat, amount) steps, so load+replay (parsing with tomllib, shared by
both, plus that compilation) is reported separately too.

Task 3 — ours only: the same random play with Omaha, and with unequal stacks (side
pots), each against Hold'em with equal stacks (one pot), as a time ratio.

Task 4 — ours only: the cost of a game server's ``Table`` over a bare ``Hand``: the same
random play through ``Table.act(seat, action, expect=turn)`` (seeded deal, stacks topped
up to 200 between hands), deciding from the actor's ``view(seat)`` and the events since
its cursor; then also with a server's fan-out, the JSON of the view and new events for
all six seats and a spectator at every decision, each view built alone (``view(v)``, the
server before) and all at once (``views_json``, the server now); then dealing from the OS CSPRNG
(``OsDeck``, street by street) instead of the seed. Each as a time ratio to bare hands.
With ``--baseline PYTHON`` the same Table tasks also run, in the same rounds, on another
install (``PYTHON``: a checkout of an older version, such as main before the hand machine
wrote the views), each round in a child process that times its own play (CPU time), so the
old path's figures stand next to the new ones.

Task 5 — ours only: a game server's state on disk after every action, both ways on the
same play: the whole signed table document rewritten in place (the reference server
before its journal) and a signed journal record appended, the whole document written at
each hand's end (the server now); microseconds per action.

Rounds alternate between the engines so machine noise hits both; the report gives
the median hands/s per engine and the ratio of medians.

Run:  .venv/bin/python benchmarks/compare_engine.py [--rounds 5] [--quick] [--only table]
      [--baseline ../old/.venv/bin/python]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import hmac
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from holdem_eval.engine import GameConfig, Hand, Table, TableError, load_phh, loads_phh, replay_phh
from holdem_eval.engine.table.journal import TableJournal, journal_line

PLURIBUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh" / "pluribus_ai"


SIDE_POT_STACKS = [50, 120, 200, 80, 300, 30]  # unequal: most showdowns have side pots


def ours_random_hands(
    count: int, seed: int, cfg: GameConfig | None = None, stacks: list[int] | None = None
) -> int:
    rng = random.Random(seed)
    rnd = rng.random
    randint = rng.randint
    cfg = cfg or GameConfig(big_blind=2)
    stacks = stacks or [200] * 6
    decisions = 0
    for k in range(count):
        h = Hand(cfg, stacks, button=k % 6, seed=seed * 1_000_003 + k)
        legal = h.legal_actions
        act = h.act
        while h.payouts is None:
            options = legal()
            kind, lo, hi = options[int(rnd() * len(options))]
            act((kind, randint(lo, hi) if lo != hi else lo))
            decisions += 1
    return decisions


def pokerkit_random_hands(count: int, seed: int) -> int:
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = tuple(Automation)  # every step automated but the players' decisions
    rng = random.Random(seed)
    rnd = rng.random
    randint = rng.randint
    decisions = 0
    for _ in range(count):
        st = NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, (200,) * 6, 6, mode=Mode.CASH_GAME
        )
        while st.status:
            options = [1]
            if st.checking_or_calling_amount:
                options.append(0)
            if st.can_complete_bet_or_raise_to():
                options.append(2)
            kind = options[int(rnd() * len(options))]
            if kind == 0:
                st.fold()
            elif kind == 1:
                st.check_or_call()
            else:
                lo = st.min_completion_betting_or_raising_to_amount
                hi = st.max_completion_betting_or_raising_to_amount
                assert lo is not None and hi is not None
                st.complete_bet_or_raise_to(randint(lo, hi) if lo != hi else lo)
            decisions += 1
    return decisions


def _top_up_and_start(t: Table) -> None:
    """Tops every seat up to 200 chips and starts the next hand."""
    for k, s in enumerate(t.seats):
        if s is not None and s.stack < 200:
            t.rebuy(k, 200 - s.stack)
    t.start_hand()


def table_random_hands(count: int, seed: int, fanout: bool | str = False, os_deck: bool = False) -> int:
    """Task 4: the random play of ``ours_random_hands`` through a ``Table``."""
    rng = random.Random(seed)
    rnd = rng.random
    randint = rng.randint
    t = Table(GameConfig(big_blind=2), seats=6, seed=None if os_deck else seed, table_id="bench")
    for k in range(6):
        t.join(k, f"p{k}", 200, wait_for_big_blind=False)
    viewers: list[int | None] = [*range(6), None]
    cursors = [0] * 7
    decisions = 0
    for _ in range(count):
        _top_up_and_start(t)
        while t.hand is not None:
            seat = t.seat_to_act
            assert seat is not None
            view = t.view(seat)
            with contextlib.suppress(TableError):  # unless older than the events kept
                t.events_since(cursors[seat], seat)
            cursors[seat] = t.last_seq
            if fanout == "shared":  # the server now: Table.views_json builds the seats' views at once
                views = t.views_json(viewers)
                for k, v in enumerate(viewers):
                    json.dumps([views[v], [e.to_json() for e in t.events_since(cursors[k], v)]])
                    cursors[k] = t.last_seq
            elif fanout:
                for k, v in enumerate(viewers):
                    json.dumps([t.view(v).to_json(), [e.to_json() for e in t.events_since(cursors[k], v)]])
                    cursors[k] = t.last_seq
            options = view.legal
            kind, lo, hi = options[int(rnd() * len(options))]
            t.act(seat, (kind, randint(lo, hi) if lo != hi else lo), expect=view.turn)
            decisions += 1
    return decisions


def snapshot_costs(count: int, seed: int, folder: Path) -> dict[str, float]:
    """Task 5: seconds per action of keeping a table's state on disk, both ways on the
    same random play (``table_random_hands``'s, OS deck): the whole signed document
    rewritten in place after every action (the server before its journal), and a signed
    record appended to a journal with the whole document written at each hand's end (the
    server now). Each write is timed alone; the same table is written both ways."""
    rng = random.Random(seed)
    rnd, randint = rng.random, rng.randint
    key = b"k" * 32
    # max_history=2: the events of the last two hands kept, as the reference server keeps
    t = Table(GameConfig(big_blind=2), seats=6, table_id="bench", max_history=2)
    for k in range(6):
        t.join(k, f"p{k}", 200, wait_for_big_blind=False)
    whole_fd = os.open(folder / "whole.snap", os.O_RDWR | os.O_CREAT, 0o600)
    base_fd = os.open(folder / "base.snap", os.O_RDWR | os.O_CREAT, 0o600)
    journal_fd = os.open(folder / "table.journal", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def write_whole(fd: int) -> bytes:
        body = json.dumps(t.to_json(), separators=(",", ":")).encode()
        mac = hmac.new(key, body, hashlib.sha256).hexdigest().encode()
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, mac + b"\n" + body)
        os.ftruncate(fd, os.lseek(fd, 0, os.SEEK_CUR))
        return mac

    journal = TableJournal(t)
    previous, serial = write_whole(base_fd), 0
    spent = {"whole": 0.0, "journal": 0.0}
    actions = 0
    clock = time.process_time  # CPU time: what other processes on the machine do is not counted
    for _ in range(count):
        _top_up_and_start(t)
        while t.hand is not None:
            seat = t.seat_to_act
            assert seat is not None
            options = t.view(seat).legal
            kind, lo, hi = options[int(rnd() * len(options))]
            t.act(seat, (kind, randint(lo, hi) if lo != hi else lo), expect=t.turn)
            actions += 1
            t0 = clock()
            write_whole(whole_fd)
            t1 = clock()
            record = journal.record() if t.hand is not None else None
            if record is None:  # a hand's end: a new base, the journal emptied
                previous = write_whole(base_fd)
                os.ftruncate(journal_fd, 0)
                journal.mark()
            else:
                serial += 1
                line, previous = journal_line(key, previous, {"serial": serial, "table": record})
                os.write(journal_fd, line)
            t2 = clock()
            spent["whole"] += t1 - t0
            spent["journal"] += t2 - t1
    for fd in (whole_fd, base_fd, journal_fd):
        os.close(fd)
    return {k: v / actions for k, v in spent.items()}


def compare_snapshots(rounds: int, n: int) -> dict[str, float]:
    """Median seconds per action of each way of writing the state (``snapshot_costs``)."""
    runs: dict[str, list[float]] = {"whole": [], "journal": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            for k, v in snapshot_costs(n, r, Path(tmp)).items():
                runs[k].append(v)
    return {k: statistics.median(v) for k, v in runs.items()}


TABLE_TASKS: dict[str, Callable[[int, int], object]] = {
    "Table, actor's view": lambda n, r: table_random_hands(n, r),
    "Table, 7 JSON views": lambda n, r: table_random_hands(n, r, fanout=True),
    "Table, views_json": lambda n, r: table_random_hands(n, r, fanout="shared"),
    "Table, OS deck": lambda n, r: table_random_hands(n, r, os_deck=True),
}


def _baseline_round(python: str, task: str, n: int, r: int) -> tuple[int, float]:
    """One round of a Table task on another install: a child process plays it and prints
    the CPU seconds of the play alone (its start and imports are not counted)."""
    out = subprocess.run([python, __file__, "--task", task, "--hands", str(n), "--seed", str(r)],
                         capture_output=True, text=True, check=True)
    return n, float(out.stdout.split()[-1])


def compare_table(rounds: int, n: int, baseline: str | None = None) -> dict[str, float]:
    """Ours only: Table hands (views, events, JSON fan-out, OS deck) against bare hands;
    with ``baseline`` (another install's python) its Table hands too, as ``old: ...``."""
    tasks: dict[str, Callable[[int], tuple[int, float]]] = {
        "bare Hand": lambda r: _timed(lambda: ours_random_hands(n, r), n)}
    for name, fn in TABLE_TASKS.items():
        tasks[name] = lambda r, fn=fn: _timed(lambda: fn(n, r), n)  # type: ignore[misc]
        if baseline is not None:
            tasks[f"old: {name}"] = lambda r, name=name: _baseline_round(baseline, name, n, r)  # type: ignore[misc]
    runs: dict[str, list[tuple[int, float]]] = {k: [] for k in tasks}
    for r in range(rounds):
        for name, fn in tasks.items():
            runs[name].append(fn(r))
    return {k: _median_rate(v) for k, v in runs.items()}


def _median_rate(runs: list[tuple[int, float]]) -> float:
    return statistics.median(count / seconds for count, seconds in runs)


def _timed(fn: Callable[[], object], count: int) -> tuple[int, float]:
    t0 = time.process_time()
    fn()
    return count, time.process_time() - t0


def compare_random(rounds: int, ours_n: int, pk_n: int) -> tuple[float, float]:
    ours: list[tuple[int, float]] = []
    theirs: list[tuple[int, float]] = []
    for r in range(rounds):
        theirs.append(_timed(lambda r=r: pokerkit_random_hands(pk_n, r), pk_n))
        ours.append(_timed(lambda r=r: ours_random_hands(ours_n, r), ours_n))
    return _median_rate(ours), _median_rate(theirs)


def compare_variants(rounds: int, n: int) -> dict[str, float]:
    """Ours only: Omaha and side-pot hands against Hold'em single-pot hands (hands/s)."""
    nl, omaha = GameConfig(big_blind=2), GameConfig(variant="omaha", big_blind=2)
    tasks: dict[str, tuple[GameConfig, list[int]]] = {
        "hold'em, one pot": (nl, [200] * 6),
        "omaha, one pot": (omaha, [200] * 6),
        "hold'em, side pots": (nl, SIDE_POT_STACKS),
        "omaha, side pots": (omaha, SIDE_POT_STACKS),
    }
    runs: dict[str, list[tuple[int, float]]] = {k: [] for k in tasks}
    for r in range(rounds):
        for name, (cfg, stacks) in tasks.items():
            runs[name].append(
                _timed(lambda r=r, c=cfg, s=stacks: ours_random_hands(n, r, c, s), n)
            )
    return {k: _median_rate(v) for k, v in runs.items()}


def pokerkit_parse(texts: Iterable[str]) -> list[Any]:
    """PokerKit's HandHistory of each PHH text (its warnings silenced)."""
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [HandHistory.loads(t) for t in texts]


def pokerkit_play(histories: Iterable[Any]) -> None:
    """Play each PokerKit HandHistory through to its end (its warnings silenced)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hh in histories:
            for _ in hh:
                pass


def compare_replay(rounds: int) -> dict[str, float]:
    from pokerkit import HandHistory

    files = sorted(PLURIBUS.glob("*.phh"))
    if len(files) != 247:
        raise SystemExit(f"expected 247 Pluribus files in {PLURIBUS}, found {len(files)}")
    texts = [f.read_text() for f in files]
    ours_parsed = [h for f in files for h in load_phh(f)]
    pk_parsed = pokerkit_parse(texts)

    def ours_replay() -> None:
        for h in ours_parsed:
            replay_phh(h)

    def pk_replay() -> None:
        pokerkit_play(pk_parsed)

    def ours_full() -> None:
        for t in texts:
            for h in loads_phh(t):
                replay_phh(h)

    def pk_full() -> None:
        pokerkit_play(HandHistory.loads(t) for t in texts)

    n = len(texts)
    res: dict[str, list[tuple[int, float]]] = {k: [] for k in ("o", "p", "of", "pf")}
    for _ in range(rounds):
        res["p"].append(_timed(pk_replay, n))
        res["o"].append(_timed(ours_replay, n))
        res["pf"].append(_timed(pk_full, n))
        res["of"].append(_timed(ours_full, n))
    return {k: _median_rate(v) for k, v in res.items()}


def _print_table(tab: dict[str, float]) -> None:
    base = tab["bare Hand"]
    print("a game server's Table against bare hands (random 6-max NL, ours, medians; old: the"
          " --baseline install):")
    for name, rate in tab.items():
        print(f"  {name:25s} : {rate:9.0f} hands/s  {base / rate:5.2f}x the bare-hand time"
              + ("   (target <= 3x)" if name == "Table, actor's view" else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="fewer hands per round")
    parser.add_argument("--only", choices=("table",), help="run only this task (Task 4)")
    parser.add_argument("--baseline", metavar="PYTHON",
                        help="also run the Table tasks on another install (its python)")
    parser.add_argument("--task", choices=tuple(TABLE_TASKS), help=argparse.SUPPRESS)
    parser.add_argument("--hands", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.task is not None:  # one baseline round (_baseline_round): its CPU seconds
        print(_timed(lambda: TABLE_TASKS[args.task](args.hands, args.seed), args.hands)[1])
        return 0
    ours_n, pk_n = (2000, 40) if args.quick else (10000, 200)
    if args.only == "table":
        _print_table(compare_table(args.rounds, ours_n // 4, args.baseline))
        return 0
    ours, theirs = compare_random(args.rounds, ours_n, pk_n)
    print(f"random 6-max NL hands ({args.rounds} alternating rounds, medians):")
    print(f"  holdem_eval.engine : {ours:10.0f} hands/s  ({1e6 / ours:7.1f} us/hand)")
    print(f"  pokerkit 0.7.7     : {theirs:10.0f} hands/s  ({1e6 / theirs:7.1f} us/hand)")
    print(f"  ratio              : {ours / theirs:10.1f}x   (target >= 200x)")
    var = compare_variants(args.rounds, ours_n)
    base = var["hold'em, one pot"]
    print("random 6-max NL hands by variant and pots (ours, medians):")
    for name, rate in var.items():
        print(f"  {name:18s} : {rate:10.0f} hands/s  {base / rate:5.2f}x the hold'em one-pot time"
              "   (target <= 1.5x)")
    _print_table(compare_table(args.rounds, ours_n // 4, args.baseline))
    snap = compare_snapshots(args.rounds, ours_n // 10)
    print("a table's state on disk after every action (random 6-max NL, ours, medians):")
    print(f"  whole document, rewritten in place : {snap['whole'] * 1e6:6.1f} us/action")
    print(f"  journal record, base at hand end   : {snap['journal'] * 1e6:6.1f} us/action"
          f"  ({snap['whole'] / snap['journal']:.1f}x less)")
    rep = compare_replay(args.rounds)
    print("PHH replay, 247 Pluribus hands (medians):")
    print(f"  replay  ours {rep['o']:8.0f} hands/s  pokerkit {rep['p']:7.0f} hands/s"
          f"  ratio {rep['o'] / rep['p']:5.1f}x   (target >= 50x)")
    print(f"  load+replay ours {rep['of']:5.0f} hands/s  pokerkit {rep['pf']:7.0f} hands/s"
          f"  ratio {rep['of'] / rep['pf']:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
