from __future__ import annotations

import json
import subprocess
import sys

import pytest

from holdem_eval.cli import main


def test_eval_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Ah Kh Qh Jh Th 9c 2d"]) == 0
    out = capsys.readouterr().out
    assert "rank 1" in out and "Straight Flush" in out and "[Ah Kh Qh Jh Th]" in out and "Royal Flush" in out


def test_eval_json_and_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--json", "Kd Ks", "5c 5d", "--board", "5h Ad 2c 3d Kc"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[0] == {
        "cards": "Kd Ks | 5h Ad 2c 3d Kc", "rank": 1683, "category": "Three of a Kind",
        "best_five": "Ks Kd Kc Ad 5h", "description": "Three of a Kind, Kings, Ace-Five kickers",
    }
    assert rows[1]["description"] == "Three of a Kind, Fives, Ace-King kickers"


def test_eval_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--omaha", "--json", "Ah Kh 2c 2d", "--board", "Qh Jh Th 2s 3s"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["rank"] == 1 and row["best_five"] == "Ah Kh Qh Jh Th"


def test_eval_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Ah Kh Zz"]) == 1
    err = capsys.readouterr().err
    assert "holdem-eval eval: error: 'Zz' at position 6 of 'Ah Kh Zz' is not a card" in err
    assert main(["eval", "--omaha", "Ah Kh 2c 2d"]) == 1
    assert "--omaha needs --board" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["nonsense"])
    assert exc.value.code == 2


def test_python_dash_m() -> None:
    res = subprocess.run([sys.executable, "-m", "holdem_eval", "eval", "--json", "As Ks Qs Js Ts"],
                         capture_output=True, text=True, check=True)
    assert json.loads(res.stdout)["description"] == "Royal Flush"
