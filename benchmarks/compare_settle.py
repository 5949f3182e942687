"""Side-by-side settlement benchmark: holdem_eval.engine vs PokerKit 0.7.7, one run.

Task — 6-seat showdowns with two side pots (stacks 100/200/300/300/300/300, all in on
the river, see settle_cases.py). PokerKit plays each hand up to the last call; we time
that last call, which runs PokerKit's showdown, hand killing and chip pushing (its
settlement). We time ``settle`` on the same contributions and cards: with text cards
(as a game server holds them), with card ids, also reading the pot records and hand
descriptions that a Settlement builds on first access, and the readable Python reference
the tests keep as their oracle (tests/engine/settle_reference.py; not in the product). PokerKit states
are single-use, so rounds alternate: a block of PokerKit showdowns, then our rounds on
the same block, so machine noise hits both. Every result is checked against PokerKit's
payouts (with ``Rules.pokerkit()``) before timing. Every figure is CPU time
(``time.process_time``): on a shared machine a wall clock measures the other processes too,
and PokerKit's single calls (milliseconds) caught a time slice of someone else's work far
more often than our blocks did.

``settle_batch`` — N seeded six-seat hands (three all-in levels, ~20 % folds) in one
call on one thread; median of several runs.

Run:  .venv/bin/python benchmarks/compare_settle.py [--blocks 4] [--block-size 50]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from holdem_eval.engine import Rules, settle, settle_batch
from settle_cases import batch_arrays, pokerkit_river_state

# the readable Python settlement, kept as the tests' oracle, timed for comparison
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
from settle_reference import settle_reference as _settle_python


def _finish(state: Any) -> None:
    if state.can_complete_bet_or_raise_to():
        state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
    else:
        state.check_or_call()


def _settle_with_pots(*args: Any, **kwargs: Any) -> Any:
    """settle, then read the pot records and hand descriptions it builds lazily."""
    s = settle(*args, **kwargs)
    return s.pots, s.hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--block-size", type=int, default=50)
    ap.add_argument("--our-rounds", type=int, default=20, help="our rounds per block")
    ap.add_argument("--batch-hands", type=int, default=1_000_000)
    ap.add_argument("--batch-repeats", type=int, default=5)
    args = ap.parse_args()

    pk_times: list[float] = []
    ours: dict[str, list[float]] = {"text": [], "ids": [], "pots": [], "python": []}
    seed = 0
    for _block in range(args.blocks):
        prepared = [pokerkit_river_state(seed + k) for k in range(args.block_size)]
        seed += args.block_size
        cases = [case for _, case in prepared]
        for state, case in prepared:
            start = list(case.contributions)
            t = time.process_time()
            _finish(state)
            pk_times.append(time.process_time() - t)
            s = settle(case.contributions, case.holes, case.board, folded=case.folded,
                       button=case.button, rules=Rules.pokerkit())
            net = [now - before for now, before in zip(state.stacks, start)]
            assert [p - c for p, c in zip(s.payouts, case.contributions)] == net, case
            assert len(settle(case.contributions, case.holes, case.board, folded=case.folded,
                              button=case.button).pots) == 3
        text_args = [(c.contributions, c.holes, c.board, c.folded, c.button) for c in cases]
        id_args = [(c.contributions, c.hole_ids, c.board_ids, c.folded, c.button) for c in cases]
        for _ in range(args.our_rounds):
            for name, rows, fn in (("text", text_args, settle), ("ids", id_args, settle),
                                   ("pots", text_args, _settle_with_pots),
                                   ("python", text_args, _settle_python)):
                t = time.process_time()
                for contributions, holes, board, folded, button in rows:
                    fn(contributions, holes, board, folded=folded, button=button)
                ours[name].append((time.process_time() - t) / len(rows))

    pk = 1 / statistics.median(pk_times)
    rates = {name: 1 / statistics.median(ts) for name, ts in ours.items()}

    arrays = batch_arrays(args.batch_hands)
    settle_batch(**arrays)  # warm up
    batch_times = []
    for _ in range(args.batch_repeats):
        t = time.process_time()
        settle_batch(**arrays)
        batch_times.append(time.process_time() - t)
    batch = args.batch_hands / statistics.median(batch_times)

    print("6-seat showdown, two side pots (same hands, same run)")
    print(f"{'implementation':52} {'showdowns/s':>14} {'vs PokerKit':>12}")
    print(f"{'PokerKit 0.7.7 (last call: showdown, kill, push)':52} {pk:14,.0f} {1.0:11.0f}x")
    for name, label in (("text", "holdem_eval settle (text cards)"),
                        ("ids", "holdem_eval settle (card ids)"),
                        ("pots", "holdem_eval settle + .pots + .hands (text)"),
                        ("python", "Python reference (tests, not product) (text)")):
        print(f"{label:52} {rates[name]:14,.0f} {rates[name] / pk:11.0f}x")
    print(f"{'holdem_eval settle_batch, 1 thread':52} {batch:14,.0f} {batch / pk:11.0f}x")
    print()
    print(f"settle vs PokerKit:        {rates['text'] / pk:7.0f}x   (target >= 1000x)")
    print(f"settle_batch, one thread:  {batch / 1e6:7.2f} M six-seat hands/s   (target >= 1 M)")


if __name__ == "__main__":
    main()
