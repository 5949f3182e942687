"""Synthetic PokerStars hand histories: random bots play seeded engine hands, written as
PokerStars text (a test and benchmark tool, not part of the package).

``stars_hands(n, seed)`` yields the text of ``n`` six-max no-limit Hold'em cash hands
($0.50/$1 USD, 5% rake capped at $3, no flop no drop) played by bots that fold, call,
raise or shove at random, with stacks of 20 to 150 big blinds, so that a realistic share
of the hands (about one in seven) is all-in before the river. ``write_stars_files``
writes them to a folder, ``per_file`` hands per file, as a site does one file per table
session. Everything is seeded: the same arguments give the same text.
"""

# ruff: noqa: RUF001  (the Russian client's words are Cyrillic on purpose)

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from holdem_eval.engine import ActionKind, Event, GameConfig, Hand, Rules

__all__ = ["SHAPES", "SynthHand", "join_hands", "mixed_hands", "stars_hands", "synth_hands",
           "write_stars_files"]

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


def _act(hand: Hand, rng: random.Random, shove: float = 0.02) -> None:
    """One random bot decision for the seat to act: shove (2%), raise 15%, else check or
    call (less often the more it costs: a bet of 20 big blinds or more is called 40%)."""
    legal = {a.kind: a for a in hand.legal_actions()}
    r = rng.random()
    raise_ = legal.get(ActionKind.RAISE) or legal.get(ActionKind.BET)
    if raise_ is not None and r < shove:
        hand.bet_or_raise_to(raise_.max_amount)  # shove
    elif raise_ is not None and r < shove + 0.15:
        lo, hi = raise_.min_amount, raise_.max_amount
        hand.bet_or_raise_to(min(hi, lo + rng.randrange(0, max(1, lo))))
    elif ActionKind.CHECK in legal or r < (0.40 if hand.to_call >= 2_000 else 0.65):
        hand.check_or_call()
    else:
        hand.fold()


def _text(hand_id: int, hand: Hand, names: list[str], seats: list[int], button: int) -> str:
    lines = [f"PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.50/$1 USD) - "
             f"2024/03/{1 + hand_id % 28:02d} {hand_id % 24:02d}:{hand_id % 60:02d}:00 ET",
             f"Table 'Synth {hand_id // 1000}' 6-max Seat #{seats[button]} is the button"]
    lines += [f"Seat {seats[k]}: {names[k]} ({_usd(s)} in chips)"
              for k, s in enumerate(hand.starting_stacks)]
    return "\n".join(lines + _stars_like(hand, names, _usd, gg=False)) + "\n"


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
        hand = _play(rng, _CONFIG, _RULES, stacks, button)
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


# ---- the shapes of other clients ----------------------------------------------------------
#
# ``synth_hands(shape, n, seed)`` yields :class:`SynthHand`s of one of :data:`SHAPES`: the
# same random engine hands, written as another client writes them, with what a reader must
# find in them (``expect``). ``write_history_file`` joins hands as exports join them.

SHAPES = ("stars-cash", "stars-bounty", "stars-tournament", "stars-sitting-out",
          "stars-run-twice", "gg-cash-straddle", "gg-tournament", "gg-run-twice", "party-cash",
          "party-rake-10", "party-2011-tournament", "party-2016-tournament", "party-sit-and-go",
          "winamax-cash", "winamax-tournament", "winamax-sit-and-go", "winamax-french",
          "stars-spanish-cash", "stars-spanish-tournament", "stars-german-cash",
          "stars-german-tournament", "stars-french-cash", "stars-french-tournament",
          "stars-portuguese-cash", "stars-portuguese-tournament", "stars-russian-cash",
          "stars-russian-tournament")
"""stars-cash: PokerStars cash (as :func:`stars_hands`); stars-tournament: a tournament with
antes ('Level IV (50/100)'); stars-sitting-out: a cash table with a player sitting out (not
dealt in); stars-run-twice, gg-run-twice: all-ins run twice ('*** FIRST FLOP ***' ...
'*** SECOND RIVER ***'); party-rake-10: PartyPoker cash raked 10% (the site prints no
rake: worked out); party-2016-tournament, party-sit-and-go: the 2016 client ('NL Texas
Hold'em $5 USD Buy-in  - ...', 'Trny: N Level: L' and 'Blinds-Antes(...)' below the seats);
stars-LANGUAGE-cash, stars-LANGUAGE-tournament: PokerStars' Spanish, German, French,
Portuguese and Russian clients (:data:`_STARS_CLIENTS`: 'Mano n.º N de PokerStars:', 'pone
la ciega pequeña 0.02 €', 'sube 0.07 € a 0.12 €'; 'PokerStars Hand Nr. N:', 'erhöht 0,04 € auf
0,06 €'; 'Main
PokerStars n°N :', 'Alice : relance 400 à 600');
winamax-cash, winamax-tournament, winamax-sit-and-go: Winamax, the uncalled bet in what its
owner collects; winamax-french: Winamax's French client ('Siège', 'poste la petite blinde',
'relance 1€ à 1.50€', 'suit', 'passe', 'checke'); stars-bounty: PokerStars
progressive knockout tournament (seat bounties, 'wins $X for eliminating Y and their own
bounty increases by ...'); gg-cash-straddle: GGPoker cash with the bare 'X: straddle $2' from
UTG or, restated, from the big blind; gg-tournament: GGPoker tournament, 'Level7(1,750/3,500)'
or with the ante 'Level7(1,750/3,500(350))', amounts grouped by commas; party-cash:
PartyPoker cash; party-2011-tournament: PartyPoker's 2011 tournament header ('NL Texas
Hold'em  Trny: N Level: 3  Blinds(50/100)') with no blind or ante posts printed."""


class SynthHand(NamedTuple):
    text: str
    site: str
    hand_id: str
    expect: dict[str, Any]
    """What the reader must find: 'players' (PHH order), 'stacks' (each player's finishing
    stack, by name, in the site's money), 'runs' (the runs of the board), 'bounties' and
    'bounties_won' (by name), 'inferred' (the posts inferred), 'blinds' (PHH
    blinds_or_straddles in units of the hand's amounts as Decimal strings)."""


_ALL_NAMES = (*NAMES, "Ana Lü", "Mr. Pink")  # nine-handed tables need ten names
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _money(cents: int, *, trim: bool = False) -> str:
    """'$12.50' (PokerStars, PartyPoker) or '$12.5' (GGPoker, ``trim``)."""
    text = _usd(cents)
    return text.rstrip("0").rstrip(".") if trim and "." in text else text


def _chips(n: int, *, grouped: bool = False) -> str:
    return f"{n:,}" if grouped else str(n)


def _play(rng: random.Random, config: GameConfig, rules: Rules, stacks: list[int],
          button: int, *, runs: int = 1) -> Hand:
    """A random hand; ``runs``: the players all agree to run the board that many times
    when they are all-in with cards to come."""
    hand = Hand(config, stacks, button=button, seed=rng.getrandbits(63), rules=rules,
                manual_showdown=True, max_runs=runs)
    while not hand.is_over:
        for seat in hand.runs_pending:
            hand.choose_runs(seat, runs)
        pending = hand.showdown_pending
        if hand.runs_pending:
            continue
        if not pending:
            _act(hand, rng, 0.02 if runs == 1 else 0.12)
        elif len(pending) > 1 and 0 not in hand.stacks and rng.random() < 0.3:
            hand.muck(pending[0])
        else:
            hand.show(pending[0])
    return hand


def _players(rng: random.Random, low: int, high: int) -> tuple[list[str], list[int], int]:
    count = rng.randint(low, high)
    names = rng.sample(_ALL_NAMES[1:], count - 1)
    names.insert(0, _ALL_NAMES[0])
    seats = sorted(rng.sample(range(1, 10), count))
    return names, seats, rng.randrange(count)


def _tournament(rng: random.Random, seats: tuple[int, int], levels: int, step: int,
                antes: Callable[[int, int], tuple[int, ...]], depth: tuple[int, int],
                odd: int) -> tuple[Hand, list[str], list[int], int, int]:
    """A random tournament hand: ``seats`` players (fewest, most), a level of 1..``levels``
    with a small blind of ``step`` a level, an ante drawn from ``antes(level, sb)``, stacks
    of ``depth`` big blinds plus up to ``odd`` chips. The hand, names, seats, button and
    level."""
    names, places, button = _players(rng, *seats)
    level = rng.randint(1, levels)
    sb = step * level
    config = GameConfig(variant="holdem", betting="no-limit", big_blind=2 * sb, small_blind=sb,
                        ante=rng.choice(antes(level, sb)), mode="tournament")
    stacks = [rng.randrange(*depth) * 2 * sb + rng.randrange(0, odd) for _ in names]
    return _play(rng, config, Rules(), stacks, button), names, places, button, level


def _order(names: list[str], button: int) -> list[str]:
    """PHH order: from the seat after the button, the button last."""
    n = len(names)
    return [names[(button + 1 + k) % n] for k in range(n)]


def _stars_like(hand: Hand, names: list[str], money: Callable[[int], str], *, gg: bool,
                bounty_lines: list[str] | None = None, winamax: bool = False) -> list[str]:
    """The body of a PokerStars or GGPoker hand: posts to summary (money as ``money``);
    ``winamax``: Winamax's, which follows it with a space after the name, no uncalled bet
    line (what its owner collects holds it) and a total pot of what was collected."""
    n = len(names)
    at = " " if winamax else ": "  # what follows an actor's name
    lines: list[str] = ["*** ANTE/BLINDS ***"] if winamax else []
    bets = [0] * n
    current = 0
    board: list[int] = []
    won = [0] * n
    back = [0] * n
    holes = hand.hole_cards
    dealt = shown = False
    ran: int | None = None  # the board's cards when the players agreed to run it twice
    for e, left, _ in _annotated(hand):
        who = names[e.seat] if e.seat >= 0 else ""
        if e.kind == "runs":
            ran = len(board) if e.amount > 1 else None
            continue
        if e.kind == "run_board":
            lines += _second_run(board[:ran or 0], list(e.cards), e.amount)
            continue
        if e.kind in ("run_choice", "run", "run_win", "hole", "rake"):
            continue
        if e.kind == "ante":
            lines.append(f"{who}{at}posts {'' if winamax else 'the '}ante {money(e.amount)}")
            continue
        if e.kind in ("small_blind", "big_blind", "straddle"):
            bets[e.seat] = e.amount
            current = max(current, e.amount)
            if e.kind == "straddle":
                lines.append(f"{who}: straddle {money(e.amount)}" if gg
                             else f"{who}: posts straddle {money(e.amount)}")
            else:
                blind = "small blind" if e.kind == "small_blind" else "big blind"
                lines.append(f"{who}{at}posts {blind} {money(e.amount)}")
            continue
        if not dealt:
            lines.append("*** PRE-FLOP ***" if winamax else "*** HOLE CARDS ***")
            if gg:
                lines += [f"Dealt to {names[k]}" + (f" [{_cards(holes[0])}]" if k == 0 else "")
                          for k in range(n)]
            else:
                lines.append(f"Dealt to {names[0]} [{_cards(holes[0])}]")
            dealt = True
        if e.kind == "board":
            board += e.cards
            bets, current = [0] * n, 0
            old = f"[{_cards(board[:-len(e.cards)])}]{'' if winamax else ' '}" if len(board) > 3 else ""
            first = "FIRST " if ran is not None else ""
            lines.append(f"*** {first}{_STREETS[len(board)]} *** {old}[{_cards(list(e.cards))}]")
        elif e.kind in ("fold", "check"):
            lines.append(f"{who}{at}{e.kind}s")
        elif e.kind == "call":
            bets[e.seat] += e.amount
            lines.append(f"{who}{at}calls {money(e.amount)}" + _allin(left))
        elif e.kind in ("bet", "raise"):
            bets[e.seat] = e.amount
            what = (f"bets {money(e.amount)}" if e.kind == "bet"
                    else f"raises {money(e.amount - current)} to {money(e.amount)}")
            current = e.amount
            lines.append(f"{who}{at}{what}" + _allin(left))
        elif e.kind == "uncalled" and winamax:
            back[e.seat] += e.amount
        elif e.kind == "uncalled":
            lines.append(f"Uncalled bet ({money(e.amount)}) returned to {who}")
        elif e.kind in ("show", "muck"):
            if not shown:
                lines.append("*** SHOWDOWN ***" if gg else "*** SHOW DOWN ***")
                shown = True
            lines.append(f"{who}{at}shows [{_cards(e.cards)}]" if e.kind == "show"
                         else f"{who}{at}mucks{'' if winamax else ' hand'}")
        elif e.kind == "win":
            won[e.seat] += e.amount
            if not winamax:
                lines.append(f"{who} collected {money(e.amount)} from pot")
    if winamax:
        lines += [f"{names[k]} collected {money(won[k] + back[k])} from pot"
                  for k in range(n) if won[k] or back[k]]
        rake = f"Rake {money(hand.rake)}" if hand.rake else "No rake"
        return [*lines, "*** SUMMARY ***", f"Total pot {money(sum(won) + sum(back))} | {rake}"]
    lines += bounty_lines or []
    pot = sum(won) + hand.rake
    lines += ["*** SUMMARY ***", f"Total pot {money(pot)} | Rake {money(hand.rake)}"
              + (" | Jackpot $0" if gg and money(0).startswith("$") else "")]
    if board:
        lines.append(f"Board [{_cards(board)}]")
    return lines


def _second_run(shared: list[int], cards: list[int], run: int) -> list[str]:
    """A later run's streets as PokerStars prints them: '*** SECOND TURN *** [..] [Jd]'."""
    word = {2: "SECOND", 3: "THIRD", 4: "FOURTH"}[run]
    board, lines = list(shared), []
    while cards:
        take = 3 if not board else 1
        new, cards = cards[:take], cards[take:]
        old = f"[{_cards(board)}] " if board else ""
        board += new
        lines.append(f"*** {word} {_STREETS[len(board)]} *** {old}[{_cards(new)}]")
    return lines


def _annotated(hand: Hand) -> list[tuple[Event, int, int]]:
    """Each event of ``hand`` with the stack its seat has left after it (0: all-in) and the
    board cards dealt so far."""
    left = list(hand.starting_stacks)
    street = [0] * len(left)
    board = 0
    out = []
    for e in hand.events:
        if e.kind == "board":
            board += len(e.cards)
            street = [0] * len(left)
        elif e.kind in ("ante", "dead"):
            left[e.seat] -= e.amount
        elif e.kind in ("small_blind", "big_blind", "straddle", "post", "call"):
            left[e.seat] -= e.amount
            street[e.seat] += e.amount
        elif e.kind in ("bet", "raise"):
            left[e.seat] -= e.amount - street[e.seat]
            street[e.seat] = e.amount
        out.append((e, left[e.seat] if e.seat >= 0 else 0, board))
    return out


def _stars_cash(rng: random.Random, hand_id: int) -> SynthHand:
    text = next(stars_hands(1, rng.getrandbits(32), first_id=hand_id))
    return SynthHand(text, "pokerstars", str(hand_id), {})


def _stars_bounty(rng: random.Random, hand_id: int) -> SynthHand:
    """A PokerStars progressive knockout hand: chips, antes, a bounty on every seat and the
    elimination of every player who busts."""
    names, seats, button = _players(rng, 3, 9)
    level = rng.randint(1, 12)
    sb = 10 * level
    config = GameConfig(variant="holdem", betting="no-limit", big_blind=2 * sb, small_blind=sb,
                        ante=sb // 5, mode="tournament")
    stacks = [rng.randrange(8, 120) * 2 * sb + rng.randrange(0, 50) for _ in names]
    bounties = [rng.choice((250, 250, 375, 500, 1_250, 3_020)) for _ in names]
    hand = _play(rng, config, Rules(), stacks, button)
    busted = [k for k, left in enumerate(hand.stacks) if left == 0]
    payouts = list(hand.payouts or [0] * len(names))
    won: dict[str, int] = {}
    lines = []
    for k in busted:
        winner = max(range(len(names)), key=lambda j: payouts[j])
        cash = bounties[k] // 2
        grow = bounties[k] - cash
        lines.append(f"{names[winner]} wins {_usd(cash)} for eliminating {names[k]} and their"
                     f" own bounty increases by {_usd(grow)} to {_usd(bounties[winner] + grow)}")
        lines.append(f"{names[k]} finished the tournament in {len(names) - len(busted) + 1}th place")
        won[names[winner]] = won.get(names[winner], 0) + cash
        bounties[winner] += grow
    head = [f"PokerStars Hand #{hand_id}: Tournament #{3_990_000_000 + level}, $2.50+$2.40+$0.60"
            f" USD Hold'em No Limit - Level {_roman(level)} ({sb}/{2 * sb}) - 2024/04/27"
            f" 12:{hand_id % 60:02d}:33 ET",
            f"Table '{3_990_000_000 + level} 7' 9-max Seat #{seats[button]} is the button"]
    seat_bounties = _bounties_before(bounties, busted, names, lines)
    head += [f"Seat {seats[k]}: {names[k]} ({s} in chips, {_usd(seat_bounties[k])} bounty)"
             for k, s in enumerate(hand.starting_stacks)]
    body = _stars_like(hand, names, lambda c: str(c), gg=False, bounty_lines=lines)
    order = _order(names, button)
    expect = {"players": order,
              "bounties": {names[k]: Decimal(seat_bounties[k]) / 100 for k in range(len(names))},
              "bounties_won": {name: Decimal(c) / 100 for name, c in won.items()}}
    return SynthHand("\n".join(head + body) + "\n", "pokerstars", str(hand_id), expect)


def _bounties_before(after: list[int], busted: list[int], names: list[str],
                     lines: list[str]) -> list[int]:
    """The seat bounties the hand starts with, from the bounties after it and the
    'increases by' of each elimination line."""
    before = list(after)
    for line in lines:
        if " and their own bounty increases by " in line:
            who = line.split(" wins ", 1)[0]
            grow = line.split(" increases by $", 1)[1].split(" ", 1)[0]
            k = names.index(who)
            before[k] -= round(Decimal(grow) * 100)
    return before


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def _gg_cash_straddle(rng: random.Random, hand_id: int) -> SynthHand:
    """A GGPoker cash hand ($0.5/$1) with a straddle: the bare 'X: straddle $2' from UTG, or
    the big blind's restated 'straddle $2', 'straddle $4' (4 in, a big blind of 4)."""
    names, seats, button = _players(rng, 3, 6)
    from_big_blind = rng.random() < 0.4
    if from_big_blind:
        top = rng.choice((200, 400))
        config = GameConfig(variant="holdem", betting="no-limit", big_blind=top, small_blind=50,
                            min_bet=100)
    else:
        config = GameConfig(variant="holdem", betting="no-limit", big_blind=100, small_blind=50,
                            straddle=200)
    stacks = [rng.randrange(40, 250) * 100 + rng.choice((0, 0, 25, 69)) for _ in names]
    hand = _play(rng, config, _RULES, stacks, button)
    money = partial(_money, trim=True)
    body = _stars_like(hand, names, money, gg=True)
    blinds: list[str] = ["0.5", "1" if not from_big_blind else str(Decimal(top) / 100)]
    if from_big_blind:  # the big blind's post as GGPoker prints it: 1, then each straddle
        k = next(k for k, line in enumerate(body) if ": posts big blind " in line)
        who = body[k].split(": posts big blind ", 1)[0]
        steps = [f"{who}: posts big blind $1"] + [f"{who}: straddle {money(s)}"
                                                  for s in (200, 400) if s <= top]
        body[k:k + 1] = steps
    else:
        blinds.append("2")
    head = [f"Poker Hand #HD{hand_id}: Hold'em No Limit ($0.5/$1) - 2024/08/22"
            f" 02:{hand_id % 60:02d}:06",
            f"Table 'NLHSilver{hand_id % 20}' 6-max Seat #{seats[button]} is the button"]
    head += [f"Seat {seats[k]}: {names[k]} ({money(s)} in chips)"
             for k, s in enumerate(hand.starting_stacks)]
    n = len(names)
    phh_blinds = blinds + ["0"] * (n - len(blinds))
    if n == 2:
        phh_blinds = [phh_blinds[1], phh_blinds[0]]
    return SynthHand("\n".join(head + body) + "\n", "ggpoker", f"HD{hand_id}",
                     {"players": _order(names, button), "blinds": phh_blinds})


def _gg_tournament(rng: random.Random, hand_id: int) -> SynthHand:
    """A GGPoker tournament hand: 'Level7(1,750/3,500)', with the ante in the stakes
    'Level7(1,750/3,500(350))' when there is one; chips grouped by commas."""
    hand, names, seats, button, level = _tournament(rng, (2, 8), 30, 250, lambda lv, sb: (0, sb // 5),
                                                    (10, 80), 1000)
    sb, ante = hand.config.small_blind, hand.config.ante
    chips = partial(_chips, grouped=True)
    stakes = f"{chips(sb)}/{chips(2 * sb)}" + (f"({chips(ante)})" if ante else "")
    head = [f"Poker Hand #TM{hand_id}: Tournament #{280_000_000 + level}, Bounty Hunters"
            f" Special $10.80 Hold'em No Limit - Level{level}({stakes}) - 2024/06/02"
            f" 18:{hand_id % 60:02d}:00",
            f"Table '{level}' 8-max Seat #{seats[button]} is the button"]
    head += [f"Seat {seats[k]}: {names[k]} ({chips(s)} in chips)"
             for k, s in enumerate(hand.starting_stacks)]
    body = _stars_like(hand, names, chips, gg=True)
    return SynthHand("\n".join(head + body) + "\n", "ggpoker", f"TM{hand_id}",
                     {"players": _order(names, button)})


def _party_date(hand_id: int) -> str:
    day = 1 + hand_id % 28
    weekday = _DAYS[(day + 4) % 7]  # 1 March 2024 was a Friday
    return f"{weekday}, March {day:02d}, 20:{hand_id % 60:02d}:00 EST 2024"


def _party_body(hand: Hand, names: list[str], money: Callable[[int], str], *,
                posts: bool, unit: str) -> list[str]:
    """PartyPoker's lines from the posts to the wins: bracketed amounts, a raise as what the
    player adds, 'is all-In' for every all-in, the uncalled bet counted in what its owner
    wins, no summary."""
    n = len(names)
    lines: list[str] = []
    bets = [0] * n
    holes = hand.hole_cards
    dealt = False
    back: dict[int, int] = {}
    for e, left, board in _annotated(hand):
        who = names[e.seat] if e.seat >= 0 else ""
        if e.kind in ("ante", "small_blind", "big_blind"):
            if e.kind != "ante":
                bets[e.seat] = e.amount
            if posts:
                what = {"ante": "ante", "small_blind": "small blind", "big_blind": "big blind"}
                dot = "" if e.kind == "ante" else "."
                lines.append(f"{who} posts {what[e.kind]} [{money(e.amount)}]{dot}")
            continue
        if e.kind in ("hole", "rake"):
            continue
        if not dealt:
            lines.append("** Dealing down cards **")
            lines.append(f"Dealt to {names[0]} [  {_cards(holes[0])} ]")
            dealt = True
        if e.kind == "board":
            bets = [0] * n
            name = {3: "Flop", 4: "Turn", 5: "River"}[board]
            lines.append(f"** Dealing {name} ** [ {', '.join(_card(c) for c in e.cards)} ]")
        elif e.kind in ("fold", "check"):
            lines.append(f"{who} {e.kind}s")
        elif e.kind in ("call", "bet", "raise"):
            added = e.amount if e.kind == "call" else e.amount - bets[e.seat]
            bets[e.seat] = bets[e.seat] + e.amount if e.kind == "call" else e.amount
            if left == 0:
                lines.append(f"{who} is all-In  [{money(added)}]")
            else:
                verb = {"call": "calls", "bet": "bets", "raise": "raises"}[e.kind]
                lines.append(f"{who} {verb} [{money(added)}]")
        elif e.kind == "uncalled":
            back[e.seat] = back.get(e.seat, 0) + e.amount
        elif e.kind == "show":
            lines.append(f"{who} shows [ {', '.join(_card(c) for c in e.cards)} ]a hand.")
        elif e.kind == "muck":
            lines.append(f"{who} does not show cards.")
        elif e.kind == "win":
            amount = e.amount + back.pop(e.seat, 0)
            lines.append(f"{who} wins {money(amount)}{unit} from the main pot")
    for seat, amount in back.items():  # an uncalled bet whose owner wins no pot
        lines.append(f"{names[seat]} wins {money(amount)}{unit} from the side pot 1")
    return lines


def _party_cash_text(hand: Hand, names: list[str], seats: list[int], button: int,
                     hand_id: int) -> str:
    money = lambda c: f"{_usd(c)} USD"  # noqa: E731 - a one-line formatter
    head = [f"***** Hand History for Game {hand_id} *****",
            f"$0.50/$1 USD NL Texas Hold'em - {_party_date(hand_id)}",
            f"Table Synth {hand_id % 50} (Real Money)",
            f"Seat {seats[button]} is the button",
            f"Total number of players : {len(names)}/9 "]
    head += [f"Seat {seats[k]}: {names[k]} ( {money(s)} )" for k, s in enumerate(hand.starting_stacks)]
    return "\n".join(head + _party_body(hand, names, money, posts=True, unit="")) + "\n"


def _party_cash(rng: random.Random, hand_id: int) -> SynthHand:
    names, seats, button = _players(rng, 2, 9)
    stacks = [rng.randrange(20, 150) * 100 + rng.choice((0, 0, 25, 50)) for _ in names]
    hand = _play(rng, _CONFIG, _RULES, stacks, button)
    return SynthHand(_party_cash_text(hand, names, seats, button, hand_id), "partypoker",
                     str(hand_id), _finish(hand, names, button, 100))


def _party_2011(rng: random.Random, hand_id: int) -> SynthHand:
    """PartyPoker's 2011 tournament client: 'NL Texas Hold'em  Trny: N Level: L  Blinds(S/B)'
    (a freeroll: two spaces where the buy-in goes), no blind or ante posts printed."""
    hand, names, seats, button, level = _tournament(rng, (2, 9), 10, 10, lambda lv, sb: (0, 0, lv),
                                                    (10, 100), 100)
    sb, ante = hand.config.small_blind, hand.config.ante
    chips = partial(_chips, grouped=True)
    blinds = f"Blinds-Antes({sb}/{2 * sb} -{ante})" if ante else f"Blinds({sb}/{2 * sb})"
    head = [f"***** Hand History for Game {hand_id} *****",
            f"NL Texas Hold'em  Trny: {65_000_000 + level} Level: {level}  {blinds} -"
            f" {_party_date(hand_id).replace('EST', 'CET')}",
            f"Table Freeroll ({65_000_000 + level}) Table #{level} (Real Money)",
            f"Seat {seats[button]} is the button",
            f"Total number of players : {len(names)}/9 "]
    head += [f"Seat {seats[k]}: {names[k]} ( {chips(s)} )" for k, s in enumerate(hand.starting_stacks)]
    body = _party_body(hand, names, chips, posts=False, unit=" chips")
    order = _order(names, button)
    body = [line.replace(" chips from the main pot", " chips").replace(" chips from the side pot 1", " chips")
            for line in body]
    posted = {e.kind: (names[e.seat], e.amount) for e in hand.events
              if e.kind in ("small_blind", "big_blind")}
    antes = {names[e.seat]: e.amount for e in hand.events if e.kind == "ante"}
    inferred = [f"{name!r} posts the ante {antes[name]}" for name in order if name in antes]
    inferred += [f"{posted['small_blind'][0]!r} posts the small blind {posted['small_blind'][1]}",
                 f"{posted['big_blind'][0]!r} posts the big blind {posted['big_blind'][1]}"]
    return SynthHand("\n".join(head + body) + "\n", "partypoker", str(hand_id),
                     {"players": order, "inferred": inferred})


def _finish(hand: Hand, names: list[str], button: int, unit: int) -> dict[str, Any]:
    """The expectations every shape shares: the PHH order, each player's finishing stack
    (``unit`` units a site's unit: 100 for cents) and the runs of the board."""
    return {"players": _order(names, button), "runs": hand.runs,
            "stacks": {n: Decimal(s) / unit for n, s in zip(names, hand.stacks)}}


def _stars_variant(rng: random.Random, hand_id: int, *, runs: int = 1, sitting_out: bool = False,
                   gg: bool = False) -> SynthHand:
    """PokerStars (or GGPoker) cash: a player sitting out beside the table (seated, not
    dealt in), or all-ins run ``runs`` times."""
    names, seats, button = _players(rng, 2, 6)
    stacks = [rng.randrange(20, 150) * 100 + rng.choice((0, 0, 25, 50)) for _ in names]
    hand = _play(rng, _CONFIG, _RULES, stacks, button, runs=runs)
    money = partial(_money, trim=gg)
    seat_lines = [(seats[k], f"{names[k]} ({money(s)} in chips)") for k, s in enumerate(hand.starting_stacks)]
    body = _stars_like(hand, names, money, gg=gg)
    if sitting_out:
        away = next(n for n in _ALL_NAMES if n not in names)
        seat_lines.append((next(s for s in range(1, 10) if s not in seats),
                           f"{away} ($31.50 in chips) is sitting out"))
        body.insert(0, f"{away}: is sitting out")
    ident = f"HD{hand_id}" if gg else str(hand_id)
    title = "Poker Hand" if gg else "PokerStars Hand"
    head = [f"{title} #{ident}: Hold'em No Limit ({money(50)}/{money(100)}{'' if gg else ' USD'}) -"
            f" 2024/03/{1 + hand_id % 28:02d} 21:{hand_id % 60:02d}:00{'' if gg else ' ET'}",
            f"Table 'Vega {hand_id % 30}' 6-max Seat #{seats[button]} is the button"]
    head += [f"Seat {seat}: {text}" for seat, text in sorted(seat_lines)]
    return SynthHand("\n".join(head + body) + "\n", "ggpoker" if gg else "pokerstars", ident,
                     _finish(hand, names, button, 100))


def _stars_tournament(rng: random.Random, hand_id: int) -> SynthHand:
    """A PokerStars tournament (or sit & go: the same header) with antes, in chips."""
    hand, names, seats, button, level = _tournament(rng, (2, 9), 15, 10, lambda lv, sb: (sb // 5,),
                                                    (8, 120), 50)
    sb = hand.config.small_blind
    head = [f"PokerStars Hand #{hand_id}: Tournament #{3_100_000_000 + level}, $5+$0.50 USD"
            f" Hold'em No Limit - Level {_roman(level)} ({sb}/{2 * sb}) - 2024/05/11"
            f" 19:{hand_id % 60:02d}:02 ET",
            f"Table '{3_100_000_000 + level} 1' 9-max Seat #{seats[button]} is the button"]
    head += [f"Seat {seats[k]}: {names[k]} ({s} in chips)" for k, s in enumerate(hand.starting_stacks)]
    body = _stars_like(hand, names, str, gg=False)
    return SynthHand("\n".join(head + body) + "\n", "pokerstars", str(hand_id),
                     _finish(hand, names, button, 1))


def _party_rake_10(rng: random.Random, hand_id: int) -> SynthHand:
    """PartyPoker cash raked 10% of the pot (the site prints neither the rake nor the pot)."""
    names, seats, button = _players(rng, 2, 9)
    stacks = [rng.randrange(20, 150) * 100 + rng.choice((0, 0, 25, 50)) for _ in names]
    hand = _play(rng, _CONFIG, Rules(rake_percent=10, no_flop_no_drop=True), stacks, button)
    text = _party_cash_text(hand, names, seats, button, hand_id)
    return SynthHand(text, "partypoker", str(hand_id), _finish(hand, names, button, 100))


def _party_2016(rng: random.Random, hand_id: int, *, sit_and_go: bool = False) -> SynthHand:
    """PartyPoker's 2016 tournament client: the buy-in on the game line, the tournament's
    number, level, blinds and ante on lines of their own below the seats, posts printed."""
    hand, names, seats, button, level = _tournament(rng, (2, 6 if sit_and_go else 9), 12, 10,
                                                    lambda lv, sb: (0, sb // 5), (10, 100), 100)
    sb, ante = hand.config.small_blind, hand.config.ante
    trny = 128_400_000 + hand_id % 1000
    table = (f"$5 Sit & Go Turbo ({trny}) Table #1" if sit_and_go
             else f"Sunday Special ({trny}) Table #{level}")
    blinds = f"Blinds-Antes({sb}/{2 * sb} -{ante})" if ante else f"Blinds({sb}/{2 * sb})"
    head = [f"***** Hand History for Game {hand_id} *****",
            f"NL Texas Hold'em $5 USD Buy-in  - {_party_date(hand_id).replace('EST', 'CEST')}",
            f"Table {table} (Real Money)", f"Seat {seats[button]} is the button",
            f"Total number of players : {len(names)}/{6 if sit_and_go else 9}"]
    head += [f"Seat {seats[k]}: {names[k]} ( {s} )" for k, s in enumerate(hand.starting_stacks)]
    head += [f"Trny: {trny} Level: {level}", blinds]
    body = _party_body(hand, names, str, posts=True, unit=" chips")
    return SynthHand("\n".join(head + body) + "\n", "partypoker", str(hand_id),
                     _finish(hand, names, button, 1))


_WINAMAX_FRENCH = {"Seat ": "Siège ", "posts small blind": "poste la petite blinde",
                   "posts big blind": "poste la grosse blinde", "folds": "passe",
                   "checks": "checke", "calls": "suit", "bets": "mise", "raises": "relance",
                   " to ": " à ", "and is all-in": "et est all-in", "shows": "montre"}


def _winamax(rng: random.Random, hand_id: int, *, kind: str = "cash", french: bool = False) -> SynthHand:
    """Winamax: cash in euros ('0.25€'), a tournament or sit & go in chips (the ante first in
    the stakes: '(10/50/100)'); no uncalled bet line (what its owner collects holds it) and a
    'Total pot' of what was collected; ``french``: the French client's words."""
    names, seats, button = _players(rng, 2, 6 if kind != "tournament" else 9)
    cash = kind == "cash"
    if cash:
        config, rules, unit = _CONFIG, _RULES, 100
        stacks = [rng.randrange(20, 150) * 100 + rng.choice((0, 0, 25, 50)) for _ in names]
    else:
        sb = 10 * rng.randint(1, 12)
        config = GameConfig(variant="holdem", betting="no-limit", big_blind=2 * sb, small_blind=sb,
                            ante=sb // 5 if kind == "tournament" else 0, mode="tournament")
        rules, unit = Rules(), 1
        stacks = [rng.randrange(10, 100) * 2 * sb + rng.randrange(0, 100) for _ in names]
    hand = _play(rng, config, rules, stacks, button)

    def money(c: int) -> str:
        if not cash:
            return str(c)
        return f"{c // 100}€" if c % 100 == 0 else f"{c // 100}.{c % 100:02d}€"

    cfg = hand.config
    stakes = f"{money(cfg.small_blind)}/{money(cfg.big_blind)}"
    if cash:
        what = "CashGame"
    elif kind == "tournament":
        what = f'Tournament "Sunday Surprise" buyIn: 9€ + 1€ level: {cfg.small_blind // 10}'
        stakes = f"{cfg.ante}/{stakes}"
    else:
        what = f'Tournament "Expresso" buyIn: 0.92€ + 0.08€ level: {cfg.small_blind // 10}'
    ident = f"{hand_id % 1000}-{hand_id % 97}-{hand_id}"
    lines = [f"Winamax Poker - {what} - HandId: #{ident} - Holdem no limit ({stakes}) - 2024/03/"
             f"{1 + hand_id % 28:02d} 20:{hand_id % 60:02d}:00 UTC",
             f"Table: '{'Paris 01' if cash else 'Expresso(12345)#0'}' {6 if cash else 9}-max"
             f" (real money) Seat #{seats[button]} is the button"]
    lines += [f"Seat {seats[k]}: {names[k]} ({money(s)})" for k, s in enumerate(hand.starting_stacks)]
    lines += _stars_like(hand, names, money, gg=False, winamax=True)
    if french:
        lines = [_french(line, names) for line in lines]
    return SynthHand("\n".join(lines) + "\n", "winamax", ident, _finish(hand, names, button, unit))


def _french(line: str, names: list[str]) -> str:
    """A Winamax line in the French client's words (player names left as they are)."""
    name = next((n for n in sorted(names, key=len, reverse=True) if line.startswith(n + " ")), "")
    head, rest = line[:len(name)], line[len(name):]
    if " collected " in rest or line.startswith(("Winamax", "Table", "***", "Total", "Dealt")):
        return line
    for english, french in _WINAMAX_FRENCH.items():
        rest = rest.replace(english, french)
    return head + rest


# PokerStars' localized clients: how each writes a line the English client writes (see
# docs/histories.md for which words a real export confirms); money as the client prints it
_STARS_CLIENTS: dict[str, dict[str, str]] = {
    "es": {"title": "Mano n.º {id} de PokerStars:", "table": 'Mesa "{table}" {max} El asiento'
           " n.º {button} es el botón", "seat": "Asiento", "chips": "en fichas", "sep": ": ",
           "small blind": "pone la ciega pequeña", "big blind": "pone la ciega grande",
           "the ante": "pone el ante", "folds": "se retira", "checks": "pasa", "calls": "iguala",
           "bets": "apuesta", "raises": "sube", "to": "a", "all-in": "y va all-in",
           "HOLE CARDS": "CARTAS DE MANO", "SUMMARY": "RESUMEN", "dealt": "Repartidas a",
           "uncalled": "La apuesta no igualada ({amount}) ha sido devuelta a {name}",
           "collected": "{name} se lleva {amount} del bote", "shows": "muestra",
           "mucks": "descarta su mano sin mostrar", "total": "Bote total {pot} | Comisión {rake}",
           "board": "Comunitarias", "tournament": "Torneo n.º", "level": "Nivel", "date": "-",
           "decimal": ".", "group": "", "code": ""},
    "de": {"title": "PokerStars Hand Nr. {id}:", "table": "Tisch '{table}' {max} Platz #{button}"
           " ist der Button", "seat": "Platz", "chips": "in Chips", "sep": ": ",
           "small blind": "setzt Small Blind", "big blind": "setzt Big Blind",
           "the ante": "setzt Ante", "folds": "passt", "checks": "checkt", "calls": "geht mit",
           "bets": "setzt", "raises": "erhöht", "to": "auf", "all-in": "und ist all-in",
           "HOLE CARDS": "HOLE CARDS", "SUMMARY": "ZUSAMMENFASSUNG", "dealt": "Dealt to",
           "uncalled": "Nicht gecallter Einsatz ({amount}) geht an {name} zurück",
           "collected": "{name} kassiert {amount} aus dem Pot", "shows": "zeigt",
           "mucks": "zeigt nicht", "total": "Pot gesamt: {pot} | Rake: {rake}", "board": "Board",
           "tournament": "Turnier #", "level": "Level", "date": ".", "decimal": ",",
           "group": ".", "code": " EUR"},
    "fr": {"title": "Main PokerStars n°{id} :", "table": "Table '{table}' {max} Siège #{button}"
           " est au bouton", "seat": "Siège", "chips": "en jetons", "sep": " : ",
           "small blind": "met la petite blind", "big blind": "met la grosse blind",
           "the ante": "met l'ante", "folds": "se couche", "checks": "parole", "calls": "suit",
           "bets": "mise", "raises": "relance", "to": "à", "all-in": "et est all-in",
           "HOLE CARDS": "CARTES FERMÉES", "SUMMARY": "RÉSUMÉ", "dealt": "Distribuées à",
           "uncalled": "Mise non suivie ({amount}) rendue à {name}",
           "collected": "{name} remporte {amount} du pot", "shows": "montre",
           "mucks": "ne montre pas", "total": "Pot total {pot} | Rake {rake}", "board": "Tableau",
           "tournament": "Tournoi n°", "level": "Niveau", "date": "/", "decimal": ",",
           "group": " ", "code": " EUR"},
    "pt": {"title": "Mão PokerStars #{id}:", "table": "Mesa '{table}' {max} Lugar #{button} é o"
           " botão", "seat": "Lugar", "chips": "em fichas", "sep": ": ",
           "small blind": "paga o small blind", "big blind": "paga o big blind",
           "the ante": "coloca ante", "folds": "desiste", "checks": "passa", "calls": "iguala",
           "bets": "aposta", "raises": "aumenta", "to": "para", "all-in": "e está all-in",
           "HOLE CARDS": "CARTAS DA MÃO", "SUMMARY": "SUMÁRIO", "dealt after": "recebe",
           "uncalled": "Aposta não-igualada ({amount}) voltou para {name}",
           "collected": "{name} recebeu {amount} do pote", "shows": "mostra",
           "mucks": "não mostra", "total": "Total pote {pot} | comissão {rake}", "board": "Mesa",
           "tournament": "Torneio #", "level": "Nível", "date": "ymd", "decimal": ".",
           "group": "", "code": " USD", "symbol": "$ "},
    "ru": {"title": "Раздача PokerStars №{id}:", "table": "Стол '{table}' {max} Баттон на месте"
           " №{button}", "seat": "Место", "chips": "фишек", "sep": ": ",
           "small blind": "ставит малый блайнд", "big blind": "ставит большой блайнд",
           "the ante": "ставит анте", "folds": "делает фолд", "checks": "делает чек",
           "calls": "делает колл", "bets": "делает бет", "raises": "делает рейз", "to": "",
           "all-in": "и олл-ин", "HOLE CARDS": "ЗАКРЫТЫЕ КАРТЫ", "SUMMARY": "ИТОГ",
           "FLOP": "ФЛОП", "TURN": "ТЕРН", "RIVER": "РИВЕР", "SHOW DOWN": "ВСКРЫТИЕ КАРТ",
           "dealt": "Карты", "game": "Холдем Безлимитный",
           "uncalled": "Неуравненная ставка ({amount}) возвращается игроку {name}",
           "collected": "{name} получил {amount} ( банк)", "shows": "открывает",
           "mucks": "не показывает", "total": "Общий банк {pot} | Доля {rake}", "board": "Борд",
           "tournament": "Турнир №", "level": "Уровень", "date": ".", "decimal": ".",
           "group": "", "code": " USD", "symbol": "$"},
}
_EN_MONEY = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)|(?<![\w#.$/-])(\d{2,})(?![\w:/.-])")
_EN_LINES = (
    ("title", re.compile(r"PokerStars Hand #(?P<id>\d+): (?P<game>.*?)\((?P<stakes>[^()]*)\) - "
                         r"(?P<y>\d{4})/(?P<m>\d\d)/(?P<d>\d\d) (?P<time>\S+) ET")),
    ("table", re.compile(r"Table '(?P<table>.*)' (?P<max>\S+) Seat #(?P<button>\d+) is the button")),
    ("seat", re.compile(r"Seat (?P<n>\d+): (?P<name>.+) \((?P<stack>\S+) in chips\)")),
    ("uncalled", re.compile(r"Uncalled bet \((?P<amount>\S+)\) returned to (?P<name>.+)")),
    ("collected", re.compile(r"(?P<name>.+) collected (?P<amount>\S+) from pot")),
    ("total", re.compile(r"Total pot (?P<pot>\S+) \| Rake (?P<rake>\S+)")),
    ("board", re.compile(r"Board (?P<cards>\[.*\])")),
    ("street", re.compile(r"\*\*\* (?P<title>HOLE CARDS|SUMMARY|FLOP|TURN|RIVER|SHOW DOWN)"
                          r" \*\*\*(?P<cards>.*)")),
    ("dealt", re.compile(r"Dealt to (?P<rest>.+)")),
    ("action", re.compile(r"(?P<name>.+?): (?P<what>posts (?:small blind|big blind|the ante)|folds"
                          r"|checks|calls|bets|raises|shows|mucks hand)(?P<rest>.*)")),
)


def _client_money(words: dict[str, str], m: re.Match[str]) -> str:
    """An amount of the English text ('$1,234.50'; chips '1500') as ``words``' client
    writes it ('1.234,50 €', chips '1.500')."""
    if m[1] is not None:
        value = Decimal(m[1].replace(",", ""))
        text = f"{value:,.2f}".replace(",", "\0").replace(".", words["decimal"])
        text = text.replace("\0", words["group"])
        text = text[:-3] if text.endswith(words["decimal"] + "00") else text
        return words["symbol"] + text if "symbol" in words else f"{text} €"
    return f"{int(m[2]):,}".replace(",", words["group"])


def _localized(text: str, lang: str) -> str:
    """An English PokerStars hand (:func:`_stars_variant`, :func:`_stars_tournament`) as
    ``lang``'s client writes it."""
    words = _STARS_CLIENTS[lang]
    out = []
    for line in text.splitlines():
        kind, m = next(((k, p.fullmatch(line)) for k, p in _EN_LINES if p.fullmatch(line)),
                       ("", None))
        if m is None:
            out.append(line)
            continue
        g = {k: _EN_MONEY.sub(partial(_client_money, words), v) if k in ("pot", "rake", "amount",
                                                                          "stack", "rest") else v
             for k, v in m.groupdict().items()}
        if kind == "title":
            game = m["game"].replace("Tournament #", words["tournament"]).replace(
                "Level", words["level"]).replace("Hold'em No Limit", words.get("game", "Hold'em No Limit"))
            game = _EN_MONEY.sub(partial(_client_money, words), game.replace(" USD", words["code"]))
            stakes = "/".join(_EN_MONEY.sub(partial(_client_money, words), a)
                              for a in m["stakes"].replace(" USD", "").split("/"))
            sep = words["date"]
            date = (f"{m['y']}/{m['m']}/{m['d']}" if sep == "ymd"
                    else f"{m['d']}{sep}{m['m']}{sep}{m['y']}")
            line = (words["title"].format(id=m["id"]) + f"  {game}({stakes}"
                    + (words["code"] if "$" in m["stakes"] else "") + f") - {date} {m['time']} CET"
                    f" [{date} 12:00:00 ET]")
        elif kind == "table":
            line = words["table"].format(**g)
        elif kind == "seat":
            line = f"{words['seat']} {g['n']}: {g['name']} ({g['stack']} {words['chips']})"
        elif kind in ("uncalled", "collected", "total"):
            line = words[kind].format(**g)
        elif kind == "board":
            line = f"{words['board']} {g['cards']}"
        elif kind == "street":
            line = f"*** {words.get(g['title'], g['title'])} ***{g['cards']}"
        elif kind == "dealt" and "dealt after" in words:  # 'Hero recebe [2s Qc]'
            name, cards = g["rest"].split(" [", 1)
            line = f"{name} {words['dealt after']} [{cards}"
        elif kind == "dealt":
            line = f"{words['dealt']} {g['rest']}"
        else:
            what = m["what"].removeprefix("posts ").replace("mucks hand", "mucks")
            rest = g["rest"].replace(" and is all-in", " " + words["all-in"])
            to = f" {words['to']} " if words["to"] else " "  # Russian: 'делает рейз $2 $3'
            rest = rest.replace(" to ", to) if what == "raises" else rest
            line = f"{g['name']}{words['sep']}{words[what]}{rest}"
        out.append(line)
    return "\n".join(out) + "\n"


def _stars_client(rng: random.Random, hand_id: int, *, lang: str, tournament: bool) -> SynthHand:
    """A PokerStars hand, cash or tournament, as ``lang``'s client writes it."""
    hand = _stars_tournament(rng, hand_id) if tournament else _stars_variant(rng, hand_id)
    return hand._replace(text=_localized(hand.text, lang))


_SHAPE_WRITERS: dict[str, Callable[[random.Random, int], SynthHand]] = {
    "stars-cash": _stars_cash, "stars-bounty": _stars_bounty,
    "stars-tournament": _stars_tournament,
    "stars-sitting-out": partial(_stars_variant, sitting_out=True),
    "stars-run-twice": partial(_stars_variant, runs=2),
    "gg-cash-straddle": _gg_cash_straddle, "gg-tournament": _gg_tournament,
    "gg-run-twice": partial(_stars_variant, runs=2, gg=True),
    "party-cash": _party_cash, "party-rake-10": _party_rake_10,
    "party-2011-tournament": _party_2011, "party-2016-tournament": _party_2016,
    "party-sit-and-go": partial(_party_2016, sit_and_go=True),
    "winamax-cash": _winamax, "winamax-tournament": partial(_winamax, kind="tournament"),
    "winamax-sit-and-go": partial(_winamax, kind="sng"),
    "winamax-french": partial(_winamax, french=True),
    **{f"stars-{name}-{kind}": partial(_stars_client, lang=lang, tournament=kind == "tournament")
       for lang, name in (("es", "spanish"), ("de", "german"), ("fr", "french"),
                          ("pt", "portuguese"), ("ru", "russian"))
       for kind in ("cash", "tournament")},
}


def synth_hands(shape: str, n: int, seed: int, *, first_id: int = 300_000_000_000) -> Iterator[SynthHand]:
    """``n`` random hands of ``shape`` (one of :data:`SHAPES`), seeded."""
    write = _SHAPE_WRITERS[shape]
    rng = random.Random(seed)
    for i in range(n):
        yield write(rng, first_id + i)


def join_hands(texts: Sequence[str], *, style: str = "blank") -> str:
    """Hands as one export file: 'blank' (blank lines between, as most clients), 'stars-export'
    (PokerStars' '*********** # 2 **************' line before each hand, after a
    transcript header), 'party-nul' (PartyPoker's NUL byte between hands) or 'party-game-no'
    (PartyPoker's 'Game #N starts.' and '#Game No : N' between hands)."""
    if style == "blank":
        return "\n\n\n".join(texts)
    if style == "stars-export":
        return "Transcript for tournament #3994841634 requested by Hero (hero@example.com)\n\n" + \
            "".join(f"*********** # {k} **************\n{t}\n\n" for k, t in enumerate(texts, 1))
    if style == "party-nul":
        return "\x00".join(t + "\n" for t in texts)
    if style == "party-game-no":
        out = []
        for k, t in enumerate(texts):
            game = t.split("Game ", 1)[1].split(" ", 1)[0]
            out.append((f"#Game No : {game}\n" if k else "") + t)
            out.append(f"Game #{int(game) + 1} starts.\n\n")
        return "".join(out)
    raise ValueError(f"style must be blank, stars-export, party-nul or party-game-no, got {style!r}")


def mixed_hands(n: int, seed: int) -> tuple[str, list[SynthHand]]:
    """``n`` hands of random shapes joined as a user joins exports of several sites into
    one file (blank lines between; a PokerStars export's separators where two PokerStars
    hands follow each other): the text and the hands in order."""
    rng = random.Random(seed)
    streams = {shape: synth_hands(shape, n, rng.getrandbits(32), first_id=400_000_000_000
                                  + 1_000_000 * k) for k, shape in enumerate(SHAPES)}
    hands = [next(streams[rng.choice(SHAPES)]) for _ in range(n)]
    pieces = []
    for k, hand in enumerate(hands):
        if k and hand.site == "pokerstars" and hands[k - 1].site == "pokerstars":
            pieces.append(f"*********** # {k + 1} **************\n")
        pieces.append(hand.text + "\n\n")
    return "".join(pieces), hands
