"""Winamax's grammar: a hand of its French client (actions in French, as a tracker's
specification quotes them: 'mise', 'suit', 'relance X à Y', 'passe', 'poste la petite
blinde'), and the rules table."""

from __future__ import annotations

from decimal import Decimal

from holdem_eval.engine import verify_history
from holdem_eval.engine.history.winamax import GRAMMAR, RULES

FRENCH = """\
Winamax Poker - CashGame - HandId: #52-1-13 - Holdem no limit (0.25€/0.50€) - 2024/03/01 20:00:00 UTC
Table: 'Paris 01' 5-max (real money) Seat #1 is the button
Siège 1: Alice (50€)
Siège 2: Bob (50€)
Siège 3: Carol (50€)
*** ANTE/BLINDS ***
Bob poste la petite blinde 0.25€
Carol poste la grosse blinde 0.50€
*** PRE-FLOP ***
Alice relance 1€ à 1.50€
Bob passe
Carol suit 1€
*** FLOP *** [2c 7d Jh]
Carol mise 2€
Alice passe
Carol collected 5.10€ from pot
*** SUMMARY ***
Total pot 5.10€ | Rake 0.15€
"""


def test_a_french_client_hand() -> None:
    (check,) = verify_history(FRENCH)
    assert check.method == "exact", check.problem
    h = check.hand
    assert h is not None and h.fields["players"] == ["Bob", "Carol", "Alice"]
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
