"""Winamax's grammar: a hand of its French client (actions in French, as a tracker's
specification quotes them: 'mise', 'suit', 'relance X à Y', 'passe', 'poste la petite
blinde'), and the rules table."""

from __future__ import annotations

from decimal import Decimal

import pytest
from history_texts import exact, written
from holdem_eval.engine import verify_history
from holdem_eval.engine.history.winamax import GRAMMAR, RULES

FRENCH = written("winamax-french")


def test_a_french_client_hand() -> None:
    h = exact(FRENCH)
    assert h.fields["players"] == ["Bob", "Carol", "Alice"]
    assert h.actions[3:] == ("p3 cbr 1.50", "p1 f", "p2 cc", "d db 2c7dJh", "p2 cbr 2", "p3 f")
    # Carol's 5.10 holds her uncalled 2: 3.10 of the pot of 3.25, 0.15 raked
    assert h.fields["_collected"] == [0, Decimal("3.10"), 0] and h.fields["_rake"] == Decimal("0.15")


def test_every_winamax_rule_with_an_example_reads_it() -> None:
    from holdem_eval.engine.history.grammar import Reading
    from holdem_eval.engine.history.record import HandRecord

    for rule in RULES:
        if rule.example and rule.name not in ("header",):
            reading = Reading(HandRecord("winamax", "f", 1, variant="NT"),
                              rule.sections[0] if rule.sections else "seats")
            if rule.actor or rule.name == "dealt":
                reading.seat("Alice", 1, Decimal(100), 1)
            GRAMMAR.read(reading, rule.example, 2)


@pytest.mark.parametrize(("kind", "event"), [
    ("CashGame", None),
    ('Go Fast "Colorado"', None),  # the fast-fold pools are cash games
    ('HOLD-UP "ActionPool"', None),
    ('Tournament "Sunday Surprise" buyIn: 9€ + 1€ level: 3', "Sunday Surprise"),
])
def test_header_kinds_cash_fast_fold_and_tournament(kind: str, event: str | None) -> None:
    (check,) = verify_history(FRENCH.replace("Winamax Poker - CashGame -", f"Winamax Poker - {kind} -"))
    assert check.ok, check.problem
    assert check.hand is not None and check.hand.fields.get("event") == event
    assert ("currency" in check.hand.fields) == (event is None)
