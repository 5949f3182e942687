"""Fuzzing of the text parsers from Python: card text, range text and PHH files.

Random text (and random edits of a valid PHH file) must either parse to something valid
or raise one of the library's own errors (``HoldemEvalError``), never a raw ``KeyError``,
``OverflowError`` or ``ValueError`` from inside the parser. Runs are derandomized so CI
is reproducible; ``HE_PARSER_EXAMPLES=20000`` fuzzes longer. Inputs that break the rule
once are regression tests at the end, and their inputs are in the random alphabets too.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from history_texts import PHH_SIMPLE as SIMPLE
from holdem_eval.engine import dumps_phh, loads_phh, replay_phh
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from holdem_eval import HoldemEvalError, Range, format_cards, parse_card, parse_cards

EXAMPLES = int(os.environ.get("HE_PARSER_EXAMPLES", "1000"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# ASCII pieces of card and range text, what sits next to them in real input, and non-ASCII
# lookalikes of the letters (Kelvin sign, long s, full-width A, no-break space)
CARD_PIECES = [*"AKQJT98765432akqjtshcdSHCDxX?-+,:;/ \t\n.", "10", "1", "0", "??",
               "\u212a", "\u017f", "\uff21", "\u00a0"]
RANGE_PIECES = [*CARD_PIECES, "random", ":0.5", ":1", ":0", ":1e-9", ":2", "e", "E", "+", "-"]


def texts(pieces: list[str], max_pieces: int = 12) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=max_pieces).map("".join)


T = TypeVar("T")


def _parsed(parse: Callable[[str], T], text: str, *, quoted: bool = True) -> T | None:
    """``parse(text)``, or None when it refuses the text with a clear error: one of ours,
    a ValueError too, quoting the text (``quoted``)."""
    try:
        return parse(text)
    except HoldemEvalError as err:
        assert isinstance(err, ValueError) and (not quoted or repr(text) in str(err))
        return None


@SETTINGS
@given(texts(CARD_PIECES, 4))
def test_card_text_is_a_card_or_a_clear_error(text: str) -> None:
    card = _parsed(parse_card, text)
    if card is None:
        return
    assert 0 <= card <= 51
    assert parse_card(format_cards([card])) == card


@SETTINGS
@given(texts(CARD_PIECES))
def test_cards_text_is_cards_or_a_clear_error(text: str) -> None:
    cards = _parsed(parse_cards, text, quoted=False)
    if cards is None:
        return
    ids = [int(c) for c in cards]
    assert all(0 <= c <= 51 for c in ids) and len(set(ids)) == len(ids)
    assert [int(c) for c in parse_cards(format_cards(ids))] == ids


@SETTINGS
@given(texts(RANGE_PIECES))
def test_range_text_is_a_range_or_a_clear_error(text: str) -> None:
    r = _parsed(Range, text)
    if r is None:
        return
    assert 1 <= len(r) <= 1326
    for (a, b), w in r.weighted_combos():
        assert 0 <= b < a <= 51
        assert 0 < w <= 1


# Tokens spliced into the file.
PHH_TOKENS = [
    "inf", "-inf", "1e4001000", "41e40000",
    "0", "-1", "1", "0.5", "1e-17", "1e3", "nan", "'", '"', "[", "]", ",", "=", "\n", "#",
    "p0", "p4", "p1", "cbr", "cc", "f", "sm", "sd", "d db", "d dh", "AhAh", "????", "Xx",
    "9" * 25, "true", "\ufeff", "variant = 'PO'\n", "seats = [1, 2, 3]\n",
]


@st.composite
def edited_phh(draw: st.DrawFn) -> str:
    text = SIMPLE
    for _ in range(draw(st.integers(1, 3))):
        pos = draw(st.integers(0, len(text) - 1))
        how = draw(st.sampled_from(["replace", "insert", "delete"]))
        token = draw(st.sampled_from(PHH_TOKENS))
        if how == "replace":
            text = text[:pos] + token + text[pos + 1 :]
        elif how == "insert":
            text = text[:pos] + token + text[pos:]
        else:
            text = text[:pos] + text[pos + draw(st.integers(1, 6)) :]
    return text


PHH_AMOUNTS = ["0", "1", "2", "50", "100", "1000", "0.5", "1e-17", "-1", "9" * 25, "1e3", "7.25",
               "inf", "1e4001000"]
PHH_CARDS = ["AhKh", "QsQd", "7c2d", "2h3h9c", "Td", "AhAh", "????", "Ah", "2h3h9cTd", "Xx"]


@st.composite
def built_phh(draw: st.DrawFn) -> str:
    """A PHH file built field by field: well-formed TOML with random (often bad) values
    and a random action list, so that most files get past the reader."""
    n = draw(st.integers(1, 4))
    amounts = st.sampled_from(PHH_AMOUNTS)

    def row() -> str:
        return "[" + ", ".join(draw(amounts) for _ in range(n)) + "]"

    seat = st.integers(0, n + 1).map(lambda i: f"p{i}")
    action = st.one_of(
        st.builds(lambda p, c: f"d dh {p} {c}", seat, st.sampled_from(PHH_CARDS)),
        st.builds(lambda c: f"d db {c}", st.sampled_from(PHH_CARDS)),
        st.builds(lambda p, k: f"{p} {k}", seat, st.sampled_from(["f", "cc", "sd"])),
        st.builds(lambda p, a: f"{p} cbr {a}", seat, amounts),
        st.builds(lambda p, c: f"{p} sm {c}", seat, st.sampled_from([*PHH_CARDS, ""])),
    )
    actions = draw(st.lists(action, max_size=14))
    variant = draw(st.sampled_from(["NT", "NT", "PO", "FT", "XX"]))
    return (
        f"variant = '{variant}'\nantes = {row()}\nblinds_or_straddles = {row()}\n"
        f"min_bet = {draw(amounts)}\nstarting_stacks = {row()}\n"
        f"actions = {actions!r}\n"
    )


@settings(SETTINGS, max_examples=max(EXAMPLES // 3, 1))
@given(built_phh())
def test_a_built_phh_file_replays_or_fails_clearly(text: str) -> None:
    check_phh_text(text)


@settings(SETTINGS, max_examples=max(EXAMPLES // 3, 1))
@given(edited_phh())
def test_an_edited_phh_file_replays_or_fails_clearly(text: str) -> None:
    check_phh_text(text)


def check_phh_text(text: str) -> None:
    """Read and replay ``text``: each step succeeds or raises a HoldemEvalError; a hand
    replayed to the end conserves chips and can be written and read back."""
    try:
        hands = loads_phh(text)
    except HoldemEvalError as err:
        assert isinstance(err, ValueError)
        event("refused by loads_phh")
        return
    for phh in hands:
        try:
            result = replay_phh(phh)
        except HoldemEvalError:
            event("refused by replay_phh")
            continue
        event(f"replayed, over: {result.hand.is_over}")
        hand = result.hand
        if hand.is_over:
            assert sum(hand.stacks) + (hand.rake or 0) == sum(hand.starting_stacks)
            assert min(hand.stacks) >= 0
            loads_phh(dumps_phh(hand))  # what we write, we read


# ----------------------------------------------------- regressions (issue 10 items 1 and 4)


@pytest.mark.parametrize("text", ["\u212ah", "A\u017f"], ids=["kelvin-rank", "long-s-suit"])
def test_a_lookalike_card_letter_is_a_clear_error(text: str) -> None:
    for parse in (parse_card, parse_cards):
        with pytest.raises(HoldemEvalError):
            parse(text)


def test_a_lookalike_range_letter_is_a_clear_error() -> None:
    with pytest.raises(HoldemEvalError):
        Range("AK\u017f")


_PHH_BUGS = {
    "inf-blind": ("blinds_or_straddles = [50, 100, 0]", "blinds_or_straddles = [50, 100, inf]"),
    "huge-exponent-stack": ("starting_stacks = [1000, 1000, 1000]",
                            "starting_stacks = [1000, 1000, 1e4001000]"),
    "huge-exponent-bet": ("'p1 cbr 400'", "'p1 cbr 41e40000'"),
    "one-player": (SIMPLE, "variant = 'NT'\nantes = [0]\nblinds_or_straddles = [0]\nmin_bet = 0\n"
                   "starting_stacks = [0]\nactions = []\n"),
}


@pytest.mark.parametrize("bug", sorted(_PHH_BUGS))
def test_phh_amounts_out_of_range_are_a_clear_error(bug: str) -> None:
    old, new = _PHH_BUGS[bug]
    text = SIMPLE.replace(old, new)
    assert text != SIMPLE
    with pytest.raises(HoldemEvalError) as info:
        for phh in loads_phh(text):
            replay_phh(phh)
    err: Any = info.value
    assert isinstance(err, ValueError)
