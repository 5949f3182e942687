"""``holdem-eval eval``: rank, category, best five and description of hands."""

from __future__ import annotations

import argparse
import json

from .cards import format_cards, parse_cards
from .categories import best_five, best_five_omaha, describe, hand_category
from .errors import ShapeError
from .evaluator import evaluate, evaluate_omaha

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "eval",
        help="evaluate hands",
        description="Evaluate 5-7 card Hold'em hands, or Omaha hole cards against --board.",
        epilog='example: holdem-eval eval "Ah Kh Qh Jh Th 9c 2d"',
    )
    p.add_argument("hands", nargs="+", metavar="CARDS", help='cards such as "Ah Kh Qh Jh Th 9c 2d"')
    p.add_argument("--board", default="", help="board cards, added to each hand (required with --omaha)")
    p.add_argument("--omaha", action="store_true", help="Omaha: exactly two hole and three board cards")
    p.add_argument("--json", action="store_true", help="one JSON object per hand")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    board = parse_cards(args.board).tolist() if args.board else []
    if args.omaha and not board:
        raise ShapeError("--omaha needs --board with 3 to 5 cards")
    for text in args.hands:
        hole = parse_cards(text).tolist()
        if args.omaha:
            rank = evaluate_omaha(hole, board)
            five = best_five_omaha(hole, board)
        else:
            cards = hole + board
            rank = evaluate(cards)
            five = best_five(cards)
        record = {
            "cards": format_cards(hole, sep=" ") + (f" | {format_cards(board, sep=' ')}" if board else ""),
            "rank": rank,
            "category": hand_category(rank).label,
            "best_five": format_cards(five, sep=" "),
            "description": describe(rank),
        }
        if args.json:
            print(json.dumps(record))
        else:
            print(f"{record['cards']}\n  rank {rank}  {record['category']}  "
                  f"[{record['best_five']}]  {record['description']}")
    return 0
