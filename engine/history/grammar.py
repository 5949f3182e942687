"""A site's text hand history as a table of line rules: pattern -> record step.

A reader states its site's lines as :class:`Rule` rows — a regular expression whose
``{concept}`` placeholders (:data:`~.locale.CONCEPTS`) stand for the words of every
language row (:mod:`.locale`), the sections of the hand it may appear in, and the step
that writes it into the :class:`~.record.HandRecord` — and reads a hand by handing each
line to :meth:`Grammar.read`. A site's quirk is one more row; a language is one more row
of :data:`~.locale.LANGUAGES`; the code that walks the lines is this module's, shared.

Two kinds of rule: a *line* rule matches the whole line (``** Dealing flop ** [ .. ]``);
an *actor* rule matches what follows a seated player's name and its separator (a space:
``folds``, ``raises [$2]``; PokerStars' ``': '``): the name is taken from the seats, longest
first, so names with spaces, brackets or any other characters are read as printed. A line
no rule of its section matches is refused naming it (a line skipped could change the
hand), unless the grammar ignores its section's other lines (PokerStars' notes of the site
between the actions) and no seated name starts it.

Cheap per line: a rule may state the characters a line of its kind starts with
(``first``); the grammar keeps, per section and first character, the rules that may match,
so most lines are tried against one or two patterns, and the actor of a ``': '`` line is
found by one dict look-up when no seated name holds ``': '``. Rules marked ``fallback``
are tried only after every actor rule (lines a player's action would otherwise be taken
for: an unseated name's action, a bounty shared by two names).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from holdem_eval import HoldemEvalError

from .locale import CONCEPTS, LANGUAGES, CardLanguage, Language, parse_amount, phrases
from .record import HandRecord, canonical_cards

__all__ = ["Grammar", "Reading", "Rule", "Step", "expand", "nothing", "table_line"]

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
    first: str = ""
    """The characters a line (``actor``: what follows the name) of this kind starts with
    (empty: any); a line starting otherwise is not tried against the pattern."""
    sep: str = " "
    """``actor``: what separates the player's name from the pattern's text."""
    fallback: bool = False
    """A line rule tried only when no actor rule reads the line."""
    needs: tuple[str, ...] = ()
    """Text one of which a line of this kind holds (empty: none): a line holding none is
    not tried against the pattern (a cheap test before a pattern that scans the line)."""


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
    colon_free: bool = True
    """No seated name holds ``': '``: the actor of a ``name: action`` line is the text
    before its first ``': '``."""
    language: Language = LANGUAGES[0]
    """The language row the hand's lines are read in (its amounts' format)."""

    def seat(self, name: str, seat: int, stack: Decimal, line: int) -> None:
        """A seated player (refused if seated twice)."""
        if name in self.rec.seats:
            raise self.rec.fail(line, f"player {name!r} is seated twice")
        self.rec.seats[name] = (seat, stack, line)
        self.names = sorted(self.rec.seats, key=len, reverse=True)
        if ": " in name:
            self.colon_free = False

    def actor(self, text: str, sep: str) -> str | None:
        """The seated name ``text`` starts with, followed by ``sep`` (longest first, so a
        name that starts another is not taken for it)."""
        if sep == ": " and self.colon_free:
            at = text.find(": ")
            return _colon_actor(self.rec.seats, text, at)[0] if at > 0 else None
        for name in self.names:
            if text.startswith(name) and (text.startswith(sep, len(name)) or (
                    sep == ": " and text.startswith(" : ", len(name)))):
                return name
        return None

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


def _colon_actor(seats: Mapping[str, object], text: str, at: int) -> tuple[str | None, int]:
    """The seated name before ``text``'s ``': '`` at ``at`` and where the action after it
    starts; French clients put a space before the colon (``'Alice : suit'``)."""
    name = text[:at]
    if name in seats:
        return name, at + 2
    if name.endswith(" ") and name[:-1] in seats:
        return name[:-1], at + 2
    return None, 0


def nothing(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """The step of a line that changes nothing in the hand (a note of the site, a player
    sitting out, a summary line the replay checks otherwise)."""


def table_line(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """The step of a table line: its name (group ``table``), its seats (``max``, if
    stated) and play money (group ``play``, if matched: no currency)."""
    rec = r.rec
    if rec.table:
        raise rec.fail(k, f"a second table line: {m[0]!r}", "line_not_understood")
    rec.table = m["table"]
    rec.seat_count = int(m["max"]) if m["max"] else None
    if m.groupdict().get("play"):
        rec.currency = None


@dataclass(frozen=True)
class _Compiled:
    rule: Rule
    regex: re.Pattern[str]

    def applies(self, section: str, first: str) -> bool:
        r = self.rule
        return (not r.sections or section in r.sections) and (not r.first or first in r.first)


def _matcher(c: _Compiled) -> Callable[[str], re.Match[str] | None]:
    """The rule's pattern's match, after its cheap test (``Rule.needs``) if it has one."""
    needs, match = c.rule.needs, c.regex.match
    if not needs:
        return match

    def needing(text: str) -> re.Match[str] | None:
        return match(text) if any(n in text for n in needs) else None
    return needing


# the rules that may read a line, by its first character ('' any other): (the pattern's
# match, the step, the rule), in the table's order
_Candidates = tuple[tuple[Callable[[str], "re.Match[str] | None"], Step, Rule], ...]
_ByFirst = dict[str, _Candidates]


class Grammar:
    """A site's rules, compiled once with every language's words (or ``rows``)."""

    def __init__(self, site: str, rules: Sequence[Rule], rows: Iterable[Language] = LANGUAGES,
                 *, expected: dict[str, str] | None = None, ignore: Iterable[str] = (),
                 actions: str = ""):
        self.site = site
        self.rules = tuple(rules)
        self.expected = dict(expected or {})
        """Sections whose lines only line rules read, and what to say when none does."""
        self.ignore = frozenset(ignore)
        """Sections whose lines no rule reads are dropped, unless a seated name starts them."""
        self.actions = actions
        """What an action not understood should have been (``folds, checks ...``)."""
        rows = tuple(rows)
        compiled = [_Compiled(r, re.compile(expand(r.pattern, rows) + r"\s*$")) for r in self.rules]
        self._lines = [c for c in compiled if not c.rule.actor and not c.rule.fallback]
        self._fallback = [c for c in compiled if c.rule.fallback]
        self._actors = [c for c in compiled if c.rule.actor]
        self.seps = tuple(dict.fromkeys(c.rule.sep for c in self._actors))
        """The separators after an actor's name, in the order the rules give them."""
        self._firsts = "".join(sorted({ch for c in compiled for ch in c.rule.first}))
        self._plans: dict[str, tuple[_ByFirst, tuple[tuple[str, _ByFirst], ...]]] = {}
        """Per section: its line rules and, per separator, its actor rules, by first
        character (each table's '' the rules of any other character)."""

    def _table(self, pool: Sequence[_Compiled], section: str) -> _ByFirst:
        """The rules of ``pool`` that may read a line of ``section``, by its first
        character ('': any other)."""
        return {first: tuple((_matcher(c), c.rule.step, c.rule) for c in pool
                             if c.applies(section, first or "\0"))
                for first in ("", *self._firsts)}

    def _plan(self, section: str) -> tuple[_ByFirst, tuple[tuple[str, _ByFirst], ...]]:
        """The line rules of ``section`` and, per actor separator, its actor rules (built
        once per section)."""
        plan = self._plans[section] = (self._table(self._lines, section), tuple(
            (sep, self._table([c for c in self._actors if c.rule.sep == sep], section))
            for sep in self.seps))
        return plan

    def read(self, reading: Reading, text: str, line: int) -> Rule | None:
        """Record ``text`` (one stripped, non-empty line, number ``line``) by the first rule
        of its section that matches it; the rule (None: a line of an ignored section no
        rule reads), or an error naming the line."""
        section = reading.section
        lines, actors = self._plans.get(section) or self._plan(section)
        for match, step, rule in lines.get(text[0], lines[""]):
            m = match(text)
            if m is not None:
                step(reading, "", m, line)
                return rule
        if section in self.expected:
            raise reading.rec.fail(line, f"{self.expected[section]}, got {text!r}")
        actor = None
        for sep, table in actors:
            if sep == ": " and reading.colon_free:  # the most lines: one dict look-up
                at = text.find(": ")
                name: str | None = text[:at] if at > 0 else None
                start = at + 2
                if name is not None and name not in reading.rec.seats:
                    name, start = _colon_actor(reading.rec.seats, text, at)
            else:
                name = reading.actor(text, sep)
                start = 0 if name is None else len(name) + len(sep) + (
                    sep == ": " and text.startswith(" : ", len(name)))
            if name is None:
                continue
            rest = text[start:]
            for match, step, rule in table.get(rest[:1], table[""]):
                m = match(rest)
                if m is not None:
                    step(reading, name, m, line)
                    return rule
            actor = actor or (name, rest)
        for c in self._fallback:
            if c.applies(section, text[0]):
                m = c.regex.match(text)
                if m is not None:
                    c.rule.step(reading, "", m, line)
                    return c.rule
        if actor is not None:
            hint = f", expected {self.actions}" if self.actions else ""
            raise reading.rec.fail(line, f"{actor[0]!r}: action not understood: {actor[1]!r}{hint}")
        if section in self.ignore and reading.actor(text, " ") is None:
            return None
        raise reading.rec.fail(line, f"line not understood: {text!r} (no seated player's"
                               " name starts it)")

    def examples(self, section: str | None = None) -> list[str]:
        """The example lines of the rules (of ``section``), for messages and the docs."""
        return [r.example for r in self.rules
                if r.example and (section is None or not r.sections or section in r.sections)]
