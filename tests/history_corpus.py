"""A format corpus of 888poker hand histories: random engine hands written in every shape
the site's clients write (a test tool, not part of the package).

A *shape* is one row of :data:`SHAPES`: cash game or tournament (any buy-in, freeroll,
play money), skin, client language (card words and number format, from the rows of
:data:`holdem_eval.engine.history.locale.LANGUAGES`), rake up to 10%, a jackpot table or
a capped one, a player declining to post by folding before the deal, an all-in printed
as a raise nobody can call, the '#Game No' line and the '** Dealing down cards **' line
present or not. A new shape is one more row.

:func:`corpus_hands` plays seeded random hands on the engine (bots that fold, call, raise
and shove, as ``history_synth`` does) and writes each as the shape says; each comes with
what the reader must make of it: the engine's own finishing stacks (the hand verifies
exactly and ends every player there), or the piece of the refusal a person reading the
hand would give (a capped hand in which a player reaches the cap).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from holdem_eval.engine import ActionKind, GameConfig, Hand, Rules
from holdem_eval.engine.history.locale import Language, language

__all__ = ["SHAPES", "CorpusHand", "Shape", "corpus_hands", "format_amount", "write_888"]

NAMES = ("Hero", "Villain 1", "ka:ze", "[x]Bob", "Zoë", "tight_tim", "luckyLu", "nit42", "Mr.Pesto")
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


@dataclass(frozen=True)
class Shape:
    """One way 888poker writes a hand (see the module's doc)."""

    name: str
    language: str = "en"
    skin: str = "888poker"
    money: str = "cash"
    """``cash``, ``play`` (play money) or ``tournament``."""
    buy_in: str = "$0.09 + $0.01"
    """A tournament's buy-in as printed (``Free`` for a freeroll)."""
    chip_symbol: bool = True
    """A tournament's chips printed with a ``$`` (older clients) or bare (``18.429``)."""
    rake: Fraction = Fraction(5)
    """The cash game's rake in percent of the pot (no rake without a flop)."""
    jackpot: bool = False
    cap_bb: int = 0
    """A capped table: the cap in big blinds (0: none)."""
    declines: bool = False
    """A seated player folds between the blind posts (declines the big blind)."""
    allin_raise: bool = False
    """An all-in nobody can top is printed as a raise of the whole stack."""
    game_no: bool = True
    """The '#Game No : N' line before the title."""
    deal_line: bool = True
    """The '** Dealing down cards **' line (some files lack it)."""
    antes: bool = False
    runs: int = 1
    """All-in players agree to run the board this many times (``** First runout **``,
    ``** Second runout **``, ``Second runout X collected [ $10 ]``)."""


SHAPES: tuple[Shape, ...] = (
    Shape("cash"),
    Shape("cash-no-game-no-line", game_no=False),
    Shape("cash-no-deal-line", deal_line=False),
    Shape("snap", skin="888poker Snap Poker"),
    Shape("skin-es", skin="888.es", language="es"),
    Shape("skin-it", skin="888.it", language="it"),
    Shape("skin-pt", skin="888.pt", language="pt"),
    Shape("cassava", skin="Cassava"),
    Shape("rake-7.5", rake=Fraction(15, 2)),
    Shape("rake-10", rake=Fraction(10)),
    Shape("jackpot", jackpot=True, rake=Fraction(9)),
    Shape("cap-never-reached", cap_bb=1000),
    Shape("cap-reached", cap_bb=20),
    Shape("declines", declines=True),
    Shape("declines-no-deal-line", declines=True, deal_line=False),
    Shape("allin-raise", allin_raise=True),
    Shape("german", language="de"),
    Shape("french", language="fr"),
    Shape("spanish", language="es"),
    Shape("portuguese", language="pt"),
    Shape("italian", language="it"),
    Shape("russian", language="ru"),
    Shape("swedish", language="sv"),
    Shape("dutch", language="nl"),
    Shape("play-money", money="play"),
    Shape("tournament", money="tournament", antes=True),
    Shape("tournament-cent", money="tournament", buy_in="$0.01"),
    Shape("tournament-fee", money="tournament", buy_in="$18.30 + $1.70", antes=True),
    Shape("tournament-euro", money="tournament", buy_in="4,95 € + 0,55 €", chip_symbol=False,
          language="es", skin="888.es", antes=True),
    Shape("freeroll", money="tournament", buy_in="Free"),
    Shape("tournament-play", money="tournament", buy_in="", antes=True),
    Shape("tournament-german-allin", money="tournament", language="de", allin_raise=True,
          declines=True, antes=True),
    Shape("run-twice", runs=2),
)
"""Every shape the corpus writes (the tests read each back)."""


@dataclass(frozen=True)
class CorpusHand:
    """A generated hand: its text, the shape, the engine's finishing stacks (site order of
    the engine's seats, in the hand's units) and what the reader must make of it."""

    text: str
    shape: Shape
    stacks: tuple[int, ...]
    names: tuple[str, ...]
    refusal: str | None
    """None: the hand verifies exactly; else a piece of the reason it is refused."""
    allin_raises: int
    """How many all-ins are printed as raises nobody can call."""


def format_amount(units: int, shape: Shape, *, cents: bool) -> str:
    """An amount as the shape's clients print it: ``$1,234.56``, ``1.234,56\u00a0$``,
    tournament chips ``$3,548`` or ``18.429``."""
    row = language(shape.language)
    whole, frac = divmod(units, 100) if cents else (units, 0)
    digits = f"{whole:,}".replace(",", row.group)
    if cents and frac:
        digits += f"{row.decimal}{frac:02d}"
    if shape.money == "tournament":
        return ("$" if shape.chip_symbol else "") + digits
    if shape.money == "play":
        return digits
    return f"{digits}\u00a0$" if row.symbol_after else f"${digits}"


def _card(c: int, row: Language) -> str:
    rank, suit = _RANKS[c // 4], _SUITS[c % 4]
    if row.code == "en":
        return rank + suit
    rank_word = next((w for w, r in row.ranks.items() if r == rank), None)
    if rank_word is None:
        rank_word = "10" if rank == "T" else rank
    suit_word = next(w for w, s in row.suits.items() if s == suit)
    return rank_word + suit_word


def _cards(cards: tuple[int, ...] | list[int], row: Language) -> str:
    return "[ " + ", ".join(_card(c, row) for c in cards) + " ]"


def _act(hand: Hand, rng: random.Random, stuck: set[int]) -> None:
    """A random bot decision (as ``history_synth``'s); ``stuck`` collects the events of
    calls made with chips behind when nobody could be raised (the all-in shape)."""
    legal = {a.kind: a for a in hand.legal_actions()}
    r = rng.random()
    raise_ = legal.get(ActionKind.RAISE) or legal.get(ActionKind.BET)
    seat = hand.actor
    if raise_ is None and ActionKind.CALL in legal and hand.stacks[seat] > hand.to_call \
            and r < 0.8:
        stuck.add(len(hand.events))
        hand.call()
    elif raise_ is not None and r < 0.06:
        hand.bet_or_raise_to(raise_.max_amount)  # shove
    elif raise_ is not None and r < 0.2:
        lo, hi = raise_.min_amount, raise_.max_amount
        hand.bet_or_raise_to(min(hi, lo + rng.randrange(0, max(1, lo))))
    elif ActionKind.CHECK in legal or r < 0.6:
        hand.check_or_call()
    else:
        hand.fold()


def write_888(hand: Hand, shape: Shape, names: list[str], seats: list[int], hand_id: int,
              stuck: set[int], decliner: tuple[str, int] | None, cap: int) -> tuple[str, int]:
    """The 888poker text of the finished engine ``hand`` in ``shape`` (the engine's
    players ``names`` at site ``seats``; ``decliner`` a seated player who folds between
    the posts), and the number of all-ins written as raises."""
    row = language(shape.language)
    cents = shape.money != "tournament"

    def amt(units: int) -> str:
        return format_amount(units, shape, cents=cents)

    n = len(names)
    cfg = hand.config
    stakes = f"{amt(cfg.small_blind)}/{amt(cfg.big_blind)}"
    game = "No Limit Holdem" + (" Jackpot table" if shape.jackpot else "")
    if shape.cap_bb:
        game += f" - {amt(cap)} Cap"
    lines = [f"#Game No : {hand_id}"] if shape.game_no else []
    lines.append(f"***** {shape.skin} Hand History for Game {hand_id} *****")
    lines.append(f"{stakes} Blinds {game} - *** {1 + hand_id % 28:02d} 03 2024"
                 f" {hand_id % 24:02d}:{hand_id % 60:02d}:07")
    money = "(Play Money)" if shape.money == "play" else "(Real Money)"
    if shape.money == "tournament":
        buy = f" {shape.buy_in}" if shape.buy_in else ""
        money = money if shape.buy_in else "(Play Money)"
        lines.append(f"Tournament #{hand_id // 7}{buy} - Table #{hand_id % 9 + 1} 9 Max {money}")
    else:
        lines.append(f"Table Synth{hand_id % 5} 6 Max {money}")
    button = hand.button
    lines.append(f"Seat {seats[button]} is the button")
    seated = [(seats[k], names[k], hand.starting_stacks[k]) for k in range(n)]
    if decliner is not None:
        seated.append((decliner[1], decliner[0], 40 * cfg.big_blind))
    lines.append(f"Total number of players : {len(seated)}")
    lines += [f"Seat {s}: {name} ( {amt(stack)} )" for s, name, stack in sorted(seated)]
    stacks = list(hand.starting_stacks)
    bets = [0] * n
    won = [0] * n
    uncalled = [0] * n
    board: list[int] = []
    raises = 0
    holes = hand.hole_cards
    dealt = False
    ran = 0  # the board's cards when the players agreed to run it twice
    run = 0
    run_won: list[tuple[int, int, int]] = []  # (run, seat, amount)
    for index, e in enumerate(hand.events):
        who = names[e.seat] if e.seat >= 0 else ""
        if e.kind == "runs":
            ran = len(board) if e.amount > 1 else 0
            if e.amount > 1:
                lines.append("** First runout **")
            continue
        if e.kind == "run_board":
            lines.append(_RUNOUTS[e.amount - 1])
            cards, shared = list(e.cards), ran
            while cards:
                take = 3 if shared == 0 else 1
                street = {0: "flop", 3: "turn", 4: "river"}[shared]
                lines.append(f"** Dealing {street} ** {_cards(cards[:take], row)}")
                cards, shared = cards[take:], shared + take
            continue
        if e.kind == "run":
            run = e.amount
            continue
        if e.kind == "run_win":
            run_won.append((run, e.seat, e.amount))
            continue
        if e.kind in ("run_choice", "rake"):
            continue
        if e.kind == "ante":
            stacks[e.seat] -= e.amount
            lines.append(f"{who} posts ante [{amt(e.amount)}]")
            continue
        if e.kind in ("small_blind", "big_blind"):
            stacks[e.seat] -= e.amount
            bets[e.seat] = e.amount
            if e.kind == "big_blind" and decliner is not None:
                lines.append(f"{decliner[0]} folds")
            blind = "small blind" if e.kind == "small_blind" else "big blind"
            lines.append(f"{who} posts {blind} [{amt(e.amount)}]")
            continue
        if e.kind == "hole":
            continue
        if not dealt:
            if shape.deal_line:
                lines.append("** Dealing down cards **")
            lines.append(f"Dealt to {names[0]} {_cards(holes[0], row)}")
            dealt = True
        if e.kind == "board":
            board += e.cards
            bets = [0] * n
            street = {3: "flop", 4: "turn", 5: "river"}[len(board)]
            lines.append(f"** Dealing {street} ** {_cards(list(e.cards), row)}")
        elif e.kind in ("fold", "check"):
            lines.append(f"{who} {e.kind}s")
        elif e.kind == "call":
            if shape.allin_raise and index in stuck and stacks[e.seat] > e.amount:
                lines.append(f"{who} raises [{amt(stacks[e.seat])}]")  # the whole stack
                raises += 1
            else:
                lines.append(f"{who} calls [{amt(e.amount)}]")
            stacks[e.seat] -= e.amount
            bets[e.seat] += e.amount
        elif e.kind in ("bet", "raise"):
            added = e.amount - bets[e.seat]
            stacks[e.seat] -= added
            bets[e.seat] = e.amount
            lines.append(f"{who} {e.kind}s [{amt(added)}]")
        elif e.kind == "uncalled":
            uncalled[e.seat] += e.amount
        elif e.kind == "win":
            won[e.seat] += e.amount
    lines.append("** Summary **")
    shown = {e.seat: e.cards for e in hand.events if e.kind == "show"}
    for e in hand.events:
        if e.kind == "show":
            lines.append(f"{names[e.seat]} shows {_cards(e.cards, row)}")
        elif e.kind == "muck" and e.seat not in shown:
            lines.append(f"{names[e.seat]} mucks {_cards(holes[e.seat], row)}")
    for r, k, amount in run_won if hand.runs > 1 else ():
        lines.append(f"{_RUNOUTS[r - 1][3:-3]} {names[k]} collected [ {amt(amount)} ]")
    for k in range(n) if hand.runs == 1 else ():
        if won[k]:
            # a walk: 888poker counts the big blind's own uncalled part in what he collected
            back = uncalled[k] if not board and k == _big_blind_seat(hand) else 0
            if not shown:
                lines.append(f"{names[k]} did not show his hand")
            lines.append(f"{names[k]} collected [ {amt(won[k] + back)} ]")
    return "\n".join(lines) + "\n", raises


_RUNOUTS = ("** First runout **", "** Second runout **", "** Third runout **")


def _big_blind_seat(hand: Hand) -> int:
    return next(e.seat for e in hand.events if e.kind == "big_blind")


def _places(rng: random.Random, count: int) -> list[int]:
    return sorted(rng.sample(range(1, 11), count))


def corpus_hands(shape: Shape, n: int, seed: int, *, first_id: int = 700_000_000) -> Iterator[CorpusHand]:
    """``n`` random hands written in ``shape`` (see the module's doc)."""
    rng = random.Random(f"{shape.name}:{seed}")
    tournament = shape.money == "tournament"
    for i in range(n):
        players = rng.randint(2, 6)
        names = rng.sample(NAMES, players)
        if tournament:
            bb = rng.choice((20, 200, 1600))
            config = GameConfig(big_blind=bb, small_blind=bb // 2, ante=bb // 8 if shape.antes else 0,
                                mode="tournament")
            rules = Rules()
            stacks = [rng.randrange(3, 60) * bb + rng.randrange(0, bb) for _ in names]
        else:
            bb = rng.choice((2, 10, 20, 100))
            config = GameConfig(big_blind=bb, small_blind=bb // 2)
            rules = Rules(rake_percent=shape.rake, no_flop_no_drop=True)
            stacks = [rng.randrange(20, 150) * bb + rng.choice((0, 0, 1, 7)) for _ in names]
        button = rng.randrange(players)
        hand = Hand(config, stacks, button=button, seed=rng.getrandbits(63), rules=rules,
                    manual_showdown=True, max_runs=shape.runs)
        stuck: set[int] = set()
        while not hand.is_over:
            for seat in hand.runs_pending:
                hand.choose_runs(seat, shape.runs)
            if hand.runs_pending:
                continue
            pending = hand.showdown_pending
            if not pending:
                _act(hand, rng, stuck)
            elif len(pending) > 1 and 0 not in hand.stacks and rng.random() < 0.3:
                hand.muck(pending[0])
            else:
                hand.show(pending[0])
        places = _places(rng, players + (1 if shape.declines else 0))
        decliner = None
        if shape.declines:
            # the seat clockwise after the small blind's (heads-up the button's)
            sb = button if players == 2 else (button + 1) % players
            order = list(range(players))
            at = order.index(sb) + 1
            circle: list[int | None] = [*order[:at], None, *order[at:]]
            seat_of = dict(zip(circle, places))
            decliner = (next(x for x in NAMES if x not in names), seat_of[None])
            seats = [seat_of[k] for k in range(players)]
        else:
            seats = places
        cap = shape.cap_bb * bb
        text, raises = write_888(hand, shape, names, seats, first_id + i, stuck, decliner, cap)
        refusal = None
        if shape.cap_bb:
            put = [s - e for s, e in zip(hand.starting_stacks, hand.stacks)]
            won = [0] * players
            for e in hand.events:
                if e.kind == "win":
                    won[e.seat] += e.amount
            committed = [p + w for p, w in zip(put, won)]
            if max(committed) >= cap:
                refusal = "capped no-limit"
        yield CorpusHand(text, shape, tuple(hand.stacks), tuple(names), refusal, raises)
