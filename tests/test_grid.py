"""holdem_eval.grid / ``holdem-eval grid`` and holdem_eval.starting_hands."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from holdem_eval import equity
from holdem_eval.bulk import MissingDependencyError
from holdem_eval.cli import main
from holdem_eval.grid import EquityGrid, equity_grid
from holdem_eval.ranges import Range
from holdem_eval.starting_hands import (
    STARTING_HANDS,
    UnknownHandClassError,
    class_combos,
    class_index,
    class_of_combo,
    grid_position,
    parse_classes,
)

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_starting_hands_layout():
    assert len(set(STARTING_HANDS)) == 169
    assert STARTING_HANDS[0] == "AA" and STARTING_HANDS[1] == "AKs" and STARTING_HANDS[13] == "AKo"
    assert grid_position("72o") == (12, 7) and grid_position("72s") == (7, 12)
    assert sum(len(class_combos(n)) for n in STARTING_HANDS) == 1326
    for name in STARTING_HANDS:
        assert class_combos(name) == Range(name).combos()
        assert {class_of_combo(c) for c in class_combos(name)} == {name}
        assert class_index(name.lower()) == STARTING_HANDS.index(name)
    assert class_index("KAs") == 1
    assert parse_classes("KK, aa") == (0, 14)
    assert parse_classes(None) == tuple(range(169))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("AK", r"'AK' is not a starting-hand class: say 's' or 'o' \(AKs or AKo\)"),
        ("AAs", r"'AAs' is not a starting-hand class: expected a pair"),
        ("ZZ", r"'ZZ' is not a starting-hand class"),
        (7, r"a hand class must be text like 'AKs', got 7"),
    ],
)
def test_unknown_class_names(name, message):
    with pytest.raises(UnknownHandClassError, match=message):
        class_index(name)


def test_empty_class_list():
    with pytest.raises(UnknownHandClassError, match="the list of hand classes is empty"):
        parse_classes(" , ")


def test_range_grid_matches_equity_per_class():
    grid = equity_grid("QQ+, AKs, 76s", "JJ+, AK", method="exact")
    assert grid.by == "hero" and grid.exact
    filled = {STARTING_HANDS[13 * r + c] for r, c in zip(*np.nonzero(~np.isnan(grid.equity)))}
    assert filled == {"AA", "KK", "QQ", "AKs", "76s"}
    for name in filled:
        row, col = grid_position(name)
        expected = equity([name, "JJ+, AK"], method="exact").equity[0]
        assert grid.equity[row, col] == pytest.approx(expected, abs=1e-12)
        assert grid.combos[row, col] == len(class_combos(name))


def test_hand_grid_is_per_villain_class_with_board():
    grid = equity_grid("AhKh", "TT+, AQs", board="Qh Jd 2c", method="exact")
    assert grid.by == "villain"
    row, col = grid_position("QQ")
    assert grid.equity[row, col] == pytest.approx(
        equity(["AhKh", "QQ"], board="QhJd2c", method="exact").equity[0], abs=1e-12
    )
    assert grid.combos[row, col] == 3  # the board's Qh blocks three of six QQ combos
    assert grid.combos[grid_position("AQs")] == 3  # only AhQh is blocked (hero Ah, board Qh)
    assert np.isnan(grid.equity[grid_position("99")])
    assert "Equity of AhKh vs each class of TT+, AQs on Qh Jd 2c (exact)" in grid.text()


def test_fully_blocked_class_stays_empty():
    grid = equity_grid("AhAd", "AA, KK", method="exact", board="As")  # AA left: AcAs, blocked by As
    assert np.isnan(grid.equity[grid_position("AA")])
    assert not np.isnan(grid.equity[grid_position("KK")])


def test_terminal_text_with_and_without_colour():
    grid = equity_grid("AA, 72o", "KK", method="exact")
    plain = grid.text(color=False)
    lines = plain.splitlines()
    assert lines[1].split() == list("AKQJT98765432")
    assert lines[2].split()[:2] == ["A", "81.9"]  # AA vs KK
    assert "\x1b[" not in plain
    coloured = grid.text(color=True)
    assert "\x1b[48;2;" in coloured and coloured.count("\x1b[0m") == 2


def test_png_is_produced(tmp_path):
    grid = equity_grid("22+, A2s+, KTs+, ATo+", "QQ+, AK", method="exact")
    out = grid.to_png(tmp_path / "grid.png")
    data = out.read_bytes()
    assert data[:8] == PNG_MAGIC and len(data) > 20_000


def test_equity_grid_validates_its_arrays():
    with pytest.raises(ValueError, match="by must be 'hero' or 'villain'"):
        EquityGrid("a", "b", "", "both", np.zeros((13, 13)), np.zeros((13, 13), np.int64), True)


def test_missing_matplotlib_names_the_extra(monkeypatch, tmp_path):
    grid = equity_grid("AA", "KK", method="exact")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'holdem-eval\[plot\]'"):
        grid.to_png(tmp_path / "g.png")


def test_cli_grid(tmp_path, capsys):
    png = tmp_path / "g.png"
    assert (
        main(
            [
                "grid",
                "TT+, AKs",
                "--vs",
                "QQ+",
                "-o",
                str(png),
                "--method",
                "exact",
                "--color",
                "never",
                "--no-progress",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert "Equity of each class of TT+, AKs vs QQ+ preflop (exact)" in captured.out
    assert "\x1b[" not in captured.out
    assert png.read_bytes()[:8] == PNG_MAGIC
    assert (
        main(["grid", "AhKh", "--vs", "QQ+", "--color", "always", "--no-progress", "--method", "exact"]) == 0
    )
    assert "\x1b[48;2;" in capsys.readouterr().out


def test_cli_grid_bad_range(capsys):
    assert main(["grid", "AA", "--vs", "QQ+, XYZ", "--no-progress"]) == 1
    assert "holdem-eval grid: error:" in capsys.readouterr().err
