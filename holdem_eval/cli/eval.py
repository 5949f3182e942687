"""``holdem-eval eval``: rank, category, best five and description of hands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from ..cards import format_cards, parse_cards
from ..categories import best_five, best_five_omaha, describe, hand_category
from ..errors import HoldemEvalError, ShapeError
from ..evaluator import evaluate, evaluate_omaha
from ..hilo import HILO_VARIANTS, describe_low, evaluate_hilo
from .args import add_command, add_quiet_arg, add_variant_args, game

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        sub, "eval",
        summary="evaluate hands",
        description="Evaluate 5-7 card Hold'em hands, or Omaha hole cards against --board. "
        "Each CARDS argument is one whole hand: quote it or write it without spaces.",
        epilog='examples: holdem-eval eval "Ah Kh Qh Jh Th 9c 2d"  ·  holdem-eval eval AhKh QdQs '
        '--board "Qh Jh 2c"  ·  holdem-eval eval - < hands.txt   (one hand per line)',
    )
    p.add_argument("hands", nargs="+", metavar="CARDS",
                   help='a hand such as "Ah Kh Qh Jh Th 9c 2d"; - reads hands from stdin, one per line')
    p.add_argument("--board", default="", help="board cards, added to each hand (required with --omaha)")
    add_variant_args(p, omaha="exactly two hole and three board cards",
                     games="short-deck (cards 6..A, its own rank scale 1..1404), omaha (as "
                     "--omaha), ...; a hi-lo game prints the high and the eight-or-better low "
                     "of each hand")
    p.add_argument("--json", action="store_true", help="one JSON object per hand")
    add_quiet_arg(p)
    p.set_defaults(handler=run)


def _hands(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """``(where, text)`` per hand: each argument, and each stdin line for ``-`` (blank lines
    and ``#`` comments skipped). ``where`` ("argument 2: ", "stdin line 7: ") prefixes
    error messages; it is empty for a single argument."""
    single = len(args.hands) == 1
    for k, text in enumerate(args.hands):
        if text != "-":
            yield ("" if single else f"argument {k + 1}: "), text
            continue
        for n, line in enumerate(sys.stdin, start=1):
            if line.strip() and not line.lstrip().startswith("#"):
                yield f"stdin line {n}: ", line.strip()


def _split_hint(args: argparse.Namespace, board: list[int]) -> str:
    """When the arguments together make one hand, say so: the shell split a hand."""
    if len(args.hands) < 2 or "-" in args.hands:
        return ""
    try:
        joined = parse_cards(" ".join(args.hands)).tolist()
    except HoldemEvalError:
        return ""
    want = range(4, 7) if game(args) == "omaha" else range(5 - len(board), 8 - len(board))
    if len(joined) not in want:
        return ""
    return (f"; each CARDS argument is one whole hand, and these {len(args.hands)} arguments look "
            f'like one hand split by the shell: quote it, e.g. holdem-eval eval "{" ".join(args.hands)}"')


def _print(args: argparse.Namespace, record: dict[str, object], text: str) -> None:
    """One hand's result: its JSON object with --json, else ``text``."""
    print(json.dumps(record) if args.json else text)


def run(args: argparse.Namespace) -> int:
    variant = game(args)
    omaha = variant == "omaha"
    board = parse_cards(args.board).tolist() if args.board else []
    if variant in HILO_VARIANTS:
        return _run_hilo(args, board)
    if omaha and not board:
        raise ShapeError("--omaha needs --board with 3 to 5 cards")
    for where, text in _hands(args):
        try:
            hole = parse_cards(text).tolist()
        except HoldemEvalError as exc:
            raise type(exc)(f"{where}{exc}") from None
        n = len(hole) + len(board)
        if omaha and not 4 <= len(hole) <= 6:
            raise ShapeError(f"{where}an Omaha hole is 4, 5 or 6 cards, got {len(hole)}: {text!r}"
                             + _split_hint(args, board))
        if not omaha and not 5 <= n <= 7:
            with_board = " with the board" if board else ""
            raise ShapeError(f"{where}a hand has 5, 6 or 7 cards{with_board}, got {n}: {text!r}"
                             + _split_hint(args, board))
        scale = "holdem" if omaha else variant  # Omaha ranks on the Hold'em scale
        if omaha:
            rank = evaluate_omaha(hole, board)
            five = best_five_omaha(hole, board)
        else:
            cards = hole + board
            try:
                rank = evaluate(cards, variant=variant)
            except HoldemEvalError as exc:
                raise type(exc)(f"{where}{exc}") from None
            five = best_five(cards, variant=variant)
        record = {
            "cards": format_cards(hole, sep=" ") + (f" | {format_cards(board, sep=' ')}" if board else ""),
            "rank": rank,
            "category": hand_category(rank, scale).label,
            "best_five": format_cards(five, sep=" "),
            "description": describe(rank, scale),
        }
        _print(args, record, f"{record['cards']}\n  rank {rank}  {record['category']}  "
                             f"[{record['best_five']}]  {record['description']}")
    return 0


def _run_hilo(args: argparse.Namespace, board: list[int]) -> int:
    """``eval --variant omaha-hi-lo``: both halves of each hand (holdem_eval.hilo)."""
    for where, text in _hands(args):
        try:
            high, low = evaluate_hilo(text, board, args.variant)
        except HoldemEvalError as exc:
            raise type(exc)(f"{where}{exc}") from None
        hole = parse_cards(text).tolist()
        record = {
            "cards": format_cards(hole, sep=" ") + f" | {format_cards(board, sep=' ')}",
            "rank": high,
            "category": hand_category(high).label,
            "description": describe(high),
            "low": low,
            "low_description": describe_low(low),
        }
        _print(args, record, f"{record['cards']}\n  high {high}  {record['description']}\n"
                             f"  low {low}  {record['low_description']}")
    return 0
