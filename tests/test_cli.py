from __future__ import annotations

import contextlib
import json
import subprocess
import sys

import pytest

from holdem_eval.cli import build_parser, main


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


# ---------------------------------------------------------------- conventions (issue 13 item 5)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import holdem_eval

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"holdem-eval {holdem_eval.__version__}"


def test_help_documents_exit_codes_and_conventions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for line in ("0    success", "1    bad input", "2    usage error", "130  interrupted (Ctrl-C)",
                 "--threads  1..256, default: every core", "-q         (--quiet, --no-progress)"):
        assert line in out


def test_eval_split_hand_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Ah", "Kh", "Qh", "Jh", "Th"]) == 1
    err = capsys.readouterr().err
    assert err == ("holdem-eval eval: error: argument 1: a hand has 5, 6 or 7 cards, got 1: 'Ah'; each "
                   "CARDS argument is one whole hand, and these 5 arguments look like one hand split by "
                   'the shell: quote it, e.g. holdem-eval eval "Ah Kh Qh Jh Th"\n')
    assert main(["eval", "Ah", "Kh", "--board", "Qh Jh Th"]) == 1
    assert 'quote it, e.g. holdem-eval eval "Ah Kh"' in capsys.readouterr().err
    assert main(["eval", "--omaha", "Ah", "Kh", "2c", "2d", "--board", "Qh Jh Th"]) == 1
    assert "an Omaha hole is 4, 5 or 6 cards, got 1: 'Ah'; each CARDS" in capsys.readouterr().err
    assert main(["eval", "AhKh", "Qh"]) == 1  # 3 cards together: not a split hand, no hint
    assert capsys.readouterr().err.endswith("a hand has 5, 6 or 7 cards, got 2: 'AhKh'\n")


def test_eval_reads_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("AhKhQhJhTh\n\n# a comment\n2c 3d 4h 5s 7c\n"))
    assert main(["eval", "--json", "-"]) == 0
    assert [json.loads(x)["rank"] for x in capsys.readouterr().out.splitlines()] == [1, 7462]
    monkeypatch.setattr(sys, "stdin", io.StringIO("AhKhQhJhTh\nAhKhQhJh\n"))
    assert main(["eval", "-"]) == 1
    assert capsys.readouterr().err.endswith(
        "error: stdin line 2: a hand has 5, 6 or 7 cards, got 4: 'AhKhQhJh'\n")


def test_equity_split_hand_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "Ah", "Kh", "Qd", "Qs"]) == 1
    assert capsys.readouterr().err == (
        "holdem-eval equity: error: 4 PLAYER arguments are single cards ('Ah Kh Qd Qs'): each PLAYER "
        "argument is one player's whole hand or range; quote or join the cards of a hand, e.g. "
        'holdem-eval equity AhKh QdQs or "Ah Kh" "Qd Qs"\n')


def test_threads_default_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from holdem_eval._limits import default_threads

    parser = build_parser()
    for argv in (["equity", "AA", "KK"], ["grid", "AA", "--vs", "KK"]):
        assert parser.parse_args(argv).threads == default_threads()
    for argv in (["equity", "AA", "KK"], ["grid", "AA", "--vs", "KK"]):
        with pytest.raises(SystemExit) as exc:
            main([*argv, "--threads", "100000"])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert "argument --threads: threads must be an int from 1 to 256, got 100000" in err


def test_quiet_everywhere() -> None:
    parser = build_parser()
    for argv in (["eval", "AhKhQhJhTh"], ["equity", "AA", "KK"], ["grid", "AA", "--vs", "KK"]):
        for flag in ("-q", "--quiet", "--no-progress"):
            assert parser.parse_args([*argv, flag]).quiet is True
        assert parser.parse_args(argv).quiet is False


def test_interrupt_is_exit_130(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import holdem_eval.cli.equity as cmd

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cmd, "equity", interrupted)
    assert main(["equity", "AA", "KK"]) == 130
    assert capsys.readouterr().err == "holdem-eval equity: error: interrupted\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["eval"], ["eval", ""], ["eval", "Ah Kh Qh Jh Th Ah"], ["eval", "\u212ah Ah Qh Jh Th"],
        ["eval", "AhKhQhJhTh", "--board", "Xx"], ["eval", "--omaha", "AhKh2c2d", "--board", "Qh"],
        ["eval", "Ah Kh Qh Jh Th 9c 2d 3d"], ["eval", "\x00"],
        ["equity", "AA"], ["equity", "AA", "KK", "--trials", "0"], ["equity", "AA", "KK", "--trials", "x"],
        ["equity", "AA", "KK", "--stderr", "nan"], ["equity", "AA", "KK", "--stderr", "-1"],
        ["equity", "AA", "KK", "--seed", "-1"], ["equity", "AA", "KK", "--seed", str(2**64)],
        ["equity", "AA", "KK", "--threads", "0"], ["equity", "AA", "KK", "--threads", "-3"],
        ["equity", "AA", "KK", "--board", "2c3c4c5c6c7c"], ["equity", "AA", "KK", "--dead", "Zz"],
        ["equity", "AK\u017f", "KK"], ["equity", "KK:nan", "QQ"], ["equity", "0%", "QQ"],
        ["equity", *["random"] * 11], ["equity", "AhAs", "AhKd"], ["equity", "AhAsKhKs", "QQ", "--omaha"],
        ["grid", "AA"], ["grid", "AA", "--vs", "XYZ"], ["grid", "AhAs", "--vs", "AA", "--board", "Ah2c3d"],
        ["grid", "AA", "--vs", "KK", "--trials", "0", "--method", "monte_carlo"],
        ["grid", "AA", "--vs", "KK", "--threads", "999"], ["grid", "AA", "--vs", "KK", "--method", "fast"],
        ["grid", "AA", "--vs", "KK", "-o", "/nonexistent-dir/x.png"],
    ],
)
def test_no_traceback_for_bad_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main([*argv, "-q"] if len(argv) > 1 else argv)
    except SystemExit as exc:
        status = exc.code  # argparse: usage error
        assert status == 2
        assert "error: " in capsys.readouterr().err
        return
    assert status == 1
    err = capsys.readouterr().err
    assert err.startswith(f"holdem-eval {argv[0]}: error: ") and err.count("\n") == 1


def test_closed_pipe_ends_quietly() -> None:
    hands = "".join("AhKhQhJhTh\n" for _ in range(200_000)).encode()
    proc = subprocess.Popen([sys.executable, "-m", "holdem_eval", "eval", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    import threading

    def feed() -> None:
        assert proc.stdin is not None
        # a broken pipe is expected: the CLI ends once its output pipe is closed
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.write(hands)
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.close()  # flushes what is left, to a pipe that may be gone

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    assert proc.stdout.readline() == b"Ah Kh Qh Jh Th\n"
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait() == 141
    assert "Traceback" not in err and err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["equity", "AA", "KK", "--trials", "0"],
         "argument --trials: trials must be an int from 1 to 1000000000, got 0"),
        (["equity", "AA", "KK", "--trials", str(2**64)],
         f"argument --trials: trials must be an int from 1 to 1000000000, got {2**64}"),
        (["equity", "AA", "KK", "--seed", "-1"],
         "argument --seed: seed must be an int in 0 .. 2**64 - 1, got -1"),
        (["equity", "AA", "KK", "--seed", "x"],
         "argument --seed: seed must be an int in 0 .. 2**64 - 1, got 'x'"),
        (["grid", "AA", "--vs", "KK", "--seed", str(2**64)],
         f"argument --seed: seed must be an int in 0 .. 2**64 - 1, got {2**64}"),
        (["rank", "in.csv", "out.csv", "--chunk-rows", "0"],
         "argument --chunk-rows: chunk_rows must be an int from 1 to 2147483647, got 0"),
        (["matrix", "--workers", "0"], "argument --workers: workers must be an int from 1 to 256, got 0"),
    ],
)
def test_malformed_counts_and_seeds_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30: docs/cli.md says a malformed argument exits 2; these exited 1."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err.endswith(f"holdem-eval {argv[0]}: error: {message}\n")


def test_serve_refuses_bad_settings_with_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, text in [
        (["--blinds", "2/1"], "expected 0 < SMALL <= BIG, got '2/1'"),
        (["--blinds", "x"], "expected SMALL/BIG such as 1/2, got 'x'"),
        (["--clock", "0"], "expected seconds above 0, got '0'"),
        (["--time-bank", "-1"], "expected seconds 0..1e6, got '-1'"),
        (["--tables", "0"], "--tables must be an int from 1 to 1000, got 0"),
        (["--seats", "11"], "invalid choice"),
    ]:
        with pytest.raises(SystemExit) as exc:
            main(["serve", *argv])
        assert exc.value.code == 2
        assert text in capsys.readouterr().err


def test_serve_without_the_server_extra_names_the_fix(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "websockets" else real(name, *a))
    assert main(["serve", "--port", "0"]) == 1
    assert "serve needs the websocket library: pip install 'holdem-eval[server]'" in capsys.readouterr().err
