"""The site-history import's one step from the record to a :class:`PhhHand` (issue 39, speed):
``to_phh`` compiles the replay plan as it writes the actions and ``phh.read.planned_hand``
converts the amounts once, instead of writing the PHH table and reading it back with
``build_hand``. Both must give the same hand: every field, the same settlement rules, the
same plan, the same PHH text; and the same error for a table out of the ordinary.
Compared over every sample history and the generated shapes of every site."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from history_corpus import SHAPES as SHAPES_888
from history_corpus import corpus_hands
from history_synth import SHAPES as SHAPES_SYNTH
from history_synth import stars_hands, synth_hands
from holdem_eval.engine import PhhError, PhhHand, replay_phh
from holdem_eval.engine.history.checks import percent_text
from holdem_eval.engine.history.load import _read
from holdem_eval.engine.history.source import hand_texts
from holdem_eval.engine.history.write import history_table
from holdem_eval.engine.phh.read import build_hand, planned_hand
from holdem_eval.engine.phh.replay import _make_plan, replay_plan

DATA = Path(__file__).resolve().parents[1] / "data" / "histories"


def _hands(source: Any) -> Iterator[PhhHand]:
    """Every hand of ``source`` that reads (refusals are the reader's, not this step's)."""
    for chunk in hand_texts(source):
        if isinstance(chunk, PhhError):
            continue
        try:
            yield _read(chunk)
        except PhhError:
            continue


def _same_hand(planned: PhhHand) -> None:
    """``planned`` (to_phh's) is the hand build_hand reads from its own fields."""
    generic = build_hand(planned.name, dict(planned.fields))
    for f in dataclasses.fields(PhhHand):
        if f.name == "_derived":
            continue
        assert getattr(planned, f.name) == getattr(generic, f.name), (planned.name, f.name)
    assert planned.rules == generic.rules
    assert replay_plan(planned) == _make_plan(generic), planned.name
    assert history_table(planned) == history_table(generic)


def _check_all(sources: list[Any]) -> int:
    count = 0
    for source in sources:
        for phh in _hands(source):
            _same_hand(phh)
            count += 1
    return count


def test_the_samples_give_the_same_hands() -> None:
    files = sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".xml"))
    assert _check_all(files) >= 250


@pytest.mark.parametrize("shape", SHAPES_SYNTH)
def test_the_generated_shapes_give_the_same_hands(shape: str) -> None:
    assert _check_all([h.text for h in synth_hands(shape, 40, 17)]) >= 30


@pytest.mark.parametrize("shape", SHAPES_888, ids=lambda s: s.name)
def test_the_888_shapes_give_the_same_hands(shape: Any) -> None:
    _check_all([h.text for h in corpus_hands(shape, 15, 23)])


def test_the_generated_pokerstars_hands_give_the_same_hands() -> None:
    assert _check_all(["\n\n".join(stars_hands(150, 29))]) == 150


def test_a_replay_of_the_planned_hand_is_the_generic_ones() -> None:
    for phh in _hands("\n\n".join(stars_hands(40, 31))):
        generic = build_hand(phh.name, dict(phh.fields))
        assert replay_phh(phh).hand.stacks == replay_phh(generic).hand.stacks


# ---- tables out of the ordinary: planned_hand leaves them to build_hand ---------------

def _sample() -> PhhHand:
    return next(_hands("\n\n".join(stars_hands(1, 37))))


def _plan_args(phh: PhhHand) -> tuple[list[tuple[int, ...]], list[Any]]:
    """The holes and steps to_phh gave, each bet's amount back as the file's amount."""
    plan = replay_plan(phh)
    assert plan.holes is not None
    steps = [(i, code, seat, Decimal(arg) / phh.scale if code == 3 else arg)
             for i, code, seat, arg in plan.steps]
    return list(plan.holes), steps


def _error(call: Any) -> str:
    with pytest.raises(PhhError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize("change", [
    {"starting_stacks": 0},
    {"starting_stacks": Decimal("1E+30")},
    {"starting_stacks": Decimal("0.0000000000000000001")},
    {"starting_stacks": Decimal("NaN")},
    {"finishing_stacks": Decimal("-1")},
    {"min_bet": Decimal(0)},
    {"_runs": 7},
    {"_variant": "omaha"},
    {"_rake_percent": "1/0"},
    {"_rake_cap": True},
])
def test_a_table_out_of_the_ordinary_is_refused_as_build_hand_refuses_it(
        change: dict[str, Any]) -> None:
    phh = _sample()
    holes, steps = _plan_args(phh)
    table = dict(phh.fields)
    for key, value in change.items():
        if isinstance(table.get(key), list):
            table[key] = [value, *table[key][1:]]
        else:
            table[key] = value
    generic = _error(lambda: build_hand(phh.name, dict(table)))
    assert _error(lambda: planned_hand(phh.name, dict(table), holes, steps)) == generic


def test_a_bet_finer_than_the_engine_plays_fails_at_its_action_as_build_hand_does() -> None:
    phh = _sample()
    holes, steps = _plan_args(phh)
    k = next(j for j, s in enumerate(steps) if s[1] == 3)
    index, _, seat, _ = steps[k]
    steps[k] = (index, 3, seat, Decimal("0.0000000000000000001"))
    table = dict(phh.fields)
    table["actions"] = list(table["actions"])
    table["actions"][index] = f"p{seat + 1} cbr 0.0000000000000000001"
    planned = planned_hand(phh.name, dict(table), holes, steps)
    generic = build_hand(phh.name, dict(table))
    assert replay_plan(planned) == _make_plan(generic)
    assert _error(lambda: replay_phh(planned)) == _error(lambda: replay_phh(generic))


def test_the_rake_percent_is_the_exact_fraction() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        part = Decimal(rng.randrange(0, 10**6)).scaleb(-rng.randrange(0, 5))
        whole = Decimal(rng.randrange(0, 10**7)).scaleb(-rng.randrange(0, 5))
        want = str(Fraction(part) / Fraction(whole) * 100 if whole else 0)
        assert percent_text(part, whole) == want, (part, whole)


# ---- the game of a hand, made once for the hands that share it --------------------------

_GAME = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = {min_bet}\n"
         "starting_stacks = [200, 200]\nactions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 f']\n")


def test_hands_of_one_game_share_its_config_and_a_game_refused_is_refused_each_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from holdem_eval.engine import ConfigError, GameConfig, UnsupportedPhhError, loads_phh
    from holdem_eval.engine.phh import hand

    (a,) = loads_phh(_GAME.format(min_bet=2))
    (b,) = loads_phh(_GAME.format(min_bet=2))
    assert a.game_config() is b.game_config()
    assert replay_phh(a).finishing_stacks == replay_phh(b).finishing_stacks == (201, 199)
    (c,) = loads_phh(_GAME.format(min_bet=4))
    assert c.game_config() is not a.game_config() and c.game_config().min_bet == 4
    # the same forced bets and limits, but a game of its own (one the variant is not)
    with pytest.raises(PhhError, match="_variant 'short-deck' is not a game of variant 'NT'"):
        loads_phh(_GAME.format(min_bet=2) + "_variant = 'short-deck'\n")

    def refuse_min_bet_6(**kwargs: Any) -> GameConfig:
        if kwargs["min_bet"] == 6:
            raise ConfigError("min_bet 6 refused by the test")
        return GameConfig(**kwargs)

    monkeypatch.setattr(hand, "GameConfig", refuse_min_bet_6)
    monkeypatch.setattr(hand, "_CONFIGS", {})  # nothing remembered from other tests
    for _ in range(2):  # a refusal is never remembered as a game
        (bad,) = loads_phh(_GAME.format(min_bet=6))
        with pytest.raises(UnsupportedPhhError, match="cannot play this game: min_bet 6 refused"):
            bad.game_config()


def test_a_variant_field_that_is_not_text_is_refused_by_name() -> None:
    from holdem_eval.engine import loads_phh

    text = _GAME.format(min_bet=2).replace("'NT'", "'NS'") + "_variant = ['short-deck']\n"
    with pytest.raises(PhhError, match=r"_variant \['short-deck'\] is not a game of variant 'NS'"):
        loads_phh(text)
