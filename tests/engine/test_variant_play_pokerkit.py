"""The new variants played against PokerKit 0.7.7 (issue 27): short deck (PokerKit's ``NS``,
where a straight beats three of a kind: our ``"short-deck-straights-beat-trips"`` row), with
blinds or with antes and a button blind as Triton and GGPoker deal it, pot-limit 5- and
6-card Omaha (PokerKit's pot-limit Omaha with 5 or 6 hole cards: its ``hole_dealing_count``)
and fixed-limit Omaha hi-lo (``FO/8``).

The same cards, stacks and random decisions on both engines, compared at every decision and
at the end, as tests/engine/test_pokerkit_differential.py does for Hold'em and Omaha (whose
helpers and list of known rule divergences this file uses); then PHH: every hand written by
:func:`dumps_phh` and read back replays to the same stacks.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
import test_pokerkit_differential as diff
from holdem_eval.engine import GameConfig, Hand, Rules, dumps_phh, loads_phh, replay_phh

from holdem_eval.variants import VARIANTS

pokerkit = pytest.importorskip("pokerkit")

HANDS = 600


class _PotLimitOmaha5(pokerkit.PotLimitOmahaHoldem):  # type: ignore[misc]  # untyped base
    hole_dealing_count = 5


class _PotLimitOmaha6(pokerkit.PotLimitOmahaHoldem):  # type: ignore[misc]  # untyped base
    hole_dealing_count = 6


_GAMES: dict[str, tuple[str, Any, int]] = {  # ours, PokerKit's, most seats
    code: game for code, game in {
        "NS": ("short-deck-straights-beat-trips", pokerkit.NoLimitShortDeckHoldem, 9),
        "PO5": ("omaha5", _PotLimitOmaha5, 8),
        "PO6": ("omaha6", _PotLimitOmaha6, 7),
        # fixed-limit Omaha hi-lo
        "FO/8": ("omaha-hi-lo", pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter, 6),
    }.items() if game[0] in VARIANTS
}


def _game(rng: random.Random, phh: bool = False) -> tuple[str, int, GameConfig, tuple[int, ...]]:
    """A random game; FO/8 is fixed-limit Omaha hi-lo in PHH (``phh``), and pot-limit against
    PokerKit 0.7.7's state, whose FO/8 class bets pot-limit (it mixes in PotLimitPokerMixin:
    with small bet = big bet = the big blind its game is our pot-limit Omaha hi-lo)."""
    game = rng.choice(sorted(_GAMES))
    variant, _, most = _GAMES[game]
    n = rng.randint(2, most)
    bb = rng.choice([2, 10])
    kwargs: dict[str, Any] = {"variant": variant, "big_blind": bb,
                              "betting": "no-limit" if game == "NS" else "pot-limit"}
    if game == "FO/8" and phh:  # PHH's fixed limit: four bets besides the big blind
        kwargs.update(betting="fixed-limit", max_bets=4, blind_counts_toward_cap=False)
    if game == "NS" and rng.random() < 0.5:  # Triton's deal: antes and a button blind
        kwargs.update(button_blind=True, ante=rng.randint(1, bb))
    elif rng.random() < 0.3:
        kwargs["ante"] = rng.randint(1, bb)
    stacks = tuple(rng.randint(1, 4 * bb) if rng.random() < 0.3 else rng.randint(bb, 100 * bb)
                   for _ in range(n))
    return game, n, GameConfig(**kwargs), stacks


def _pokerkit_state(game: str, n: int, cfg: GameConfig, stacks: tuple[int, ...]) -> Any:
    if cfg.button_blind:  # the button's entry: pN, heads-up p1's (PokerKit swaps the two)
        blinds = [0] * n
        blinds[n - 1 if n > 2 else 0] = cfg.big_blind
    else:
        blinds = [cfg.small_blind, cfg.big_blind]
    sizes = (cfg.min_bet, cfg.min_bet) if game == "FO/8" else (cfg.min_bet,)
    return _GAMES[game][1].create_state(diff.AUTOMATIONS, False, cfg.ante, tuple(blinds),
                                        *sizes, stacks, n, mode=pokerkit.Mode.CASH_GAME)


# PokerKit 0.7.7 parts from the rule in hi-lo where a pot has no qualifying low: the rule
# (and our settlement) gives that pot's high hands the whole pot; PokerKit shares the low
# half otherwise when there are side pots (seen with a main pot that paid a low and a side
# pot that had none).
HI_LO_NO_LOW = "hi-lo side pot without a qualifying low"


def _hi_lo_divergence(h: Hand) -> str | None:
    live = [c for c, folded in zip(h.contributions, h.folded) if not folded]
    low = h.low_payouts
    if low is None or len(set(live)) < 2:
        return None  # not hi-lo, or one pot between the live seats
    paid_low = sum(low)
    return HI_LO_NO_LOW if 0 < paid_low < sum(h.payouts or []) // 2 else None


def _play(seed: int) -> tuple[str, str | None, Hand]:
    """One hand on both engines: (game, None when they agree throughout else the known
    divergence that explains where they part, our hand)."""
    rng = random.Random(seed)
    game, n, cfg, stacks = _game(rng)
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    st = _pokerkit_state(game, n, cfg, stacks)
    holes = [diff._text(cards) for cards in st.hole_cards]
    h = Hand(cfg, list(stacks), button=n - 1, hole_cards=holes if "" not in holes else None,
             seed=None if "" not in holes else 0, rules=Rules.pokerkit())
    if "" in holes:  # PokerKit settled it at the start and mucked a hand before we saw it
        return game, "not compared", h
    where = f"seed {seed}: {cfg!r}, stacks {stacks!r}"
    while True:
        diff._sync_board(h, st)
        if h.is_over or not st.status:
            break
        ours, theirs = diff._bounds(h), diff._theirs(st)
        if ours != theirs:
            why = diff._divergence(h, cfg, stacks, ours, theirs)
            assert why is not None, (
                f"{where}: new divergence at {h.street}: ours (actor, to call, min, max)"
                f" {ours}, PokerKit {theirs}; events {[tuple(e)[:3] for e in h.events]}"
            )
            return game, why, h
        diff.step_both(h, st, rng, ours)
    assert h.is_over and not st.status, f"{where}: one engine finished, the other did not"
    if list(st.stacks) != h.stacks:
        why = diff._divergence(h, cfg, stacks) or _hi_lo_divergence(h)
        assert why is not None, f"{where}: final stacks ours {h.stacks}, PokerKit {list(st.stacks)}"
        return game, why, h
    return game, None, h


def test_new_variants_agree_with_pokerkit_but_for_the_known_divergences() -> None:
    seen: Counter[str] = Counter()
    agreed: Counter[str] = Counter()
    showdowns: Counter[str] = Counter()
    for seed in range(HANDS):
        game, why, h = _play(seed)
        if why is None:
            agreed[game] += 1
            showdowns[game] += sum(e.kind == "show" for e in h.events) > 1
        else:
            assert why in diff.KNOWN_DIVERGENCES or why in ("not compared", HI_LO_NO_LOW)
            seen[why] += 1
    # every game is compared on most of its hands, many of them to a showdown
    assert sum(seen.values()) < HANDS // 3, seen
    assert all(agreed[g] > HANDS // 6 and showdowns[g] > HANDS // 30 for g in _GAMES), (agreed,
                                                                                       showdowns)


@pytest.mark.parametrize("seed", range(40))
def test_new_variants_round_trip_through_phh(seed: int) -> None:
    """A random hand of each game, written and read back, replays to the same cards and
    stacks; PokerKit reads the standard code (NS) to the same stacks too."""
    rng = random.Random(seed)
    game, n, cfg, stacks = _game(rng, phh=True)
    h = Hand(cfg, list(stacks), button=n - 1, seed=seed, rules=Rules.pokerkit())
    while not h.is_over:
        _, to_call, lo, hi = diff._bounds(h)
        choice = rng.choice(["cc", "cc"] + (["f"] if to_call else []) + (["cbr"] if lo else []))
        if choice == "f":
            h.fold()
        elif choice == "cc":
            h.check_or_call()
        else:
            assert lo is not None and hi is not None
            h.bet_or_raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
    text = dumps_phh(h)
    assert text.startswith(f"variant = '{game}'\n")
    back = replay_phh(loads_phh(text)[0])
    assert back.hand.stacks == h.stacks and back.hand.board == h.board
    assert back.hand.hole_cards == h.hole_cards
    assert back.hand.config == dataclasses.replace(h.config, allow_free_fold=True)
    if game in ("NS", "FO/8"):  # the standard's codes: PokerKit reads them
        *_, state = pokerkit.HandHistory.loads(text)
        assert list(state.stacks) == h.stacks
