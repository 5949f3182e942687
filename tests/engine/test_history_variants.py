"""Site hand histories of the newer games: Omaha hi-lo (pot and fixed limit), 5-card Omaha
and 5-card Omaha hi-lo, read by the site readers and verified by strict replay."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from history_texts import DATA
from holdem_eval.engine import (
    HistoryError,
    PhhHand,
    UnsupportedHistoryError,
    UnsupportedPhhError,
    dumps_history,
    dumps_phh,
    load_history,
    loads_phh,
    replay_phh,
    verify_history,
)

# real site histories kept in the repository (tests/data/histories/README.md names the source)

# every sample of these games in the data, its PHH variant and the players paid (p1.., in
# the site's own amounts: each player's high and low collections added, uncalled bets out)
SAMPLES: dict[str, tuple[str, dict[int, str]]] = {
    "PokerStars/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt": ("PO/8", {1: "0.39", 2: "0.38"}),
    "PokerStars/CashGame/PlayerTests/OmahaHiLoShowdown.txt": ("PO/8", {2: "17.06"}),
    "PokerStars/CashGame/HandActionTests/OmahaHiLo.txt": ("PO/8", {2: "3.34"}),
    "PokerStars/CashGame/HandActionTests/UncalledBet.txt": ("PO/8", {4: "2.50"}),
    "PokerStars/CashGame/HandActionTests/StrangePlayerNames.txt": ("PO/8", {4: "2.50"}),
    "PokerStars/CashGame/ExtraHands/MucksHand.txt": ("PO/8", {1: "1.67"}),
    "PokerStars/CashGame/HandActionTests/NeedsRaiseAdjusting.txt": (
        "FO/8", {2: "2100", 4: "2637.50", 7: "4737.50"}),
    "PokerStars/CashGame/GameTypeTests/PotLimitFiveCardOmaha.txt": ("PO5", {2: "39.50"}),
    "PokerStars/CashGame/PlayerTests/FiveCardOmaha.txt": ("PO5", {2: "92.30"}),
    "Winamax/CashGame/GameTypeTests/PotLimitFiveCardOmahaHiLo.txt": ("PO5/8", {3: "25"}),
    "Winamax/CashGame/HandActionTests/UncalledBet.txt": ("PO5", {2: "117"}),
    "PartyPoker/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt": ("PO/8", {2: "1.11"}),
    "PartyPoker/CashGame/HandActionTests/OmahaHiLo.txt": ("PO/8", {2: "28.75", 5: "28.75"}),
    "PartyPoker/CashGame/PlayerTests/OmahaHiLoShowdown.txt": ("PO/8", {1: "0.09", 2: "0.10"}),
    "Pacific/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt": ("PO/8", {2: "8.08"}),
    "Pacific/CashGame/HandActionTests/OmahaHiLo.txt": ("PO/8", {1: "1.90"}),
    "Pacific/CashGame/PlayerTests/OmahaHiLoShowdown.txt": ("PO/8", {1: "0.76"}),
}
# the samples of these games the engine does not play, and why
REFUSED = {
    "PokerStars/CashGame/GameTypeTests/NoLimitOmahaHiLo.txt": "variant Omaha Hi/Lo No Limit",
}
# how each site's header names these games (PPPoker files are refused as a site)
_GAME_NAMES = re.compile(r"Hi/Lo|Hi-Lo|OmahaHL|5 Card Omaha|6 Card Omaha|PLO-?[56]|6\+ Hold")
_GAMES_LIST = ("no-limit and fixed-limit Hold'em, pot-limit Omaha, pot-limit 5-card Omaha,"
               " pot-limit 6-card Omaha, pot-limit and fixed-limit Omaha hi-lo and pot-limit"
               " 5-card Omaha hi-lo")


def _one(rel: str) -> PhhHand:
    (h,) = load_history(DATA / rel)
    return h


def test_the_samples_are_every_file_of_these_games() -> None:
    found = set()
    for path in DATA.rglob("*.txt"):
        head = path.read_bytes()[:400].decode("utf-8", "replace")
        if _GAME_NAMES.search(head.split("\n\n")[0]) and not head.lstrip("\ufeff").startswith("PPPoker"):
            found.add(path.relative_to(DATA).as_posix())
    assert found == set(SAMPLES) | set(REFUSED)


@pytest.mark.parametrize("rel", sorted(SAMPLES))
def test_sample_imports_with_its_variant_and_verifies_exactly(rel: str) -> None:
    variant, paid = SAMPLES[rel]
    (check,) = verify_history(DATA / rel)
    assert check.problem is None and check.method == "exact", check.problem
    h = check.hand
    assert h is not None and h.variant == variant
    holes = {len(a.split()[-1]) // 2 for a in h.actions if a.startswith("d dh ")}
    assert holes == {int(variant[2]) if variant[2:3].isdigit() else 4}
    collected = h.fields["_collected"]
    assert {k + 1: str(c) for k, c in enumerate(collected) if c} == paid
    result = replay_phh(h)
    assert result.matches_file is True
    assert result.hand.rake == int(h.fields["_rake"] * h.scale)
    assert (result.hand.low_payouts is None) == ("/8" not in variant)


@pytest.mark.parametrize("rel", sorted(SAMPLES))
def test_sample_round_trips_through_phh(rel: str) -> None:
    h = _one(rel)
    stacks = replay_phh(h).finishing_stacks
    # the imported fields as PHHS text, read back
    (back,) = loads_phh(dumps_history([h]), name="back.phhs")
    assert back.variant == h.variant and back.actions == h.actions
    assert replay_phh(back).finishing_stacks == stacks
    # the engine's own record of the replayed hand, read back; PHH has no post out of
    # position (ribby53's live big blind in OmahaHiLo.txt): dumps_phh refuses those
    hand = replay_phh(h).hand
    if any(b < 0 for b in h.blinds_or_straddles) or any(h.dead_posts):
        with pytest.raises(UnsupportedPhhError, match="PHH cannot express extra"):
            dumps_phh(hand)
        return
    (again,) = loads_phh(dumps_phh(hand), name="again.phh")
    assert again.variant == h.variant
    assert tuple(replay_phh(again).hand.stacks) == tuple(hand.stacks)


def test_hi_lo_halves_are_settled_as_the_site_paid_them() -> None:
    # PokerStars: NeiLutzn's two pair takes the high half and the odd chip (0.39), SGS62's
    # 8-6-4-3-2 the low half (0.38) of the 0.77 left after the rake
    h = _one("PokerStars/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt")
    hand = replay_phh(h).hand
    assert hand.payouts == [39, 38] and hand.low_payouts == [0, 38]
    # fixed limit, two pots: LewisFriend's A-2-4-5-8 low wins both low halves
    h = _one("PokerStars/CashGame/HandActionTests/NeedsRaiseAdjusting.txt")
    hand = replay_phh(h).hand
    assert hand.low_payouts == [0, 0, 0, 0, 0, 0, 473750] and hand.rake == 500
    # PartyPoker's 'wins Lo ($28.75 USD) from the main pot': the all-in's low half
    h = _one("PartyPoker/CashGame/HandActionTests/OmahaHiLo.txt")
    assert replay_phh(h).hand.low_payouts == [0, 2875, 0, 0, 0]
    # no low qualifies: the high hand takes the whole pot
    h = _one("PokerStars/CashGame/PlayerTests/OmahaHiLoShowdown.txt")
    assert replay_phh(h).hand.low_payouts == [0] * 5


def test_a_half_paid_to_the_wrong_player_is_a_difference() -> None:
    rel = "PokerStars/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt"
    text = (DATA / rel).read_text("utf-8-sig")
    wrong = text.replace("SGS62 collected $0.38", "NeiLutzn collected $0.38")
    assert wrong != text
    (check,) = verify_history(wrong)
    assert check.method is None and check.problem == (
        "<text>:1: 'NeiLutzn' (p1) ends with 15.64 by the site's figures (collected 0.77) but"
        " with 15.26 by the engine's replay")
    # the low half is part of what the player collected: without it the pot is not all paid
    rel = "PartyPoker/CashGame/PlayerTests/OmahaHiLoShowdown.txt"
    text = (DATA / rel).read_text("utf-8-sig")
    lo = "DrunkSon88 wins Lo ($0.09 USD) from the main pot with 8,6,5,4,2."
    assert lo in text
    with pytest.raises(HistoryError, match=r"the players collected 0.10 of a pot of 0.20, leaving"
                       r" 0.10 as fees"):
        list(load_history(text.replace(lo, "")))


def test_a_game_the_engine_does_not_play_is_refused_by_name() -> None:
    for rel, game in REFUSED.items():
        (check,) = verify_history(DATA / rel)
        assert type(check.error) is UnsupportedHistoryError
        assert check.problem == (f"{DATA / rel}:1: {game} is not supported yet ({_GAMES_LIST} are)")
    # a longer name is not read as the game it ends with: 6-card Omaha hi-lo is no Omaha hi-lo
    text = (DATA / "PokerStars/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt").read_text("utf-8-sig")
    six = text.replace("Omaha Hi/Lo Pot Limit", "6 Card Omaha Hi/Lo Pot Limit", 1)
    with pytest.raises(UnsupportedHistoryError, match=r"^<text>:1: variant 6 Card Omaha Hi/Lo Pot"
                       r" Limit is not supported yet \(no-limit and fixed-limit Hold'em, "):
        list(load_history(six))


_HI_LO = "pot-limit Omaha and pot-limit and fixed-limit Omaha hi-lo"


@pytest.mark.parametrize(("rel", "old", "new", "message"), [
    ("Winamax/CashGame/HandActionTests/UncalledBet.txt", "5 Card Omaha pot limit",
     "5 Card Omaha no limit", "1: variant '5 Card Omaha no limit' is not supported yet (no-limit"
     " Hold'em, pot-limit Omaha, pot-limit 5-card Omaha, pot-limit 6-card Omaha, pot-limit Omaha"
     " hi-lo and pot-limit 5-card Omaha hi-lo are)"),
    ("PartyPoker/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt", "PL Omaha Hi-Lo", "NL Omaha Hi-Lo",
     f"2: variant 'NL Omaha Hi-Lo' is not supported yet (no-limit and fixed-limit Hold'em, {_HI_LO}"
     " are)"),
    ("Pacific/CashGame/GameTypeTests/PotLimitOmahaHiLo.txt", "Pot Limit OmahaHL",
     "No Limit OmahaHL", "2: variant 'No Limit OmahaHL' is not supported yet (no-limit and"
     " fixed-limit Hold'em, pot-limit Omaha and pot-limit Omaha hi-lo are)"),
    ("IPoker/CashGame/HandActionTests/FoldedPreflop.txt", "<gametype>Omaha PL €0.05/€0.10<",
     "<gametype>Omaha Hi-Lo NL €0.05/€0.10<", "5: variant 'Omaha Hi-Lo NL €0.05/€0.10' is not supported"
     f" yet (no-limit and fixed-limit Hold'em, {_HI_LO} are)"),
], ids=["winamax", "partypoker", "888poker", "ipoker"])
def test_each_reader_refuses_a_game_it_does_not_play_naming_those_it_does(
        rel: str, old: str, new: str, message: str) -> None:
    text = (DATA / rel).read_text("utf-8-sig")
    assert old in text
    with pytest.raises(UnsupportedHistoryError) as info:
        list(load_history(text.replace(old, new)))
    assert str(info.value) == f"<text>:{message}"


def test_a_game_without_an_engine_row_is_left_out_of_a_readers_table() -> None:
    from holdem_eval.engine.history.record import site_games, supported_games

    # 'XO/8' stands for a game this build does not play: no row, so no PHH_VARIANTS entry
    table = site_games({"Omaha pot limit": "PO", "Omaha Hi/Lo no limit": "XO/8"})
    assert table == {"Omaha pot limit": "PO"}
    assert supported_games(["NT", "FT", "PO", "FO/8", "PO/8"]) == (
        "no-limit and fixed-limit Hold'em, pot-limit Omaha and fixed-limit and pot-limit Omaha hi-lo")


def test_ipoker_names_omaha_hi_lo_pot_and_fixed_limit() -> None:
    text = (DATA / "IPoker/CashGame/HandActionTests/FoldedPreflop.txt").read_text("utf-8-sig")
    assert "<gametype>Omaha PL " in text
    (check,) = verify_history(text.replace("<gametype>Omaha PL ", "<gametype>Omaha Hi-Lo PL "))
    assert check.method == "exact" and check.hand is not None and check.hand.variant == "PO/8"
    (fixed,) = load_history(text.replace("<gametype>Omaha PL ", "<gametype>Omaha Hi-Lo Limit "))
    assert fixed.variant == "FO/8" and fixed.small_bet * 2 == fixed.big_bet


def test_collected_lines_of_one_player_add_up() -> None:
    # PokerStars prints each half: 'Belkiss2 collected $1.67 from pot' twice
    h = _one("PokerStars/CashGame/HandActionTests/OmahaHiLo.txt")
    assert h.fields["_collected"][1] == Decimal("3.34") and h.fields["_rake"] == Decimal("0.16")
    # 888poker too: 'hank1967 collected [ $0.95 ]' twice
    h = _one("Pacific/CashGame/HandActionTests/OmahaHiLo.txt")
    assert h.fields["_collected"][0] == Decimal("1.90")
