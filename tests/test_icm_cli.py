"""``holdem-eval icm`` through cli.main: equities, JSON, the call decision, exit codes."""

from __future__ import annotations

import json

import pytest

from holdem_eval import icm, icm_call_ev
from holdem_eval.cli import main


def test_equities_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "50", "30", "20", "--payouts", "70,30"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["player", "stack", "equity", "share"]
    assert out[1].split() == ["0", "50", "45.1786", "45.18%"]
    assert out[2].split() == ["1", "30", "32.2500", "32.25%"]
    assert out[-1] == "exact"


def test_equities_json_and_comma_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "5000,3000", "2000", "--payouts", "50%,30%,20%", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["stacks"] == [5000, 3000, 2000] and doc["payouts"] == [50.0, 30.0, 20.0]
    assert doc["equity"] == icm([5000, 3000, 2000], [50, 30, 20]).tolist()
    assert doc["exact"] is True


def test_monte_carlo_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["icm", "5,4,3,2,1", "--payouts", "50,30,20", "--method", "monte_carlo", "--trials", "20000",
            "--seed", "3", "--json"]
    assert main(argv) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == a and a["trials"] == 20000 and a["seed"] == 3


def test_call_decision_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["icm", "5000,3000,2000", "--payouts", "50,30,20", "--call", "2", "--vs", "0",
            "--equity", "0.45", "--blinds", "0,100,200", "--json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    d = icm_call_ev([5000, 3000, 2000], [50, 30, 20], caller=2, shover=0, equity=0.45, blinds=[0, 100, 200])
    assert doc == d.to_dict()
    assert doc["call_is_better"] is False


def test_call_decision_with_ranges_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["icm", "4000", "4000", "2000", "--payouts", "50,30,20", "--call", "1", "--vs", "0",
            "--ranges", "AsAd", "KsKd", "--antes", "10,10,10"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("player 1 facing player 0's all-in: win 8")
    assert out[1].split() == ["fold", "call", "call", "-", "fold", "break-even"]
    assert out[2].split()[0] == "chips" and out[3].split()[0] == "$EV"
    assert out[-1] == "call"


@pytest.mark.parametrize(("argv", "message"), [
    (["icm", "50", "x", "--payouts", "1"], "argument STACKS: expected a number, got 'x'"),
    (["icm", "50", "30", "--payouts", ","],
     "argument --payouts: expected numbers separated by commas, got ','"),
    (["icm", "50", "30", "--payouts", "1", "--call", "1"], "--call and --vs go together"),
    (["icm", "50", "30", "--payouts", "1", "--call", "1", "--vs", "0"], "--call needs --equity or --ranges"),
    (["icm", "50", "30", "--payouts", "1", "--equity", "0.5"],
     "--equity, --ranges, --blinds and --antes need --call and --vs"),
    (["icm", "50", "30", "--payouts", "1", "--call", "1", "--vs", "0", "--equity", "2"],
     "argument --equity: expected a number from 0 to 1, got '2'"),
    (["icm", "50", "30", "--payouts", "1", "--call", "1", "--vs", "0", "--equity", "0.5",
      "--blinds", "1.5,0"],
     "argument --blinds: expected int chips separated by commas, got '1.5,0'"),
])
def test_malformed_arguments_exit_2(argv: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"holdem-eval icm: error: {message}"


@pytest.mark.parametrize(("argv", "message"), [
    (["icm", "50", "-30", "--payouts", "1"],
     "stack 1 is -30.0: stacks must be finite numbers >= 0, got [50, -30]"),
    (["icm", "50", "30", "--payouts", "1,2"],
     "payouts must not increase: payout 1 (2.0) is above payout 0 (1.0) in [1, 2]"),
    (["icm", "50", "30", "--payouts", "1", "--call", "2", "--vs", "0", "--equity", "0.5"],
     "caller must be a player index 0..1 (the order of stacks), got 2"),
    (["icm", "50", "30.5", "--payouts", "1", "--call", "1", "--vs", "0", "--equity", "0.5"],
     "stack 1 must be an int number of chips > 0, got 30.5 in [50, 30.5]"),
    (["icm", "50", "30", "--payouts", "1", "--call", "1", "--vs", "0", "--ranges", "AA", "AKx"], None),
])
def test_bad_values_exit_1(argv: list[str], message: str | None,
                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("holdem-eval icm: error: ")
    if message is not None:
        assert err.strip() == f"holdem-eval icm: error: {message}"
