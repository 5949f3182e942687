"""``holdem-eval history convert``: site histories to verified PHHS, on the real samples."""

from __future__ import annotations

from pathlib import Path

import pytest
from history_texts import DATA
from holdem_eval.engine import REASONS, load_history, loads_phh, replay_phh

from holdem_eval.cli import main


def test_convert_writes_every_verified_hand_and_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, report = tmp_path / "all.phhs", tmp_path / "refused.txt"
    argv = ["history", "convert", str(DATA), "-o", str(out), "--skip-invalid", "--report",
            str(report), "--max-invalid", "15"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out == f"324 hands written to {out} (323 exact, 1 net of fees); 47 left out\n"
    assert captured.err.startswith("left out, by reason:\n")
    hands = loads_phh(out.read_bytes(), name="all.phhs")
    assert len(hands) == 324
    assert sum(replay_phh(h).matches_file is True for h in hands) == 323  # the other: net of fees
    lines = report.read_text("utf-8").splitlines()
    assert len(lines) == 47
    assert all(line.split("\t")[0] in REASONS and line.split("\t")[1].startswith(str(DATA))
               and ".txt:" in line for line in lines)
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
    report = tmp_path / "why.txt"
    argv = ["history", "convert", str(refused), "-o", str(tmp_path / "x"), "--skip-invalid",
            "--report", str(report)]
    assert main(argv) == 3
    captured = capsys.readouterr()
    assert captured.out == "0 hands verified, nothing written (0 exact, 0 net of fees); 1 left out\n"
    assert captured.err == (
        "left out, by reason:\n  unsupported_game         1\n"
        f"holdem-eval history: 1 of 1 hands left out (100.0%), more than --max-invalid 5%;"
        f" see {report}\n")
    assert not (tmp_path / "x").exists()
    # the report is written when no hand verifies: exactly when the reasons are needed
    (line,) = report.read_text("utf-8").splitlines()
    assert line.startswith(f"unsupported_game\t{refused}:1: variant Omaha Hi/Lo No Limit")


@pytest.mark.parametrize("argv", [
    ["history"],
    ["history", "convert", "x.txt"],  # no -o
    ["history", "convert", "-o", "x.phhs"],  # no input
    ["history", "convert", "x.txt", "-o", "y", "--site", "pppoker"],
    ["history", "convert", "x.txt", "-o", "y", "--max-invalid", "120"],
    ["history", "convert", "x.txt", "-o", "y", "--max-invalid", "five"],
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: holdem-eval history" in capsys.readouterr().err


def test_an_existing_output_needs_force_and_an_input_is_never_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = DATA / "PokerStars/CashGame/GeneralHands/GeneralHand.txt"
    out = tmp_path / "one.phhs"
    out.write_text("old", "utf-8")
    assert main(["history", "convert", str(one), "-o", str(out), "-q"]) == 1
    assert capsys.readouterr().err == (
        f"holdem-eval history: error: {str(out)!r}: the output file exists; overwrite=True"
        " (--force) replaces it\n")
    assert out.read_text("utf-8") == "old"
    assert main(["history", "convert", str(one), "-o", str(out), "--force", "-q"]) == 0
    (h,) = loads_phh(out.read_text("utf-8"))
    assert h.fields["hand"] == "109681313810"
    # a folder of .phh files is replaced with --force; one holding anything else never
    folder = tmp_path / "phh"
    assert main(["history", "convert", str(DATA / "GGPoker/CashGame/GeneralHands"), "-o",
                 f"{folder}/", "-q", "--skip-invalid", "--max-invalid", "100"]) == 0
    assert len(list(folder.iterdir())) == 4
    assert main(["history", "convert", str(one), "-o", str(folder), "-q"]) == 1
    assert "the folder is not empty" in capsys.readouterr().err
    assert main(["history", "convert", str(one), "-o", str(folder), "-q", "--force"]) == 0
    assert [p.name for p in folder.iterdir()] == ["000001-pokerstars-109681313810.phh"]
    (folder / "notes.txt").write_text("mine", "utf-8")
    assert main(["history", "convert", str(one), "-o", str(folder), "-q", "--force"]) == 1
    assert "holds 'notes.txt', not only .phh files" in capsys.readouterr().err
    assert (folder / "notes.txt").read_text("utf-8") == "mine"
    # never an input, --force or not; nor the report over the output
    copy = tmp_path / "in.txt"
    copy.write_bytes(one.read_bytes())
    for extra in ([], ["--force"]):
        assert main(["history", "convert", str(copy), "-o", str(copy), "-q", *extra]) == 1
        assert "is one of the inputs" in capsys.readouterr().err
        assert main(["history", "convert", str(copy), "-o", str(out), "--report", str(copy),
                     "-q", "--force"]) == 1
        assert "is one of the inputs" in capsys.readouterr().err
    assert copy.read_bytes() == one.read_bytes()
    assert main(["history", "convert", str(one), "-o", str(out), "--report", str(out), "-q",
                 "--force"]) == 1
    assert "is both the output and the report" in capsys.readouterr().err
