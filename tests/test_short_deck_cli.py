"""The CLI plays short deck: ``holdem-eval eval --variant short-deck`` and ``equity
--variant short-deck``."""

from __future__ import annotations

import json

import pytest

from holdem_eval.cli import main


def test_eval_short_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--json", "--variant", "short-deck", "9c 8d 7h 6s Ac Kd Ks"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "cards": "9c 8d 7h 6s Ac Kd Ks", "rank": 528, "category": "Straight",
        "best_five": "9c 8d 7h 6s Ac", "description": "Straight, Nine high",
    }
    assert main(["eval", "--json", "--variant", "short-deck", "6c6d", "--board", "6h 7s 8s 9c Tc"]) == 0
    assert json.loads(capsys.readouterr().out)["description"] == "Three of a Kind, Sixes, Ten-Nine kickers"
    assert main(["eval", "--variant", "short-deck-straights-beat-trips", "6c6d", "--board",
                 "6h 7s 8s 9c Tc"]) == 0
    assert "rank 275  Straight  [Tc 9c 8s 7s 6h]  Straight, Ten high" in capsys.readouterr().out


def test_eval_short_deck_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--variant", "short-deck", "9c 8d 7h 5s Ac"]) == 1
    assert ("holdem-eval eval: error: card '5s' in hand is not in the deck of variant 'short-deck'"
            " (cards 6..A, ids 16..51)") in capsys.readouterr().err
    assert main(["eval", "--variant", "short-deck", "--omaha", "AhKh2c2d", "--board", "Qh Jh Th"]) == 1
    assert "--omaha and --variant short-deck name two games" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["eval", "--variant", "shortdeck", "AhKhQhJhTh"])
    assert "invalid choice: 'shortdeck'" in capsys.readouterr().err


def test_equity_short_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--json", "--variant", "short-deck", "AsAc", "7d8d"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["variant"], d["method"], d["games"]) == ("short-deck", "exact", 201_376)
    assert main(["equity", "--variant", "short-deck", "AsKs", "random", "--trials", "20000",
                 "--seed", "4"]) == 0
    assert "20,000 games (Monte Carlo, seed 4)" in capsys.readouterr().out
    assert main(["equity", "--variant", "short-deck", "AsKs", "Qd4d"]) == 1
    err = capsys.readouterr().err
    assert "card '4d' in player 1 (Qd4d) is not in the deck of variant 'short-deck'" in err
