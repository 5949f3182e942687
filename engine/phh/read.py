"""Reading PHH: TOML text or files into :class:`~holdem_eval.engine.PhhHand` objects.

Every amount is checked and converted to integer units, the settlement-rule fields are
read, and each hand's actions are compiled once into a replay plan
(:mod:`.phh_replay`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import PhhError, UnsupportedPhhError
from ..rules import Rules
from .hand import MAX_PLACES, MAX_UNITS, PHH_RULES, PHH_VARIANTS, PhhHand, as_units, decimal_places
from .replay import OP_CBR, Step, replay_plan, set_plan

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

__all__ = ["load_phh", "loads_phh"]

_AMOUNT_KEYS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks",
                "_dead_posts")


def _action_amount(action: str) -> str | None:
    words = action.split("#", 1)[0].split()
    if len(words) == 3 and words[1] == "cbr":
        return words[2]
    return None


def _amounts(name: str, table: Mapping[str, Any], actions: list[str]) -> list[tuple[str, Any]]:
    """Every amount of the hand as (where, value), checked to be a number; ``inf`` only
    as a starting stack. Bet amounts that are not finite numbers are left for the
    replay to report at their action."""
    found: list[tuple[str, Any]] = []
    for key in _AMOUNT_KEYS:
        values = table.get(key)
        if values is None:
            continue
        if not isinstance(values, list):
            raise PhhError(f"{name}: {key} must be a list, got {values!r}")
        for k, v in enumerate(values):
            what = f"{name}: {key}[{k}]"
            if isinstance(v, bool) or not isinstance(v, (int, Decimal)):
                raise PhhError(f"{what} must be a number, got {v!r}")
            if isinstance(v, Decimal) and not v.is_finite():
                if key in ("starting_stacks", "finishing_stacks") and v.is_infinite() and v > 0:
                    continue  # an unlimited stack (iPoker files), see PhhHand
                raise PhhError(f"{what} must be a finite amount, got {v!r}")
            found.append((what, v))
    for key in ("min_bet", "small_bet", "big_bet"):
        v = table.get(key)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, (int, Decimal)):
            raise PhhError(f"{name}: {key} must be a number, got {v!r}")
        if isinstance(v, Decimal) and not v.is_finite():
            raise PhhError(f"{name}: {key} must be a finite amount, got {v!r}")
        if v <= 0:
            raise PhhError(f"{name}: {key} must be a positive amount, got {v!r}")
        found.append((f"{name}: {key}", v))
    for k, v in enumerate(table["starting_stacks"]):
        if v <= 0:
            raise PhhError(f"{name}: starting_stacks[{k}] must be a positive amount, got {v!r}")
    for k, v in enumerate(table.get("finishing_stacks") or ()):
        if v < 0:
            raise PhhError(f"{name}: finishing_stacks[{k}] must be an amount >= 0, got {v!r}")
    for t in filter(None, map(_action_amount, actions)):
        try:
            v = Decimal(t)
        except ArithmeticError:
            raise PhhError(f"{name}: bet amount {t!r} is not a number") from None
        if v.is_finite() and v.adjusted() <= MAX_PLACES and decimal_places(v) <= MAX_PLACES:
            found.append((f"{name}: bet amount", v))
    return found


def build_hand(name: str, table: Mapping[str, Any]) -> PhhHand:
    if "variant" not in table:
        raise PhhError(f"{name}: required field 'variant' is missing ({', '.join(PHH_VARIANTS)})")
    variant = table.get("variant")
    if not isinstance(variant, str) or variant not in PHH_VARIANTS:
        raise UnsupportedPhhError(
            f"{name}: variant {variant!r} is not supported ({', '.join(PHH_VARIANTS)} are)"
        )
    required = ["antes", "starting_stacks", "actions", "blinds_or_straddles"]
    fixed = PHH_VARIANTS[variant][1] == "fixed-limit"
    required += ["small_bet", "big_bet"] if fixed else ["min_bet"]
    for key in required:
        if key not in table:
            raise PhhError(f"{name}: required field {key!r} is missing")
    actions = table["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PhhError(f"{name}: actions must be a list of strings")
    raw_stacks = table["starting_stacks"]
    if not isinstance(raw_stacks, list):
        raise PhhError(f"{name}: starting_stacks must be a list, got {raw_stacks!r}")
    if len(raw_stacks) < 2:
        raise PhhError(
            f"{name}: a hand needs at least 2 players, got {len(raw_stacks)} starting stacks:"
            f" {raw_stacks!r}"
        )
    if len(raw_stacks) > 10:
        raise UnsupportedPhhError(
            f"{name}: {len(raw_stacks)} players; the engine plays 2 to 10 at a table"
        )
    numbers = _amounts(name, table, actions)
    places = 0
    for what, v in numbers:
        if type(v) is Decimal:
            needs = decimal_places(v) if v.adjusted() <= MAX_PLACES else MAX_PLACES + 1
            if needs > MAX_PLACES:
                as_units(v, 1, what)  # raises: out of range
            places = max(places, needs)
    scale = 10**places
    try:
        unit_values = [(what, as_units(v, scale, what)) for what, v in numbers]
    except PhhError as exc:
        if places:
            finest = max(what for what, v in numbers
                         if isinstance(v, Decimal) and decimal_places(v) == places)
            raise PhhError(
                f"{exc} ({finest.split(': ', 1)[-1]} has {places} decimal places, so the"
                f" hand is played in units of 1/{scale})"
            ) from None
        raise

    # every finite amount converted above: the lists' items convert again without error
    def units(key: str) -> tuple[int, ...]:
        return tuple(as_units(v, scale, key) for v in table[key])

    finishing = None
    if "finishing_stacks" in table:
        finishing = tuple(
            -1 if isinstance(v, Decimal) and v.is_infinite() else as_units(v, scale, "")
            for v in table["finishing_stacks"]
        )
    infinite = tuple(isinstance(v, Decimal) and v.is_infinite() for v in raw_stacks)
    if any(infinite):
        stand_in = 2 * sum(abs(u) for _, u in unit_values) + 1
        starting = tuple(
            stand_in if inf else as_units(v, scale, f"{name}: starting_stacks[{k}]")
            for k, (v, inf) in enumerate(zip(raw_stacks, infinite))
        )
    else:
        starting = units("starting_stacks")
        infinite = ()
    if sum(starting) > MAX_UNITS:
        raise PhhError(
            f"{name}: the starting stacks sum to {sum(starting)} units of 1/{scale}, above"
            f" the engine's limit of 2**60 units"
        )
    phh = PhhHand(
        rules=_rules_of(name, table),
        name=name,
        variant=variant,
        antes=units("antes"),
        blinds_or_straddles=units("blinds_or_straddles"),
        min_bet=as_units(table.get("min_bet", 0), scale, f"{name}: min_bet"),
        small_bet=as_units(table.get("small_bet", 0), scale, f"{name}: small_bet"),
        big_bet=as_units(table.get("big_bet", 0), scale, f"{name}: big_bet"),
        starting_stacks=starting,
        actions=tuple(actions),
        finishing_stacks=finishing,
        scale=scale,
        fields=dict(table),
        infinite_stacks=infinite,
        dead_posts=units("_dead_posts") if "_dead_posts" in table else (),
        runs=_runs_of(name, table),
    )
    replay_plan(phh)  # parse the action strings now: replay walks the plan
    return phh


def planned_hand(name: str, table: dict[str, Any], holes: Sequence[tuple[int, ...]],
                 steps: Sequence[Step]) -> PhhHand:
    """:func:`build_hand` of a table written by a program that checked it as it wrote it
    and compiled its replay plan along with its actions (the site-history record,
    :func:`~holdem_eval.engine.history.record.to_phh`), without reading back what was just
    written: the same hand, the same errors. The writer vouches that ``table`` holds a
    variant of :data:`PHH_VARIANTS`, its required fields, 2 to 10 players and amounts
    that are ``Decimal`` or ``int``; that its actions start with one ``d dh`` deal a seat,
    in seat order, whose cards are ``holes`` (a card once, as many as the game deals); and
    that ``steps`` are the later actions' plan steps, each bet's amount as the amount its
    action's text writes (``(index, OP_CBR, seat, Decimal('3.50'))`` for ``pK cbr 3.50``).
    ``table`` becomes the hand's ``fields``.
    A table out of the ordinary (an amount not finite, finer than 10**-18, out of the
    engine's range; a stack that is not positive) is left to :func:`build_hand`, which
    says what is wrong with it."""
    fixed = PHH_VARIANTS[table["variant"]][1] == "fixed-limit"
    limits = ("small_bet", "big_bet") if fixed else ("min_bet",)
    values: list[Any] = []
    for key in _AMOUNT_KEYS:
        if key in table:
            values += table[key]
    values += [table[key] for key in limits]
    bets = [k for k, step in enumerate(steps) if step[1] == OP_CBR]
    values += [steps[k][3] for k in bets]
    try:  # the amounts as exact fractions (a number that is not finite raises)
        ratios = [v.as_integer_ratio() for v in values]
    except (ValueError, OverflowError):
        return build_hand(name, table)
    # a decimal's denominator is 2**a * 5**b: the scale is the least power of ten it divides
    denominator = math.lcm(*{d for _, d in ratios})
    scale, places = 1, 0
    while scale % denominator:
        scale, places = scale * 10, places + 1
        if places > MAX_PLACES:
            return build_hand(name, table)
    units = [n * (scale // d) for n, d in ratios]
    if max(units) > MAX_UNITS or min(units) < -MAX_UNITS:
        return build_hand(name, table)
    got: dict[str, tuple[int, ...]] = {}
    at = 0
    for key in _AMOUNT_KEYS:
        if key in table:
            size = len(table[key])
            got[key] = tuple(units[at:at + size])
            at += size
    starting = got["starting_stacks"]
    limit_units = dict(zip(limits, units[at:at + len(limits)]))
    if (min(starting) <= 0 or sum(starting) > MAX_UNITS or min(limit_units.values()) <= 0
            or min(got.get("finishing_stacks", (0,))) < 0):
        return build_hand(name, table)
    rules = _rules_of(name, table)
    # PhhHand(...) without the frozen dataclass's setattr per field (a tenth of the step);
    # the tests compare every field with build_hand's
    phh = object.__new__(PhhHand)
    phh.__dict__.update(
        name=name, variant=table["variant"], antes=got["antes"],
        blinds_or_straddles=got["blinds_or_straddles"], min_bet=limit_units.get("min_bet", 0),
        small_bet=limit_units.get("small_bet", 0), big_bet=limit_units.get("big_bet", 0),
        starting_stacks=starting, actions=tuple(table["actions"]),
        finishing_stacks=got.get("finishing_stacks"), scale=scale, fields=table,
        infinite_stacks=(), dead_posts=got.get("_dead_posts", ()),
        runs=_runs_of(name, table), rules=rules, _derived={})
    phh.engine_game()  # a '_variant' that is not a game of the variant raises here
    planned = list(steps)
    for k, bet in zip(bets, units[len(units) - len(bets):]):
        index, _, seat, _ = planned[k]
        planned[k] = (index, OP_CBR, seat, bet)  # within range, a whole number of units
    set_plan(phh, holes, planned)
    return phh


def _runs_of(name: str, table: Mapping[str, Any]) -> int:
    """The user-defined field ``_runs`` (run it twice / N times): 1..4, default 1."""
    runs = table.get("_runs", 1)
    if runs.__class__ is not int or not 1 <= runs <= 4:
        raise PhhError(f"{name}: _runs must be an int 1..4 (the runs of the board), got {runs!r}")
    return int(runs)


# Settlement rules as PHH user-defined fields (PHH keeps names starting with "_" for
# them; PokerKit reads and ignores them). Absent fields mean PokerKit's rules.
_RULE_FIELDS = ("_odd_chips", "_pot_method", "_rake_percent", "_rake_cap", "_no_flop_no_drop")


def _rules_of(name: str, table: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` of a hand: PokerKit's, or those its ``_rule`` fields name
    (remembered: a file's hands repeat the same few, and making one costs as much as
    reading the rest of a hand)."""
    if not any(key in table for key in _RULE_FIELDS):
        return PHH_RULES
    odd = table.get("_odd_chips", PHH_RULES.odd_chips)
    method = table.get("_pot_method", PHH_RULES.method)
    percent = table.get("_rake_percent", "0")
    cap = table.get("_rake_cap")
    no_drop = table.get("_no_flop_no_drop", False)
    # hashable values, and their types: True == 1, but a cap of True is refused
    key: tuple[Any, ...] = (odd, method, percent, cap, no_drop, type(cap), type(no_drop))
    if all(type(v) in _PLAIN for v in key[:5]):
        rules = _RULES_SEEN.get(key)
        if rules is None:
            rules = _make_rules(name, odd, method, percent, cap, no_drop)
            if len(_RULES_SEEN) >= 4096:
                _RULES_SEEN.clear()
            _RULES_SEEN[key] = rules
        return rules
    return _make_rules(name, odd, method, percent, cap, no_drop)


_PLAIN = (str, int, bool, type(None))
_RULES_SEEN: dict[tuple[Any, ...], Rules] = {}


def _make_rules(name: str, odd: Any, method: Any, percent: Any, cap: Any, no_drop: Any) -> Rules:
    if not isinstance(percent, str):
        raise PhhError(f"{name}: _rake_percent must be text like '5' or '1/20', got {percent!r}")
    try:
        rate = Fraction(percent)
    except (ValueError, ZeroDivisionError):
        raise PhhError(
            f"{name}: _rake_percent must be a fraction like '5' or '1/20', got {percent!r}"
        ) from None
    try:
        return Rules(odd_chips=odd, rake_percent=rate, rake_cap=cap,
                     no_flop_no_drop=no_drop, method=method)
    except (TypeError, ValueError) as exc:
        raise PhhError(f"{name}: settlement rule fields: {exc}") from None


def rule_fields(rules: Rules) -> dict[str, Any]:
    """The ``_rule`` fields that make a reader settle with ``rules`` (none for PokerKit's)."""
    if rules == PHH_RULES:
        return {}
    fields: dict[str, Any] = {"_odd_chips": rules.odd_chips, "_pot_method": rules.method}
    if rules.rate:
        fields["_rake_percent"] = str(rules.rate * 100)
    if rules.rake_cap is not None:
        fields["_rake_cap"] = rules.rake_cap
    if rules.no_flop_no_drop:
        fields["_no_flop_no_drop"] = True
    return fields


def loads_phh(text: str | bytes, *, name: str = "<phh>") -> list[PhhHand]:
    """Parse PHH text: one hand (``.phh``) or several ``[1]``, ``[2]`` ... tables (``.phhs``).

    ``text`` may also be the file's bytes (UTF-8; a leading byte-order mark is skipped,
    as it is in text). ``name`` names the hands in errors and results.

    >>> from holdem_eval.engine import replay_phh
    >>> hands = loads_phh('''variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [200, 200]
    ... actions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 f']''')
    >>> replay_phh(hands[0]).finishing_stacks
    (201, 199)
    """
    if isinstance(text, (bytes, bytearray)):
        text = _decode(bytes(text), name)
    elif not isinstance(text, str):
        raise PhhError(f"{name}: PHH text must be str or bytes, got {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]  # a UTF-8 byte-order mark read as text
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PhhError(f"{name}: not valid TOML: {exc}") from None
    # A hand's fields sit at the top level (.phh) or in [1], [2] ... tables (.phhs); a table
    # named without a leading '_' (user-defined fields start with one) is a hand.
    tables = [key for key, value in data.items() if isinstance(value, dict) and not key.startswith("_")]
    fields = [key for key, value in data.items() if not isinstance(value, dict)]
    if not tables:
        return [build_hand(name, data)]
    if "variant" in data:
        raise PhhError(
            f"{name}: the top level holds a hand's fields and also the hand table"
            f" [{tables[0]}]: a file is one hand (fields at the top level) or hand tables"
            " [1], [2] ... with every field inside a table"
        )
    if fields:
        raise PhhError(
            f"{name}: top-level key {fields[0]!r} is neither a field nor a [hand] table: in a"
            f" file of hand tables ([{tables[0]}] ...) every field goes inside a table"
        )
    hands = []
    for key, table in data.items():
        if isinstance(table, dict) and not key.startswith("_"):
            hands.append(build_hand(f"{name}[{key}]", table))
    return hands


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise PhhError(
            f"{name}: not UTF-8 text: byte {data[exc.start:exc.start + 1]!r} at offset"
            f" {exc.start} (line {line}); PHH files are UTF-8"
        ) from None


def load_phh(path: str | Path) -> list[PhhHand]:
    """Read a ``.phh`` or ``.phhs`` file (UTF-8, with or without a byte-order mark).

    Errors name the file; a file that cannot be opened raises the usual ``OSError``.
    """
    p = Path(path)
    return loads_phh(p.read_bytes(), name=p.name)
