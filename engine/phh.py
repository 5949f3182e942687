"""PHH hand histories (phh-std, the TOML format used by PokerKit and the phh-dataset).

Read ``.phh`` (one hand) and ``.phhs`` (``[1]``, ``[2]``, ... tables) files for the
variants ``NT`` (no-limit Hold'em), ``FT`` (fixed-limit Hold'em) and ``PO`` (pot-limit
Omaha); replay them strictly on :class:`~holdem_eval.engine.Hand`; write any played
hand back as PHH.

Seat mapping (as in PokerKit): PHH player ``p1`` sits left of the button and ``pN``
is the button, so ``p1`` posts the small blind and ``p2`` the big blind; heads-up the
blinds are reversed (``p2``, the button, posts the small blind).  In engine seats,
``pK`` is seat ``K - 1`` and the button is seat ``N - 1``.

Replay is strict: every action must be legal when it comes, in the order given;
nothing is ever invented (no missing checks or folds are filled in, no cards are
guessed).  Failures raise :class:`PhhReplayError` with the 0-based action index, or
one of its subclasses for the documented data limits:

* :class:`UnknownHoleCardsError` — a showdown needs hole cards the file gives as
  ``????`` (HandHQ files hide most hole cards), so the pot cannot be settled;
* :class:`IncompleteHandError` — the actions stop before the hand is over (a player
  still to act, board cards missing);
* :class:`UnsupportedPhhError` — a variant, forced-bet layout or action this engine
  does not play (e.g. dead blinds, which PHH can only express outside its actions).

Amounts may be decimals (``1943.50``): they are read exactly (``decimal.Decimal``),
scaled by the smallest power of ten that makes every amount a whole number, played
in those integer units and scaled back in the reported stacks.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Union

from holdem_eval import HoldemEvalError, ShapeError
from holdem_eval.cards import parse_cards

from .config import ConfigError, GameConfig
from .dealing import UNKNOWN_CARD, format_cards
from .hand import Hand, HandStateError, IllegalActionError
from .rules import Rules

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

__all__ = [
    "IncompleteHandError",
    "PhhError",
    "PhhHand",
    "PhhHoleCardsError",
    "PhhReplayError",
    "ReplayResult",
    "UnknownHoleCardsError",
    "UnsupportedPhhActionError",
    "UnsupportedPhhError",
    "dumps_phh",
    "load_phh",
    "loads_phh",
    "replay_phh",
]

Chips = Union[int, Decimal]

_VARIANTS = {"NT": ("holdem", "no-limit"), "FT": ("holdem", "fixed-limit"), "PO": ("omaha", "pot-limit")}
_CODES = {v: k for k, v in _VARIANTS.items()}
_PHH_RULES = Rules.pokerkit()  # PokerKit's pot merging and odd-chip order, no rake


class PhhError(HoldemEvalError, ValueError):
    """A PHH text that cannot be read or written."""


class UnsupportedPhhError(PhhError):
    """Valid PHH that this engine does not play (variant, forced bets, action kind)."""


class PhhReplayError(PhhError):
    """A PHH action that is illegal or impossible when it comes.

    ``index`` is the 0-based position in ``actions`` (-1 when the problem is found
    after the last action); ``action`` is its text (``""`` then).
    """

    def __init__(self, message: str, *, hand: str, index: int, action: str) -> None:
        where = f"{hand}: action {index} {action!r}" if index >= 0 else f"{hand}: after the actions"
        super().__init__(f"{where}: {message}")
        self.hand = hand
        self.index = index
        self.action = action
        self.reason = message


class UnsupportedPhhActionError(PhhReplayError, UnsupportedPhhError):
    """An action kind this engine does not play (e.g. stud or draw actions)."""


class PhhHoleCardsError(PhhReplayError, ShapeError):
    """A hole-card deal with the wrong number of cards for the variant."""


class UnknownHoleCardsError(PhhReplayError):
    """A showdown needs hole cards the file only gives as ``????``."""


class IncompleteHandError(PhhReplayError):
    """The actions end before the hand is over."""


@dataclass(frozen=True)
class PhhHand:
    """One hand history, amounts already converted to integer units.

    ``scale`` is the factor from file amounts to units (``units = amount * scale``).
    ``fields`` keeps the whole TOML table as read (decimals as ``Decimal``).
    """

    name: str
    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    small_bet: int
    big_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None
    scale: int
    fields: Mapping[str, Any] = field(repr=False, compare=False)
    infinite_stacks: tuple[bool, ...] = ()
    rules: Rules = _PHH_RULES
    """How the pots are settled: PokerKit's rules unless the file says otherwise in
    the user-defined fields :func:`dumps_phh` writes (``_odd_chips``, ``_pot_method``,
    ``_rake_percent``, ``_rake_cap``, ``_no_flop_no_drop``)."""
    _derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """Seats whose starting stack is ``inf`` (iPoker files); they play with a stand-in
    stack larger than every amount in the hand, so they can never run out of chips,
    and their finishing stacks are reported as ``inf``."""

    @property
    def players(self) -> int:
        return len(self.starting_stacks)

    def to_chips(self, units: int) -> Chips:
        """Convert engine units back to the file's amounts."""
        if self.scale == 1:
            return units
        return Decimal(units) / self.scale

    def stacks_to_chips(self, stacks: Sequence[int]) -> tuple[Chips, ...]:
        """Convert engine stacks back to file amounts (``inf`` for infinite stacks)."""
        inf = self.infinite_stacks
        if self.scale == 1 and not any(inf):
            return tuple(stacks)
        return tuple(
            Decimal("Infinity") if inf and inf[k] else self.to_chips(s)
            for k, s in enumerate(stacks)
        )

    def posts(self) -> dict[int, tuple[int, int]]:
        """Live posts: PokerKit's negative ``blinds_or_straddles`` entries (a player
        posting a big blind out of turn; it does not change who acts first), as
        ``{seat: (live, 0)}`` for :class:`Hand`."""
        return {k: (-b, 0) for k, b in enumerate(self.blinds_or_straddles) if b < 0}

    def _posts(self) -> dict[int, tuple[int, int]] | None:
        """:meth:`posts` derived once (None when empty), for :func:`replay_phh`;
        :class:`Hand` only reads it."""
        derived = self._derived
        if "posts" not in derived:
            derived["posts"] = self.posts() or None
        posts: dict[int, tuple[int, int]] | None = derived["posts"]
        return posts

    def game_config(self) -> GameConfig:
        """The :class:`GameConfig` this history is played with (derived once, cached)."""
        config = self._derived.get("config")
        if config is None:
            config = self._derived["config"] = self._make_config()
        assert isinstance(config, GameConfig)
        return config

    def _make_config(self) -> GameConfig:
        variant, betting = _VARIANTS[self.variant]
        n = self.players
        blinds = list(self.blinds_or_straddles)
        if len(blinds) != n or len(self.antes) != n:
            raise UnsupportedPhhError(
                f"{self.name}: antes and blinds_or_straddles need one entry per player ({n})"
            )
        if n == 2 and any(b < 0 for b in blinds):
            raise UnsupportedPhhError(f"{self.name}: heads-up live posts {blinds!r}")
        blinds = [max(b, 0) for b in blinds]  # negative entries are live posts (see posts())
        sb, bb = blinds[0], blinds[1]
        straddle = blinds[2] if n > 2 else 0
        rest = blinds[3:] if n > 2 else []
        if any(rest) or bb == 0 or sb > bb or (straddle and straddle < bb):
            raise UnsupportedPhhError(
                f"{self.name}: blinds_or_straddles {blinds!r} is not small blind, big blind"
                " and an optional straddle"
            )
        ante = big_blind_ante = 0
        antes = list(self.antes)
        if any(antes):
            bb_index = 1  # p2 is the big blind (heads-up PokerKit reverses: p1 pays antes[1])
            if len(set(antes)) == 1:
                ante = antes[0]
            elif all(a == 0 for k, a in enumerate(antes) if k != bb_index):
                big_blind_ante = antes[bb_index]
            else:
                raise UnsupportedPhhError(
                    f"{self.name}: antes {antes!r} are neither equal nor a big-blind ante"
                )
        kwargs: dict[str, Any] = {
            "variant": variant,
            "betting": betting,
            "big_blind": bb,
            "small_blind": sb,
            "ante": ante,
            "big_blind_ante": big_blind_ante,
            "straddle": straddle,
            "allow_free_fold": True,  # PokerKit cash games allow it (with a warning)
        }
        if betting == "fixed-limit":
            kwargs.update(small_bet=self.small_bet, big_bet=self.big_bet, max_bets=4,
                          blind_counts_toward_cap=False)
        else:
            kwargs["min_bet"] = self.min_bet
        try:
            return GameConfig(**kwargs)
        except ConfigError as exc:
            raise UnsupportedPhhError(f"{self.name}: the engine cannot play this game: {exc}") from None


@dataclass(frozen=True)
class ReplayResult:
    """A replayed hand: the finished :class:`Hand` and its stacks in file amounts."""

    phh: PhhHand
    hand: Hand
    finishing_stacks: tuple[Chips, ...]

    @property
    def net(self) -> tuple[Chips, ...]:
        """Each player's result in file amounts (exact even for ``inf`` stacks)."""
        return tuple(self.phh.to_chips(d) for d in self.hand.net)

    @property
    def matches_file(self) -> bool | None:
        """Whether ``finishing_stacks`` equals the file's; None if the file has none."""
        if self.phh.finishing_stacks is None:
            return None
        return tuple(self.hand.stacks) == self.phh.finishing_stacks


# ---- reading ---------------------------------------------------------------------

_AMOUNT_KEYS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks")


def _decimal_places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


# Amounts are played as whole units of 1/scale. The engine plays amounts (and the sum
# of the stacks) up to _MAX_UNITS; a file is refused at the door beyond that, with why.
_MAX_UNITS = 1 << 60
_MAX_PLACES = 18  # 10**-18 units of a 1-chip amount already need 10**18 < 2**60 units


def _as_units(value: Any, scale: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PhhError(f"{what} must be a number, got {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise PhhError(f"{what} must be a finite amount, got {value!r}")
    if isinstance(value, Decimal) and (
        value.adjusted() > _MAX_PLACES or _decimal_places(value) > _MAX_PLACES
    ):
        raise PhhError(
            f"{what} {value!r} is out of range: the engine plays amounts up to 2**60 units"
            f" with at most {_MAX_PLACES} decimal places"
        )
    scaled = Decimal(value) * scale
    if scaled != scaled.to_integral_value():
        raise PhhError(f"{what} {value!r} is finer than the hand's unit 1/{scale}")
    units = int(scaled)
    if abs(units) > _MAX_UNITS:
        raise PhhError(
            f"{what} {value!r} is {units} units of 1/{scale}, above the engine's limit of"
            f" 2**60 units"
        )
    return units


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
                if key == "starting_stacks" and v.is_infinite() and v > 0:
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
    for t in filter(None, map(_action_amount, actions)):
        try:
            v = Decimal(t)
        except ArithmeticError:
            raise PhhError(f"{name}: bet amount {t!r} is not a number") from None
        if v.is_finite() and v.adjusted() <= _MAX_PLACES and _decimal_places(v) <= _MAX_PLACES:
            found.append((f"{name}: bet amount", v))
    return found


def _build(name: str, table: Mapping[str, Any]) -> PhhHand:
    variant = table.get("variant")
    if variant not in _VARIANTS:
        raise UnsupportedPhhError(
            f"{name}: variant {variant!r} is not supported (NT, FT and PO are)"
        )
    required = ["antes", "starting_stacks", "actions", "blinds_or_straddles"]
    required += ["small_bet", "big_bet"] if variant == "FT" else ["min_bet"]
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
    for what, v in numbers:
        if isinstance(v, Decimal) and (v.adjusted() > _MAX_PLACES
                                       or _decimal_places(v) > _MAX_PLACES):
            _as_units(v, 1, what)  # raises: out of range
    places, finest = max(
        ((_decimal_places(Decimal(v)), what) for what, v in numbers), default=(0, "")
    )
    scale = 10**places
    try:
        unit_values = [(what, _as_units(v, scale, what)) for what, v in numbers]
    except PhhError as exc:
        if places:
            raise PhhError(
                f"{exc} ({finest.split(': ', 1)[-1]} has {places} decimal places, so the"
                f" hand is played in units of 1/{scale})"
            ) from None
        raise

    def units(key: str) -> tuple[int, ...]:
        return tuple(_as_units(v, scale, f"{name}: {key}[{k}]") for k, v in enumerate(table[key]))

    finishing = units("finishing_stacks") if "finishing_stacks" in table else None
    infinite = tuple(isinstance(v, Decimal) and v.is_infinite() for v in raw_stacks)
    if any(infinite):
        stand_in = 2 * sum(abs(u) for _, u in unit_values) + 1
        starting = tuple(
            stand_in if inf else _as_units(v, scale, f"{name}: starting_stacks[{k}]")
            for k, (v, inf) in enumerate(zip(raw_stacks, infinite))
        )
    else:
        starting = units("starting_stacks")
        infinite = ()
    if sum(starting) > _MAX_UNITS:
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
        min_bet=_as_units(table.get("min_bet", 0), scale, f"{name}: min_bet"),
        small_bet=_as_units(table.get("small_bet", 0), scale, f"{name}: small_bet"),
        big_bet=_as_units(table.get("big_bet", 0), scale, f"{name}: big_bet"),
        starting_stacks=starting,
        actions=tuple(actions),
        finishing_stacks=finishing,
        scale=scale,
        fields=dict(table),
        infinite_stacks=infinite,
    )
    _plan(phh)  # parse the action strings now: replay walks the plan
    return phh


# Settlement rules as PHH user-defined fields (PHH keeps names starting with "_" for
# them; PokerKit reads and ignores them). Absent fields mean PokerKit's rules.
_RULE_FIELDS = ("_odd_chips", "_pot_method", "_rake_percent", "_rake_cap", "_no_flop_no_drop")


def _rules_of(name: str, table: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` of a hand: PokerKit's, or those its ``_rule`` fields name."""
    if not any(key in table for key in _RULE_FIELDS):
        return _PHH_RULES
    odd = table.get("_odd_chips", _PHH_RULES.odd_chips)
    method = table.get("_pot_method", _PHH_RULES.method)
    percent = table.get("_rake_percent", "0")
    cap = table.get("_rake_cap")
    no_drop = table.get("_no_flop_no_drop", False)
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


def _rule_fields(rules: Rules) -> dict[str, Any]:
    """The ``_rule`` fields that make a reader settle with ``rules`` (none for PokerKit's)."""
    if rules == _PHH_RULES:
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
    if "variant" in data:
        return [_build(name, data)]
    hands = []
    for key, table in data.items():
        if not isinstance(table, dict):
            raise PhhError(f"{name}: top-level key {key!r} is neither a field nor a [hand] table")
        hands.append(_build(f"{name}[{key}]", table))
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


# ---- replay ----------------------------------------------------------------------
#
# One path: the action strings are parsed once (at load time) into a plan, then the
# plan is played on a Hand through its public methods only (check_or_call, fold,
# bet_or_raise_to, deal_board, show, muck), so anything a file can do a caller can do.
# A malformed action becomes a failure step in the plan and is raised only when the
# replay reaches it, so the first problem in action order is the one reported.


_PLAYER_INDEX = {f"p{k}": k - 1 for k in range(1, 100)}
_UNKNOWN_SPLIT = re.compile(r"(\?\?)")


@functools.lru_cache(maxsize=8192)
def _card_tuple(text: str) -> tuple[int, ...]:
    """Card ids of PHH card text, ``??`` = unknown; real cards are parsed by
    :func:`holdem_eval.cards.parse_cards` (the one card-text parser), cached because
    files repeat the same texts."""
    if "?" not in text:
        return tuple(parse_cards(text, allow_duplicates=True).tolist())
    ids: list[int] = []
    for piece in _UNKNOWN_SPLIT.split(text):
        if piece == "??":
            ids.append(UNKNOWN_CARD)
        elif piece:
            ids.extend(parse_cards(piece, allow_duplicates=True).tolist())
    return tuple(ids)


def _cards_of(text: str) -> list[int]:
    return list(_card_tuple(text))


# step codes of a plan: (index in phh.actions, code, seat, argument)
_OP_BOARD, _OP_CC, _OP_FOLD, _OP_CBR, _OP_MUCK, _OP_SHOW, _OP_FAIL = range(7)
_Step = tuple[int, int, int, Any]
_Failure = tuple[int, str, type["PhhReplayError"]]


@dataclass(frozen=True)
class _Plan:
    """``phh.actions`` parsed: ``k`` leading hole-card deals, the hole cards by seat (or
    the failure found while reading them), then one step per later action."""

    k: int
    holes: tuple[tuple[int, ...], ...] | None
    hole_failure: _Failure | None
    steps: tuple[_Step, ...]


def _words(action: str) -> list[str]:
    return (action.split("#", 1)[0] if "#" in action else action).split()


def _amount_units(text: str, scale: int) -> int:
    if scale == 1 and text.isascii() and text.isdigit():
        return int(text)
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise PhhError(f"bet amount {text!r} is not a number") from None
    if not value.is_finite():
        raise PhhError(f"bet amount {text!r} is not a finite number")
    return _as_units(value, scale, "bet amount")


def _read_holes(phh: PhhHand) -> tuple[int, list[tuple[int, ...]] | None, _Failure | None]:
    """The leading ``d dh pK CARDS`` actions: (count, hole cards by seat, failure)."""
    actions = phh.actions
    n = phh.players
    hc = 4 if phh.variant == "PO" else 2
    holes: list[tuple[int, ...] | None] = [None] * n
    k = 0
    count = len(actions)
    while k < count:
        words = _words(actions[k])
        if not words:
            k += 1
            continue
        if words[0] != "d" or words[1:2] != ["dh"]:
            break
        if len(words) != 4:
            return k, None, (k, "a hole-card deal is 'd dh pK CARDS'", PhhReplayError)
        seat = _PLAYER_INDEX.get(words[2], -1)
        if not 0 <= seat < n:
            return k, None, (k, f"{words[2]!r} is not a player of this hand (p1..p{n})",
                             PhhReplayError)
        if holes[seat] is not None:
            return k, None, (k, f"p{seat + 1} was already dealt hole cards", PhhReplayError)
        try:
            cards = _card_tuple(words[3])
        except HoldemEvalError as exc:
            return k, None, (k, str(exc), PhhReplayError)
        if len(cards) != hc:
            return k, None, (
                k, f"p{seat + 1} needs {hc} hole cards, got {len(cards)}: {words[3]!r}",
                PhhHoleCardsError,
            )
        holes[seat] = cards
        k += 1
    if None in holes:
        missing = ", ".join(f"p{s + 1}" for s, h in enumerate(holes) if h is None)
        return k, None, (k, f"no hole cards were dealt to {missing}", IncompleteHandError)
    return k, [h for h in holes if h is not None], None


def _step(phh: PhhHand, index: int, words: list[str]) -> _Step:
    """One action after the hole-card deals as a plan step (a failure step if bad)."""
    action = phh.actions[index]
    n = phh.players
    size = len(words)
    head = words[0]
    try:
        if head == "d":
            if size == 3 and words[1] == "db":
                return (index, _OP_BOARD, -1, _cards_of(words[2]))
            if words[1:2] == ["dh"]:
                return (index, _OP_FAIL, -1,
                        ("hole cards dealt after the betting started", PhhReplayError))
            return (index, _OP_FAIL, -1,
                    (f"unsupported dealer action {action!r}", UnsupportedPhhActionError))
        seat = _PLAYER_INDEX.get(head, -1)
        if not 0 <= seat < n:
            return (index, _OP_FAIL, -1,
                    (f"{head!r} is not a player of this hand (p1..p{n})", PhhReplayError))
        op = words[1] if size > 1 else ""
        if op == "cc" and size == 2:
            return (index, _OP_CC, seat, 0)
        if op == "f" and size == 2:
            return (index, _OP_FOLD, seat, 0)
        if op == "cbr" and size == 3:
            return (index, _OP_CBR, seat, _amount_units(words[2], phh.scale))
        if op == "sm" and size == 2:
            return (index, _OP_MUCK, seat, None)
        if op == "sm" and size == 3:
            return (index, _OP_SHOW, seat, None if words[2] == "-" else _cards_of(words[2]))
    except HoldemEvalError as exc:
        return (index, _OP_FAIL, -1, (str(exc), PhhReplayError))
    return (index, _OP_FAIL, -1, (f"unsupported action {action!r}", UnsupportedPhhActionError))


def _make_plan(phh: PhhHand) -> _Plan:
    k, holes, failure = _read_holes(phh)
    steps: list[_Step] = []
    if failure is None:
        for index in range(k, len(phh.actions)):
            words = _words(phh.actions[index])
            if words:
                steps.append(_step(phh, index, words))
    return _Plan(k, None if holes is None else tuple(holes), failure, tuple(steps))


def _plan(phh: PhhHand) -> _Plan:
    """:func:`_make_plan` of ``phh``, done once (at load time for files) and cached."""
    cached = phh._derived.get("plan")
    if cached is None or cached[0] is not phh.actions:
        cached = phh._derived["plan"] = (phh.actions, _make_plan(phh))
    plan: _Plan = cached[1]
    return plan


def replay_phh(phh: PhhHand) -> ReplayResult:
    """Replay ``phh`` strictly and return the finished hand and its finishing stacks.

    The hand is driven only through :class:`Hand`'s public methods. Raises
    :class:`PhhReplayError` (or a subclass) naming the first action that cannot be
    played, :class:`UnsupportedPhhError` for a game this engine does not play.
    """
    config = phh.game_config()  # raises UnsupportedPhhError itself, before any action
    plan = _plan(phh)
    fail_at = _failer(phh)
    if plan.hole_failure is not None:
        index, message, cls = plan.hole_failure
        fail_at(index, message, cls)
    k = plan.k
    n = phh.players
    try:
        hand = Hand(
            config,
            phh.starting_stacks,
            button=n - 1,
            hole_cards=plan.holes,
            posts=phh._posts(),
            rules=phh.rules,
            manual_showdown=True,
        )
    except HoldemEvalError as exc:
        fail_at(-1 if k >= len(phh.actions) else k, f"cannot start the hand: {exc}")
    index = -1
    try:
        for index, code, seat, arg in plan.steps:
            if code == _OP_CC:
                if seat != hand.actor:
                    _check_turn(hand, seat, "check or call")
                hand.check_or_call()
            elif code == _OP_FOLD:
                if seat != hand.actor:
                    _check_turn(hand, seat, "fold")
                hand.fold()
            elif code == _OP_CBR:
                if seat != hand.actor:
                    _check_turn(hand, seat, "bet or raise")
                hand.bet_or_raise_to(arg)
            elif code == _OP_BOARD:
                hand.deal_board(arg)
            elif code == _OP_MUCK:
                hand.muck(seat)
            elif code == _OP_SHOW:
                _show(hand, seat, arg, index, fail_at)
            else:
                fail_at(index, *arg)
    except PhhReplayError:
        raise
    except HoldemEvalError as exc:
        _fail_from(exc, index, fail_at)
    return _finish_replay(phh, hand, fail_at)


def _check_turn(hand: Hand, seat: int, what: str) -> None:
    """Refuse an action by ``seat`` out of turn (``hand.actor`` is -1 when nobody is to
    act; the public method called next then raises with the reason: hand over, cards
    pending, showdown)."""
    actor = hand.current_actor
    if actor is not None and actor != seat:
        raise IllegalActionError(
            f"seat {seat} cannot {what}: it is seat {actor}'s turn (out of turn)"
        )


def _show(
    hand: Hand, seat: int, shown: list[int] | None, index: int, fail_at: Callable[..., Any]
) -> None:
    """PHH ``pK sm CARDS`` (or ``sm -``): show, with the PokerStars ``sm ????`` no-op."""
    if shown is not None and all(c == UNKNOWN_CARD for c in shown):
        # 'sm ????' reveals nothing (PokerStars files repeat it on every street of an
        # all-in runout): a no-op; if the cards are still unknown when the pot must be
        # settled, UnknownHoleCardsError
        if UNKNOWN_CARD not in hand.hole_cards[seat]:
            hand.show(seat)
        return
    if shown is not None and UNKNOWN_CARD in shown:
        fail_at(index, "partly unknown shown cards are not supported", UnsupportedPhhActionError)
    hand.show(seat, shown)


def _failer(phh: PhhHand) -> Callable[..., Any]:
    """``fail_at(index, message, cls=PhhReplayError)``: raise ``cls`` naming ``phh``'s
    action at ``index`` (index -1 or past the end: no action)."""
    actions = phh.actions
    count = len(actions)

    def fail_at(index: int, message: str, cls: type[PhhReplayError] = PhhReplayError) -> Any:
        action = actions[index] if 0 <= index < count else ""
        raise cls(message, hand=phh.name, index=index, action=action)

    return fail_at


def _fail_from(exc: Exception, index: int, fail_at: Callable[..., Any]) -> None:
    """Report an engine error raised while replaying action ``index``."""
    unknown = isinstance(exc, HandStateError) and "unknown" in str(exc)
    fail_at(index, str(exc), UnknownHoleCardsError if unknown else PhhReplayError)


def _finish_replay(phh: PhhHand, hand: Hand, fail_at: Callable[..., Any]) -> ReplayResult:
    """After the last action: report an incomplete hand, or show the unmentioned hands."""
    if not hand.is_over:
        if hand.current_actor is not None:
            fail_at(-1, f"p{hand.current_actor + 1} is still to act", IncompleteHandError)
        if hand.pending_board:
            fail_at(
                -1, f"{hand.pending_board} board card(s) were never dealt", IncompleteHandError
            )
        for seat in hand.showdown_pending:
            if UNKNOWN_CARD in hand.hole_cards[seat]:
                fail_at(
                    -1,
                    f"p{seat + 1}'s hole cards are unknown ('????') at showdown, so the pot"
                    " cannot be settled",
                    UnknownHoleCardsError,
                )
            hand.show(seat)  # PokerKit's default: an unmentioned live hand is shown
            if hand.is_over:
                break
    return ReplayResult(phh, hand, phh.stacks_to_chips(hand.stacks))


def iter_replays(hands: Sequence[PhhHand]) -> Iterator[ReplayResult | PhhError]:
    """Replay each hand, yielding the result or the error it raised (for bulk checks)."""
    for phh in hands:
        try:
            yield replay_phh(phh)
        except PhhError as exc:
            yield exc


# ---- writing ---------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, str):
        return "'" + value + "'" if "'" not in value else '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise PhhError(f"cannot write {value!r} as PHH")


def dumps_phh(hand: Hand, /, **metadata: Any) -> str:
    """Write ``hand`` (finished or not) as PHH text that PokerKit 0.7.7 can read back.

    ``metadata`` adds optional fields (``players=[...]``, ``hand=17``, ...), written
    after the required ones.  Reading the text back and replaying it gives the same
    stacks, rake and pots: settlement rules other than PokerKit's are written as the
    user-defined fields ``_odd_chips``, ``_pot_method``, ``_rake_percent`` (exact, as
    a fraction), ``_rake_cap`` and ``_no_flop_no_drop`` (PokerKit ignores them), and an
    automatic showdown is written with every live hand shown (the engine compared them
    all; a hand that was not needed is logged as a muck).  Hands with extra (dead or
    missed-blind) posts cannot be expressed in PHH and raise :class:`UnsupportedPhhError`.
    """
    cfg = hand.config
    code = _CODES.get((cfg.variant, cfg.betting))
    if code is None:
        raise UnsupportedPhhError(
            f"PHH has no variant code for {cfg.variant} {cfg.betting} (NT, FT, PO exist)"
        )
    if cfg.betting == "fixed-limit" and (
        cfg.max_bets is None or cfg.max_bets - (1 if cfg.blind_counts_toward_cap else 0) > 4
    ):
        raise UnsupportedPhhError("PokerKit's FT allows at most 4 bets or raises per round")
    n = hand.n
    phh_of = {(hand.button + 1 + k) % n: k for k in range(n)}  # engine seat -> PHH index
    seat_of = {k: s for s, k in phh_of.items()}
    sb_seat, bb_seat = hand.blind_seats
    blinds = [0] * n
    antes = [0] * n
    blinds[0], blinds[1] = cfg.small_blind, cfg.big_blind
    if cfg.straddle:
        blinds[2] = cfg.straddle
    if cfg.ante:
        antes = [cfg.ante] * n
    elif cfg.big_blind_ante:
        antes[1] = cfg.big_blind_ante
    actions: list[str] = []
    for e in hand.events:
        kind = e.kind
        p = f"p{phh_of[e.seat] + 1}" if e.seat >= 0 else ""
        if kind in ("post", "dead"):
            raise UnsupportedPhhError("PHH cannot express extra (missed or dead) blind posts")
        if kind == "hole":
            continue
        if kind == "board":
            actions.append(f"d db {format_cards(e.cards)}")
        elif kind == "fold":
            actions.append(f"{p} f")
        elif kind in ("check", "call"):
            actions.append(f"{p} cc")
        elif kind in ("bet", "raise"):
            actions.append(f"{p} cbr {e.amount}")
        elif kind == "show":
            actions.append(f"{p} sm {format_cards(e.cards)}")
        elif kind == "muck" and not hand.manual_showdown:
            # an automatic showdown compared every live hand ("muck" only means the
            # hand was not needed): written as shown so the file settles the same pots
            actions.append(f"{p} sm {format_cards(hand.hole_cards[e.seat])}")
        elif kind == "muck":
            actions.append(f"{p} sm")
    deals = [
        f"d dh p{k + 1} {format_cards(hand.hole_cards[seat_of[k]])}" for k in range(n)
    ]
    fields: dict[str, Any] = {
        "variant": code,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if code == "FT":
        fields["small_bet"] = cfg.small_bet
        fields["big_bet"] = cfg.big_bet
    else:
        fields["min_bet"] = cfg.min_bet
    fields["starting_stacks"] = [hand.starting_stacks[seat_of[k]] for k in range(n)]
    fields["actions"] = deals + actions
    if hand.is_over:
        fields["finishing_stacks"] = [hand.stacks[seat_of[k]] for k in range(n)]
    fields.update(_rule_fields(hand.rules if hand.rules is not None else Rules()))
    del sb_seat, bb_seat
    for key, value in metadata.items():
        if key in fields:
            raise PhhError(f"metadata field {key!r} is written by the engine")
        fields[key] = value
    return "\n".join(f"{key} = {_toml_value(value)}" for key, value in fields.items()) + "\n"
