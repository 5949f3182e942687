"""iPoker XML and PartyPoker hand histories: read, verified on the engine, refusals say why."""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from history_texts import DATA
from holdem_eval.engine import (
    HistoryError,
    PhhReplayError,
    UnsupportedHistoryError,
    load_history,
    replay_phh,
    verify_history,
)
from holdem_eval.engine.history.record import HandRecord, plain_amount

IPOKER = DATA / "IPoker"
PARTY = DATA / "PartyPoker"

_NOT_YET = ("is not supported yet (no-limit and fixed-limit Hold'em, pot-limit Omaha and"
            " pot-limit and fixed-limit Omaha hi-lo are)")
_EMPTY = (HistoryError, "the file is empty, expected hand histories")
# every sample the readers refuse, and why (class, a piece of the message)
IPOKER_REFUSED: dict[str, tuple[type[Exception] | None, str]] = {
    "CashGame/HandActionTests/PostingDead.txt": (
        UnsupportedHistoryError, f"variant 'Holdem PL €5/€10' {_NOT_YET}"),
    "CashGame/IdTest/IdTest1.txt": (  # cut off inside the session's <general>
        HistoryError, "the iPoker file holds no <game> element"),
    "CashGame/Seats/Full Ring (10 Handed).txt": (  # the winner's name misspelt in the file
        HistoryError, "'TrapistBeer' is paid but is not dealt in"),
    "CashGame/ValidHandTests/HMExport_1.txt": (  # an edited file: a split pot KQJT9 wins alone
        None, "'Player4' (p1) ends with 238 by the site's figures (collected 238) but with 0 by"
        " the engine's replay"),
    "CashGame/ValidHandTests/InValidHand_1.txt": (HistoryError, "cards dealt to 'nawu', who has no seat"),
    "MultiTableTournament/ExtraHands/ShootOutTournament.txt": (
        UnsupportedHistoryError, "no big blind is posted at its position: not supported yet"),
}
PARTY_REFUSED: dict[str, tuple[type[Exception] | None, str]] = {
    "CashGame/GameTypeTests/PotLimitHoldem.txt": (
        UnsupportedHistoryError, f"variant 'PL Texas Hold'em' {_NOT_YET}"),
    "CashGame/Limits/Limit6.txt": (HistoryError, "nobody wins the pot: truncated?"),
    "CashGame/ValidHandTests/InValidHand_1.txt": (HistoryError, "nobody wins the pot: truncated?"),
    "CashGame/PlayerTests/WithAnonomous.txt": (
        HistoryError, "line not understood: 'WolfgangCutler raises [$5 USD]'"),
    "CashGame/Seats/4 Max.txt": _EMPTY,
    "CashGame/Seats/Full Ring (10 Handed).txt": _EMPTY,
    "CashGame/Tables/Table2.txt": (  # a returning player's small blind that plays live
        UnsupportedHistoryError, "'hugomarcia' posts a small blind 0.05 from position p4 of 5"),
}


@pytest.mark.parametrize(("root", "files", "counts", "refused"), [
    (IPOKER, 52, {"exact": 77, None: 6}, IPOKER_REFUSED),
    (PARTY, 47, {"exact": 53, None: 7}, PARTY_REFUSED),
], ids=["ipoker", "partypoker"])
def test_samples_import_verify_and_every_refused_one_says_why(
    root: Path, files: int, counts: dict[str | None, int],
    refused: dict[str, tuple[type[Exception] | None, str]],
) -> None:
    assert len(list(root.rglob("*.txt"))) == files
    checks = verify_history(root)
    assert Counter(c.method for c in checks) == counts
    seen = set()
    for check in checks:
        rel = Path(check.file).relative_to(root).as_posix()
        if check.ok:
            assert check.hand is not None and replay_phh(check.hand).matches_file is True, rel
            continue
        cls, piece = refused[rel]
        assert type(check.error) is (type(None) if cls is None else cls), (rel, check.problem)
        assert check.problem is not None and piece in check.problem, (rel, check.problem)
        assert re.match(rf"{re.escape(check.file)}:(\d+:)? ", check.problem)  # file and line
        seen.add(rel)
    assert sorted(seen) == sorted(refused)


def test_sites_and_the_cli_choices() -> None:
    from holdem_eval.engine.history.load import SITES

    from holdem_eval.cli.args import HISTORY_SITES

    assert SITES[-2:] == ("ipoker", "partypoker") and HISTORY_SITES == SITES


def test_ipoker_actions_in_play_order_raise_to_and_inferred_fees() -> None:
    (h,) = load_history(IPOKER / "CashGame/HandActionTests/BasicHand.txt")
    f = h.fields
    assert (f["casino"], f["hand"], f["table"], f["currency"]) == (
        "iPoker", "5383392792", "Ashil'ta, 817748311", "EUR")
    assert (h.variant, f["year"], f["month"], f["day"], f["time"]) == (
        "PO", 2014, 1, 6, datetime.time(11, 49, 59))
    assert f["players"] == ["joemags", "Dullaghan", "Frozean"]  # p3 the dealer
    # the file lists joemags' flop call (no 8) before Dullaghan's raise (no 7); 'sum' of a
    # raise (type 23) is what the bet is raised to
    assert h.actions[6:10] == ("d db 7d4cJc", "p1 cbr 0.10", "p2 cbr 0.20", "p1 cc")
    assert h.actions[-3:] == ("p1 cbr 0.20", "p2 cbr 0.50", "p1 f")
    # Dullaghan's win 1.61 holds his uncalled 0.30: pot 1.40, 1.31 collected, 0.09 raked
    assert f["_collected"] == [0, Decimal("1.31"), 0] and f["_rake"] == Decimal("0.09")
    assert replay_phh(h).matches_file is True


def test_ipoker_all_in_is_a_call_or_a_raise_and_antes_are_posts() -> None:
    (h,) = load_history(IPOKER / "CashGame/HandActionTests/3BetHand.txt")
    # type 7 adds 5.88 to killAA007's 1.20: a call of Amalfitano1's 12.10 for less
    assert h.fields["players"] == ["killAA007", "Amalfitano1"]  # heads-up: p2 the dealer
    assert h.antes == (2, 2) and h.actions[2:6] == ("p2 cbr 0.40", "p1 cbr 1.20", "p2 cbr 12.10",
                                                    "p1 cc")
    assert h.actions[-2:] == ("p2 sm JcJs", "p1 sm 7hTh")  # the pocket cards the file shows
    assert replay_phh(h).matches_file is True


def test_ipoker_one_line_xml_several_sessions_and_xml_files_in_a_folder(tmp_path: Path) -> None:
    (h,) = load_history(IPOKER / "CashGame/FormatTests/UnformattedXmlHand.txt")
    # the game starts after the file's first CR line end: line 2
    assert h.fields["_line"] == 2 and h.fields["currency"] == "USD"
    assert len(list(load_history(IPOKER / "CashGame/MultipleHandsTests/20MultipleHands.txt"))) == 20
    # iPoker's own files are .xml: a folder's .xml files are read too
    (tmp_path / "session.xml").write_text(_basic_ipoker(), "utf-8")
    (tmp_path / "notes.md").write_text("not a hand", "utf-8")
    assert [h.fields["hand"] for h in load_history(tmp_path)] == ["5383392792"]


def test_a_utf16_file_with_its_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "party.txt"
    path.write_bytes((PARTY / "CashGame/HandActionTests/BasicHand.txt").read_text(
        "utf-8-sig").encode("utf-16"))
    (h,) = load_history(path)
    assert h.fields["hand"] == "13550420797" and replay_phh(h).matches_file is True


def _basic_ipoker() -> str:
    return (IPOKER / "CashGame/HandActionTests/BasicHand.txt").read_text("utf-8-sig")


@pytest.mark.parametrize(("edit", "error", "message"), [
    (lambda t: t[: t.index("</game>")], HistoryError,
     r"^<text>:21: the <game> ends before its '</game>': truncated\?$"),
    (lambda t: t.replace('player="Frozean" type="0"', 'player="Frozean" type="12"'),
     UnsupportedHistoryError, r"^<text>:36: 'Frozean': action type 12 is not supported \(0 fold,"),
    (lambda t: t.replace('player="Frozean" type="0"', 'player="Frozen" type="0"'), HistoryError,
     r"^<text>:36: 'Frozen' acts but has no seat"),
    (lambda t: t.replace("Omaha PL", "Omaha Hi-Lo NL"), UnsupportedHistoryError,
     r"^<text>:5: variant 'Omaha Hi-Lo NL €0.05/€0.10' is not supported yet"),
    (lambda t: t.replace("2014-01-06 11:49:59", "2014-13-06 11:49:59"), HistoryError,
     r"^<text>:23: date '2014-13-06 11:49:59' is not a date and time$"),
])
def test_ipoker_bad_input_names_the_line(edit: Callable[[str], str], error: type[Exception],
                                         message: str) -> None:
    with pytest.raises(error, match=message):
        list(load_history(edit(_basic_ipoker())))


def test_ipoker_day_first_dates_and_fees_beyond_its_rake() -> None:
    text = _basic_ipoker()
    (h,) = load_history(text.replace("2014-01-06 11:49:59", "06-01-2014 11:49:59"))
    assert (h.fields["year"], h.fields["month"], h.fields["day"]) == (2014, 1, 6)
    bad = text.replace('win="€1.61"', 'win="€1.21"')
    (check,) = verify_history(bad)
    assert check.problem is not None and check.problem.endswith(
        "leaving 0.49 as fees, more than 10% of the pot (0.14), which iPoker's rake and fees"
        " never reach: an amount is wrong or missing")


def test_partypoker_all_in_uncalled_side_pot_and_fees() -> None:
    (h,) = load_history(PARTY / "CashGame/HandActionTests/AllInHandWithShowdown.txt")
    f = h.fields
    assert (f["casino"], f["hand"], f["table"], f["currency"], f["time_zone"]) == (
        "PartyPoker", "13549932236", "Aksay", "USD", "America/New_York")
    assert (f["year"], f["month"], f["day"], f["time"]) == (2014, 1, 5, datetime.time(19, 24, 7))
    # 'is all-In [$4.90 USD]' bets, 'is all-In [$3.03 USD]' calls for less
    assert h.actions[-5:] == ("p5 cbr 4.90", "p6 cc", "p2 f", "p5 sm 8c8d", "p6 sm")
    # 'wins $1.87 USD from the side pot 1' is dr. spaz's uncalled bet; 1.00 raked of 21.66
    assert f["_collected"][4] == Decimal("20.66") and f["_rake"] == Decimal("1.00")
    assert replay_phh(h).matches_file is True


def test_partypoker_tournament_dead_post_and_buy_in_stakes() -> None:
    hands = list(load_history(PARTY / "MultiTableTournament/GeneralHands/GeneralHand.txt"))
    h = hands[0]
    # 'Blinds-Antes(1.200/2.400 -400)': a dot groups the thousands
    assert (h.fields["event"], h.min_bet, h.antes[0]) == ("125049467", 2400, 400)
    assert "currency" not in h.fields
    # a sit & go states 'Blinds(...)' without antes
    text = (PARTY / "MultiTableTournament/GeneralHands/GeneralHand.txt").read_text("utf-8-sig")
    sng = text.replace("Level:12  Blinds-Antes(1.200/2.400 -400)", "Level:1  Blinds(1.200/2.400)", 1)
    assert sng != text and next(load_history(sng)).min_bet == 2400
    (dead,) = load_history(PARTY / "CashGame/HandActionTests/Posting.txt")
    # 'posts big blind + dead [$3]' at $1/$2: 2 live, 1 dead
    assert dead.blinds_or_straddles[3] == -200 and dead.dead_posts[3] == 100
    assert replay_phh(dead).matches_file is True
    (plo,) = load_history(PARTY / "CashGame/GameTypeTests/PotLimitOmaha.txt")
    assert plo.variant == "PO" and replay_phh(plo).matches_file is True  # '$100 USD PL Omaha'
    # at a pot-limit table (stakes: the buy-in) the posted big blind splits a dead post
    text = (PARTY / "CashGame/HandActionTests/Posting.txt").read_text("utf-8-sig")
    (buy_in,) = load_history(text.replace("$1/$2 USD NL", "$200 USD NL"))
    assert buy_in.dead_posts == dead.dead_posts and replay_phh(buy_in).matches_file is True
    text = text.replace("peace_da_ball posts big blind [$2 USD].\nPeacli posts big blind + dead",
                        "Peacli posts big blind + dead")
    with pytest.raises(UnsupportedHistoryError, match=r"'Peacli' posts a big blind and a dead"
                       r" blind '\$3' with no big blind known to split it by"):
        list(load_history(text.replace("$1/$2 USD NL", "$200 USD NL")))


@pytest.mark.parametrize(("text", "value"), [
    ("$1,000.50", "1000.50"), ("1 192,48 $", "1192.48"), ("1.192,48 €", "1192.48"),
    ("€0.05", "0.05"), ("$0.10 USD", "0.10"), ("2,400", "2400"), ("0,5", "0.5"),
])
def test_amounts_as_the_sites_print_them(text: str, value: str) -> None:
    rec = HandRecord(site="ipoker", file="f.xml", line=1)
    assert plain_amount(rec, text, 3) == Decimal(value)


def test_an_amount_that_is_no_number_names_the_line() -> None:
    rec = HandRecord(site="ipoker", file="f.xml", line=1)
    with pytest.raises(HistoryError, match=r"^f\.xml:3: amount 'N/A' is not a number$"):
        plain_amount(rec, "N/A", 3)


def test_partypoker_bad_input_names_the_line() -> None:
    text = (PARTY / "CashGame/HandActionTests/BasicHand.txt").read_text("utf-8-sig")
    with pytest.raises(HistoryError, match=r"^<text>:20: 'sawas222': action not understood:"
                       r" 'dances'$"):
        list(load_history(text.replace("sawas222 checks\n** Dealing River",
                                       "sawas222 dances\n** Dealing River")))
    with pytest.raises(HistoryError, match=r"^<text>:2: expected the game line"):
        list(load_history(text.replace("NL Texas Hold'em - Monday", "NL Texas Hold'em Monday")))
    with pytest.raises(PhhReplayError):
        (check,) = verify_history(text.replace("jott1982 checks\nsawas222 checks\n** Dealing Turn",
                                               "jott1982 checks\n** Dealing Turn"))
        raise check.error if check.error is not None else AssertionError(check.problem)
