"""Hand's kernel-direct paths (engine/hand/_hand_glue.c): Hand() with exact ints, the action
methods and deal_board with card ids go straight to the kernel; anything else is
converted in Python. Both paths must give the same hands and the same errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from holdem_eval.engine import ConfigError, GameConfig, Hand, HandStateError, IllegalActionError

NL = GameConfig(big_blind=2)


class Chips(int):
    """An int subclass: converted, not refused, and not read as something else."""


def _manual(**kw: Any) -> Hand:
    return Hand(NL, [100, 100, 100], button=0, hole_cards=[(50, 46), (0, 1), (4, 5)],
                manual_showdown=True, **kw)


@pytest.mark.parametrize("seats", [11, 12, 40])
def test_more_than_ten_seats_is_a_config_error(seats: int) -> None:
    # was a raw ValueError("HandCore: too many values") from the glue
    with pytest.raises(ConfigError, match=rf"^a hand needs 2\.\.10 seats, got {seats} stacks: "):
        Hand(NL, [100] * seats, seed=1)
    with pytest.raises(ConfigError, match=rf"^a hand needs 2\.\.10 seats, got {seats} stacks: "):
        Hand(NL, [100] * seats, hole_cards=[(0, 1)] * seats)


def test_int_subclasses_and_sequences_are_converted_like_ints() -> None:
    plain = Hand(NL, [100, 200, 300], button=1, seed=5)
    for stacks, button in [((100, 200, 300), 1), ([Chips(100), 200, Chips(300)], Chips(1)),
                           (iter([100, 200, 300]), 1), (np.array([100, 200, 300]).tolist(), 1)]:
        h = Hand(NL, stacks, button=button, seed=5)
        assert h.snapshot() == plain.snapshot()
        assert type(h.stacks[0]) is int and type(h.button) is int


@pytest.mark.parametrize(
    "holes",
    [[(50, 46), (0, 1), (4, 5)], ((50, 46), [0, 1], (4, 5)), [[50, 46], [0, 1], [4, 5]],
     [(Chips(50), 46), (0, 1), (4, 5)], np.array([[50, 46], [0, 1], [4, 5]]),
     ["AhKh", "2c2d", "3c3d"]],
    ids=["tuples", "mixed", "lists", "int-subclass", "numpy", "text"],
)
def test_every_hole_card_form_starts_the_same_hand(holes: Any) -> None:
    want = _manual().snapshot()
    got = Hand(NL, [100, 100, 100], button=0, hole_cards=holes, manual_showdown=True)
    assert got.snapshot() == want


@pytest.mark.parametrize(
    ("holes", "cls", "message"),
    [
        ([(50, 46), (0, 1)], ConfigError, r"^hole_cards needs one entry per seat \(3\), got 2$"),
        ([(50, 46), (0, 1, 2), (4, 5)], ConfigError,
         r"^seat 1 needs 2 hole cards, got 3: \(0, 1, 2\)$"),
        ([(50, 46), (0, 52), (4, 5)], ConfigError,
         r"^seat 1 has card 52; expected card ids 0\.\.51 \(or -1 unknown\)$"),
        ([(50, 46), (0, True), (4, 5)], ConfigError,
         r"^seat 1 has card True; expected card ids 0\.\.51 \(or -1 unknown\)$"),
        ([(50, 46), (0, 2**70), (4, 5)], ConfigError,
         r"^seat 1 has card 1180591620717411303424; expected card ids 0\.\.51"),
    ],
    ids=["seats", "count", "id", "bool", "huge"],
)
def test_bad_hole_ids_get_the_converting_paths_errors(holes: Any, cls: type, message: str) -> None:
    with pytest.raises(cls, match=message):
        Hand(NL, [100, 100, 100], button=0, hole_cards=holes)


def test_order_of_errors_is_kept_stacks_before_seed() -> None:
    with pytest.raises(ConfigError, match=r"^stacks must be positive ints, got \[100, 1\.5\]$"):
        Hand(NL, [100, 1.5])
    assert Hand(NL, [100, 100]).n == 2  # no seed: dealt from the OS deck
    with pytest.raises(ConfigError, match=r"^stacks must be positive ints, got \[100, 1\.5\]$"):
        Hand(NL, [100, 1.5], seed=1, posts={7: (1, 0)})
    with pytest.raises(ConfigError, match=r"^bad post for seat 7: \(1, 0\); expected a seat 0\.\.1"):
        Hand(NL, [100, 100], seed=1, posts={7: (1, 0)})


def _to_river_start() -> Hand:
    h = _manual()
    h.call(); h.call(); h.check()  # noqa: E702
    return h


@pytest.mark.parametrize("cards", [[8, 9, 10], (8, 9, 10), "4c4d4h", np.array([8, 9, 10]),
                                   [Chips(8), 9, 10]])
def test_deal_board_forms_deal_the_same_cards(cards: Any) -> None:
    h = _to_river_start()
    h.deal_board(cards)
    assert h.board == [8, 9, 10]


def _refusals(
    make: Callable[[], Hand], call: Callable[[Hand, Any], None], ids: list[int], text: str
) -> list[tuple[type[BaseException], str]]:
    """The error (class, message with the cards as CARDS) that ``call(hand, cards)`` raises
    on a fresh ``make()`` for the cards as ids, then as text; the hand must stay as it was."""
    refusals = []
    for cards in (ids, text):
        h = make()
        before = h.snapshot()
        with pytest.raises(Exception) as err:
            call(h, cards)
        assert h.snapshot() == before
        refusals.append((type(err.value), str(err.value).replace(repr(cards), "CARDS")))
    return refusals


@pytest.mark.parametrize(
    ("ids", "text"),
    [([8, 9], "4c4d"), ([8, 9, 10, 11], "4c4d4h4s"), ([8, 9, 50], "4c4d Ah"), ([], "")],
)
def test_a_refused_deal_says_the_same_for_ids_and_text(ids: list[int], text: str) -> None:
    (kind, message), by_text = _refusals(_to_river_start, Hand.deal_board, ids, text)
    assert (kind, message) == by_text and issubclass(kind, HandStateError)
    assert "needs 3" in message or "already" in message or "Ah" in message


def test_deal_board_ids_out_of_range_or_too_many_are_converted_errors() -> None:
    h = _to_river_start()
    with pytest.raises(ConfigError, match=r"^board has card 52; expected card ids 0\.\.51"):
        h.deal_board([8, 9, 52])
    for cards in ([8, 9, 10, 11, 12, 13], list(range(8, 20)), "4c4d4h4s5c5d5h"):
        # more than a board holds was a raw "unknown status -3" (6) or ValueError (7+)
        with pytest.raises(HandStateError, match=r"^the flop needs 3 known card\(s\), got "):
            h.deal_board(cards)


@pytest.mark.parametrize(
    ("method", "args", "message"),
    [
        ("fold", (), r"^seat 1 cannot fold when checking is free$"),
        ("check", (), r"^seat 0 cannot check facing a bet of 2 \(to call: 2\)$"),
        ("bet", (10,), r"^seat 0 cannot bet 10: there is already a bet of 2 \(raise\)$"),
        ("raise_to", (3,), r"^seat 0 cannot raise to 3: the minimum is raise to 4$"),
        ("raise_to", (3.0,), r"^seat 0 cannot raise to 3\.0: amounts are int chips$"),
        ("bet_or_raise_to", (True,), r"^seat 0 cannot raise to True: amounts are int chips$"),
        ("all_in", (), None),
    ],
)
def test_refused_actions_raise_and_change_nothing(method: str, args: tuple[Any, ...],
                                                  message: str | None) -> None:
    h = _manual()
    if method == "fold":
        h.call(); h.call(); h.check(); h.deal_board("4c4d4h")  # noqa: E702
    elif method == "all_in":  # everyone all-in, the board still to come: nobody may act
        h.all_in(); h.all_in(); h.all_in()  # noqa: E702
        message = r"^cannot go all-in: waiting for 3 board card"
    before = h.snapshot()
    with pytest.raises(IllegalActionError, match=message):
        getattr(h, method)(*args)
    assert h.snapshot() == before


def test_amounts_that_are_int_subclasses_are_taken() -> None:
    for amount in (10, Chips(10)):
        h = _manual()
        h.raise_to(amount)
        assert h.cur_bet == 10 and type(h.cur_bet) is int


def _at_showdown() -> Hand:
    h = Hand(NL, [100, 100], button=0, hole_cards=[(50, 46), (-1, -1)], manual_showdown=True)
    h.call(); h.check()  # noqa: E702
    for street in ("4c4d4h", "5c", "5d"):
        h.deal_board(street)
        h.check(); h.check()  # noqa: E702
    return h


@pytest.mark.parametrize("cards", [[0, 1], (0, 1), "2c2d", np.array([0, 1]), [Chips(0), 1]])
def test_show_forms_reveal_the_same_cards(cards: Any) -> None:
    h = _at_showdown()
    h.show(1, cards)
    assert h.hole_cards[1] == (0, 1)
    h.show(seat=0)
    assert h.is_over


@pytest.mark.parametrize(
    ("ids", "text"),
    [([0], "2c"), ([0, 1, 2], "2c2d2h"), ([50, 1], "Ah2d"), ([-1, -1], "????")],
)
def test_a_refused_show_says_the_same_for_ids_and_text(ids: list[int], text: str) -> None:
    by_ids, by_text = _refusals(_at_showdown, lambda h, cards: h.show(1, cards), ids, text)
    assert by_ids == by_text


def test_show_or_muck_of_a_bad_seat_is_refused_on_every_path() -> None:
    for seat in (5, -1, "1", 1.0, True):  # a bool is no seat (True was read as seat 1)
        for method in ("show", "muck"):
            h = _at_showdown()
            before = h.snapshot()
            with pytest.raises(IllegalActionError,
                               match=rf"^seat {seat!r} cannot {method}: it is not in the hand$"):
                getattr(h, method)(seat)
            assert h.snapshot() == before
    with pytest.raises(TypeError, match=r"show\(\) missing required argument 'seat'"):
        _at_showdown().show()  # type: ignore[call-arg]
