"""PokerStars' localized clients (issue 39): a hand written in each language's exact shape
(tests/data/written/stars-LANGUAGE.txt), read through the language rows of
engine/history/locale.py, verified on the engine; the language is taken from the title,
and a hand whose English title heads another language's lines is read in that language."""

from __future__ import annotations

from datetime import time
from decimal import Decimal

import pytest
from history_texts import verified, written
from holdem_eval.engine import verify_history
from holdem_eval.engine.history.locale import LANGUAGES, phrases


@pytest.mark.parametrize(("name", "stacks", "currency", "date"), [
    # 'Mano n.º N de PokerStars:', '(0.02 €/0.05 €)', '14-03-2025', 'pone la ciega pequeña',
    # 'sube 0.35 € a 0.50 €', 'La apuesta no igualada (..) ha sido devuelta a', 'se lleva',
    # 'Bote total 1.85 € | Comisión 0.09 €'
    ("stars-spanish", {"Hero": "6.23", "tio_manolo": "1.95", "Lucia_88": "5", "pacoperez": "3.20"},
     "EUR", (2025, 3, 14, time(21, 5, 10))),
    # 'PokerStars Hand Nr. N:', '(0,01 €/0,02 € EUR)', '01.02.2020', 'Platz #3 ist der Button',
    # 'setzt Small Blind 0,01 €', 'erhöht 0,04 € auf 0,06 €', 'Nicht gecallter Einsatz (..)
    # geht an X zurück', 'kassiert .. aus dem Pot', 'Pot gesamt: 0,61 € | Rake: 0 €'
    ("stars-german", {"muenchner": "1.51", "Klaus_W": "2.31", "Hero": "2.07"}, "EUR",
     (2020, 2, 1, time(20, 15))),
    # 'Mão PokerStars #N: Torneio #N, $ 0.98+$ 0.12 USD ... Nível III', 'Lugar #2 é o botão',
    # 'coloca ante 5', 'paga o small blind 20', 'X recebe [..]', 'aumenta 815 para 975 e está
    # all-in', 'recebeu 2010 do pote', 'Total pote 2010 | comissão 0', after '# 1' separator
    ("stars-portuguese", {"Hero": "4350", "Zé Ruela": "0", "Joaozinho BR": "2095",
                          "mariana_p": "1495"}, None, (2025, 8, 2, time(21, 14, 5))),
    # 'Раздача PokerStars №N:  Холдем Безлимитный ($0.01/$0.02 USD) - 06.05.2026', 'Баттон на
    # месте №3', 'делает рейз $0.04 $0.06' (no word before the total), '*** ФЛОП ***',
    # 'Неуравненная ставка (..) возвращается игроку', 'получил $4.61 ( банк)', 'Доля $0.22',
    # after a '*********** №1 **************' separator
    ("stars-russian", {"Sasha K": "1.26", "ivan.ivanov": "5.25", "volk_77": "2", "Hero": "0"},
     "USD", (2026, 5, 6, time(22, 10, 40))),
    # 'Main PokerStars n°N :' and the actor's ' : ', the rest in English (play money)
    ("stars-french", {"lo_bo": "9700", "Amelie75": "14400", "Hero": "22000"}, None,
     (2026, 7, 12, time(18, 25, 6))),
])
def test_a_localized_pokerstars_hand_verifies(name: str, stacks: dict[str, str],
                                              currency: str | None, date: tuple[object, ...]) -> None:
    hand = verified(written(name))
    f = hand.fields
    got = {n: hand.to_chips(s) for n, s in zip(f["players"], hand.finishing_stacks)}
    assert got == {n: Decimal(s) for n, s in stacks.items()}
    assert f.get("currency") == currency
    assert (f["year"], f["month"], f["day"], f["time"]) == date


def test_spanish_rake_and_decimal_comma_amounts() -> None:
    hand = verified(written("stars-spanish"))
    assert hand.fields["_rake"] == Decimal("0.09")
    # the same hand as a client writing a decimal comma ('0,02 €', '4,47 €') reads the same
    comma = written("stars-spanish").replace("0.", "0,").replace("4.", "4,").replace("5.37", "5,37")
    assert verified(comma).fields["finishing_stacks"] == hand.fields["finishing_stacks"]


def test_french_words_with_an_english_title_are_read_in_french() -> None:
    """A client that writes the title in English and the rest in French: read again in
    each language row once English reads no further."""
    text = written("stars-french").replace("Main PokerStars n°261400000123 :",
                                           "PokerStars Hand #261400000123:")
    for english, french in (("Seat #2 is the button", "Siège #2 est au bouton"),
                            (" in chips)", " en jetons)"), ("Seat ", "Siège "),
                            (" : posts small blind", " : met la petite blind"),
                            (" : posts big blind", " : met la grosse blind"),
                            ("HOLE CARDS", "CARTES FERMÉES"), ("Dealt to", "Distribuées à"),
                            (" : raises 400 to", " : relance 400 à"), (" : folds", " : se couche"),
                            (" : calls", " : suit"), (" : checks", " : parole"),
                            (" : bets", " : mise"), ("SUMMARY", "RÉSUMÉ")):
        text = text.replace(english, french)
    assert "Siège 1: Amelie75 (15000 en jetons)" in text
    hand = verified(text)
    assert [str(s) for s in hand.fields["finishing_stacks"]] == ["9700", "14400", "22000"]


def test_a_line_no_language_reads_is_refused_naming_it() -> None:
    text = written("stars-spanish").replace("pacoperez: iguala 0.35 €", "pacoperez: juggles 0.35 €")
    (check,) = verify_history(text)
    assert not check.ok and check.reason == "line_not_understood"
    assert check.hand_id == "260100000001"  # 'Mano n.º 260100000001 de PokerStars:'
    assert "'pacoperez': action not understood: 'juggles 0.35 €'" in check.problem


def test_no_language_row_gives_one_phrase_two_actions() -> None:
    """A phrase that is two actions in one row ('pasa': Spanish checks) would be read as
    the first rule's."""
    for row in LANGUAGES:
        seen: dict[str, str] = {}
        for concept in ("fold", "check", "call", "bet", "raise"):
            for phrase in row.words.get(concept, ()):
                assert seen.setdefault(phrase, concept) == concept, (row.code, phrase)
    assert "pasa" in phrases("check") and "se retira" in phrases("fold")
