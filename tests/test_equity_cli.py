"""``holdem-eval equity`` through cli.main."""

from __future__ import annotations

import json

import pytest

from holdem_eval.cli import main


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAc", "7d8d"]) == 0
    out = capsys.readouterr().out
    assert "AsAc" in out and "7d8d" in out
    assert "1,712,304 games (exact)" in out


def test_json_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAc", "7d8d", "--exact", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "exact" and data["games"] == 1_712_304
    assert data["wins_by_mask"] == {"1": 1_315_602, "2": 391_672, "3": 5_030}
    assert [p["player"] for p in data["players"]] == ["AsAc", "7d8d"]


def test_json_monte_carlo_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "QQ+,AKs", "random", "--board", "Qh7h2c", "--trials", "20000",
            "--seed", "3", "--json"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["method"] == "monte_carlo" and data["games"] == 20_000 and data["seed"] == 3


def test_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhAsKhKs", "QdJdTd9d", "--omaha", "--board", "2c3c4d"]) == 0
    assert "(exact)" in capsys.readouterr().out


def test_bad_range_is_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhAs", "AKx"]) == 1
    assert "unknown range token 'AKx'" in capsys.readouterr().err


def test_exact_and_trials_are_exclusive() -> None:
    with pytest.raises(SystemExit) as info:
        main(["equity", "AhAs", "KdKc", "--exact", "--trials", "10"])
    assert info.value.code == 2
