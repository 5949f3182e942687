"""Hand histories from poker sites: reading PokerStars and GGPoker text, verifying on the engine."""

from __future__ import annotations

import datetime
import io
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from history_texts import DATA, exact, refused_edit, written
from holdem_eval.engine import (
    HistoryCheck,
    HistoryError,
    PhhError,
    PhhReplayError,
    UnknownSiteError,
    UnsupportedHistoryError,
    UnsupportedPhhError,
    load_history,
    replay_phh,
    verify_history,
)

from holdem_eval import HoldemEvalError

# real site histories kept in the repository (tests/data/histories/README.md names the source)
STARS = DATA / "PokerStars"
GG = DATA / "GGPoker"
PACIFIC = DATA / "Pacific"  # 888poker
WINAMAX = DATA / "Winamax"


@pytest.fixture(scope="module")
def stars_checks() -> list[HistoryCheck]:
    if not STARS.is_dir():
        pytest.fail(f"the site-history test data is missing: expected {STARS}")
    return verify_history(STARS)


@pytest.fixture(scope="module")
def gg_checks() -> list[HistoryCheck]:
    return verify_history(GG)


def _rel(check: HistoryCheck, root: Path) -> str:
    return Path(check.file).relative_to(root).as_posix()


# every sample the readers refuse, and why (class, a piece of the message)
# capped no-limit plays as no-limit until a player's chips in reach the cap
_CAP = (UnsupportedHistoryError, "reaches the cap, after which the site keeps the player out")
_NOT_A_HAND = (UnknownSiteError, "not a hand history of a known site")
_PPP = (UnsupportedHistoryError, "PPPoker hand histories are not supported yet")
_SUM = (HistoryError, "the amounts do not add up")
STARS_REFUSED = {
    "CashGame/BlindActionTests/Ante.txt": _NOT_A_HAND,  # fragments of a hand
    "CashGame/BlindActionTests/Ignore.txt": _NOT_A_HAND,
    "CashGame/ShowDownActionTests/AllinFlop.txt": _NOT_A_HAND,
    "CashGame/ShowDownActionTests/Ignore.txt": _NOT_A_HAND,
    "CashGame/ShowDownActionTests/RunItTwice.txt": _NOT_A_HAND,
    "CashGame/ShowDownActionTests/Wins.txt": _NOT_A_HAND,
    "CashGame/ExtraHands/UtcTimestampFormat.txt": _PPP,
    "CashGame/PPPoker/PPPokerHand.txt": _PPP,
    "CashGame/PPPoker/ShowdownHand.txt": _PPP,
    "CashGame/ExtraHands/DateIssue2.txt": _CAP,
    "CashGame/RunItTwiceTests/RunItTwice2.txt": _CAP,
    "CashGame/GameTypeTests/NoLimitOmahaHiLo.txt": (
        UnsupportedHistoryError, "variant Omaha Hi/Lo No Limit is not supported yet"),
    "CashGame/GameTypeTests/PotLimitHoldem.txt": (
        UnsupportedHistoryError, "variant Hold'em Pot Limit is not supported yet"),
    "CashGame/HandActionTests/CashOut.txt": (
        UnsupportedHistoryError, "cash-out of a hand is not supported"),
    # malformed on purpose, or edited by hand so the figures disagree
    "CashGame/ExtraHands/DateIssue1.txt": (
        HistoryError, "the total pot is 2.50 but the players put in 5.00"),
    "CashGame/ExtraHands/UncontestedWinnerFlash.txt": (
        HistoryError, "the total pot is 0.20 but the players put in 0.25"),
    "CashGame/Limits/AnteTable.txt": (
        HistoryError, "the total pot is 0.50 but the players put in 0.90"),
    "CashGame/PlayerTests/WithSittingOut.txt": (
        HistoryError, "'Blahdieblah' acts but has no seat"),
    "CashGame/StreetTests/River.txt": (
        HistoryError, "card '5d' appears twice: in the board (line 11) and in Fishmax3's hole"
        " cards (line 22)"),
    "CashGame/ValidHandTests/CancelledHand.txt": (
        HistoryError, "the hand was cancelled by the site"),
    "CashGame/ValidHandTests/InValidHand_1.txt": (
        HistoryError, "the hand ends before its '*** SUMMARY ***' section: truncated?"),
}
GG_REFUSED = {
    "CashGame/GeneralHands/MultiplePosts.txt": (
        HistoryError, "the total pot is 13.3 but the players put in 14.30"),
    "CashGame/HandActionTests/BetAndMuck.txt": (
        UnsupportedHistoryError, "GGPoker's 'Bet & Muck' is not supported"),
    "CashGame/HandActionTests/PaysCashoutFee.txt": (
        UnsupportedHistoryError, "EV cashout is not supported"),
    "CashGame/HandActionTests/ReceivesCashout.txt": (
        UnsupportedHistoryError, "EV cashout is not supported"),
    "CashGame/HandActionTests/UncalledBetAndPaysCashoutFee.txt": (
        UnsupportedHistoryError, "EV cashout is not supported"),
}


def test_pokerstars_samples_import_and_verify(stars_checks: list[HistoryCheck]) -> None:
    counts = Counter(c.method for c in stars_checks)
    assert len(list(STARS.rglob("*.txt"))) == 75
    assert len(stars_checks) == 141  # hands, and files that hold none
    assert counts == {"exact": 119, "net of fees": 1, None: 21}
    for check in stars_checks:
        assert check.ok == (check.hand is not None)
        if check.ok:
            assert check.hand is not None and replay_phh(check.hand).hand.is_over
    # the one hand whose fees PokerStars splits in proportion to the pots
    (net,) = [c for c in stars_checks if c.method == "net of fees"]
    assert _rel(net, STARS) == "CashGame/ExtraHands/SidePot.txt"
    assert net.hand is not None and replay_phh(net.hand).matches_file is False


def test_ggpoker_samples_import_and_verify(gg_checks: list[HistoryCheck]) -> None:
    assert Counter(c.method for c in gg_checks) == {"exact": 9, None: 5}
    for check in gg_checks:
        if check.ok:
            assert check.hand is not None and replay_phh(check.hand).matches_file is True


PACIFIC_REFUSED = {
    "CashGame/GameTypeTests/NoLimitOmaha.txt": (
        UnsupportedHistoryError, "variant 'No Limit Omaha' is not supported yet"),
    "CashGame/GameTypeTests/PotLimitHoldem.txt": (  # a PartyPoker file in the folder
        UnsupportedHistoryError, "variant 'PL Texas Hold'em' is not supported yet"),
    # the big blind and the others fold before any card is dealt (no 'Dealing down cards')
    "CashGame/Limits/Limit5.txt": (
        HistoryError, "no hand was played: ['7Lucky7Guy7', 'FFSim2rich', 'SolidManiac'] fold"
        " before any card is dealt (declining to post), leaving 'myhometown' alone, who takes"
        " back the 25 posted"),
    "CashGame/ValidHandTests/InValidHand_1.txt": (
        HistoryError, "the hand ends before its '** Summary **' section: truncated?"),
}


@pytest.mark.parametrize(("root", "files", "counts"), [
    (PACIFIC, 33, {"exact": 29, None: 4}),
    (WINAMAX, 30, {"exact": 36, None: 3}),
], ids=["888poker", "winamax"])
def test_samples_import_and_verify(root: Path, files: int, counts: dict[str | None, int]) -> None:
    checks = verify_history(root)
    assert len(list(root.rglob("*.txt"))) == files
    assert Counter(c.method for c in checks) == counts
    for check in checks:
        if check.ok:
            assert check.hand is not None and replay_phh(check.hand).matches_file is True


def test_888poker_fields_inferred_uncalled_bet_and_fees() -> None:
    # 888poker prints increments, no uncalled bet and no pot or rake line
    (h,) = load_history(PACIFIC / "CashGame/HandActionTests/AllInHandWithShowdown.txt")
    f = h.fields
    assert (f["casino"], f["hand"], f["table"], f["seat_count"], f["currency"]) == (
        "888poker", "349444554", "Valledupar", 6, "USD")
    assert (f["year"], f["month"], f["day"], f["time"]) == (2014, 1, 6, datetime.time(10, 56, 5))
    assert f["players"] == ["zvony_tango7", "kiss014", "dynamoz6", "qprcuz", "FishPredator"]
    assert h.blinds_or_straddles == (50, 100, -100, 0, 0)  # dynamoz6 posts a big blind at p3
    # 'qprcuz raises [$101.66]' on the river adds 101.66 to nothing: raise to 101.66
    assert h.actions[-5:] == ("p2 cbr 6.55", "p4 cbr 101.66", "p2 cc", "p4 sm 3d3c", "p2 sm 5h2h")
    # kiss014 had 89.83 left to call: 5.28 goes back; pot 201.50, collected 197.50, fees 4
    assert f["_collected"][3] == Decimal("197.50") and f["_rake"] == Decimal("4.00")
    assert h.finishing_stacks == (9950, 0, 9900, 20278, 10000)
    assert replay_phh(h).matches_file is True


def test_888poker_fees_must_be_a_rake_the_site_takes() -> None:
    text = (PACIFIC / "CashGame/HandActionTests/FoldedPreflop.txt").read_text("utf-8-sig")
    assert "dbhbrb collected [ $2.50 ]" in text
    with pytest.raises(HistoryError, match=r"^<text>:18: the players collected 2.40 of a pot of"
                       r" 2.50, leaving 0.10 as fees, but 888poker takes no rake without a"
                       r" flop: an amount is wrong or missing$"):
        list(load_history(text.replace("collected [ $2.50 ]", "collected [ $2.40 ]")))
    text = (PACIFIC / "CashGame/PlayerTests/WithShowdown.txt").read_text("utf-8-sig")
    (check,) = verify_history(text)
    assert check.ok and check.hand is not None and check.hand.fields["_rake"] == Decimal("0.60")
    winner = check.hand.fields["players"][check.hand.fields["_collected"].index(Decimal("11.40"))]
    # 888poker's fees reach 8.7% of a pot (issue 39): 0.61 of 12 (5.08%) is a rake it takes
    (check,) = verify_history(text.replace(f"{winner} collected [ $11.40 ]",
                                           f"{winner} collected [ $11.39 ]"))
    assert check.method == "exact" and check.hand is not None
    assert check.hand.fields["_rake"] == Decimal("0.61")
    bad = text.replace(f"{winner} collected [ $11.40 ]", f"{winner} collected [ $10.70 ]")
    (check,) = verify_history(bad)
    assert check.problem is not None and check.problem.endswith(
        "the players collected 10.70 of a pot of 12.00, leaving 1.30 as fees, more than 10% of"
        " the pot (1.20), which 888poker's rake and fees never reach: an amount is wrong or"
        " missing")


def test_888poker_dead_blind_walk_and_fixed_limit() -> None:
    (h,) = load_history(PACIFIC / "CashGame/HandActionTests/PostingDead.txt")
    # 'posts dead blind [$1 + $2]': $2 live, $1 dead
    assert h.blinds_or_straddles == (100, 200, 0, -200, 0, 0) and h.dead_posts == (0, 0, 0, 100, 0, 0)
    assert replay_phh(h).matches_file is True
    # a walk: the big blind 'collected [ $1.50 ]', his own 0.50 back and the small blind
    (walk,) = load_history(PACIFIC / "CashGame/PlayerTests/NoHoleCards.txt")
    assert walk.fields["_collected"] == [0, Decimal("1.00"), 0] and walk.fields["_rake"] == 0
    assert walk.finishing_stacks == (6434, 5590, 600)
    # fixed limit: '$0.50/$1 Blinds' bets $1, then $2
    (fl,) = load_history(PACIFIC / "CashGame/GameTypeTests/FixedLimitHoldem.txt")
    assert (fl.variant, fl.small_bet, fl.big_bet) == ("FT", 100, 200)


WINAMAX_REFUSED = {
    "CashGame/HandActionTests/PostingDead.txt": (HistoryError, "the amounts do not add up"),
    "CashGame/PlayerTests/WithSittingOut.txt": (
        HistoryError, "line not understood: 'Seat 1: Player1 ()'"),
    "CashGame/ValidHandTests/InValidHand_1.txt": (  # 'Winaax Poker - ...'
        UnknownSiteError, "not a hand history of a known site: 'Winaax Poker - CashGame"),
}


def test_winamax_windows_1252_file_sitting_out_and_collected_with_the_uncalled_bet() -> None:
    path = WINAMAX / "CashGame/GameTypeTests/NoLimitHoldem.txt"
    assert b"\x80" in path.read_bytes()  # '€' in Windows-1252
    (h,) = load_history(path)
    f = h.fields
    assert (f["casino"], f["hand"], f["table"], f["currency"], f["time_zone"]) == (
        "Winamax", "5285192-1130-1382664338", "Durban 02", "EUR", "UTC")
    assert f["players"] == ["gersois59", "VStee", "morfrim"]
    # 'morfrim collected 19.82€' includes his uncalled 5.70: 14.12 from the pot of 15.10
    assert f["_collected"] == [0, 0, Decimal("14.12")] and f["_rake"] == Decimal("0.98")
    assert h.finishing_stacks == (3800, 16037, 4800)
    # Seat 3 of 3BetHand.txt neither posts nor acts: not dealt in (Winamax does not say)
    (h,) = load_history(WINAMAX / "CashGame/HandActionTests/3BetHand.txt")
    assert "Dbrz34" not in h.fields["players"] and h.fields["seats"] == [1, 2, 4, 5]
    (t,) = load_history(WINAMAX / "MultiTableTournament/GeneralHands/GeneralHand.txt")
    assert t.fields["event"] == "BOOSTER" and "currency" not in t.fields and t.antes == (25,) * 3


@pytest.mark.parametrize(("root", "refused"), [(STARS, STARS_REFUSED), (GG, GG_REFUSED),
                                               (PACIFIC, PACIFIC_REFUSED),
                                               (WINAMAX, WINAMAX_REFUSED)])
def test_every_refused_sample_says_why(root: Path, refused: dict[str, tuple[type, str]]) -> None:
    checks = verify_history(root)
    seen = {}
    for check in checks:
        if check.ok:
            continue
        rel = _rel(check, root)
        cls, piece = refused[rel]
        assert type(check.error) is cls, (rel, check.problem)
        assert check.problem is not None and piece in check.problem, (rel, check.problem)
        assert re.match(rf"{re.escape(check.file)}:\d+: ", check.problem)  # file and line
        seen[rel] = check
    assert sorted(seen) == sorted(refused)


def test_every_exact_sample_matches_its_file_with_phh_replay(stars_checks: list[HistoryCheck]) -> None:
    for check in stars_checks:
        if check.method == "exact":
            assert check.hand is not None
            result = replay_phh(check.hand)
            assert result.matches_file is True
            assert result.hand.rake == int(check.hand.fields["_rake"] * check.hand.scale)


def test_pokerstars_cash_hand_fields_against_the_text() -> None:
    (h,) = load_history(STARS / "CashGame/GeneralHands/GeneralHand.txt")
    f = h.fields
    assert (f["casino"], f["_site"], f["hand"], f["table"]) == (
        "PokerStars", "pokerstars", "109681313810", "Skat III 100-250 bb, Ante")
    assert (f["currency"], f["seat_count"], f["online"]) == ("USD", 6, True)
    assert (f["year"], f["month"], f["day"], f["time"]) == (2014, 1, 6, datetime.time(7, 21, 5))
    assert (f["time_zone"], f["time_zone_abbreviation"]) == ("America/New_York", "ET")
    # button seat 4: p1 is seat 5 (small blind) ... p6 the button
    assert f["players"] == ["Nightfox82", "Asaki1", "Player_L", "H6U5r", "LovID", "Tunks2"]
    assert f["seats"] == [5, 6, 1, 2, 3, 4]
    assert h.variant == "NT" and h.scale == 100
    assert h.starting_stacks == (2617, 929, 4763, 2500, 2662, 2000)
    assert h.antes == (2,) * 6 and h.blinds_or_straddles == (5, 10, 0, 0, 0, 0)
    assert h.actions == (
        *(f"d dh p{k} ????" for k in range(1, 7)),
        "p3 cc", "p4 f", "p5 cbr 0.50", "p6 f", "p1 f", "p2 f", "p3 cc",
        "d db QhJc3h", "p3 cc", "p5 cbr 0.95", "p3 f",
    )
    assert f["_action_lines"][6:] == list(range(18, 29))
    assert f["_collected"] == [0, 0, 0, 0, Decimal("1.21"), 0]
    assert f["_rake"] == Decimal("0.06")
    # 26.62 - 0.02 - 0.50 - 0.95 + 0.95 (uncalled) + 1.21
    assert h.finishing_stacks == (2610, 917, 4711, 2498, 2731, 1998)
    result = replay_phh(h)
    assert result.matches_file is True and result.hand.rake == 6


def test_pokerstars_tournament_fields_and_showdown() -> None:
    (h,) = load_history(STARS / "MultiTableTournament/GameTypeTests/NoLimitHoldem.txt")
    f = h.fields
    assert f["event"] == "Tournament #937193984" and "currency" not in f
    assert f["players"][:4] == ["TSte", "jas v121", "colorado0054", "kikax0"]
    assert h.scale == 1 and h.antes == (8,) * 7 and h.blinds_or_straddles[:2] == (40, 80)
    # hole cards known to the file (the showdown) are dealt; the others stay unknown
    assert h.actions[:4] == ("d dh p1 ????", "d dh p2 4s5h", "d dh p3 JdKd", "d dh p4 As9d")
    assert h.actions[-3:] == ("p2 sm 4s5h", "p3 sm JdKd", "p4 sm As9d")
    assert f["_collected"][2] == 1220  # 236 from the side pot and 984 from the main pot
    assert replay_phh(h).finishing_stacks == (3718, 0, 1312, 0, 972, 944, 1148)


def test_pokerstars_tournament_deals_in_players_sitting_out() -> None:
    (check,) = verify_history(STARS / "MultiTableTournament/Buyins/Buyin1.txt")
    assert check.method == "exact" and check.hand is not None
    # 'is sitting out' players post and fold in a tournament; 'out of hand' DISG17 is not dealt in
    assert check.hand.fields["players"] == [
        "gornyk1973", "zsozso522", "ObamaCareasd", "Bogdan555", "NokDawnDE", "kostas123445",
        "kindex05", "SaleSRB_86"]
    assert check.hand.fields["event"] == "Tournament #910930978"


def test_site_given_must_match_the_text() -> None:
    with pytest.raises(HistoryError, match=r"^<text>:1: expected a ggpoker hand header, got"
                       r" \"PokerStars Game #109681313810:  Hold'em No Limit"):
        list(load_history(_general(), site="ggpoker"))
    (check,) = verify_history(_general(), site="ggpoker")
    assert check.hand is None and check.line == 1 and isinstance(check.error, HistoryError)


def test_ggpoker_dead_post_and_hero_cards() -> None:
    (h,) = load_history(GG / "CashGame/HandActionTests/PostingDead.txt")
    f = h.fields
    assert (f["casino"], f["hand"], f["table"], f["currency"]) == (
        "GGPoker", "HD54233001", "NLHGold19", "USD")
    assert "time_zone" not in f  # GGPoker prints no time zone
    assert f["players"][4] == "15yfdsaa" and h.actions[2] == "d dh p3 Ks2d"  # 'ks' as printed
    # 'posts missed blind $0.5' then 'posts big blind $1': $1 live, $0.50 dead
    assert h.blinds_or_straddles == (50, 100, 0, 0, -100, 0)
    assert h.dead_posts == (0, 0, 0, 0, 50, 0)
    assert h.posts() == {4: (100, 50)}
    result = replay_phh(h)
    assert result.matches_file is True and result.hand.rake == 60


def test_several_hands_per_file_and_cr_line_ends() -> None:
    hands = list(load_history(STARS / "CashGame/MultipleHandsTests/10MultipleHands.txt"))
    assert len(hands) == 10
    assert len({h.fields["hand"] for h in hands}) == 10
    cr = STARS / "CashGame/Limits/GbpTable.txt"
    assert b"\r\n" not in cr.read_bytes() and b"\r" in cr.read_bytes()
    (h,) = load_history(cr)
    assert h.fields["currency"] == "GBP" and replay_phh(h).matches_file is True


def test_sources_path_folder_glob_text_bytes_and_streams(tmp_path: Path) -> None:
    path = STARS / "CashGame/GeneralHands/GeneralHand.txt"
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # a byte-order mark
    want = next(load_history(path)).actions
    text = data.decode("utf-8-sig")
    crlf = text.replace("\r\n", "\n").replace("\n", "\r\n")
    for source in (str(path), data, text, crlf, "\ufeff" + crlf, io.BytesIO(data),
                   io.StringIO(text), crlf.encode("utf-8")):
        (h,) = load_history(source)
        assert h.actions == want
    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    (folder / "one.txt").write_bytes(data)
    (folder / "two.txt").write_bytes(data + b"\r\n\r\n" + data)
    assert len(list(load_history(tmp_path))) == 3
    assert len(list(load_history(str(tmp_path / "**" / "t*.txt")))) == 2
    assert len(list(load_history(text, site="pokerstars"))) == 1


def _general() -> str:
    return (STARS / "CashGame/GeneralHands/GeneralHand.txt").read_bytes().decode("utf-8-sig")


def test_odd_player_names_are_read_as_printed() -> None:
    text = _general()
    names = {"Player_L": "[x]: y/z (1)", "LovID": "Ünïcødé 名前: :D", "H6U5r": "a: folds"}
    for old, new in names.items():
        text = text.replace(old, new)
    (check,) = verify_history(text)
    assert check.method == "exact", check.problem
    assert check.hand is not None
    assert check.hand.fields["players"][2:5] == ["[x]: y/z (1)", "a: folds", "Ünïcødé 名前: :D"]
    assert check.hand.fields["_collected"][4] == Decimal("1.21")


def test_a_difference_is_reported_with_its_line_never_fixed() -> None:
    # the site's figures say jas v121 won; the cards say colorado0054 did
    text = (STARS / "MultiTableTournament/GameTypeTests/NoLimitHoldem.txt").read_text("utf-8-sig")
    text = text.replace("colorado0054 collected 236", "jas v121 collected 236")
    text = text.replace("colorado0054 collected 984", "jas v121 collected 984")
    (check,) = verify_history(text)
    assert not check.ok and check.method is None and check.hand is not None
    assert check.problem == (
        "<text>:1: 'jas v121' (p2) ends with 1220 by the site's figures (collected 1220) but"
        " with 0 by the engine's replay"
    )


def test_a_player_shown_two_different_hands() -> None:
    refused_edit("PokerStars/MultiTableTournament/GameTypeTests/NoLimitHoldem.txt",
                 "showed [Jd Kd] and won", "showed [Jd Qs] and won",
                 r"^<text>:47: 'colorado0054' shows 'JdQs' but line 33 gives 'JdKd': a player has"
                 r" one hand$")


@pytest.mark.parametrize(("name", "currency", "zone"), [
    ("Limits/EuroTable.txt", "EUR", "ET"),
    ("Limits/GbpTable.txt", "GBP", "ET"),
    ("Limits/YuanTable.txt", "CNY", "ET"),
    ("GeneralHands/HeroName.txt", "EUR", "CET"),  # '... 18:14:22 CET [2013/03/08 18:14:22 ET]'
    ("ExtraHands/ZoomHand.txt", "USD", "WET"),
])
def test_currencies_and_time_zones(name: str, currency: str, zone: str) -> None:
    (check,) = verify_history(STARS / "CashGame" / name)
    assert check.ok and check.hand is not None
    f = check.hand.fields
    assert (f["currency"], f["time_zone_abbreviation"]) == (currency, zone)
    assert f["time_zone"] == {"ET": "America/New_York", "CET": "Europe/Paris",
                              "WET": "Europe/Lisbon"}[zone]


def test_net_of_fees_still_needs_the_right_winners() -> None:
    # PokerStars' rake split by pot; the main pot given to the wrong player is still wrong
    path = STARS / "CashGame/ExtraHands/SidePot.txt"
    (check,) = verify_history(path)
    assert check.method == "net of fees"
    text = path.read_text("utf-8-sig").replace("CrSilva.11 collected €5.37 from main pot",
                                                "templargio collected €5.37 from main pot")
    (check,) = verify_history(text)
    assert check.method is None and check.error is None
    assert check.problem == (
        "<text>:1: 'CrSilva.11' (p3) ends with 0 by the site's figures (collected 0) but with"
        " 4.73 by the engine's replay"
    )


STRADDLE = written("stars-straddle")


def test_ggpoker_straddle_and_a_min_bet_of_the_big_blind() -> None:
    h = exact(STRADDLE)
    assert h.blinds_or_straddles == (5, 10, 20, 0) and h.min_bet == 10
    assert h.actions[4:] == ("p4 cbr 6", "p1 f", "p2 f", "p3 cc", "d db 2c3d4h", "p3 cc",
                             "p4 cbr 1", "p3 f")  # a $1 bet after the flop: the big blind
    bad = STRADDLE.replace("D: posts straddle $2", "A: posts straddle $2")
    with pytest.raises(UnsupportedHistoryError, match=r"^<text>:9: 'A' posts a straddle 2 from"
                       r" position p4 of 4: "):
        list(load_history(bad))


def test_dead_posts_field_in_phh_text() -> None:
    from holdem_eval.engine import loads_phh

    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, -2]
_dead_posts = [0, 0, 1]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
finishing_stacks = [99, 104, 97]
"""
    (h,) = loads_phh(text, name="d.phh")
    assert h.dead_posts == (0, 0, 1) and h.posts() == {2: (2, 1)}
    result = replay_phh(h)
    assert result.matches_file is True and result.hand.dead_money == [0, 0, 1]
    (no_dead,) = loads_phh(text.replace("_dead_posts = [0, 0, 1]\n", ""), name="d.phh")
    assert no_dead.dead_posts == () and replay_phh(no_dead).matches_file is False
    (short,) = loads_phh(text.replace("_dead_posts = [0, 0, 1]", "_dead_posts = [0, 1]"), name="d.phh")
    with pytest.raises(PhhError, match=r"^d\.phh: _dead_posts needs one entry per player \(3\),"
                       r" got 2$"):
        replay_phh(short)


SHORT_BB = written("stars-short-big-blind")


def test_a_big_blind_all_in_for_less() -> None:
    # PokerStars makes A call the full 80 over C's all-in 50, as the engine does (a short big
    # blind does not lower the price of entry): the hand verifies to the chip
    (check,) = verify_history(SHORT_BB)
    assert check.method == "exact", check.problem
    # with nobody calling it, too
    folded = SHORT_BB[: SHORT_BB.index("A: calls 80")] + (
        "A: folds\nB: folds\nUncalled bet (10) returned to C\nC collected 80 from pot\n"
        "*** SUMMARY ***\nTotal pot 80 | Rake 0\n")
    (check,) = verify_history(folded)
    assert check.method == "exact", check.problem
    assert check.hand is not None and check.hand.finishing_stacks == (960, 90, 1000)
    assert check.hand.min_bet == 80  # the stated big blind, not the short one


def test_an_action_the_engine_refuses_is_reported_at_its_line() -> None:
    # two folds swapped: Nightfox82 (small blind) folds before Tunks2 (the button)
    text = _general().replace("Tunks2: folds \nNightfox82: folds ", "Nightfox82: folds \nTunks2: folds ")
    text = text.replace("Tunks2: folds \r\nNightfox82: folds ", "Nightfox82: folds \r\nTunks2: folds ")
    (check,) = verify_history(text)
    assert check.problem is not None and isinstance(check.error, PhhReplayError)
    assert check.error.index == 9 and check.hand is not None
    assert check.problem.startswith("<text>:21: the engine cannot replay the hand: <text>:1:"
                                    " action 9 'p1 f': seat 0 cannot fold: it is seat 5's turn (out of turn)")


# ---- rejections: class and message --------------------------------------------------


def test_truncated_hand() -> None:
    text = _general()
    cut = text[: text.index("*** SUMMARY ***")]
    with pytest.raises(HistoryError, match=r"^<text>:31: the hand ends before its"
                       r" '\*\*\* SUMMARY \*\*\*' section: truncated\?$"):
        list(load_history(cut))
    no_total = "\n".join(line for line in text.splitlines() if not line.startswith("Total pot"))
    with pytest.raises(HistoryError, match=r"^<text>:1: the hand has no 'Total pot' line"):
        list(load_history(no_total))


def test_unknown_site_and_unknown_site_name() -> None:
    with pytest.raises(UnknownSiteError, match=r"^<text>:2: not a hand history of a known site:"
                       r" 'Hello there'; expected a PokerStars"):
        list(load_history("\nHello there\nmore\n"))
    with pytest.raises(UnknownSiteError, match=r"^site 'pppoker' is not one of"
                       r" \('pokerstars', 'ggpoker', '888poker', 'winamax', 'ipoker',"
                       r" 'partypoker'\)$"):
        list(load_history(_general(), site="pppoker"))
    with pytest.raises(UnsupportedHistoryError, match=r"^<text>:2: PPPoker hand histories are"
                       r" not supported yet \(PokerStars, GGPoker, 888poker, Winamax, iPoker and"
                       r" PartyPoker are\)$"):
        list(load_history("\nPPPoker Hand #1: Hold'em No Limit\n"))
    assert issubclass(UnknownSiteError, HistoryError) and issubclass(HistoryError, PhhError)
    assert issubclass(HistoryError, HoldemEvalError) and issubclass(HistoryError, ValueError)
    assert issubclass(UnsupportedHistoryError, UnsupportedPhhError)


def test_a_card_twice() -> None:
    text = _general().replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nDealt to LovID [Qh 2c]")
    with pytest.raises(HistoryError, match=r"^<text>:26: card 'Qh' appears twice: in LovID's"
                       r" hole cards \(line 18\) and in the board \(line 26\)$"):
        list(load_history(text))
    bad = _general().replace("[Qh Jc 3h]", "[Qh Jc 3x]", 1)
    with pytest.raises(HistoryError, match=r"^<text>:25: bad cards 'Qh Jc 3x': "):
        list(load_history(bad))


def test_amounts_that_do_not_add_up() -> None:
    text = _general().replace("LovID collected $1.21 from pot", "LovID collected $1.31 from pot")
    with pytest.raises(HistoryError, match=r"^<text>:33: the players collected 1.31 and the fees"
                       r" are 0.06, which is not the total pot 1.27: the amounts do not add up$"):
        list(load_history(text))
    text = _general().replace("Total pot $1.27", "Total pot $1.37")
    with pytest.raises(HistoryError, match=r"^<text>:33: the total pot is 1.37 but the players"
                       r" put in 1.27 \(after uncalled bets\): the amounts do not add up$"):
        list(load_history(text))
    text = _general().replace("Seat 6: Asaki1 ($9.29 in chips)", "Seat 6: Asaki1 ($0.05 in chips)")
    with pytest.raises(HistoryError, match=r"^<text>:8: 'Asaki1' puts in 0.12 but has only 0.05:"
                       r" the amounts do not add up$"):
        list(load_history(text))


def test_binary_and_non_utf8_files(tmp_path: Path) -> None:
    binary = tmp_path / "x.txt"
    binary.write_bytes(b"PokerStars Hand #1\n\x00\x01\x02")
    with pytest.raises(HistoryError, match=r"x\.txt:2: a binary file \(NUL byte at offset 19\),"
                       r" expected the text of a hand history$") as info:
        list(load_history(binary))
    assert info.value.file == str(binary) and info.value.line == 2
    (check,) = verify_history(binary)
    assert check.hand is None and check.line == 2 and isinstance(check.error, HistoryError)
    with pytest.raises(HistoryError, match=r"^<bytes>:3: neither UTF-8 nor Windows-1252 text: byte"
                       r" b'\\x81' at offset 23, expected the text of a hand history$"):
        list(load_history(b"PokerStars Hand #1\n\nCaf\x81\n"))


def test_empty_folder_empty_file_missing_path_and_glob(tmp_path: Path) -> None:
    with pytest.raises(HistoryError,
                       match=r"the folder holds no hand histories \(\*\.txt or \*\.xml files\)$"):
        list(load_history(tmp_path))
    empty = tmp_path / "empty.txt"
    empty.write_text("\n \n")
    with pytest.raises(HistoryError, match=r"empty\.txt: the file is empty, expected hand"
                       r" histories$"):
        list(load_history(empty))
    with pytest.raises(HistoryError, match=r"^'nope\.txt' is neither a file, a folder, a glob nor"
                       r" the text of a hand history$"):
        list(load_history("nope.txt"))
    with pytest.raises(HistoryError, match=r"no file matches this pattern$"):
        list(load_history(str(tmp_path / "*.log")))
    with pytest.raises(HistoryError, match=r"^a hand-history source is a path, a folder, a glob,"
                       r" text, bytes or a binary stream, got int$"):
        list(load_history(7))  # type: ignore[arg-type]


def test_text_before_the_first_hand_and_unseated_players() -> None:
    with pytest.raises(HistoryError, match=r"^<text>:18: 'Ghost' acts but has no seat"):
        list(load_history(_general().replace("\nPlayer_L: calls $0.10", "\nGhost: calls $0.10")))
    text = _general().replace("LovID collected $1.21", "Ghost collected $1.21")
    with pytest.raises(HistoryError, match=r"^<text>:30: 'Ghost' collects but has no seat"):
        list(load_history(text))


def test_unsupported_games_and_positions() -> None:
    hilo = _general().replace("Hold'em No Limit", "Omaha Hi/Lo No Limit")
    with pytest.raises(UnsupportedHistoryError, match=r"^<text>:1: variant Omaha Hi/Lo No Limit"
                       r" is not supported yet \(no-limit and fixed-limit Hold'em, pot-limit"
                       r" Omaha, pot-limit 5-card Omaha, pot-limit 6-card Omaha, pot-limit and"
                       r" fixed-limit Omaha hi-lo and pot-limit 5-card Omaha hi-lo are\)$"):
        list(load_history(hilo))
    swapped = _general().replace("Nightfox82: posts small blind", "Asaki1: posts small blind", 1)
    swapped = swapped.replace("Asaki1: posts big blind", "Nightfox82: posts big blind", 1)
    with pytest.raises(UnsupportedHistoryError, match=r"^<text>:9: 'Asaki1' posts a small blind"
                       r" 0.05 from position p2 of 6: the engine posts the small blind at p1, the"
                       r" big blind at p2 \(heads-up the button posts the small blind\) and a"
                       r" straddle at p3$"):
        list(load_history(swapped))


def test_messages_name_the_line_of_the_hand_in_a_file_of_several() -> None:
    path = STARS / "CashGame/MultipleHandsTests/10MultipleHands.txt"
    lines = path.read_bytes().decode("utf-8-sig").splitlines()
    starts = [k + 1 for k, line in enumerate(lines) if line.startswith("PokerStars ")]
    assert len(starts) == 10
    hands = list(load_history(path))
    assert [h.fields["_line"] for h in hands] == starts
    assert all(re.fullmatch(r".*10MultipleHands\.txt:\d+", h.name) for h in hands)


def _sample_texts() -> list[tuple[str, list[str]]]:
    texts = []
    for path in sorted(DATA.rglob("*.txt")):
        data = path.read_bytes()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252")
        lines = text.splitlines()
        if len(lines) <= 80:  # the one-hand files
            texts.append((path.name, lines))
    return texts


def test_cut_dropped_or_repeated_lines_never_crash() -> None:
    """Every sample hand with one line cut off the end, dropped or repeated: a result per
    hand or a HistoryError naming the place, never another exception."""
    tried = refused = 0
    for _, lines in _sample_texts():
        for k in range(1, len(lines)):
            for variant in (lines[:k], lines[:k] + lines[k + 1:], lines[:k + 1] + lines[k:]):
                tried += 1
                try:
                    checks = verify_history("\n".join(variant) + "\n")
                except HistoryError as exc:
                    assert re.match(r"<text>:\d+: ", str(exc)), exc
                    refused += 1
                    continue
                for check in checks:
                    assert check.ok or re.match(r"<text>:\d+: ", check.problem or ""), check
                    refused += not check.ok
    assert tried > 10_000 and refused > tried // 2
