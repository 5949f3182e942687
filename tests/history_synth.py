"""Synthetic PokerStars hand histories: random bots play seeded engine hands, written as
PokerStars text (a test and benchmark tool, not part of the package).

``stars_hands(n, seed)`` yields the text of ``n`` six-max no-limit Hold'em cash hands
($0.50/$1 USD, 5% rake capped at $3, no flop no drop) played by bots that fold, call,
raise or shove at random, with stacks of 20 to 150 big blinds, so that a realistic share
of the hands (about one in seven) is all-in before the river. ``write_stars_files``
writes them to a folder, ``per_file`` hands per file, as a site does one file per table
session. Everything is seeded: the same arguments give the same text.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from holdem_eval.engine import ActionKind, GameConfig, Hand, Rules

__all__ = ["stars_hands", "write_stars_files"]

NAMES = ("Hero", "Villain 1", "ka:ze", "[x]Bob", "Zoë", "tight_tim", "luckyLu", "nit42")
_CONFIG = GameConfig(variant="holdem", betting="no-limit", big_blind=100, small_blind=50)
_RULES = Rules(rake_percent=5, rake_cap=300, no_flop_no_drop=True)
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}


def _card(c: int) -> str:
    return _RANKS[c // 4] + _SUITS[c % 4]


def _cards(cs: tuple[int, ...] | list[int]) -> str:
    return " ".join(_card(c) for c in cs)


def _usd(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}" if cents % 100 else f"${cents // 100}"


def _act(hand: Hand, rng: random.Random) -> None:
    """One random bot decision for the seat to act: shove 2%, raise 15%, else check or
    call (less often the more it costs: a bet of 20 big blinds or more is called 40%)."""
    legal = {a.kind: a for a in hand.legal_actions()}
    r = rng.random()
    raise_ = legal.get(ActionKind.RAISE) or legal.get(ActionKind.BET)
    if raise_ is not None and r < 0.02:
        hand.bet_or_raise_to(raise_.max_amount)  # shove
    elif raise_ is not None and r < 0.17:
        lo, hi = raise_.min_amount, raise_.max_amount
        hand.bet_or_raise_to(min(hi, lo + rng.randrange(0, max(1, lo))))
    elif ActionKind.CHECK in legal or r < (0.40 if hand.to_call >= 2_000 else 0.65):
        hand.check_or_call()
    else:
        hand.fold()


def _text(hand_id: int, hand: Hand, names: list[str], seats: list[int], button: int) -> str:
    n = len(names)
    lines = [f"PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.50/$1 USD) - "
             f"2024/03/{1 + hand_id % 28:02d} {hand_id % 24:02d}:{hand_id % 60:02d}:00 ET",
             f"Table 'Synth {hand_id // 1000}' 6-max Seat #{seats[button]} is the button"]
    lines += [f"Seat {seats[k]}: {names[k]} ({_usd(s)} in chips)"
              for k, s in enumerate(hand.starting_stacks)]
    stacks = list(hand.starting_stacks)
    bets = [0] * n
    current = 0
    board: list[int] = []
    won = [0] * n
    holes = hand.hole_cards
    shown_header = dealt = False
    for e in hand.events:
        who = names[e.seat] if e.seat >= 0 else ""
        if e.kind in ("small_blind", "big_blind"):
            stacks[e.seat] -= e.amount
            bets[e.seat] = e.amount
            current = max(current, e.amount)
            blind = "small blind" if e.kind == "small_blind" else "big blind"
            lines.append(f"{who}: posts {blind} {_usd(e.amount)}")
            continue
        elif e.kind == "hole":
            continue
        elif not dealt:
            lines += ["*** HOLE CARDS ***", f"Dealt to {names[0]} [{_cards(holes[0])}]"]
            dealt = True
        if e.kind == "board":
            board += e.cards
            bets, current = [0] * n, 0
            old = f"[{_cards(board[:-len(e.cards)])}] " if len(board) > 3 else ""
            lines.append(f"*** {_STREETS[len(board)]} *** {old}[{_cards(list(e.cards))}]")
        elif e.kind in ("fold", "check"):
            lines.append(f"{who}: {e.kind}s")
        elif e.kind == "call":
            stacks[e.seat] -= e.amount
            bets[e.seat] += e.amount
            lines.append(f"{who}: calls {_usd(e.amount)}" + _allin(stacks[e.seat]))
        elif e.kind in ("bet", "raise"):
            stacks[e.seat] -= e.amount - bets[e.seat]
            bets[e.seat] = e.amount
            what = (f"bets {_usd(e.amount)}" if e.kind == "bet"
                    else f"raises {_usd(e.amount - current)} to {_usd(e.amount)}")
            current = e.amount
            lines.append(f"{who}: {what}" + _allin(stacks[e.seat]))
        elif e.kind == "uncalled":
            lines.append(f"Uncalled bet ({_usd(e.amount)}) returned to {who}")
        elif e.kind in ("show", "muck"):
            if not shown_header:
                lines.append("*** SHOW DOWN ***")
                shown_header = True
            lines.append(f"{who}: shows [{_cards(e.cards)}]" if e.kind == "show"
                         else f"{who}: mucks hand")
        elif e.kind == "win":
            won[e.seat] += e.amount
            lines.append(f"{who} collected {_usd(e.amount)} from pot")
    pot = sum(won) + hand.rake
    lines += ["*** SUMMARY ***", f"Total pot {_usd(pot)} | Rake {_usd(hand.rake)}"]
    if board:
        lines.append(f"Board [{_cards(board)}]")
    return "\n".join(lines) + "\n"


def _allin(stack: int) -> str:
    return " and is all-in" if stack == 0 else ""


def stars_hands(n: int, seed: int, *, first_id: int = 200_000_000_000) -> Iterator[str]:
    """The text of ``n`` random PokerStars hands (see the module's doc)."""
    rng = random.Random(seed)
    for i in range(n):
        players = rng.randint(2, 6)
        names = rng.sample(NAMES[1:], players - 1)
        names.insert(0, NAMES[0])
        seats = sorted(rng.sample(range(1, 7), players))
        stacks = [rng.randrange(20, 151) * 100 + rng.choice((0, 0, 25, 50)) for _ in names]
        button = rng.randrange(players)
        hand = Hand(_CONFIG, stacks, button=button, seed=rng.getrandbits(63), rules=_RULES,
                    manual_showdown=True)
        while not hand.is_over:
            pending = hand.showdown_pending
            if not pending:
                _act(hand, rng)
            elif len(pending) > 1 and 0 not in hand.stacks and rng.random() < 0.3:
                hand.muck(pending[0])  # a beaten hand may be mucked unless someone is all-in
            else:
                hand.show(pending[0])
        yield _text(first_id + i, hand, names, seats, button)


def write_stars_files(folder: Path, n: int, seed: int, *, per_file: int = 500) -> list[Path]:
    """Write ``n`` hands to ``folder`` as ``hh-00000.txt`` ..., ``per_file`` a file."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    hands = stars_hands(n, seed)
    for k in range(0, n, per_file):
        path = folder / f"hh-{k // per_file:05d}.txt"
        path.write_text("\n\n".join(next(hands) for _ in range(min(per_file, n - k))),
                        encoding="utf-8")
        paths.append(path)
    return paths
