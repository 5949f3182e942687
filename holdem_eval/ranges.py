"""Hold'em starting-hand ranges in the Equilab / PokerStove text grammar, with weights.

    >>> len(Range("22+")), len(Range("A2s+")), len(Range("AK")), len(Range("random"))
    (78, 48, 16, 1326)
    >>> len(Range("TT+, AKs, A5s-A2s, KQo, AhKh, 22-55"))
    86
    >>> len(Range("T9s-65s")), len(Range("J9s-64s")), len(Range("AsKx")), len(Range("AxKy"))
    (20, 24, 4, 12)
    >>> Range("AKs, AQs, AJs, KK, QQ, JJ, 76s, 65s, 54s").to_text()
    'KK-JJ, AJs+, 76s-54s'

Tokens are separated by commas or spaces (spaces inside a span or weight are allowed:
``"22 - 55"``, ``"AKs : 0.5"``); ranks and suits are ASCII letters in any case:

=================  =========================================================  ======
token              meaning                                                    combos
=================  =========================================================  ======
``TT``             one pair                                                   6
``AKs``/``AKo``    suited / offsuit                                           4 / 12
``AK``             suited and offsuit                                         16
``TT+``            that pair and every higher pair (TT..AA)                   30
``ATs+``           kicker up to one below the top card (ATs..AKs)             16
``22-55``          pairs in the span (either order)                           24
``A5s-A2s``        same top card, kicker in the span (also o, or none)        16
``T9s-65s``        same gap, both cards step down (connectors: T9s..65s)      20
``J9s-64s``        gappers the same way (J9s, T8s, 97s, 86s, 75s, 64s)        24
``15%``            the top 15% of hands (see below)                           200
``5%-15%``         the top 15% without the top 5%                             128
``AhKh``           one specific combo                                         1
``AsKx``           a fixed card and any card of a rank (x: any suit)          4
``AxKx``/``AxKy``  suit variables: same letter same suit, different letters   4 / 12
                   different suits (x, y, z, w); ``AxAy`` is every AA         6
``random``         every combo (also ``any``)                                 1326
``AKs:0.5``        any token above with a weight in (0, 1]                    4
=================  =========================================================  ======

Top percentages use one fixed ordering of the 169 classes: exact all-in equity against one
random hand, the "vs. 1 random hand" criterion of Pokerini's range tables
(http://pokerini.com/help/range_criteria.php; the published equities, AA 85.2%, KK 82.4%,
AKs 67.0%, 77 66.2% ..., agree with ours). It is computed once by
``scripts/gen_preflop_order.py`` and committed as ``holdem_eval/_preflop_order.py`` (a test
regenerates it). Equilab and PokerStove ship their own orderings, so their ``15%`` may differ
from ours by a class or two at the edge. ``p%`` is the prefix of that order (at least one class)
whose number of combos is nearest ``p / 100 * 1326`` (ties: the shorter prefix); ``p%-q%``
is ``q%`` without ``p%``. ``p`` is a number in (0, 100].

A combo named twice keeps the weight of its last token. A token that is not in the grammar
raises :class:`RangeSyntaxError` quoting the token and its position; nothing is dropped.
:meth:`Range.to_text` prints a range back in a short standard form that parses to the same
range (same combos, same weights).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._preflop_order import PREFLOP_ORDER
from .cards import RANK_CHARS, SUIT_CHARS, card_text, non_ascii_note, parse_card, parse_cards
from .errors import RangeSyntaxError, ShapeError
from .variants import DECK_SIZE

__all__ = ["Combo", "Range", "RangeSyntaxError", "top_percent_classes"]

Combo = tuple[int, int]  # two card ids, higher id first


_RANK = {c: i for i, c in enumerate(RANK_CHARS)}
_SUIT_VARS = "XYZW"

# One token: a run without separators, optionally continued by "-" or ":" parts that may
# have spaces around the operator ("22 - 55", "AKs : 0.5").
_TOKEN_RE = re.compile(r"[^,\s]+(?:\s*[-:]\s*[^,\s:-]+)*")
_CLASS_RE = re.compile(r"([2-9TJQKA])([2-9TJQKA])([SO]?)(\+?)")
_COMBO_RE = re.compile(r"([2-9TJQKA])([CDHSXYZW])([2-9TJQKA])([CDHSXYZW])")
_PERCENT_RE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)%")
_EXPECTED = (
    "expected a pair (TT), suited/offsuit/both (AKs, AKo, AK), a '+' (TT+, ATs+), a span "
    "(22-55, A5s-A2s, T9s-65s), a top percentage (15%, 5%-15%), a combo (AhKh, AsKx, AxKy) "
    "or 'random', optionally ':weight' with a weight in (0, 1]"
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


def _class_combos(name: str) -> list[Combo]:
    """Combos of a class name in grid notation ("AA", "AKs", "AKo")."""
    hi, lo = _RANK[name[0]], _RANK[name[1]]
    if hi == lo:
        return _pair(hi)
    return _two_ranks(hi, lo, name[2].upper())


_ORDER_COUNTS = [len(_class_combos(name)) for name, _ in PREFLOP_ORDER]


def top_percent_classes(percent: float) -> list[str]:
    """The classes of the top ``percent`` % of hands (see the module doc), strongest first.

    >>> top_percent_classes(2)
    ['AA', 'KK', 'QQ', 'JJ']
    """
    target = percent / 100 * 1326
    best_k, best_gap, total = 1, abs(_ORDER_COUNTS[0] - target), _ORDER_COUNTS[0]
    for k in range(2, len(PREFLOP_ORDER) + 1):
        total += _ORDER_COUNTS[k - 1]
        gap = abs(total - target)
        if gap < best_gap:
            best_k, best_gap = k, gap
    return [name for name, _ in PREFLOP_ORDER[:best_k]]


class Range:
    """A set of two-card combos with a weight each, parsed from range text.

    ``Range("TT+, AKs:0.5")``; ``len(r)`` is the number of combos, ``r.combos()`` lists
    them (card id pairs, higher id first), ``r.weighted_combos()`` adds the weights and
    ``r.to_text()`` prints the range in a short standard form.
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

    def to_text(self) -> str:
        """The range in a short standard form: ``Range(r.to_text()) == r`` always.

        Whole classes are written with ``+`` and spans (pairs, kickers, connectors and
        gappers), the rest as single combos; each weight other than 1 follows its tokens.

        >>> Range("AA, KK, QQ, AKs, AQs, AKo, T9s, 98s, 87s").to_text()
        'QQ+, AK, AQs, T9s-87s'
        >>> Range("AhKh:0.5, 22-44").to_text()
        '44-22, AhKh:0.5'
        """
        groups: dict[float, set[Combo]] = {}
        for combo, w in self._weights.items():
            groups.setdefault(w, set()).add(combo)
        tokens: list[str] = []
        for w in sorted(groups, key=lambda x: (x != 1.0, x)):
            suffix = "" if w == 1.0 else f":{w!r}"
            tokens += [t + suffix for t in _set_tokens(groups[w])]
        return ", ".join(tokens)

    def __len__(self) -> int:
        return len(self._weights)

    def __contains__(self, combo: object) -> bool:
        """Whether two cards are a combo of the range, in either order: text (``"AhKh"``,
        ``"Ah Kh"``), or a pair of card ids (NumPy integers too) or texts (``("Ah", "Kh")``),
        or anything else :func:`~holdem_eval.parse_cards` reads. Cards that do not parse
        raise its error; a number of cards other than two is a ``ShapeError``.

        >>> "AhKh" in Range("AK"), ("Kh", "Ah") in Range("AK"), "AhKd" in Range("AKs")
        (True, True, False)
        """
        if combo.__class__ is tuple and len(combo) == 2:
            a, b = combo
            if a.__class__ is int and b.__class__ is int and 0 <= a <= 51 and 0 <= b <= 51:
                return _combo(a, b) in self._weights  # ids as combos() lists them: no parsing
        ids = parse_cards(combo, allow_duplicates=True).tolist()  # type: ignore[arg-type]
        if len(ids) != 2:
            raise ShapeError(f"a combo is 2 cards, got {len(ids)}: {combo!r}")
        return _combo(ids[0], ids[1]) in self._weights

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __repr__(self) -> str:
        return f"Range({self.text!r})"


# ------------------------------------------------------------------------ parsing


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
    note = non_ascii_note(token)
    if note:  # before upper(): U+017F (long s).upper() is "S"
        raise _bad(token, pos, text, note.strip(" ()"))
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


def _percent(raw: str, token: str, pos: int, text: str) -> float | None:
    m = _PERCENT_RE.fullmatch(raw)
    if m is None:
        return None
    p = float(m.group(1))
    if not 0.0 < p <= 100.0:
        raise _bad(token, pos, text, f"a top percentage is in (0, 100], got {raw}")
    return p


def _percent_combos(lo: float, hi: float, token: str, pos: int, text: str) -> list[Combo]:
    keep = top_percent_classes(hi)
    drop = set(top_percent_classes(lo)) if lo > 0 else set()
    names = [n for n in keep if n not in drop]
    if not names:
        raise _bad(token, pos, text, "the percentage span holds no hand class")
    return [c for n in names for c in _class_combos(n)]


def _parse_body(body: str, token: str, pos: int, text: str) -> list[Combo]:
    if body in ("RANDOM", "ANY"):
        return [(a, b) for a in range(DECK_SIZE) for b in range(a)]
    m = _COMBO_RE.fullmatch(body)
    if m is not None:
        return _suit_pattern(m.group(1), m.group(2), m.group(3), m.group(4), token, pos, text)
    if "%" in body:
        left, dash, right = body.partition("-")
        a = _percent(left, token, pos, text)
        b = _percent(right, token, pos, text) if dash else 0.0
        if a is None or b is None:
            raise _bad(token, pos, text)
        if dash and a == b:
            raise _bad(token, pos, text, "the percentage span holds no hand class")
        return _percent_combos(min(a, b), max(a, b), token, pos, text)
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


def _suit_pattern(r1: str, s1: str, r2: str, s2: str, token: str, pos: int, text: str) -> list[Combo]:
    """``AhKh`` (one combo), ``AsKx`` (x: any suit), ``AxKx`` (same suit), ``AxKy`` (different)."""

    def cards(rank: str, suit: str) -> list[tuple[str, int]]:
        """(suit letter, card id) for a fixed suit, or for each suit of a variable;
        the ids come from cards.parse_card, the one card parser."""
        letters = SUIT_CHARS if suit in _SUIT_VARS else suit.lower()
        return [(x, parse_card(rank + x)) for x in letters]

    out: set[Combo] = set()
    both_vars = s1 in _SUIT_VARS and s2 in _SUIT_VARS
    for x1, a in cards(r1, s1):
        for x2, b in cards(r2, s2):
            if both_vars and (s1 == s2) != (x1 == x2):
                continue  # the same variable is the same suit, different ones differ
            if a != b:
                out.add(_combo(a, b))
    if not out:
        raise _bad(token, pos, text, "the same card twice")
    return sorted(out)


def _parse_span(left: str, right: str, token: str, pos: int, text: str) -> list[Combo]:
    a, b = _CLASS_RE.fullmatch(left), _CLASS_RE.fullmatch(right)
    if a is None or b is None or a.group(4) or b.group(4):
        raise _bad(token, pos, text)
    ra = sorted((_RANK[a.group(1)], _RANK[a.group(2)]), reverse=True)
    rb = sorted((_RANK[b.group(1)], _RANK[b.group(2)]), reverse=True)
    if (ra[0] == ra[1]) != (rb[0] == rb[1]):
        raise _bad(token, pos, text, "a span joins two pairs or two non-pairs")
    if a.group(3) != b.group(3):
        raise _bad(token, pos, text, "both ends of a span need the same suffix")
    kind = a.group(3)
    if ra[0] == ra[1]:
        if kind:
            raise _bad(token, pos, text, "a pair cannot be suited or offsuit")
        lo, hi = sorted((ra[0], rb[0]))
        return [c for r in range(lo, hi + 1) for c in _pair(r)]
    if ra[0] == rb[0]:
        lo, hi = sorted((ra[1], rb[1]))
        return [c for k in range(lo, hi + 1) for c in _two_ranks(ra[0], k, kind)]
    gap = ra[0] - ra[1]
    if rb[0] - rb[1] != gap:
        raise _bad(
            token, pos, text,
            "a span needs the same top card (A5s-A2s), the same gap (T9s-65s, J9s-64s) or pairs",
        )
    lo, hi = sorted((ra[0], rb[0]))
    return [c for top in range(lo, hi + 1) for c in _two_ranks(top, top - gap, kind)]


# ------------------------------------------------------------------------ printing

_KIND_TEXT = {"": "", "S": "s", "O": "o"}


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers in sorted ``values``: [(first, last), ...]."""
    out: list[tuple[int, int]] = []
    for v in values:
        if out and v == out[-1][1] + 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def _set_tokens(combos: set[Combo]) -> list[str]:
    """Tokens naming exactly ``combos`` (one weight's combos), whole classes compressed."""
    if len(combos) == 1326:
        return ["random"]
    pairs: list[int] = []
    classes: dict[tuple[int, int], set[str]] = {}  # (hi, lo) -> {"S", "O"}
    loose: list[Combo] = []
    for hi in range(13):
        for lo in range(hi + 1):
            if hi == lo:
                members = _pair(hi)
                if all(c in combos for c in members):
                    pairs.append(hi)
                else:
                    loose += [c for c in members if c in combos]
                continue
            for kind in ("S", "O"):
                members = _two_ranks(hi, lo, kind)
                if all(c in combos for c in members):
                    classes.setdefault((hi, lo), set()).add(kind)
                else:
                    loose += [c for c in members if c in combos]
    tokens: list[str] = []
    for first, last in reversed(_runs(pairs)):
        p, q = RANK_CHARS[first] * 2, RANK_CHARS[last] * 2
        if last == 12 and first < last:
            tokens.append(f"{p}+")
        else:
            tokens.append(q if first == last else f"{q}-{p}")
    # Each two-rank class once: "" (both suits) when suited and offsuit are both whole.
    kinds: dict[tuple[int, int], str] = {}
    for key, ks in classes.items():
        if ks == {"S", "O"}:
            kinds[key] = ""
        else:
            (kinds[key],) = ks
    singles: list[tuple[int, int, str]] = []
    for hi in range(12, 0, -1):
        for kind in ("", "S", "O"):
            kickers = sorted(lo for (h, lo), k in kinds.items() if h == hi and k == kind)
            for first, last in reversed(_runs(kickers)):
                suffix = _KIND_TEXT[kind]
                if first == last:
                    singles.append((hi, first, kind))
                elif last == hi - 1:
                    tokens.append(f"{RANK_CHARS[hi]}{RANK_CHARS[first]}{suffix}+")
                else:
                    tokens.append(
                        f"{RANK_CHARS[hi]}{RANK_CHARS[last]}{suffix}-{RANK_CHARS[hi]}{RANK_CHARS[first]}{suffix}"
                    )
    tokens += _diagonal_tokens(singles)
    tokens += [card_text(a) + card_text(b) for a, b in sorted(loose, reverse=True)]
    return tokens


def _diagonal_tokens(singles: list[tuple[int, int, str]]) -> list[str]:
    """Single classes, with runs of the same gap and suffix joined (T9s-65s)."""
    tokens: list[str] = []
    by_gap: dict[tuple[int, str], list[int]] = {}
    for hi, lo, kind in singles:
        by_gap.setdefault((hi - lo, kind), []).append(hi)
    order = sorted(by_gap, key=lambda gk: (-max(by_gap[gk]), gk[0], gk[1]))
    for gap, kind in order:
        suffix = _KIND_TEXT[kind]
        for first, last in reversed(_runs(sorted(by_gap[(gap, kind)]))):
            top = f"{RANK_CHARS[last]}{RANK_CHARS[last - gap]}{suffix}"
            if first == last:
                tokens.append(top)
            else:
                tokens.append(f"{top}-{RANK_CHARS[first]}{RANK_CHARS[first - gap]}{suffix}")
    return tokens
