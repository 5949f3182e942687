"""holdem-eval: fast Texas Hold'em and Omaha hand evaluation and rules engine.

Card id = 4 * rank + suit (rank 0..12 = 2..A, suit 0..3 = c, d, h, s). Hand ranks use the
Cactus Kev scale: 1 = royal flush .. 7462 = 7-5-4-3-2, lower is stronger.
"""

from __future__ import annotations

from .cards import format_cards, from_treys, parse_card, parse_cards, to_treys
from .categories import (
    HandCategory,
    best_five,
    best_five_omaha,
    describe,
    hand_categories,
    hand_category,
)
from .equity import EquityArgumentError, EquityResult, NoValidDealError, equity
from .errors import (
    DTypeError,
    DuplicateCardError,
    HoldemEvalError,
    IcmArgumentError,
    InvalidCardError,
    InvalidPayoutError,
    InvalidRankError,
    InvalidStackError,
    InvalidVariantError,
    OutArrayError,
    ShapeError,
)
from .evaluator import evaluate, evaluate_batch, evaluate_omaha, evaluate_omaha_batch
from .icm import IcmResult, icm, icm_batch, icm_places, icm_result
from .icm_decision import CallEv, icm_call_ev
from .ranges import Range, RangeSyntaxError

__version__ = "0.1.0"

__all__ = [
    "DTypeError",
    "DuplicateCardError",
    "EquityArgumentError",
    "EquityResult",
    "HandCategory",
    "HoldemEvalError",
    "InvalidCardError",
    "InvalidRankError",
    "NoValidDealError",
    "OutArrayError",
    "Range",
    "RangeSyntaxError",
    "ShapeError",
    "__version__",
    "best_five",
    "best_five_omaha",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "format_cards",
    "from_treys",
    "hand_categories",
    "hand_category",
    "parse_card",
    "parse_cards",
    "to_treys",
]

# ICM (issue 29)
__all__ += [
    "CallEv",
    "IcmArgumentError",
    "IcmResult",
    "InvalidPayoutError",
    "InvalidStackError",
    "icm",
    "icm_batch",
    "icm_call_ev",
    "icm_places",
    "icm_result",
]

# Variants (issue 27): every face takes variant="holdem" | "short-deck" | ...
__all__ += ["InvalidVariantError"]

# Hi-lo games (issue 27): both halves of a hand (holdem_eval.hilo, docs/variants.md)
from .hilo import describe_hilo, describe_low, evaluate_hilo, evaluate_hilo_batch  # noqa: E402

__all__ += ["describe_hilo", "describe_low", "evaluate_hilo", "evaluate_hilo_batch"]

# Hand strength (issue 42): EHS, EHS2, potentials and histograms of (hole, board) batches
from .strength import StrengthArgumentError, StrengthResult, hand_strength  # noqa: E402

__all__ += ["StrengthArgumentError", "StrengthResult", "hand_strength"]
