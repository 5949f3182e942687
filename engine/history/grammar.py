"""A site's text hand history as a table of line rules: pattern -> record step.

A reader states its site's lines as :class:`Rule` rows — a regular expression whose
``{concept}`` placeholders (:data:`~.locale.CONCEPTS`) stand for the words of every
language row (:mod:`.locale`), the sections of the hand it may appear in, and the step
that writes it into the :class:`~.record.HandRecord` — and reads a hand by handing each
line to :meth:`Grammar.read`. A site's quirk is one more row; a language is one more row
of :data:`~.locale.LANGUAGES`; the code that walks the lines is this module's, shared.

Two kinds of rule: a *line* rule matches the whole line (``** Dealing flop ** [ .. ]``);
an *actor* rule matches what follows a seated player's name and a space (``folds``,
``raises [$2]``): the name is taken from the seats, longest first, so names with spaces,
brackets or any other characters are read as printed. A line no rule of its section
matches is refused naming it: a line skipped could change the hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from holdem_eval import HoldemEvalError

from .locale import CONCEPTS, LANGUAGES, CardLanguage, Language, parse_amount, phrases
from .record import HandRecord, canonical_cards

__all__ = ["Grammar", "Reading", "Rule", "Step", "expand"]

Step = Callable[["Reading", str, "re.Match[str]", int], None]
"""A rule's step: (the reading, the actor's name or '', the match, the line number)."""


@dataclass(frozen=True)
class Rule:
    """One kind of line: its pattern, where it may appear, and what it records."""

    name: str
    """What the line is, in words (the docs and messages use it)."""
    pattern: str
    """A regular expression matched against the whole line (``actor``: against what
    follows the player's name and a space); ``{concept}`` stands for that concept's
    phrases in every language."""
    step: Step
    sections: tuple[str, ...] = ()
    """The sections of the hand the line may appear in (empty: any)."""
    actor: bool = False
    """The line starts with a seated player's name."""
    example: str = ""
    """A line of this kind as the site prints it."""


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def expand(pattern: str, rows: Iterable[Language] = LANGUAGES) -> str:
    """``pattern`` with each ``{concept}`` replaced by an alternation of its phrases (other
    braces, such as ``\\*{5}``, are left alone)."""
    rows = tuple(rows)

    def words(m: re.Match[str]) -> str:
        if m[1] not in CONCEPTS:
            return m[0]
        return "(?:" + "|".join(re.escape(p) for p in phrases(m[1], rows)) + ")"

    return _PLACEHOLDER.sub(words, pattern)


@dataclass
class Reading:
    """One hand being read: its record, the section the lines are in, the seated names
    (longest first), the language its cards are written in, and what a site's steps keep
    between lines: where a kind of line was last seen (``seen``: name -> line number) and
    the actions recorded before any card was dealt (``early``: indices in
    ``rec.actions``)."""

    rec: HandRecord
    section: str
    names: list[str] = field(default_factory=list)
    cards: CardLanguage = field(default_factory=CardLanguage)
    seen: dict[str, int] = field(default_factory=dict)
    early: list[int] = field(default_factory=list)

    def seat(self, name: str, seat: int, stack: Decimal, line: int) -> None:
        """A seated player (refused if seated twice)."""
        if name in self.rec.seats:
            raise self.rec.fail(line, f"player {name!r} is seated twice")
        self.rec.seats[name] = (seat, stack, line)
        self.names = sorted(self.rec.seats, key=len, reverse=True)

    def amount(self, text: str, line: int) -> Decimal:
        """An amount in any language's format (:func:`~.locale.parse_amount`)."""
        value = parse_amount(text)
        if value is None:
            raise self.rec.fail(line, f"amount {text!r} is not a number")
        return value

    def card_text(self, text: str, line: int) -> str:
        """A group of cards as canonical text: English as :mod:`holdem_eval.cards` reads
        it, else in the language row the hand is written in (:mod:`.locale`)."""
        plain = text.replace(",", " ").strip("[] \u00a0")
        if self.cards.row is LANGUAGES[0]:
            try:
                return canonical_cards(self.rec, plain, line)
            except HoldemEvalError:
                pass
        translated = self.cards.translate(plain)
        return canonical_cards(self.rec, translated if translated is not None else plain, line)


@dataclass(frozen=True)
class _Compiled:
    rule: Rule
    regex: re.Pattern[str]


class Grammar:
    """A site's rules, compiled once with every language's words."""

    def __init__(self, site: str, rules: Sequence[Rule], rows: Iterable[Language] = LANGUAGES,
                 *, expected: dict[str, str] | None = None):
        self.site = site
        self.rules = tuple(rules)
        self.expected = dict(expected or {})
        """Sections whose lines only line rules read, and what to say when none does."""
        rows = tuple(rows)
        compiled = [_Compiled(r, re.compile(expand(r.pattern, rows) + r"\s*$")) for r in self.rules]
        self._lines = [c for c in compiled if not c.rule.actor]
        self._actors = [c for c in compiled if c.rule.actor]

    def read(self, reading: Reading, text: str, line: int) -> Rule:
        """Record ``text`` (one stripped line, number ``line``) by the first rule of its
        section that matches it; the rule, or an error naming the line."""
        section = reading.section
        for c in self._lines:
            if c.rule.sections and section not in c.rule.sections:
                continue
            m = c.regex.match(text)
            if m is not None:
                c.rule.step(reading, "", m, line)
                return c.rule
        if section in self.expected:
            raise reading.rec.fail(line, f"{self.expected[section]}, got {text!r}")
        name = next((n for n in reading.names if text.startswith(n + " ")), None)
        if name is None:
            raise reading.rec.fail(line, f"line not understood: {text!r} (no seated player's"
                                   " name starts it)")
        rest = text[len(name) + 1:]
        for c in self._actors:
            if c.rule.sections and section not in c.rule.sections:
                continue
            m = c.regex.match(rest)
            if m is not None:
                c.rule.step(reading, name, m, line)
                return c.rule
        raise reading.rec.fail(line, f"{name!r}: action not understood: {rest!r}")

    def examples(self, section: str | None = None) -> list[str]:
        """The example lines of the rules (of ``section``), for messages and the docs."""
        return [r.example for r in self.rules
                if r.example and (section is None or not r.sections or section in r.sections)]
