"""PHH hand histories: the errors, the parsed hand (:class:`PhhHand`) and a replay's result.

Amounts are whole units of ``1/scale`` of the file's amounts (see :mod:`.phh`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Union

from holdem_eval.variants import VARIANTS

from ..config import ConfigError, GameConfig
from ..errors import (
    PhhError,
    UnsupportedPhhError,
)
from ..hand.hand import Hand
from ..rules import Rules

__all__ = ["PHH_ALTERNATES", "PHH_CODES", "PHH_VARIANTS", "Chips", "PhhHand", "ReplayResult"]

Chips = Union[int, Decimal]

# PHH's variant codes (phh-std; PokerKit 0.7's notation.HandHistory.game_types) -> the
# engine's game. NS is PokerKit's short deck, where a straight beats three of a kind.
_STANDARD_GAMES = {
    "NT": ("holdem", "no-limit"), "FT": ("holdem", "fixed-limit"), "PO": ("omaha", "pot-limit"),
    "NS": ("short-deck-straights-beat-trips", "no-limit"), "FO/8": ("omaha-hi-lo", "fixed-limit"),
}
# The engine's own codes for games PHH has none for (PokerKit does not read them): pot-limit
# 5- and 6-card Omaha and pot-limit Omaha hi-lo.
ENGINE_CODES = {
    "PO5": ("omaha5", "pot-limit"), "PO6": ("omaha6", "pot-limit"),
    "PO/8": ("omaha-hi-lo", "pot-limit"), "PO5/8": ("omaha5-hi-lo", "pot-limit"),
}
PHH_VARIANTS = {
    code: game for code, game in {**_STANDARD_GAMES, **ENGINE_CODES}.items() if game[0] in VARIANTS
}
# Rows written with the code of another row of the same game and the user-defined field
# ``_variant`` naming them: short deck where three of a kind beats a straight (Triton,
# GGPoker) is NS with ``_variant = "short-deck"``.
PHH_ALTERNATES = {
    alt: base for alt, base in {"short-deck": "short-deck-straights-beat-trips"}.items()
    if alt in VARIANTS and base in VARIANTS
}
PHH_CODES = {v: k for k, v in PHH_VARIANTS.items()}
PHH_CODES.update({(alt, betting): code for alt, base in PHH_ALTERNATES.items()
                  for code, (variant, betting) in PHH_VARIANTS.items() if variant == base})
PHH_RULES = Rules.pokerkit()  # PokerKit's pot merging and odd-chip order, no rake


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
    """Seats whose starting stack is ``inf`` (iPoker files); they play with a stand-in
    stack larger than every amount in the hand, so they can never run out of chips,
    and their finishing stacks are reported as ``inf`` (``finishing_stacks`` holds
    -1 for a seat the file gives as ``inf``)."""
    dead_posts: tuple[int, ...] = ()
    """Dead money each player posts besides the blinds (a missed small blind paid on
    return), from the user-defined field ``_dead_posts``; empty when there is none."""
    runs: int = 1
    """Run it twice / N times: the runs of the board the players agreed on, from the
    user-defined field ``_runs`` (PHH has no action for the choice; the later runs' cards
    follow the first run's as further ``d db`` actions, in PokerKit's dealing order)."""
    rules: Rules = PHH_RULES
    """How the pots are settled: PokerKit's rules unless the file says otherwise in
    the user-defined fields :func:`dumps_phh` writes (``_odd_chips``, ``_pot_method``,
    ``_rake_percent``, ``_rake_cap``, ``_no_flop_no_drop``)."""
    _derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

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
        posting a big blind out of turn; it does not change who acts first), with the
        :attr:`dead_posts`, as ``{seat: (live, dead)}`` for :class:`Hand`."""
        posts = {k: (-b, 0) for k, b in enumerate(self.blinds_or_straddles) if b < 0}
        for k, dead in enumerate(self.dead_posts):
            if dead:
                posts[k] = (posts.get(k, (0, 0))[0], dead)
        return posts

    def _posts(self) -> dict[int, tuple[int, int]] | None:
        """:meth:`posts` derived once (None when empty), for :func:`replay_phh`;
        :class:`Hand` only reads it."""
        derived = self._derived
        if "posts" not in derived:
            derived["posts"] = self.posts() or None
        posts: dict[int, tuple[int, int]] | None = derived["posts"]
        return posts

    def game_config(self) -> GameConfig:
        """The :class:`GameConfig` this history is played with (derived once, cached).

        The hands of a table share their game: a GameConfig (immutable) is made once for
        every hand with the same forced bets and limits, where working one out and
        validating it costs as much as replaying a hand; a game refused is never
        remembered."""
        config = self._derived.get("config")
        if config is None:
            alternate = self.fields.get("_variant")
            key = (self.variant, alternate, len(self.starting_stacks), self.antes,
                   self.blinds_or_straddles, self.dead_posts, self.min_bet, self.small_bet,
                   self.big_bet)
            plain = alternate is None or type(alternate) is str  # hashable
            config = _CONFIGS.get(key) if plain else None
            if config is None:
                config = self._make_config()  # raises for a game the engine cannot play
                if plain:
                    if len(_CONFIGS) >= 4096:
                        _CONFIGS.clear()
                    _CONFIGS[key] = config
            self._derived["config"] = config
        assert isinstance(config, GameConfig)
        return config

    def engine_game(self) -> tuple[str, str]:
        """The engine's ``(variant, betting)`` of this history: its code's game, or the row
        its user-defined field ``_variant`` names (:data:`PHH_ALTERNATES`)."""
        variant, betting = PHH_VARIANTS[self.variant]
        alternate = self.fields.get("_variant")
        if alternate is not None:
            if type(alternate) is not str or PHH_ALTERNATES.get(alternate) != variant:
                names = sorted(k for k, v in PHH_ALTERNATES.items() if v == variant)
                raise PhhError(f"{self.name}: _variant {alternate!r} is not a game of variant"
                               f" {self.variant!r} (it may be one of {names})")
            variant = alternate
        return variant, betting

    def _make_config(self) -> GameConfig:
        variant, betting = self.engine_game()
        n = self.players
        blinds = list(self.blinds_or_straddles)
        if len(blinds) != n or len(self.antes) != n:
            raise UnsupportedPhhError(
                f"{self.name}: antes and blinds_or_straddles need one entry per player ({n})"
            )
        if self.dead_posts and len(self.dead_posts) != n:
            raise PhhError(f"{self.name}: _dead_posts needs one entry per player ({n}), got"
                           f" {len(self.dead_posts)}")
        if n == 2 and (any(b < 0 for b in blinds) or any(self.dead_posts)):
            raise UnsupportedPhhError(f"{self.name}: heads-up live posts {blinds!r}")
        blinds = [max(b, 0) for b in blinds]  # negative entries are live posts (see posts())
        # a button blind (short deck): the button, pN (heads-up PokerKit reverses: p1's
        # entry), posts the only blind
        on_button = n - 1 if n > 2 else 0
        button_blind = blinds[on_button] > 0 and not any(
            b for k, b in enumerate(blinds) if k != on_button)
        sb, bb = (0, blinds[on_button]) if button_blind else (blinds[0], blinds[1])
        straddle = blinds[2] if n > 2 and not button_blind else 0
        rest = blinds[3:] if n > 2 and not button_blind else []
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
            "button_blind": button_blind,
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


_CONFIGS: dict[tuple[Any, ...], GameConfig] = {}


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
        want = self.phh.finishing_stacks
        if want is None:
            return None
        inf = self.phh.infinite_stacks
        if -1 not in want:
            return tuple(self.hand.stacks) == want and not any(inf)
        return all(
            (w == -1) == bool(inf and inf[k]) and (w == -1 or w == got)
            for k, (w, got) in enumerate(zip(want, self.hand.stacks))
        )


# Amounts are played as whole units of 1/scale. The engine plays amounts (and the sum
# of the stacks) up to MAX_UNITS; a file is refused at the door beyond that, with why.
def decimal_places(value: Decimal) -> int:
    """The decimal places ``value`` needs ('1.50': one); 0 for a whole or non-finite value;
    any count above MAX_PLACES as MAX_PLACES + 1."""
    if not value.is_finite() or not value:
        return 0
    if value.adjusted() < -MAX_PLACES:
        return MAX_PLACES + 1
    if value.adjusted() > MAX_PLACES:  # out of range anyway: no huge fraction built
        exponent = value.normalize().as_tuple().exponent
        return -exponent if isinstance(exponent, int) and exponent < 0 else 0
    # the reduced fraction's denominator is 2**a * 5**b: the places are the least p with
    # 10**p a multiple of it (as_integer_ratio is exact and far cheaper than as_tuple)
    denominator = value.as_integer_ratio()[1]
    places, power = 0, 1
    while power % denominator:
        places += 1
        if places > MAX_PLACES:
            break
        power *= 10
    return places


MAX_UNITS = 1 << 60
MAX_PLACES = 18  # 10**-18 units of a 1-chip amount already need 10**18 < 2**60 units
MAX_SCALE = 10**MAX_PLACES


def as_units(value: Any, scale: int, what: str) -> int:
    # the common case first: a whole number of units within range, with at most
    # MAX_PLACES places as written (else the checks below say why, or accept it)
    kind = type(value)
    if kind is int:
        units: int = value * scale
        if -MAX_UNITS <= units <= MAX_UNITS:
            return units
    elif (kind is Decimal and scale <= MAX_SCALE and value.is_finite()
          and -MAX_PLACES <= value.adjusted() <= MAX_PLACES):
        # whole once scaled by at most 10**MAX_PLACES: at most MAX_PLACES places (the
        # product is exact below 10**28, and a rounded one is out of range anyway)
        scaled = value * scale
        units = int(scaled)
        if units == scaled and -MAX_UNITS <= units <= MAX_UNITS:
            return units
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PhhError(f"{what} must be a number, got {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise PhhError(f"{what} must be a finite amount, got {value!r}")
    if isinstance(value, Decimal) and (
        value.adjusted() > MAX_PLACES or decimal_places(value) > MAX_PLACES
    ):
        raise PhhError(
            f"{what} {value!r} is out of range: the engine plays amounts up to 2**60 units"
            f" with at most {MAX_PLACES} decimal places"
        )
    scaled = Decimal(value) * scale
    if scaled != scaled.to_integral_value():
        raise PhhError(f"{what} {value!r} is finer than the hand's unit 1/{scale}")
    units = int(scaled)
    if abs(units) > MAX_UNITS:
        raise PhhError(
            f"{what} {value!r} is {units} units of 1/{scale}, above the engine's limit of"
            f" 2**60 units"
        )
    return units
