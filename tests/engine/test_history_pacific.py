"""888poker hand histories in every shape its clients write (issue 39): the format corpus
of tests/history_corpus.py (random engine hands written in each shape, read back and
verified to the chip), and one hand written by hand in each shape; the site-neutral
readings of the record (fees, an all-in raise nobody can call, players not dealt in,
capped tables); the language table and the grammar."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from history_corpus import SHAPES, Shape, corpus_hands
from history_texts import exact, written
from holdem_eval.engine import (
    HistoryError,
    UnsupportedHistoryError,
    load_history,
    replay_phh,
    verify_history,
)
from holdem_eval.engine.history.grammar import expand
from holdem_eval.engine.history.locale import (
    LANGUAGES,
    CardLanguage,
    Language,
    language,
    parse_amount,
    phrases,
    translate_cards,
)
from holdem_eval.engine.history.pacific import GRAMMAR, RULES

# ---- the format corpus ------------------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES, ids=[s.name for s in SHAPES])
def test_corpus_shape_reads_back_and_verifies_to_the_engines_stacks(shape: Shape) -> None:
    """Every generated hand of the shape verifies exactly and ends each player with the
    engine's own stack (no hand verifies with amounts that differ from the site's), or
    is refused for the reason a person reading it would give."""
    hands = list(corpus_hands(shape, 25, seed=39))
    refused = raises = 0
    for ch in hands:
        (check,) = verify_history(ch.text)
        if ch.refusal is not None:
            assert not check.ok and ch.refusal in (check.problem or ""), (ch.text, check.problem)
            assert isinstance(check.error, UnsupportedHistoryError)
            refused += 1
            continue
        assert check.method == "exact", (ch.text, check.problem)
        h = check.hand
        assert h is not None and replay_phh(h).matches_file is True
        players = h.fields["players"]
        assert sorted(players) == sorted(ch.names)  # a player who declined is not dealt in
        cents = 1 if shape.money == "tournament" else 100
        for name, stack in zip(ch.names, ch.stacks):
            assert h.to_chips(h.finishing_stacks[players.index(name)]) * cents == stack, ch.text
        if shape.money == "cash":
            assert h.fields["currency"] == "USD"
        else:
            assert "currency" not in h.fields
        if shape.money == "tournament":
            assert h.fields["event"].startswith("Tournament #") and h.fields["_rake"] == 0
        raises += ch.allin_raises
    if shape.allin_raise:
        assert raises, "the shape printed no all-in as a raise"
    if shape.runs > 1:  # some boards ran twice, after the flop too
        twice = [ch.text for ch in hands if "** Second runout **" in ch.text]
        assert twice and any("** Second runout **\n** Dealing turn **" in t
                             or "** Second runout **\n** Dealing river **" in t for t in twice)
    if shape.cap_bb == 20:
        assert 0 < refused < len(hands)


def test_the_corpus_covers_every_language_row_and_the_issue_shapes() -> None:
    assert {s.language for s in SHAPES} == {row.code for row in LANGUAGES}
    assert {s.money for s in SHAPES} == {"cash", "play", "tournament"}
    assert any(s.declines for s in SHAPES) and any(s.allin_raise for s in SHAPES)
    assert any(s.jackpot for s in SHAPES) and any(s.cap_bb for s in SHAPES)
    assert max(s.rake for s in SHAPES) == 10
    assert any(s.runs > 1 for s in SHAPES)


# ---- one hand by hand in each shape ------------------------------------------------------

MICRO = written("888-micro")


def test_fees_of_a_micro_pot_rounded_up_pass_and_only_more_than_10_percent_is_refused() -> None:
    # 0.02 of a pot of 0.23 (8.7%): refused by the old 5% rule, a rake 888poker takes
    (check,) = verify_history(MICRO)
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.fields["_rake"] == Decimal("0.02")
    assert check.hand.fields["_collected"] == [Decimal("0.21"), 0, 0]  # Bob, Carol, Alice
    # 10% of 0.23 rounded up to the cent: 0.03 passes, 0.04 does not
    (check,) = verify_history(MICRO.replace("[ $0.21 ]", "[ $0.20 ]"))
    assert check.method == "exact", check.problem
    (check,) = verify_history(MICRO.replace("[ $0.21 ]", "[ $0.19 ]"))  # 0.04: 17%
    assert check.problem == (
        "<text>:29: the players collected 0.19 of a pot of 0.23, leaving 0.04 as fees, more"
        " than 10% of the pot (0.03), which 888poker's rake and fees never reach: an amount is"
        " wrong or missing")
    # more collected than the pot: the amounts do not add up
    (check,) = verify_history(MICRO.replace("[ $0.21 ]", "[ $0.24 ]"))
    assert check.problem is not None and check.problem.endswith(
        "the players collected 0.24 but the pot is 0.23: the amounts do not add up")


DECLINES = written("888-declines")


def test_players_folding_before_the_deal_decline_to_post_and_are_not_dealt_in() -> None:
    # Dan folds between the blind posts (declining the big blind), Erin before the deal
    h = exact(DECLINES)
    assert h.fields["players"] == ["Bob", "Carol", "Alice"]
    assert h.blinds_or_straddles == (5, 10, 0) and h.actions[3:6] == ("p3 cc", "p1 cc", "p2 cc")
    # without the deal line, a fold between the posts still declines; one after them plays
    no_deal = DECLINES.replace("** Dealing down cards **\n", "").replace("Erin folds\n", "")
    (check,) = verify_history(no_deal)
    assert check.method == "exact" and check.hand is not None
    assert check.hand.fields["players"] == ["Bob", "Carol", "Alice"]
    # every player but the small blind folds and no big blind is posted: nothing is played
    walk = DECLINES.split("Carol posts")[0].replace("Dan folds", "Dan folds\nCarol folds\n"
                                                     "Erin folds\nAlice folds")
    walk += "** Summary **\nBob did not show his hand\nBob collected [ $0.05 ]\n"
    with pytest.raises(HistoryError, match=r"^<text>:1: no hand was played: \['Alice', 'Carol',"
                       r" 'Dan', 'Erin'\] fold before any card is dealt \(declining to post\),"
                       r" leaving 'Bob' alone, who takes back the 0.05 posted$"):
        list(load_history(walk))


TOURNAMENT = written("888-tournament")


@pytest.mark.parametrize(("buy_in", "play"), [("$0.01", False), ("$0.09 + $0.01", False),
                                              ("4,95 € + 0,55 €", False), ("Free", False),
                                              ("", True)])
def test_tournament_line_any_buy_in_chips_antes_and_no_rake(buy_in: str, play: bool) -> None:
    line = f"Tournament #78669312{' ' + buy_in if buy_in else ''} - Table #3 9 Max"
    text = TOURNAMENT.replace("Tournament #78669312 $0.01 - Table #3 9 Max", line)
    if play:
        text = text.replace("(Real Money)", "(Play Money)")
    h = exact(text)
    f = h.fields
    assert (f["event"], f["table"], f["seat_count"]) == ("Tournament #78669312", "3", 9)
    assert "currency" not in f and f["_rake"] == 0 and h.antes == (20, 20, 20, 20)
    assert f.get("_buy_in", "") == buy_in
    # Ben's raise to 1,594 is called by Dee for 1,038 (all-in): 556 comes back
    assert h.fields["players"] == ["Cid", "Dee", "Ann", "Ben"]
    assert h.finishing_stacks == (4766, 2656, 3128, 556) and h.scale == 1
    # a tournament pot pays no rake: a missing chip is an amount wrong
    (check,) = verify_history(text.replace("[ $2,656 ]", "[ $2,600 ]"))
    assert check.problem is not None and check.problem.endswith(
        "leaving 56 as fees, but a tournament takes no fee from a pot (its fee is in the"
        " buy-in): an amount is wrong or missing")


def test_a_tournament_of_a_localized_skin_groups_chips_with_dots() -> None:
    text = (TOURNAMENT.replace("888poker Hand", "888.es Hand")
            .replace("$100/$200", "100/200").replace("$0.01", "4,95 € + 0,55 €")
            .replace("( $3,548 )", "( 3.548 )").replace("( $1,614 )", "( 1.614 )")
            .replace("( $4,886 )", "( 4.886 )").replace("( $1,058 )", "( 1.058 )")
            .replace("[$1,594]", "[1.594]").replace("[ $2,656 ]", "[ 2.656 ]")
            .replace("$", ""))
    (check,) = verify_history(text)
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.finishing_stacks == (4766, 2656, 3128, 556)


GERMAN = written("888-german")


def test_german_client_card_words_and_amounts_with_decimal_commas_and_no_break_spaces() -> None:
    h = exact(GERMAN)
    assert h.fields["players"] == ["Bernd", "Anna"]
    assert h.starting_stacks == (123456, 150) and h.fields["currency"] == "USD"
    assert h.actions[:2] == ("d dh p1 QhTs", "d dh p2 3dKc")
    assert "d db Ah3sJd" in h.actions and "p2 sm 3dKc" in h.actions
    # the same hand with the symbol before the amount and no space: '0,01$'
    (check,) = verify_history(GERMAN.replace("\u00a0$", "$"))
    assert check.method == "exact", check.problem
    # a card in no language's words names the line
    (check,) = verify_history(GERMAN.replace("7Kreuz", "7Krez"))
    assert check.problem is not None and check.problem.startswith("<text>:17: bad cards '7Krez'")


ALLIN = written("888-allin-raise")


def test_an_all_in_printed_as_a_raise_nobody_can_call_is_the_call_it_is() -> None:
    h = exact(ALLIN)
    assert h.fields["players"] == ["Bob", "Carol", "Alice"]
    # Alice's raise of 5,145 more: Bob (100) and Carol (80) are all-in, so it calls 94
    assert h.actions[3:7] == ("p3 cbr 6", "p1 cbr 100", "p2 cc", "p3 cc")
    assert h.fields["_action_lines"][6] == 15
    # 5,051 comes back to her; 3 of the 280 raked
    assert h.finishing_stacks == (0, 0, 5328) and h.fields["_rake"] == 3


STARS_ALLIN = written("stars-allin-raise")


def test_the_all_in_raise_is_read_in_the_record_for_every_site() -> None:
    (check,) = verify_history(STARS_ALLIN)
    assert check.ok, check.problem
    assert check.hand is not None and check.hand.actions[-7] == "p3 cc"


JACKPOT_CAP = written("888-jackpot-cap")


def test_jackpot_table_and_capped_table_headers() -> None:
    # a jackpot table: the jackpot fee with the rake, 0.80 of 15 (5.3%)
    (check,) = verify_history(JACKPOT_CAP)
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.fields["_rake"] == Decimal("0.80")
    # a capped table whose cap nobody reaches plays as no-limit
    for cap in (" - $20 Cap", " $20 Cap", " Cap $20"):
        capped = JACKPOT_CAP.replace(" Jackpot table", "").replace("Holdem", "Holdem" + cap, 1)
        (check,) = verify_history(capped.replace("( $20 )", "( $25 )"))
        assert check.method == "exact", check.problem
    # one who reaches it is out of the betting as if all-in: the engine has no cap
    reached = capped.replace("Alice bets [$4]", "Alice bets [$17] and has reached the $20 cap")
    reached = reached.replace("Bob calls [$4]", "Bob calls [$17]").replace("$14.20", "$39.20")
    with pytest.raises(UnsupportedHistoryError, match=re.escape(
            "<text>:17: capped no-limit (a cap of 20 a player): 'Alice' puts 20 in and reaches"
            " the cap, after which the site keeps the player out of the betting; the engine"
            " has no per-player cap (GameConfig), so hands that reach it are not supported")):
        list(load_history(reached))


@pytest.mark.parametrize("skin", ["888poker", "888.es", "888.it", "888.pt", "888poker Snap Poker",
                                  "Cassava", "LuckyAcePoker.com"])
def test_skins_of_the_network(skin: str) -> None:
    (check,) = verify_history(MICRO.replace("888poker Hand", f"{skin} Hand"))
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.fields["casino"] == "888poker"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Blinds No Limit Holdem - ***", "Blinds No Limit Holdem", r"^<text>:3: expected the game line,"
     r" e.g. '\$0.05/\$0.10 Blinds No Limit Holdem - \*\*\* 06 01 2014 22:40:28', got"),
    ("Alice raises [$0.05]", "Alice juggles [$0.05]",
     r"^<text>:13: 'Alice': action not understood: 'juggles \[\$0.05\]'$"),
    ("Alice raises [$0.05]", "Zed raises [$0.05]", r"^<text>:13: line not understood: 'Zed raises"
     r" \[\$0.05\]' \(no seated player's name starts it\)$"),
    ("Bob collected", "First runout Zed collected", r"^<text>:29: 'Zed' collects but has no seat"),
])
def test_888poker_lines_not_understood_name_the_line(old: str, new: str, message: str) -> None:
    with pytest.raises(HistoryError, match=message):
        list(load_history(MICRO.replace(old, new)))


RUN_TWICE = written("888-run-twice")


@pytest.mark.parametrize(("text", "runs", "stacks"), [
    (RUN_TWICE, 2, (1000, 1000)),  # each run half the pot
    # all-in on the flop: the second run deals the turn and the river only
    (RUN_TWICE.replace("Alice raises [$9.95]\nBob calls [$9.90]\n** First runout **\n"
                       "** Dealing flop ** [ 2c, 7d, Jh ]", "Alice calls [$0.05]\nBob checks\n"
                       "** Dealing flop ** [ 2c, 7d, Jh ]\nBob bets [$9.90]\nAlice calls [$9.90]\n"
                       "** First runout **").replace("** Dealing flop ** [ Kd, 4s, 5h ]\n", "")
     .replace("** Dealing turn ** [ 8c ]\n** Dealing river ** [ Qs ]",
              "** Dealing turn ** [ Jd ]\n** Dealing river ** [ Qs ]")
     .replace("Second runout Bob", "Second runout Alice"),
     2, (0, 2000)),  # p1 Bob, p2 Alice (the button, who wins both runs)
    # '** First runout **' in a hand run once: a marker before the board
    (MICRO.replace("** Dealing flop **", "** First runout **\n** Dealing flop **"), 1, None),
])
def test_888poker_run_it_twice_pays_each_run_its_share(text: str, runs: int,
                                                       stacks: tuple[int, ...] | None) -> None:
    (check,) = verify_history(text)
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.fields.get("_runs", 1) == runs
    if stacks is not None:
        assert check.hand.finishing_stacks == stacks


# ---- the language table and the grammar ---------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("$1,234.56", "1234.56"), ("1.234,56 €", "1234.56"), ("1\u202f234,56\u00a0€", "1234.56"),
    ("0,01 $", "0.01"), ("0,01$", "0.01"), ("18.429", "18429"), ("€0.05", "0.05"),
    ("$0.10 USD", "0.10"), ("2,400", "2400"), ("0,5", "0.5"), ("3Â\u00a0023,50 $", "3023.50"),
    ("$5,145", "5145"), ("1.600", "1600"), ("25 $", "25"),
])
def test_amounts_in_every_rows_number_format(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)


@pytest.mark.parametrize("text", ["N/A", "", "1.234.56", "12,34,5", "$"])
def test_what_is_no_amount(text: str) -> None:
    assert parse_amount(text) is None


def test_card_words_of_each_row() -> None:
    assert translate_cards("[ 3Karo, KKreuz ]") == ("3d Kc", language("de"))
    assert translate_cards(" Ec, Knc, 3h, 3c ") == ("Ac Jc 3h 3c", language("sv"))  # the sample
    assert translate_cards("[ Kns, Th, 5c, Dc ]") == ("Js Th 5c Qc", language("sv"))
    assert translate_cards("[ RCoeur, VPique ]") == ("Kh Js", language("fr"))
    assert translate_cards("[ Hc, Vd ]") == ("Kc Qd", language("nl"))
    assert translate_cards("[ Ah, Kc ]") is None  # English: holdem_eval.cards reads it
    hand = CardLanguage()
    assert hand.translate("BKaro") == "Jd" and hand.row.code == "de"
    assert hand.translate("DKreuz") == "Qc"  # the hand's row first


def test_each_row_is_checked_and_phrases_are_longest_first() -> None:
    with pytest.raises(ValueError, match="unknown concepts"):
        Language("xx", "X", {"juggle": ("jongliert",)})
    with pytest.raises(ValueError, match="do not name a rank"):
        Language("xx", "X", {}, ranks={"Z": "Z"})
    mucks = phrases("mucks")
    assert [len(p) for p in mucks] == sorted(map(len, mucks), reverse=True)
    assert {"ne montre pas", "mucks"} <= set(mucks)
    assert phrases("fold", [language("en")]) == ("folds",)
    with pytest.raises(ValueError, match="no language 'xx'"):
        language("xx")
    assert expand(r"\*{5} {fold}", [language("en")]) == r"\*{5} (?:folds)"


def test_every_888poker_rule_has_an_example_its_pattern_reads() -> None:
    for rule in RULES:
        if not rule.example:
            continue
        pattern = re.compile(expand(rule.pattern) + r"\s*$")
        text = rule.example.split(" ", 1)[1] if rule.actor else rule.example
        assert pattern.match(text.replace(" (raises [$4])", "")), rule
    assert "Seat 1: Alice ( $10.98 )" in GRAMMAR.examples("seats")
