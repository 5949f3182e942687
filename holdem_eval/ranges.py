"""Hold'em starting-hand ranges in the classic text grammar, with weights.

    >>> len(Range("22+")), len(Range("A2s+")), len(Range("AK")), len(Range("random"))
    (78, 48, 16, 1326)
    >>> len(Range("TT+, AKs, A5s-A2s, KQo, AhKh, 22-55"))
    86

Tokens are separated by commas or spaces (spaces inside a span or weight are allowed:
``"22 - 55"``, ``"AKs : 0.5"``); ranks and suits are case-insensitive:

=================  ===================================================  ======
token              meaning                                              combos
=================  ===================================================  ======
``TT``             one pair                                             6
``AKs``/``AKo``    suited / offsuit                                     4 / 12
``AK``             suited and offsuit                                   16
``TT+``            that pair and every higher pair (TT..AA)             30
``ATs+``           kicker up to one below the top card (ATs..AKs)       16
``22-55``          pairs in the span (either order)                     24
``A5s-A2s``        same top card, kicker in the span (also o, or none)  16
``AhKh``           one specific combo                                   1
``random``         every combo (also ``any``)                           1326
``AKs:0.5``        any token above with a weight in (0, 1]              4
=================  ===================================================  ======

A combo named twice keeps the weight of its last token. A token that is not in the grammar
raises :class:`RangeSyntaxError` quoting the token and its position; nothing is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .cards import RANK_CHARS, SUIT_CHARS
from .errors import HoldemEvalError

__all__ = ["Combo", "Range", "RangeSyntaxError"]

Combo = tuple[int, int]  # two card ids, higher id first


class RangeSyntaxError(HoldemEvalError, ValueError):
    """A range string with a token outside the grammar (the message quotes it)."""


_RANK = {c: i for i, c in enumerate(RANK_CHARS)}
_SUIT = {c: i for i, c in enumerate(SUIT_CHARS)}

# One token: a run without separators, optionally continued by "-" or ":" parts that may
# have spaces around the operator ("22 - 55", "AKs : 0.5").
_TOKEN_RE = re.compile(r"[^,\s]+(?:\s*[-:]\s*[^,\s:-]+)*")
_CLASS_RE = re.compile(r"([2-9TJQKA])([2-9TJQKA])([SO]?)(\+?)")
_COMBO_RE = re.compile(r"([2-9TJQKA])([CDHS])([2-9TJQKA])([CDHS])")
_EXPECTED = (
    "expected a pair (TT), suited/offsuit/both (AKs, AKo, AK), a '+' (TT+, ATs+), a span "
    "with the same top card (22-55, A5s-A2s), a combo (AhKh) or 'random', optionally "
    "':weight' with a weight in (0, 1]"
)


def _combo(a: int, b: int) -> Combo:
    return (a, b) if a > b else (b, a)


def _pair(r: int) -> list[Combo]:
    return [_combo(4 * r + s, 4 * r + t) for s in range(4) for t in range(s + 1, 4)]


def _two_ranks(hi: int, lo: int, kind: str) -> list[Combo]:
    out: list[Combo] = []
    for s in range(4):
        for t in range(4):
            if (kind == "S" and s != t) or (kind == "O" and s == t):
                continue
            out.append(_combo(4 * hi + s, 4 * lo + t))
    return out


class Range:
    """A set of two-card combos with a weight each, parsed from range text.

    ``Range("TT+, AKs:0.5")``; ``len(r)`` is the number of combos, ``r.combos()`` lists
    them (card id pairs, higher id first) and ``r.weighted_combos()`` adds the weights.
    """

    __slots__ = ("_weights", "text")

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise RangeSyntaxError(f"a range must be text like 'TT+, AKs', got {text!r}")
        self.text = text
        self._weights: dict[Combo, float] = {}
        found = False
        for m in _TOKEN_RE.finditer(text):
            found = True
            for combo, w in _parse_token(m.group(0), m.start(), text):
                self._weights[combo] = w
        if not found:
            raise RangeSyntaxError(f"empty range {text!r}: {_EXPECTED}")

    @property
    def is_random(self) -> bool:
        """True when every one of the 1326 combos is in the range with weight 1."""
        return len(self._weights) == 1326 and all(w == 1.0 for w in self._weights.values())

    @property
    def is_weighted(self) -> bool:
        """True when some combo has a weight other than 1."""
        return any(w != 1.0 for w in self._weights.values())

    def combos(self) -> list[Combo]:
        """The combos, sorted, each a pair of card ids with the higher id first."""
        return sorted(self._weights)

    def weighted_combos(self) -> list[tuple[Combo, float]]:
        """``(combo, weight)`` for every combo, sorted by combo."""
        return sorted(self._weights.items())

    def __len__(self) -> int:
        return len(self._weights)

    def __contains__(self, combo: object) -> bool:
        if not isinstance(combo, tuple) or len(combo) != 2:
            return False
        a, b = combo
        return isinstance(a, int) and isinstance(b, int) and _combo(a, b) in self._weights

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __repr__(self) -> str:
        return f"Range({self.text!r})"


def _parse_weight(token: str, raw: str, pos: int, text: str) -> float:
    try:
        w = float(raw)
    except ValueError:
        w = float("nan")
    if not 0.0 < w <= 1.0:
        raise RangeSyntaxError(
            f"bad weight {raw!r} in range token {token!r} at position {pos} of {text!r}: "
            "expected a number in (0, 1], e.g. 'AKs:0.5'"
        )
    return w


def _parse_token(token: str, pos: int, text: str) -> list[tuple[Combo, float]]:
    body = re.sub(r"\s+", "", token)
    weight = 1.0
    if ":" in body:
        body, _, raw = body.partition(":")
        weight = _parse_weight(token, raw, pos, text)
    combos = _parse_body(body.upper(), token, pos, text)
    return [(c, weight) for c in combos]


def _bad(token: str, pos: int, text: str, why: str = "") -> RangeSyntaxError:
    reason = f" ({why})" if why else ""
    return RangeSyntaxError(
        f"unknown range token {token!r} at position {pos} of {text!r}{reason}: {_EXPECTED}"
    )


def _parse_body(body: str, token: str, pos: int, text: str) -> list[Combo]:
    if body in ("RANDOM", "ANY"):
        return [(a, b) for a in range(52) for b in range(a)]
    m = _COMBO_RE.fullmatch(body)
    if m is not None:
        a = 4 * _RANK[m.group(1)] + _SUIT[m.group(2).lower()]
        b = 4 * _RANK[m.group(3)] + _SUIT[m.group(4).lower()]
        if a == b:
            raise _bad(token, pos, text, "the same card twice")
        return [_combo(a, b)]
    if "-" in body:
        left, _, right = body.partition("-")
        return _parse_span(left, right, token, pos, text)
    m = _CLASS_RE.fullmatch(body)
    if m is None:
        raise _bad(token, pos, text)
    r1, r2 = _RANK[m.group(1)], _RANK[m.group(2)]
    kind, plus = m.group(3), m.group(4) == "+"
    hi, lo = max(r1, r2), min(r1, r2)
    if hi == lo:
        if kind:
            raise _bad(token, pos, text, "a pair cannot be suited or offsuit")
        ranks = range(hi, 13) if plus else [hi]
        return [c for r in ranks for c in _pair(r)]
    kickers = range(lo, hi) if plus else [lo]
    return [c for k in kickers for c in _two_ranks(hi, k, kind)]


def _parse_span(left: str, right: str, token: str, pos: int, text: str) -> list[Combo]:
    a, b = _CLASS_RE.fullmatch(left), _CLASS_RE.fullmatch(right)
    if a is None or b is None or a.group(4) or b.group(4):
        raise _bad(token, pos, text)
    ra = sorted((_RANK[a.group(1)], _RANK[a.group(2)]), reverse=True)
    rb = sorted((_RANK[b.group(1)], _RANK[b.group(2)]), reverse=True)
    if a.group(3) != b.group(3):
        raise _bad(token, pos, text, "both ends of a span need the same suffix")
    kind = a.group(3)
    if ra[0] == ra[1] and rb[0] == rb[1]:
        if kind:
            raise _bad(token, pos, text, "a pair cannot be suited or offsuit")
        lo, hi = sorted((ra[0], rb[0]))
        return [c for r in range(lo, hi + 1) for c in _pair(r)]
    if ra[0] != rb[0] or ra[0] == ra[1] or rb[0] == rb[1]:
        raise _bad(token, pos, text, "a span needs the same top card at both ends, or pairs")
    lo, hi = sorted((ra[1], rb[1]))
    return [c for k in range(lo, hi + 1) for c in _two_ranks(ra[0], k, kind)]
