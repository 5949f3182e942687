"""Game configuration: variant, betting structure, forced bets and bet sizes."""

from __future__ import annotations

from dataclasses import dataclass, field

from holdem_eval.variants import VARIANT_NAMES, variant_info

from .errors import ConfigError

__all__ = ["BETTING_STRUCTURES", "MODES", "VARIANTS", "ConfigError", "GameConfig"]

VARIANTS = VARIANT_NAMES
BETTING_STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")
MODES = ("cash", "tournament")


def _check_amount(name: str, value: object, *, positive: bool = False) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"{name} must be an int number of chips, got {value!r}")
    if value < 0 or (positive and value == 0):
        expected = "> 0" if positive else ">= 0"
        raise ConfigError(f"{name} must be {expected}, got {value!r}")
    return value


@dataclass(frozen=True)
class GameConfig:
    """Rules of one game; every amount is an int number of chips.

    ``small_blind`` defaults to half the big blind rounded down; ``min_bet`` (the
    no-limit/pot-limit minimum bet and minimum raise increment) defaults to the big
    blind; fixed limit uses ``small_bet`` (default the big blind) before the flop and
    on the flop and ``big_bet`` (default twice the small bet) on the turn and river.
    ``max_bets`` caps fixed-limit betting: bets per round counting the opening bet
    (before the flop the big blind is that bet), so the default 4 means one bet and
    three raises; ``None`` removes the cap.  ``ante`` is a dead ante from every seat;
    ``big_blind_ante`` is one dead ante paid by the big blind instead.  ``straddle``
    is a live blind posted by the seat left of the big blind (0 = none).
    ``blind_counts_toward_cap=False`` counts only voluntary bets before the flop
    (PokerKit's fixed-limit games allow four raises over the big blind).
    ``allow_free_fold`` makes folding legal when checking is free (PokerKit's cash
    game behaviour; off by default so bots never waste a hand).
    ``mode`` is ``"cash"`` (the default) or ``"tournament"``: in a cash game fixed-limit
    betting between two players is uncapped (unless the cap was reached while more could
    bet), in a tournament the cap holds heads-up too.
    ``button_blind=True`` has the button post the one blind (``big_blind``) instead of
    the small and big blind, as short deck is dealt at Triton, GGPoker and PokerStars
    (6+ Hold'em; with ``ante`` from every seat): no small blind (``small_blind`` defaults
    to, and must be, 0) nor straddle; the seat left of the button acts first, the button
    last before the flop.
    ``variant`` is any row of :data:`holdem_eval.variants.VARIANTS`: the hand deals its
    deck (``deck_size`` cards, ids ``lowest_card`` .. 51) and ``hole_count`` cards a seat.

    >>> GameConfig(big_blind=100).small_blind
    50
    >>> GameConfig(betting="fixed-limit", big_blind=4).big_bet
    8
    """

    variant: str = "holdem"
    betting: str = "no-limit"
    big_blind: int = 2
    small_blind: int = field(default=-1)
    ante: int = 0
    big_blind_ante: int = 0
    straddle: int = 0
    small_bet: int = field(default=-1)
    big_bet: int = field(default=-1)
    max_bets: int | None = 4
    min_bet: int = field(default=-1)
    allow_free_fold: bool = False
    blind_counts_toward_cap: bool = True
    mode: str = "cash"
    button_blind: bool = False
    hole_count: int = field(init=False, repr=False, compare=False)
    """Hole cards each player is dealt: 2 for Hold'em, 4 for Omaha (derived from the
    variant's row, :data:`holdem_eval.variants.VARIANTS`)."""
    betting_code: int = field(init=False, repr=False, compare=False)
    """0 no-limit, 1 pot-limit, 2 fixed-limit (derived; for fast comparisons)."""
    street_sizes: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    """The raise size each betting round (preflop, flop, turn, river) starts with: the
    small bet twice then the big bet twice in fixed limit, else ``min_bet`` (derived)."""
    def __post_init__(self) -> None:
        row = variant_info(self.variant, ConfigError)
        if self.betting not in BETTING_STRUCTURES:
            raise ConfigError(
                f"betting must be one of {BETTING_STRUCTURES}, got {self.betting!r}"
            )
        bb = _check_amount("big_blind", self.big_blind, positive=True)
        if not isinstance(self.button_blind, bool):
            raise ConfigError(f"button_blind must be a bool, got {self.button_blind!r}")
        if self.small_blind == -1:
            object.__setattr__(self, "small_blind", 0 if self.button_blind else bb // 2)
        sb = _check_amount("small_blind", self.small_blind)
        if self.button_blind and (sb or self.straddle):
            raise ConfigError(
                f"button_blind: the button posts the only blind, so small_blind and straddle"
                f" must be 0, got small_blind={sb!r}, straddle={self.straddle!r}"
            )
        if sb > bb:
            raise ConfigError(f"small_blind {sb!r} must not exceed big_blind {bb!r}")
        _check_amount("ante", self.ante)
        _check_amount("big_blind_ante", self.big_blind_ante)
        if self.ante and self.big_blind_ante:
            raise ConfigError("use either ante (every seat) or big_blind_ante, not both")
        _check_amount("straddle", self.straddle)
        if self.straddle and self.straddle < bb:
            raise ConfigError(f"straddle {self.straddle!r} must be at least big_blind {bb!r}")
        if self.small_bet == -1:
            object.__setattr__(self, "small_bet", bb)
        small_bet = _check_amount("small_bet", self.small_bet, positive=True)
        if self.big_bet == -1:
            object.__setattr__(self, "big_bet", 2 * small_bet)
        _check_amount("big_bet", self.big_bet, positive=True)
        if self.min_bet == -1:
            object.__setattr__(self, "min_bet", bb)
        _check_amount("min_bet", self.min_bet, positive=True)
        if self.max_bets is not None:
            _check_amount("max_bets", self.max_bets, positive=True)
        if not isinstance(self.blind_counts_toward_cap, bool):
            raise ConfigError(
                f"blind_counts_toward_cap must be a bool, got {self.blind_counts_toward_cap!r}"
            )
        if not isinstance(self.allow_free_fold, bool):
            raise ConfigError(f"allow_free_fold must be a bool, got {self.allow_free_fold!r}")
        if self.mode not in MODES:
            raise ConfigError(f"mode must be one of {MODES}, got {self.mode!r}")
        object.__setattr__(self, "hole_count", row.hole_counts[0])
        object.__setattr__(self, "betting_code", BETTING_STRUCTURES.index(self.betting))
        sizes = (self.small_bet,) * 2 + (self.big_bet,) * 2 if self.betting_code == 2 else (self.min_bet,) * 4
        object.__setattr__(self, "street_sizes", sizes)

    @property
    def is_fixed_limit(self) -> bool:
        return self.betting == "fixed-limit"

    @property
    def is_pot_limit(self) -> bool:
        return self.betting == "pot-limit"
