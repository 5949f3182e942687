"""House rules for settling a hand: who gets the odd chip, how the rake is taken.

Two conventions are provided.

``Rules()`` — the default, following the TDA and common card-room practice:

* pots are formed at the all-in levels of the live players (main pot first),
  each pot is evaluated and split on its own;
* an odd chip that does not divide evenly goes, one chip at a time, to the tied
  winners in clockwise order starting from the first seat left of the button
  (``odd_chips="clockwise"``), or all of the remainder to the first of them
  (``odd_chips="first_winner"``);
* the rake is ``floor(total pot * rake_percent / 100)`` computed exactly (no
  floating point: a float percent is read as the decimal it prints as, so
  ``2.3`` means 23/1000; ``rake_percent / 100`` must be a fraction with a
  denominator of at most 2**63 - 1, which every decimal of up to 16 places
  is), limited to ``rake_cap`` chips per hand, and nothing at all when
  ``no_flop_no_drop`` is set and no flop was dealt;
* the rake is drawn from the main pot first, then from the side pots in order;
  the chips returned to a player (the unmatched part of the largest
  contribution) are never raked.

``Rules.pokerkit()`` — PokerKit 0.7.x's settlement, except where PokerKit breaks a stated
rule (a hand won without a showdown is raked on its whole pot; a hi-lo side pot with no
qualifying low among its players goes to the high hand whole; runs split their remainder
one chip each: docs/engine.md, "Where we depart from PokerKit"): losing hands are killed,
then adjacent pots whose remaining eligible players are the same are merged;
each merged pot is raked on its own as ``min(round(amount * percentage),
cap)`` with Python's float ``round`` (half to even); and the whole remainder of
an uneven split goes to the first winner (PokerKit's lowest player index, which
is the first seat left of the button when the button is the last seat, as in
PokerKit).

The rules are applied by the settlement kernel, csrc/settle*.c (``he_settle_rake_of`` in
csrc/settle_rake.c for the rake); this module only validates them and hands them over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Literal, Union

from holdem_eval import DTypeError
from holdem_eval import _bindings as _native

from .config import ConfigError
from .errors import InvalidChipsError

__all__ = ["OddChipPolicy", "PotMethod", "Rules", "native_rules"]

OddChipPolicy = Literal["clockwise", "first_winner"]
"""``"clockwise"``: one odd chip at a time to the tied winners clockwise from
the button (TDA). ``"first_winner"``: the whole remainder to the first winner
clockwise from the button."""

PotMethod = Literal["tda", "pokerkit"]
"""``"tda"``: pots at the live all-in levels, rake per hand drawn main pot first.
``"pokerkit"``: PokerKit 0.7.x — merge pots after killing losing hands, rake
each pot with Python ``round``."""

Percent = Union[int, float, Fraction, Decimal]

_ODD_CHIP_POLICIES = ("clockwise", "first_winner")
_INT64_MAX = (1 << 63) - 1
_POT_METHODS = ("tda", "pokerkit")


def _exact_percent(value: Percent) -> Fraction:
    """The percent as an exact fraction; floats are read as their shortest repr."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
        raise DTypeError(
            f"rake_percent must be a number (int, float, Fraction or Decimal), got {value!r}"
        )
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ConfigError(f"rake_percent must be finite, got {value!r}")
        return Fraction(repr(value))
    if isinstance(value, Decimal) and not value.is_finite():
        raise ConfigError(f"rake_percent must be finite, got {value!r}")
    return Fraction(value)


@dataclass(frozen=True)
class Rules:
    """How a hand is settled. Immutable; validated on construction.

    >>> Rules()
    Rules(odd_chips='clockwise', rake_percent=0, rake_cap=None, no_flop_no_drop=False, method='tda')
    >>> Rules(rake_percent=5, rake_cap=3, no_flop_no_drop=True).rake_for(200, flop_dealt=True)
    3
    """

    odd_chips: OddChipPolicy = "clockwise"
    """Who receives the chips left over when a pot does not split evenly."""
    rake_percent: Percent = 0
    """House share in percent of the pot, 0..100 (``5`` = 5 %; PokerKit's fraction 0.05 is
    ``Rules.pokerkit(0.05)``, which also takes ``rake_percent=5``)."""
    rake_cap: int | None = None
    """Most chips raked from one hand (``"tda"``) or from one pot (``"pokerkit"``)."""
    no_flop_no_drop: bool = False
    """Take no rake from a hand that ended before the flop."""
    method: PotMethod = "tda"
    """Pot building and raking convention, see the module docstring."""
    rate: Fraction = field(init=False, repr=False, compare=False)
    """``rake_percent / 100`` as an exact fraction (derived)."""

    def __post_init__(self) -> None:
        if self.odd_chips not in _ODD_CHIP_POLICIES:
            raise ConfigError(
                f"odd_chips must be one of {_ODD_CHIP_POLICIES}, got {self.odd_chips!r}"
            )
        if self.method not in _POT_METHODS:
            raise ConfigError(f"method must be one of {_POT_METHODS}, got {self.method!r}")
        rate = _exact_percent(self.rake_percent) / 100
        if not 0 <= rate <= 1:
            raise ConfigError(f"rake_percent must be within 0..100, got {self.rake_percent!r}")
        if self.rake_cap is not None and (
            isinstance(self.rake_cap, bool) or not isinstance(self.rake_cap, int)
        ):
            raise DTypeError(f"rake_cap must be an int or None, got {self.rake_cap!r}")
        if self.rake_cap is not None and self.rake_cap < 0:
            raise ConfigError(f"rake_cap must be >= 0, got {self.rake_cap!r}")
        if not isinstance(self.no_flop_no_drop, bool):
            raise DTypeError(f"no_flop_no_drop must be a bool, got {self.no_flop_no_drop!r}")
        if self.method == "tda" and rate.denominator > _INT64_MAX:
            # the settlement kernel holds the rate as an int64 fraction
            raise ConfigError(
                f"rake_percent / 100 must be a fraction whose denominator is at most 2**63 - 1,"
                f" got {self.rake_percent!r} (denominator {rate.denominator})"
            )
        object.__setattr__(self, "rate", rate)

    @classmethod
    def pokerkit(
        cls,
        percentage: float = 0.0,
        cap: int | None = None,
        no_flop_no_drop: bool = False,
        *,
        rake_percent: Percent | None = None,
    ) -> Rules:
        """Rules that reproduce PokerKit 0.7.x payouts exactly.

        The arguments are those of ``pokerkit.utilities.rake``: ``percentage`` is a
        fraction 0..1, as in PokerKit (``0.05`` = 5 %); ``cap`` applies to each pot.
        Or give ``rake_percent`` in percent, as ``Rules(rake_percent=5)`` takes it (not
        both). A ``percentage`` above 1 is refused with that hint: 5 is not 5 %.

        >>> Rules.pokerkit(0.05).pokerkit_percentage
        0.05
        >>> Rules.pokerkit(rake_percent=5) == Rules.pokerkit(0.05)
        True
        """
        if rake_percent is not None:
            if percentage != 0.0:
                raise ConfigError(
                    f"give percentage (a fraction 0..1, as PokerKit) or rake_percent (in percent,"
                    f" as Rules), not both: got percentage={percentage!r},"
                    f" rake_percent={rake_percent!r}"
                )
            rate = _exact_percent(rake_percent) / 100
            if not 0 <= rate <= 1:
                raise ConfigError(f"rake_percent must be within 0..100, got {rake_percent!r}")
            percentage = float(rate)
        if isinstance(percentage, bool) or not isinstance(percentage, (int, float)):
            raise DTypeError(f"percentage must be a float within 0..1, got {percentage!r}")
        if not math.isfinite(percentage) or percentage < 0:
            raise ConfigError(f"percentage must be within 0..1, got {percentage!r}")
        if percentage > 1:
            raise ConfigError(
                f"percentage must be within 0..1, got {percentage!r}: it is a fraction, as in"
                f" PokerKit (0.05 = 5 %); for {percentage!r} % give"
                f" rake_percent={percentage!r}"
            )
        # Fraction(float) is the float's exact binary value, so the rate
        # converts back to the very same float in pokerkit_percentage.
        return cls(
            odd_chips="first_winner",
            rake_percent=Fraction(percentage) * 100,
            rake_cap=cap,
            no_flop_no_drop=no_flop_no_drop,
            method="pokerkit",
        )

    @property
    def pokerkit_percentage(self) -> float:
        """The rake rate as the float PokerKit multiplies pot amounts by."""
        return float(self.rate)

    def rake_for(self, amount: int, *, flop_dealt: bool) -> int:
        """Chips raked from ``amount`` (a hand's total pot for ``"tda"``, one
        merged pot for ``"pokerkit"``)."""
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise DTypeError(f"amount must be a whole number of chips, got {amount!r}")
        if not 0 <= amount <= _INT64_MAX:
            raise InvalidChipsError(f"amount must be within 0..2**63 - 1 chips, got {amount!r}")
        return _native.settle_rake(native_rules(self), amount, bool(flop_dealt))


# Rules -> he_settle_rules, keyed by id() and holding the Rules so the id stays unique.
_NATIVE_RULES: dict[int, tuple[Rules, object]] = {}


def native_rules(rules: Rules) -> object:
    """The ``he_settle_rules *`` the settlement kernel (csrc/settle.c) reads for ``rules``
    (cached; every field fits, Rules refuses what would not)."""
    entry = _NATIVE_RULES.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    rate = rules.rate
    pokerkit = rules.method == "pokerkit"
    # a cap of 2**63 - 1 or more never binds: no pot holds more chips
    cap = -1 if rules.rake_cap is None or rules.rake_cap >= _INT64_MAX else rules.rake_cap
    native = _native.settle_rules(
        1 if pokerkit else 0,
        0 if rules.odd_chips == "clockwise" else 1,
        rules.no_flop_no_drop,
        0 if pokerkit else rate.numerator,
        1 if pokerkit else rate.denominator,
        float(rate),
        cap,
    )
    if len(_NATIVE_RULES) >= 256:
        _NATIVE_RULES.clear()
    _NATIVE_RULES[id(rules)] = (rules, native)
    return native
