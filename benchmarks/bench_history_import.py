"""Hand-history import speed: holdem_eval's reader (read only, and read + strict
verification on the engine) against PokerKit 0.7.7's own PokerStars parser, on the same text.

Input: the real PokerStars hands of ``tests/data/histories/PokerStars`` that our importer
verifies exactly, one text, repeated to make a run of about ``--hands`` hands. PokerKit's
``HandHistory.from_pokerstars`` parses the hands it can (it also plays each through its
state machine to check it); the ratio is measured on the hands it parses ("common"), and
the report also says how many of our verified hands it parses at all.

Timings are CPU time (``time.process_time``) of one process on one core; the rounds
alternate between the three tasks so machine noise hits all of them; the report gives the
median hands/s of each and the ratio of medians. A timing is a result, never an assertion.

The samples repeated make the same hands again, so what is remembered per distinct value
(card texts, a settlement rule made for a rake rate) is made once; the report adds read +
verify on as many distinct generated PokerStars hands (tests/history_synth.py: random
stacks, bets and a rake rate of their own), where it is made for every hand.

Run:  .venv/bin/python benchmarks/bench_history_import.py [--rounds 5] [--hands 2000]
Also a pytest-benchmark suite: ``pytest benchmarks/bench_history_import.py
--benchmark-enable --benchmark-only`` (hands/s in ``extra_info``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from holdem_eval.engine import load_history, verify_history

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from history_synth import stars_hands  # the tests' generator

STARS = Path(__file__).resolve().parents[1] / "tests" / "data" / "histories" / "PokerStars"


def verified_hands() -> list[str]:
    """The text of each PokerStars sample hand our importer verifies exactly."""
    hands = []
    for check in verify_history(STARS):
        if check.method != "exact":
            continue
        lines = Path(check.file).read_bytes().decode("utf-8-sig").splitlines()
        # the hand's lines: from its header to the next header (or the end)
        start = check.line - 1
        end = next((k for k in range(start + 1, len(lines))
                    if lines[k].lstrip("\ufeff").startswith("PokerStars ")), len(lines))
        hands.append("\n".join(lines[start:end]).strip() + "\n")
    return hands


def pokerkit_count(text: str) -> int:
    """How many hands PokerKit's PokerStars parser returns for ``text`` (it reports the
    hands it cannot parse with a warning and a traceback, which are silenced)."""
    from pokerkit import HandHistory

    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        return sum(1 for _ in HandHistory.from_pokerstars(text))


def pokerkit_parses(hand: str) -> bool:
    try:
        return pokerkit_count(hand) == 1
    except Exception:  # any failure of the peer's parser: it does not parse this hand
        return False


def corpus(hands: Sequence[str], size: int) -> tuple[str, int]:
    """The hands' text repeated to about ``size`` hands, and its hand count."""
    repeat = max(1, -(-size // max(1, len(hands))))
    return "\n\n".join(list(hands) * repeat), len(hands) * repeat


def ours_read(text: str) -> int:
    return sum(1 for _ in load_history(text, site="pokerstars"))


def ours_verify(text: str) -> int:
    checks = verify_history(text, site="pokerstars")
    return sum(check.ok for check in checks)


def _cpu(task: Callable[[str], int], text: str) -> tuple[float, int]:
    start = time.process_time()
    count = task(text)
    return time.process_time() - start, count


def measure(text: str, hands: int, rounds: int) -> dict[str, float]:
    """Median hands/s of each task over interleaved rounds."""
    tasks: dict[str, Callable[[str], int]] = {
        "read": ours_read, "read + verify": ours_verify, "PokerKit parse": pokerkit_count,
    }
    rates: dict[str, list[float]] = {name: [] for name in tasks}
    for _ in range(rounds):
        for name, task in tasks.items():
            seconds, count = _cpu(task, text)
            if count != hands:
                raise SystemExit(f"{name}: {count} hands, expected {hands}")
            rates[name].append(hands / seconds)
    return {name: statistics.median(values) for name, values in rates.items()}


def stages(text: str, hands: int, rounds: int) -> dict[str, float]:
    """CPU µs per hand of each stage of read + verify (the best of ``rounds``): cutting the
    text into hands (engine/history/source.py), reading each into a site-neutral record
    (stars.py), the record to a PhhHand (record.to_phh: the checks, the PHH table and the
    replay plan written together, then phh.read's planned_hand: the amounts to units
    once), the strict replay and the comparison with the site's stacks (load._check)."""
    from holdem_eval.engine.history.load import _check
    from holdem_eval.engine.history.record import to_phh
    from holdem_eval.engine.history.source import hand_texts
    from holdem_eval.engine.history.stars import read_stars_hand

    def best(task: Callable[[], Any]) -> tuple[float, Any]:
        times, out = [], None
        for _ in range(rounds):
            start = time.process_time()
            out = task()
            times.append(time.process_time() - start)
        return min(times) * 1e6 / hands, out

    split, chunks = best(lambda: list(hand_texts(text, "pokerstars")))
    read, _ = best(lambda: [read_stars_hand(c.site, c.file, c.line, c.lines) for c in chunks])
    both, _ = best(lambda: [to_phh(read_stars_hand(c.site, c.file, c.line, c.lines))
                            for c in chunks])
    times = []  # each round on hands just read: nothing derived by a replay before
    for _ in range(rounds):
        phhs = [to_phh(read_stars_hand(c.site, c.file, c.line, c.lines)) for c in chunks]
        start = time.process_time()
        for phh in phhs:
            _check(phh)
        times.append(time.process_time() - start)
    check = min(times) * 1e6 / hands
    return {"split": split, "read": read, "to_phh": both - read, "replay + compare": check}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2000, help="hands per round (about)")
    parser.add_argument("--stages", action="store_true",
                        help="also the µs per hand of each stage of read + verify")
    args = parser.parse_args(argv)
    ours = verified_hands()
    common = [hand for hand in ours if pokerkit_parses(hand)]
    print(f"PokerStars samples: {len(ours)} hands verified by ours; PokerKit parses"
          f" {len(common)} of them")
    text, hands = corpus(common, args.hands)
    print(f"common hands x{hands // len(common)} = {hands} hands per round,"
          f" {args.rounds} interleaved rounds, CPU time")
    medians = measure(text, hands, args.rounds)
    for name, rate in medians.items():
        print(f"  {name:<15} {rate:>10,.0f} hands/s")
    ratio = medians["read + verify"] / medians["PokerKit parse"]
    print(f"  ratio read + verify / PokerKit parse: {ratio:.1f}x")
    text, hands = corpus(ours, args.hands)
    seconds, _ = _cpu(ours_verify, text)
    print(f"all {len(ours)} verified hands x{hands // len(ours)}: read + verify"
          f" {hands / seconds:,.0f} hands/s (one round)")
    distinct = "\n\n".join(stars_hands(hands, seed=39))
    seconds, count = _cpu(ours_verify, distinct)
    print(f"{hands} distinct generated PokerStars hands: read + verify"
          f" {hands / seconds:,.0f} hands/s (one round, {count} verified)")
    if args.stages:
        parts = stages(text, hands, args.rounds)
        print("  stages (µs/hand, best of rounds): " + ", ".join(
            f"{name} {us:.0f}" for name, us in parts.items()) + f"; total {sum(parts.values()):.0f}")
    return 0


# ---- pytest-benchmark ---------------------------------------------------------------

def test_history_read_and_verify(benchmark: Any) -> None:
    text, hands = corpus(verified_hands(), 500)
    benchmark(ours_verify, text)
    benchmark.extra_info["hands"] = hands
    benchmark.extra_info["hands_per_s"] = hands / benchmark.stats.stats.median


if __name__ == "__main__":
    sys.exit(main())
