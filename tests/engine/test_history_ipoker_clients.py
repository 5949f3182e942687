"""iPoker XML of the newer clients (version 20 on): bets and wins without the uncalled bet,
each player's rake printed (``rakeamount``), decimal commas and grouped thousands, day-first
dotted dates, game types that name no game, the betting words of other languages."""

from __future__ import annotations

from decimal import Decimal

import pytest
from history_texts import exact, written
from holdem_eval.engine import HistoryError, UnsupportedHistoryError, load_history, verify_history

NEWER = written("ipoker-client-23")


def test_newer_client_bets_and_wins_without_the_uncalled_bet_and_its_printed_rake() -> None:
    h = exact(NEWER)
    assert (h.variant, h.fields["players"]) == ("PO", ["Bob", "Carol", "Alice"])
    # Alice's uncalled 4 is in neither her bet nor her win: 6.65 of the pot of 7, 0.35 raked
    assert h.fields["_collected"] == [0, 0, Decimal("6.65")] and h.fields["_rake"] == Decimal("0.35")
    assert h.finishing_stacks == (19700, 4950, 110365)  # '1 100€' with a space grouping
    assert (h.fields["year"], h.fields["month"], h.fields["day"]) == (2023, 11, 12)
    # the printed figures are checked: a win that does not add up names the total
    (check,) = verify_history(NEWER.replace('win="6,65€"', 'win="6,60€"'))
    assert check.problem is not None and check.problem.endswith(
        "the players collected 6.60 and the fees are 0.35, which is not the total pot 7.00:"
        " the amounts do not add up")
    # without a player's rakeamount the fees are worked out, as for older clients
    (check,) = verify_history(NEWER.replace('rakeamount="0,35€" ', ""))
    assert check.method == "exact" and check.hand is not None
    assert check.hand.fields["_rake"] == Decimal("0.35")


def test_an_older_client_counts_the_uncalled_bet_in_the_win() -> None:
    older = NEWER.replace("23.9.1.10", "17.1.7.1").replace('rakeamount="0,35€" ', "")
    (check,) = verify_history(older.replace('win="6,65€"', 'win="10,65€"'))
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.fields["_collected"][2] == Decimal("6.65")
    said = older.replace("<mode>", "<uncalled_bet_enabled>true</uncalled_bet_enabled><mode>")
    (check,) = verify_history(said)
    assert check.method == "exact", check.problem  # the session says so: as a newer client


@pytest.mark.parametrize(("gametype", "variant"), [
    ("PL 0,50€/1€", "PO"), ("Omaha HiLow PL 0,50€/1€", "PO/8"), ("Omaha LP 0,50€/1€", "PO"),
])
def test_game_types_of_the_newer_clients(gametype: str, variant: str) -> None:
    (h,) = load_history(NEWER.replace("Omaha PL 0,50€/1€", gametype))
    assert h.variant == variant


def test_a_game_type_that_names_no_game_is_read_from_the_cards_dealt() -> None:
    five = NEWER.replace("PL 0,50€/1€", "X").replace("Omaha X", "PL 0,50€/1€")
    five = five.replace("SA HK D10 C9", "SA HK D10 C9 C2").replace("X X X X", "X X X X X")
    (h,) = load_history(five)
    assert h.variant == "PO5"
    two = NEWER.replace("Omaha PL", "PL").replace("SA HK D10 C9", "SA HK")
    two = two.replace("X X X X", "X X")
    with pytest.raises(UnsupportedHistoryError, match=r"variant 'PL 0,50€/1€' names no game and"
                       r" the pocket cards dealt"):
        list(load_history(two))


@pytest.mark.parametrize(("date", "when"), [
    ("28 March 2021 18:26:13", (2021, 3, 28, "18:26:13")),
    ("12-Nov-2023 08:16:56", (2023, 11, 12, "08:16:56")),
    ("März 28, 2021 6:26:13 PM", (2021, 3, 28, "18:26:13")),
    ("28 mars 2021 18:26:13", (2021, 3, 28, "18:26:13")),
    ("3 juil. 2021 12:02:03 AM", (2021, 7, 3, "00:02:03")),
    ("5 dicembre 2021 01:02:03", (2021, 12, 5, "01:02:03")),
    ("28 марта 2021 18:26:13", (2021, 3, 28, "18:26:13")),
    ("2021 maart 28 18:26:13", (2021, 3, 28, "18:26:13")),
])
def test_dates_written_with_month_names_in_any_language(date: str, when: tuple[int, int, int, str]) -> None:
    (h,) = load_history(NEWER.replace("12.11.2023 08:16:56", date))
    assert (h.fields["year"], h.fields["month"], h.fields["day"], str(h.fields["time"])) == when


@pytest.mark.parametrize("date", ["28 Foo 2021 18:26:13", "31 February 2021 18:26:13",
                                  "28 March 18:26"])
def test_a_date_with_a_word_that_is_no_month_is_refused_naming_it(date: str) -> None:
    with pytest.raises(HistoryError, match=rf"^<text>:20: date {date!r} is not a date and time$"):
        list(load_history(NEWER.replace("12.11.2023 08:16:56", date)))
