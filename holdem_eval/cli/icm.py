"""``holdem-eval icm STACKS --payouts ...``: each player's ICM prize equity, and with
``--call SEAT --vs SEAT`` the chip EV and $EV of calling an all-in against folding."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any, Union

from ..icm import icm_result
from ..icm_decision import CallEv, icm_call_ev
from .args import add_command

__all__ = ["register", "run"]

Number = Union[int, float]


def _number(text: str) -> Number:
    t = text.strip().rstrip("%").replace("_", "")
    try:
        return int(t)
    except ValueError:
        pass
    try:
        return float(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None


def _numbers(text: str) -> list[Number]:
    """``"50,30,20"`` (commas; a trailing ``%`` is allowed and ignored) as numbers."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r}")
    return [_number(p) for p in parts]


def _ints(text: str) -> list[int]:
    values = _numbers(text)
    bad = [v for v in values if not isinstance(v, int)]
    if bad:
        raise argparse.ArgumentTypeError(f"expected int chips separated by commas, got {text!r}")
    return [int(v) for v in values]


def _unit(text: str) -> float:
    value = _number(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}")
    return float(value)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "icm", raw=True,
        summary="ICM prize equity of stacks; $EV of calling an all-in",
        description="Prize equity of each player by the Independent Chip Model (Malmuth-Harville). "
        "With --call and --vs: the chip EV and the $EV of calling an all-in against folding, and "
        "the break-even equity of each. Players are numbered from 0 in the order of STACKS.",
        epilog="examples: holdem-eval icm 5000 3000 2000 --payouts 50,30,20  ·  holdem-eval icm "
        "5000,3000,2000 --payouts 50,30,20 --call 2 --vs 0 --blinds 0,100,200 --ranges AKo "
        '"22+,A2s+,KTs+"  ·  ... --call 2 --vs 0 --equity 0.45 --json',
    )
    p.add_argument("stacks", nargs="+", type=_numbers, metavar="STACKS",
                   help="chips per player: several arguments or one comma-separated list")
    p.add_argument("--payouts", required=True, type=_numbers, metavar="LIST",
                   help="prize per place from first, comma-separated (amounts or percentages)")
    p.add_argument("--method", choices=("auto", "exact", "monte_carlo"), default="auto",
                   help="ICM method (default: %(default)s: exact up to 22 players)")
    p.add_argument("--trials", type=int, metavar="N", help="Monte Carlo finishing orders")
    p.add_argument("--seed", type=int, help="Monte Carlo seed (ICM, and equity of ranges)")
    p.add_argument("--call", type=int, metavar="SEAT", help="the player who decides (index into STACKS)")
    p.add_argument("--vs", type=int, metavar="SEAT", help="the player who moved all in")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--equity", type=_unit, metavar="E", help="the caller's chance to win, 0..1")
    how.add_argument("--ranges", nargs=2, metavar=("CALLER", "SHOVER"),
                     help='hole cards or ranges of the caller and the shover ("AKo" "22+,A2s+")')
    p.add_argument("--blinds", type=_ints, metavar="LIST",
                   help="live chips each player has posted (one per stack, comma-separated)")
    p.add_argument("--antes", type=_ints, metavar="LIST", help="dead chips each player has posted")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run, parser=p)


def _flat(groups: Sequence[list[Number]]) -> list[Number]:
    return [v for g in groups for v in g]


def _fmt(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def _decision_table(d: CallEv) -> str:
    lines = [
        f"player {d.caller} facing player {d.shover}'s all-in: win {100 * d.win:.2f}%,"
        f" tie {100 * d.tie:.2f}% (equity {100 * d.equity:.2f}%)",
        f"{'':8} {'fold':>12} {'call':>12} {'call - fold':>12} {'break-even':>11}",
        f"{'chips':8} {d.chips_fold:>12,.2f} {d.chips_call:>12,.2f}"
        f" {d.chips_call - d.chips_fold:>+12,.2f} {_pct(d.break_even_chips):>11}",
        f"{'$EV':8} {d.icm_fold:>12.4f} {d.icm_call:>12.4f} {d.icm_call - d.icm_fold:>+12.4f}"
        f" {_pct(d.break_even_icm):>11}",
        "call" if d.call_is_better else "fold",
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    stacks = _flat(args.stacks)
    parser: argparse.ArgumentParser = args.parser
    decision = args.call is not None or args.vs is not None
    if decision and (args.call is None or args.vs is None):
        parser.error("--call and --vs go together")
    if decision and args.equity is None and args.ranges is None:
        parser.error("--call needs --equity or --ranges")
    if not decision and (args.equity is not None or args.ranges or args.blinds or args.antes):
        parser.error("--equity, --ranges, --blinds and --antes need --call and --vs")
    if decision:
        d = icm_call_ev(stacks, args.payouts, caller=args.call, shover=args.vs,  # type: ignore[arg-type]
                        equity=args.equity, ranges=args.ranges, blinds=args.blinds, antes=args.antes,
                        method=args.method, trials=args.trials, seed=args.seed)
        print(json.dumps(d.to_dict()) if args.json else _decision_table(d))
        return 0
    r = icm_result(stacks, args.payouts, method=args.method, trials=args.trials, seed=args.seed)
    if args.json:
        doc: dict[str, Any] = {"stacks": stacks, "payouts": list(r.payouts), "equity": r.equity.tolist(),
                               "stderr": r.stderr.tolist(), "exact": r.exact, "trials": r.trials,
                               "seed": r.seed}
        print(json.dumps(doc))
        return 0
    total = sum(r.payouts)
    print(f"{'player':>6} {'stack':>12} {'equity':>12} {'share':>8}")
    for k, (s, e) in enumerate(zip(stacks, r.equity.tolist())):
        print(f"{k:>6} {_fmt(s):>12} {e:>12.4f} {100 * e / total if total else 0.0:>7.2f}%")
    print("exact" if r.exact else f"Monte Carlo, {r.trials:,} trials, seed {r.seed}"
          f" (max stderr {r.stderr.max():.4f})")
    return 0
