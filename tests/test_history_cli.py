"""``holdem-eval history convert``: site histories to verified PHHS, on the real samples."""

from __future__ import annotations

from pathlib import Path

import pytest
from holdem_eval.engine import load_history, loads_phh, replay_phh

from holdem_eval.cli import main

DATA = Path(__file__).resolve().parent / "data" / "histories"


def test_convert_writes_every_verified_hand_and_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, report = tmp_path / "all.phhs", tmp_path / "refused.txt"
    argv = ["history", "convert", str(DATA), "-o", str(out), "--skip-invalid", "--report", str(report)]
    assert main(argv) == 0
    assert capsys.readouterr().out == (
        f"322 hands written to {out} (321 exact, 1 net of fees); 49 left out\n"
    )
    hands = loads_phh(out.read_bytes(), name="all.phhs")
    assert len(hands) == 322
    assert sum(replay_phh(h).matches_file is True for h in hands) == 321  # the other: net of fees
    lines = report.read_text("utf-8").splitlines()
    assert len(lines) == 49
    assert all(line.startswith(str(DATA)) and ".txt:" in line for line in lines)
    # the names, the site's fields and the settlement rules survive the round trip
    path = DATA / "PokerStars/CashGame/ExtraHands/PlayerWithColon.txt"
    (original,) = load_history(path)
    (back,) = [h for h in hands if h.fields["_file"] == str(path)]
    assert dict(back.fields) == dict(original.fields)
    assert (back.actions, back.rules, back.finishing_stacks) == (
        original.actions, original.rules, original.finishing_stacks)
    assert back.fields["players"][1] == "wo_olly :D"


def test_convert_stops_at_the_first_refused_hand_and_leaves_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "gg.phhs"
    assert main(["history", "convert", str(DATA / "GGPoker"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    where = DATA / "GGPoker/CashGame/GeneralHands/MultiplePosts.txt"
    assert err == (
        f"holdem-eval history: error: {where}:45: the total pot is 13.3 but the players put in"
        " 14.30 (after uncalled bets): the amounts do not add up (skip_invalid / --skip-invalid leaves such"
        " hands out)\n"
    )
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_convert_to_stdout_and_bad_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = DATA / "PokerStars/CashGame/GeneralHands/GeneralHand.txt"
    assert main(["history", "convert", str(one), "-o", "-"]) == 0
    captured = capsys.readouterr()
    (h,) = loads_phh(captured.out)
    assert h.fields["hand"] == "109681313810" and replay_phh(h).matches_file is True
    assert captured.err == "1 hand written to - (1 exact, 0 net of fees); 0 left out\n"
    assert main(["history", "convert", str(tmp_path / "nope.txt"), "-o", str(tmp_path / "x")]) == 1
    assert capsys.readouterr().err == (
        f"holdem-eval history: error: {str(tmp_path / 'nope.txt')!r} is neither a file, a folder,"
        " a glob nor the text of a hand history\n"
    )
    refused = DATA / "PokerStars/CashGame/GameTypeTests/NoLimitOmahaHiLo.txt"
    assert main(["history", "convert", str(refused), "-o", str(tmp_path / "x"), "--skip-invalid"]) == 1
    assert capsys.readouterr().err == (
        "holdem-eval history: error: no hand to write: 1 refused, none verified\n"
    )
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("argv", [
    ["history"],
    ["history", "convert", "x.txt"],  # no -o
    ["history", "convert", "-o", "x.phhs"],  # no input
    ["history", "convert", "x.txt", "-o", "y", "--site", "pppoker"],
    ["history", "convert", "x.txt", "-o", "y", "--report", "r.txt"],  # --report needs --skip-invalid
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: holdem-eval history" in capsys.readouterr().err
