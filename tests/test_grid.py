"""holdem_eval.grid / ``holdem-eval grid`` and holdem_eval.starting_hands."""

from __future__ import annotations

import io
import json
import re
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


# ---------------------------------------------------------------- progress, --json, -o -


def test_progress_counts_all_169_cells():
    done = []
    equity_grid("QQ+, AKs", "JJ+", method="exact", progress=done.append)
    assert sum(done) == 169  # the bar used to stop at the filled cells (22% for a wide range)
    assert done[0] == 169 - 4 and done[1:] == [1, 1, 1, 1]


def test_grid_threads_checked_at_the_door():
    from holdem_eval._limits import CountArgumentError

    with pytest.raises(CountArgumentError, match="threads must be an int from 1 to 256, got 100000"):
        equity_grid("AA", "KK", threads=100_000)


def test_cli_grid_json(capsys):
    assert main(["grid", "QQ+, AKs", "--vs", "JJ+", "--method", "exact", "--json", "-q"]) == 0
    data = json.loads(capsys.readouterr().out)
    grid = equity_grid("QQ+, AKs", "JJ+", method="exact")
    assert data["title"] == grid.title and data["by"] == "hero" and data["exact"] is True
    assert [c["class"] for c in data["cells"]] == ["AA", "AKs", "KK", "QQ"]
    for c in data["cells"]:
        cell = (c["row"], c["col"])
        assert c["equity"] == grid.equity[cell] and c["combos"] == grid.combos[cell]


def test_cli_grid_png_to_stdout(capsysbinary, monkeypatch):
    assert main(["grid", "AA", "--vs", "KK", "--method", "exact", "-o", "-", "-q"]) == 0
    out = capsysbinary.readouterr().out
    assert out[:8] == PNG_MAGIC and b"Equity" not in out[:100]
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["grid", "AA", "--vs", "KK", "-o", "-"]) == 1
    assert capsysbinary.readouterr().err.decode() == (
        "holdem-eval grid: error: -o - writes a PNG to stdout, which is a terminal: redirect it "
        "(holdem-eval grid ... -o - > grid.png) or name a file\n")


def test_cli_grid_png_folder_missing(capsys, tmp_path):
    bad = tmp_path / "no" / "g.png"
    assert main(["grid", "AA", "--vs", "KK", "-o", str(bad)]) == 1
    assert capsys.readouterr() == ("", f"holdem-eval grid: error: -o {str(bad)!r}: the folder "
                                       f"{str(bad.parent)!r} does not exist\n")
    assert main(["grid", "AA", "--vs", "KK", "-q", "-o", str(tmp_path)]) == 1  # a folder, not a file
    assert "holdem-eval grid: error: " in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    # stderr redirected (pytest captures it: not a terminal): no bar, no carriage returns
    assert main(["grid", "AA, KK", "--vs", "QQ", "--method", "exact"]) == 0
    assert capsys.readouterr().err == ""
    term = _Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    assert main(["grid", "AA, KK", "--vs", "QQ", "--method", "exact"]) == 0
    assert "169/169" in term.getvalue() and "100%" in term.getvalue()
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(["grid", "AA, KK", "--vs", "QQ", "--method", "exact", "-q"]) == 0
    assert quiet.getvalue() == ""


@pytest.mark.parametrize(("name", "code"),
                         [("AK\u017f", "U+017F"), ("\u212aK", "U+212A"), ("\uff21\uff21", "U+FF21")])
def test_class_names_are_ascii(name, code):
    bad = name.strip("AK")[0]
    msg = f"{name!r} is not a starting-hand class ({bad!r} is {code}, not ASCII): ranks and s/o are"
    with pytest.raises(UnknownHandClassError, match=re.escape(msg)):
        class_index(name)
