"""Fuzzing the PHH reader: generated and mutated PHH text and bytes either load and
replay, or raise one of the library's own errors (HoldemEvalError) — never another
exception. Bounded by Hypothesis example counts (a few seconds in CI), not by time."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem_eval.engine import load_phh, loads_phh, replay_phh
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem_eval import HoldemEvalError

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
SEEDS = [
    (DATA / "pluribus_ai" / "0.phh").read_text(encoding="utf-8"),
    (DATA / "pluribus_ai" / "100.phh").read_text(encoding="utf-8"),
    """variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200.5, inf]
actions = ['d dh p1 AhKhQh2c', 'd dh p2 ????', 'p2 cbr 6', 'p1 cc', 'd db 2h3h9c',
           'p1 cc', 'p2 cc', 'd db 4c', 'p1 cc', 'p2 cc', 'd db 5c', 'p1 cc', 'p2 cc',
           'p1 sm AhKhQh2c', 'p2 sm 7c7d8s8d']
finishing_stacks = [194.5, inf]
_odd_chips = 'clockwise'
_pot_method = 'tda'
""",
    """variant = 'FT'
antes = [1, 1, 1]
blinds_or_straddles = [5, 10, -10]
small_bet = 10
big_bet = 20
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 7c2d', 'p3 cc', 'p1 cbr 20', 'p2 f',
           'p3 f']
""",
]

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

# pieces a mutation splices in: PHH syntax, numbers at the edges, cards, unicode
TOKENS = [
    "'", '"', "[", "]", ",", "=", "\n", "#", " ", "p1", "p7", "p0", "d", "db", "dh", "cbr",
    "cc", "f", "sm", "-", "????", "??", "Ah", "ah", "10h", "K\u017f", "\u212ah", "\u00a0", "\ufeff",
    "0", "-1", "1e-17", "1e400", "inf", "-inf", "nan", "9" * 30, "0.5", "1_000", "true",
    "variant", "'NT'", "'FT'", "'PO'", "'F7S'", "min_bet", "starting_stacks", "antes",
    "blinds_or_straddles", "actions", "_rake_percent = '5'", "_odd_chips = 'x'",
    "_rake_cap = -1", "[1]", "[[x]]",
]


def _replays_or_raises_ours(data: str | bytes) -> None:
    try:
        hands = loads_phh(data, name="fuzz.phh")
    except HoldemEvalError:
        return
    for phh in hands:
        try:
            result = replay_phh(phh)
        except HoldemEvalError:
            continue
        hand = result.hand
        assert hand.is_over
        assert sum(hand.stacks) + hand.rake == sum(hand.starting_stacks)


@st.composite
def mutated_text(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.integers(0, 2))
        if how == 0:  # delete a span
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        elif how == 1:  # insert a token
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        else:  # replace a span with random text
            span = draw(st.integers(1, 6))
            text = text[:at] + draw(st.text(max_size=6)) + text[at + span:]
    return text


@SETTINGS
@given(mutated_text())
def test_mutated_phh_text_loads_and_replays_or_raises_a_library_error(text: str) -> None:
    _replays_or_raises_ours(text)


@SETTINGS
@given(mutated_text(), st.data())
def test_mutated_phh_bytes_load_or_raise_a_library_error(text: str, data: st.DataObject) -> None:
    raw = bytearray(text.encode("utf-8"))
    for _ in range(data.draw(st.integers(0, 3))):
        if raw:
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    _replays_or_raises_ours(bytes(raw))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_arbitrary_text_and_bytes_raise_a_library_error(data: str | bytes) -> None:
    _replays_or_raises_ours(data)


_CARD_TEXT = st.sampled_from(["Ah", "Kd", "2c", "Ts", "10h", "??", "ah", "Zz", "A", ""])
_AMOUNT_TEXT = st.one_of(
    st.integers(-5, 10**20).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["x", "1e-17", "1e400", "0x10", "\u0661"]),
)
_ACTION = st.one_of(
    st.tuples(st.sampled_from(["p1", "p2", "p3", "p0", "p9"]),
              st.sampled_from(["cc", "f", "sm", "sm -", "zz"])).map(" ".join),
    st.tuples(st.sampled_from(["p1", "p2", "p3"]), _AMOUNT_TEXT).map(
        lambda t: f"{t[0]} cbr {t[1]}"),
    st.tuples(st.sampled_from(["p1", "p2", "p3"]), st.lists(_CARD_TEXT, max_size=5)).map(
        lambda t: f"{t[0]} sm {''.join(t[1])}"),
    st.lists(_CARD_TEXT, max_size=4).map(lambda c: "d db " + "".join(c)),
    st.tuples(st.sampled_from(["p1", "p2", "p3", "p4"]), st.lists(_CARD_TEXT, max_size=5)).map(
        lambda t: f"d dh {t[0]} {''.join(t[1])}"),
    st.sampled_from(["", "# note", "d xx", "p1 cc # comment"]),
)
_NUMBER = st.one_of(
    st.integers(-(2**70), 2**70),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.sampled_from(["'text'", "true"]),
)


_FIELDS = ["variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
           "starting_stacks", "finishing_stacks", "_odd_chips", "_pot_method",
           "_rake_percent", "_rake_cap", "_no_flop_no_drop", "actions"]
_FIELD_VALUE = st.one_of(
    _NUMBER,
    st.sampled_from(["'NT'", "'FT'", "'PO'", "'clockwise'", "'tda'", "'1/3'", "'x'", "false"]),
    st.lists(_NUMBER, max_size=11),
    st.lists(st.sampled_from(["'a'", "true", "[1]"]), max_size=3),
)


def _toml(value: object) -> str:
    """TOML for the fuzzer's values (Decimal specials as TOML's nan and inf)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value in ("true",) or value.startswith("'") else repr(value)
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


@st.composite
def mutated_hand(draw: st.DrawFn) -> str:
    """A seed hand with its actions and amounts mutated structurally (valid TOML), so
    most examples reach the replay."""
    (phh,) = loads_phh(draw(st.sampled_from(SEEDS)))
    fields = dict(phh.fields)
    actions = list(fields["actions"])
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.integers(0, 4))
        k = draw(st.integers(0, max(len(actions) - 1, 0)))
        if how == 0 and actions:
            del actions[k]
        elif how == 1:
            actions.insert(k, draw(_ACTION))
        elif how == 2 and len(actions) > 1:
            j = draw(st.integers(0, len(actions) - 1))
            actions[k], actions[j] = actions[j], actions[k]
        elif how == 3:
            fields[draw(st.sampled_from(_FIELDS))] = draw(_FIELD_VALUE)
        else:
            key = draw(st.sampled_from(
                ["antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks"]))
            values = fields.get(key)
            values = list(values) if isinstance(values, list) and values else [0, 0]
            values[draw(st.integers(0, len(values) - 1))] = draw(_NUMBER)
            fields[key] = values
    fields["actions"] = actions
    return "\n".join(f"{key} = {_toml(value)}" for key, value in fields.items()) + "\n"


@SETTINGS
@given(mutated_hand())
def test_mutated_hands_replay_or_raise_a_library_error(text: str) -> None:
    _replays_or_raises_ours(text)


def test_a_fuzzed_file_on_disk_names_itself(tmp_path: Path) -> None:
    bad = tmp_path / "broken.phh"
    bad.write_bytes(SEEDS[0].encode()[:40] + b"\xff\xfe" + SEEDS[0].encode()[40:])
    try:
        load_phh(bad)
    except HoldemEvalError as exc:
        assert str(exc).startswith("broken.phh: not UTF-8 text: byte b'\\xff' at offset 40")
    else:
        raise AssertionError("invalid UTF-8 was accepted")
