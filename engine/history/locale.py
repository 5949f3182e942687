"""The languages poker clients write hand histories in: one row a language, the words the
site grammars (:mod:`.grammar`) build their line patterns from, and how its numbers and
cards are written.

A row holds, per *concept* (``fold``, ``small_blind``, ``collected`` ...), the phrases a
client of that language prints for it; a grammar pattern names the concept (``{fold}``)
and matches any row's phrase, so a new language is one row here, never code in a reader.
Where a site prints a concept in English whatever the client's language (888poker's
actions, as far as any export seen shows), the English phrase still matches: each row
adds to the English words, it does not replace them.

Cards: a row maps its rank words (``B`` Bube, ``Kn`` Knekt, ``Д`` Дама) and suit words
(``Karo``, ``Pik``) to the canonical letters; :func:`translate_cards` writes a group of
cards as canonical card text that :mod:`holdem_eval.cards` (the one parser of card text)
reads. One hand uses one language: the first row (English first) under which every card
of a group reads is the group's, and a reader keeps the row a hand started with
(:class:`CardLanguage`).

Numbers: :func:`parse_amount` reads every row's number format (``$1,234.56``,
``1.234,56 €``, ``1 234,56 €`` with a no-break or narrow no-break space, ``0,01 $``,
``18.429`` tournament chips): a separator followed by exactly three digits groups
thousands, the last separator followed by one or two digits is the decimal point (no
site prints three decimals). A row's ``decimal`` and ``group`` say how its clients write
numbers; the test corpus writes amounts with them.

Sources, per row (a word no export was seen to print is marked "unconfirmed"): the
888poker client's card words as FPDB's ``PacificPokerToFpdb.splitCards`` translates them
(github.com/jejellyroll-fr/fpdb-3, pyfpdb/PacificPokerToFpdb.py: ``Kreuz``, ``Karo``,
``Pik``, ``Herz``; Swedish ``Kn``, ``D``, ``E``; Dutch ``B``, ``V``, ``H``), the sample
``Pacific/CashGame/ExtraHands/SpecialCards.txt`` of ItalyToast/PokerHandHistoryParser
(``Ec``, ``Knc``, ``Kns``, ``Dc``), issue 39's German export (``[ 3Karo, KKreuz ]``,
``0,01 $`` with U+00A0 or U+202F); PokerStars' clients, per row beside its words (the
Spanish, Portuguese and Russian rows confirmed from real exports, the German and French
ones mostly not; docs/histories.md lists which). The other words are each
language's usual poker terms (German: spielbank-hamburg-poker.de's rules, "Checken",
"Setzen", "Passen", "Erhöhen"; chipstars.bet/de's glossary, "mitgehen").
"""

# ruff: noqa: RUF001, RUF003  (the Russian row's words are Cyrillic on purpose)

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

__all__ = [
    "CONCEPTS",
    "ENGLISH",
    "LANGUAGES",
    "CardLanguage",
    "Language",
    "language",
    "month_time",
    "parse_amount",
    "phrases",
    "translate_cards",
]

CONCEPTS = (
    "fold", "check", "call", "bet", "raise", "all_in", "posts", "small_blind", "big_blind",
    "ante", "dead_blind", "shows", "mucks", "collected", "wins", "did_not_show", "dealt_to",
    "dealing", "down_cards", "flop", "turn", "river", "summary", "seat", "button", "table",
    "tournament", "players", "real_money", "play_money", "blinds", "jackpot_table", "cap",
    "reached_cap", "sits_out", "to", "total_pot",
    # PokerStars' lines (:mod:`.stars`)
    "button_seat", "in_chips", "both_blinds", "hole_cards", "show_down", "summary_title",
    "uncalled", "returned_to", "returned_after", "from_pot", "showed", "mucked", "dealt_after",
    "flop_title", "turn_title", "river_title", "doesnt_show", "player_notes",
)
"""The concepts a row may name phrases for (each is a ``{concept}`` in a grammar pattern)."""


@dataclass(frozen=True)
class Language:
    """One language's row: phrases per concept, card words and number format."""

    code: str
    """ISO 639-1 code (``en``, ``de`` ...)."""
    name: str
    words: Mapping[str, tuple[str, ...]]
    """concept -> the phrases the clients print for it (added to English's)."""
    ranks: Mapping[str, str] = field(default_factory=dict)
    """rank word -> canonical rank letter (``2``-``9``, ``10`` and ``T`` are read in every
    row: the Swedish sample writes ``Th`` beside ``Kns``)."""
    suits: Mapping[str, str] = field(default_factory=dict)
    """suit word -> canonical suit letter."""
    decimal: str = "."
    """The decimal separator its clients print."""
    group: str = ","
    """The thousands separator its clients print (U+00A0: a no-break space)."""
    symbol_after: bool = False
    """Whether the currency symbol follows the amount (``0,01 $``)."""

    def __post_init__(self) -> None:
        unknown = sorted(set(self.words) - set(CONCEPTS))
        if unknown:
            raise ValueError(f"language {self.code!r}: unknown concepts {unknown}")
        bad = {w: r for w, r in self.ranks.items() if r not in "23456789TJQKA"}
        bad.update({w: s for w, s in self.suits.items() if s not in "cdhs"})
        if bad:
            raise ValueError(f"language {self.code!r}: card words {bad} do not name a rank"
                             " 2-9, T, J, Q, K, A or a suit c, d, h, s")

    @property
    def months(self) -> tuple[str, ...]:
        """The names of the months, January first, as a date prints them (the row's entry
        of :data:`_MONTH_NAMES`; none: English's are still read). Any unambiguous prefix of
        three letters or more is read too (``Nov``, ``Mär.``, ``févr.``)."""
        return tuple(_MONTH_NAMES.get(self.code, "").split())

    def card_pattern(self) -> re.Pattern[str] | None:
        """One card of this row: its rank word then its suit word (None: English, whose
        cards :mod:`holdem_eval.cards` reads as they are)."""
        if not self.ranks and not self.suits:
            return None
        ranks = sorted({*self.ranks, *"23456789", "10", "T"}, key=len, reverse=True)
        suits = sorted(self.suits or {s: s for s in "cdhs"}, key=len, reverse=True)
        return re.compile("(?P<rank>" + "|".join(map(re.escape, ranks)) + ")(?P<suit>"
                          + "|".join(map(re.escape, suits)) + ")")

    def card(self, rank: str, suit: str) -> str:
        """The canonical text of one card written ``rank`` ``suit`` in this row."""
        r = "T" if rank == "10" else self.ranks.get(rank, rank)
        return r + (self.suits or {}).get(suit, suit)


_EN_WORDS: dict[str, tuple[str, ...]] = {
    # 888poker's and PartyPoker's lines (the samples in tests/data/histories), PokerStars'
    "fold": ("folds",), "check": ("checks",), "call": ("calls",), "bet": ("bets",),
    "raise": ("raises",), "all_in": ("and is all-in", "is all-In"), "posts": ("posts",),
    "small_blind": ("small blind",), "big_blind": ("big blind",),
    "ante": ("ante", "the ante"), "dead_blind": ("dead blind",), "shows": ("shows",),
    "mucks": ("mucks",), "collected": ("collected",), "wins": ("wins",),
    "did_not_show": ("did not show his hand",), "dealt_to": ("Dealt to",),
    "dealing": ("Dealing",), "down_cards": ("down cards",), "flop": ("flop",),
    "turn": ("turn",), "river": ("river",), "summary": ("Summary",), "seat": ("Seat",),
    "button": ("is the button",), "table": ("Table",), "tournament": ("Tournament",),
    "players": ("Total number of players",), "real_money": ("Real Money",),
    "play_money": ("Play Money", "Practice Play"), "blinds": ("Blinds",),
    "jackpot_table": ("Jackpot table",), "cap": ("Cap",),
    # FPDB's Pacific action pattern: '... and has reached the [$20] cap'
    "reached_cap": ("and has reached the",), "sits_out": ("sits out", "is sitting out"),
    "to": ("to",), "total_pot": ("Total pot",),
    # PokerStars (its English export: tests/data/histories)
    "button_seat": ("Seat #",), "in_chips": ("in chips",), "both_blinds": ("small & big blinds",),
    "hole_cards": ("HOLE CARDS",), "show_down": ("SHOW DOWN", "SHOWDOWN"),
    "summary_title": ("SUMMARY",), "uncalled": ("Uncalled bet",), "returned_to": ("returned to",),
    "from_pot": ("from pot", "from the pot", "from main pot", "from side pot", "from the main pot",
                 "from the side pot"),
    "showed": ("showed",), "mucked": ("mucked",), "flop_title": ("FLOP",), "turn_title": ("TURN",),
    "river_title": ("RIVER",), "doesnt_show": ("doesn't show hand",),
    "player_notes": ("leaves the table",),
}

# the months' names as dates print them, January first, per row (Russian: the genitive,
# '28 марта 2021'); the sites' own exports confirm English only
_MONTH_NAMES = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
}


ENGLISH = Language("en", "English", _EN_WORDS)

LANGUAGES: tuple[Language, ...] = (
    ENGLISH,
    Language(
        "de", "German",
        {
            # usual German poker terms (unconfirmed in an 888poker export: its actions are
            # English in every export seen); the cards are confirmed (issue 39, FPDB)
            "fold": ("passt", "foldet"), "check": ("checkt", "schiebt"),
            "call": ("geht mit", "callt"), "bet": ("setzt",), "raise": ("erhöht", "raist"),
            "collected": ("kassiert", "gewinnt"),
            "to": ("auf",),
            "all_in": ("und ist all-in", "ist all-in"), "posts": ("setzt", "postet"),
            "shows": ("zeigt",), "mucks": ("zeigt nicht",), "wins": ("gewinnt",),
            "dealt_to": ("Karten für", "Ausgeteilt an"),
            "summary": ("Zusammenfassung",), "seat": ("Sitz", "Platz"),
            "table": ("Tisch",), "tournament": ("Turnier",), "real_money": ("Echtgeld",),
            "play_money": ("Spielgeld",),
            # PokerStars' German client, as two parsers of its exports read it
            # (github: a Qt tracker's Hand.cpp: 'PokerStars Hand Nr. ', 'dd.MM.yyyy', 'Tisch',
            # 'Platz', ': setzt Small Blind', 'erhöht $X auf $Y', 'geht mit', 'setzt $',
            # 'checkt', 'passt', 'bekommt', 'gewinnt $X aus dem  Pot', '*** ZUSAMMENFASSUNG
            # ***', 'Pot gesamt:', 'Rake:'; a JS viewer: '*** HOLE CARDS ***' kept in
            # English, 'Nr.' in the title); 'ist der Button', 'in Chips', 'kassiert' and
            # 'Nicht gecallter Einsatz (X) geht an Y zurück' as issue 39 and a Java tool quote
            # them (unconfirmed in an export)
            "small_blind": ("Small Blind",), "big_blind": ("Big Blind",), "ante": ("Ante",),
            "both_blinds": ("Small Blind und Big Blind", "Small und Big Blind"),
            "button_seat": ("Platz #",), "button": ("ist der Button",), "in_chips": ("in Chips",),
            "summary_title": ("ZUSAMMENFASSUNG",), "total_pot": ("Pot gesamt:", "Pot gesamt"),
            "uncalled": ("Nicht gecallter Einsatz",), "returned_to": ("geht an", "ging an"),
            "returned_after": ("zurück", "zurueck"),
            "from_pot": ("aus dem Pot", "aus dem  Pot", "aus dem Hauptpot", "aus dem Nebenpot"),
            "showed": ("zeigte",), "mucked": ("verwarf",), "dealt_after": ("bekommt",),
        },
        # issue 39 ('[ 3Karo, KKreuz ]'; 'B'/'D'/'K'/'A' for Bube/Dame/König/As), FPDB
        ranks={"A": "A", "K": "K", "D": "Q", "B": "J"},
        suits={"Kreuz": "c", "Karo": "d", "Herz": "h", "Pik": "s"},
        decimal=",", group=".", symbol_after=True,
    ),
    Language(
        "fr", "French",
        {
            # PokerStars' French export as open-source tools quote it ('relance',
            # 'suit', 'met la petite blind', 'Siège', '*** RÉSUMÉ ***'); 'se couche',
            # 'parole', 'mise' are the usual French terms (unconfirmed in an export)
            # Winamax's French export, as a tracker's specification quotes it ('mise',
            # 'suit', 'relance [X] à [Y]', 'passe', 'poste la petite blinde')
            "fold": ("se couche", "se couche.", "passe"), "check": ("parole", "parole.", "checke"),
            "call": ("suit", "suit."), "bet": ("mise", "mise."), "raise": ("relance", "relance."),
            "all_in": ("et est all-in", "est all-in", "et fait tapis"),
            "posts": ("met", "poste"), "to": ("à",), "total_pot": ("Pot total",),
            "small_blind": ("la petite blind", "petite blind", "la petite blinde", "petite blinde",
                            "la petite blind.", "la petite blinde."),
            "big_blind": ("la grosse blind", "grosse blind", "la grosse blinde", "grosse blinde",
                          "la grosse blind.", "la grosse blinde."),
            "shows": ("montre",),
            "mucks": ("ne montre pas",), "collected": ("a récupéré", "a remporté", "remporte"),
            "wins": ("gagne", "remporte"),
            "dealt_to": ("Distribuées à", "Distribuées", "Cartes distribuées à"),
            "summary": ("RÉSUMÉ", "SYNTHÈSE", "Résumé"), "seat": ("Siège", "Place"),
            "tournament": ("Tournoi",), "real_money": ("Argent réel",),
            "play_money": ("argent fictif",),
            # PokerStars' French client: the title 'Main PokerStars n°N :  Hold'em No Limit
            # (100/200) - 12/07/2026 18:25:06 CET [...]' and the actor's ' : ' are confirmed
            # (a hand quoted as real in a training tool's tests, its body in English); the
            # words below as that tool's tests write its French hands ('Siège #1 est au
            # bouton', 'est le bouton', 'en jetons', 'met la petite blind.', 'relance. 400
            # à 600', 'suit.', 'parole.', 'se couche.', '*** CARTES FERMÉES ***', 'Distribuées
            # à', '*** RÉSUMÉ ***') and issue 39 ('Mise non suivie', 'remporte'): unconfirmed
            "button_seat": ("Siège #", "Place #"), "button": ("est au bouton", "est le bouton"),
            "in_chips": ("en jetons",), "hole_cards": ("CARTES FERMÉES",),
            "summary_title": ("RÉSUMÉ", "SYNTHÈSE"), "show_down": ("ABATTAGE",),
            "uncalled": ("Mise non suivie",), "returned_to": ("rendue à", "remboursée à"),
            "from_pot": ("du pot", "du pot principal", "du pot secondaire"),
            "showed": ("a montré", "montre"), "mucked": ("a jeté",),
            "both_blinds": ("la petite et la grosse blind",), "ante": ("l'ante", "l'ante."),
        },
        # the French names: As, Roi, Dame, Valet; Trèfle, Carreau, Cœur, Pique (no export
        # seen: unconfirmed)
        ranks={"A": "A", "R": "K", "D": "Q", "V": "J"},
        suits={"Trèfle": "c", "Carreau": "d", "Cœur": "h", "Coeur": "h", "Pique": "s"},
        decimal=",", group="\u202f", symbol_after=True,
    ),
    Language(
        "es", "Spanish",
        {
            # PokerStars' Spanish client, confirmed from a real export (a Zoom hand of
            # 2025 quoted whole in a parser's tests: 'Mano n.º N de Zoom de PokerStars:',
            # 'Mesa "Asterope" 6-max El asiento n.º 1 es el botón', 'Asiento 1: X (6 € en
            # fichas)', 'pone la ciega pequeña 0.02 €', 'sube 0.07 € a 0.12 €', 'iguala',
            # 'apuesta', 'pasa' (checks), 'se retira', '*** CARTAS DE MANO ***', 'Repartidas
            # a', 'muestra [..]', 'descarta su mano sin mostrar', 'X se lleva 0.79 € del
            # bote', '*** RESUMEN ***', 'Bote total 0.83 € | Comisión 0.04 €', 'descartó sin
            # mostrar [..]'; a second tool: 'pone las ciegas pequeña y grande', 'La apuesta
            # no igualada (X €) ha sido devuelta a Y'); all-in, antes: unconfirmed
            "fold": ("se retira",), "check": ("pasa",),
            "call": ("iguala",), "bet": ("apuesta",), "raise": ("sube",),
            "to": ("a",),
            "all_in": ("y va all-in", "y está all-in"), "posts": ("pone",),
            "small_blind": ("la ciega pequeña", "ciega pequeña"),
            "big_blind": ("la ciega grande", "ciega grande"),
            "ante": ("el ante", "la apuesta inicial"),
            "both_blinds": ("las ciegas pequeña y grande",),
            "shows": ("muestra",), "mucks": ("descarta su mano sin mostrar", "no muestra"),
            "collected": ("se lleva", "cobra"),
            "wins": ("gana",), "dealt_to": ("Repartidas a",), "summary": ("RESUMEN", "Resumen"),
            "seat": ("Asiento",), "table": ("Mesa",), "tournament": ("Torneo",),
            "real_money": ("Dinero real",), "play_money": ("Dinero ficticio",),
            "button_seat": ("El asiento n.º ",), "button": ("es el botón",),
            "in_chips": ("en fichas",), "hole_cards": ("CARTAS DE MANO",),
            "summary_title": ("RESUMEN",), "total_pot": ("Bote total",),
            "uncalled": ("La apuesta no igualada",), "returned_to": ("ha sido devuelta a",),
            "from_pot": ("del bote", "del bote principal", "del bote secundario"),
            "showed": ("muestra", "mostró"), "mucked": ("descartó sin mostrar", "descartó"),
        },
        # As, Rey, Reina/Dama, Jota; Tréboles, Diamantes, Corazones, Picas (unconfirmed;
        # FPDB reads a Spanish 'D' as 10, which clashes with Dama: not taken)
        ranks={"A": "A", "R": "K", "D": "Q", "J": "J"},
        suits={"Tréboles": "c", "Trébol": "c", "Diamantes": "d", "Corazones": "h",
               "Picas": "s"},
        decimal=",", group=".", symbol_after=True,
    ),
    Language(
        "pt", "Portuguese",
        {
            # PokerStars' Brazilian Portuguese client, confirmed from a real export (a 2025
            # tournament hand quoted whole in a replayer's tests: 'Mão PokerStars #N: Torneio
            # #N, $ 0.98+$ 0.12 USD Hold'em No Limit - Nível V (40/80)', "Mesa '..' 9-max Lugar
            # #3 é o botão", 'Lugar 1: X (7835 em fichas)', 'coloca ante 10', 'paga o small
            # blind 40', '*** CARTAS DA MÃO ***', 'X recebe [9d Qc]', 'aumenta 546 para 626 e
            # está all-in', 'desiste', 'Aposta não-igualada (546) voltou para X', 'X recebeu
            # 290 do pote', 'não mostra a mão', '*** SUMÁRIO ***', 'Total pote 290 | comissão
            # 0'; a second tool's notes of a real hand: 'passa' (checks), 'iguala', 'aposta',
            # 'mostra'); 'mesa', 'perdeu' ...: unconfirmed
            "fold": ("desiste",), "check": ("passa", "mesa"), "call": ("iguala",),
            "bet": ("aposta",), "raise": ("aumenta",), "all_in": ("e está all-in", "está all-in"),
            "to": ("para",),
            "posts": ("coloca", "paga"),
            "small_blind": ("o small blind", "small blind", "pequena blind"),
            "big_blind": ("o big blind", "big blind", "grande blind"), "ante": ("o ante",),
            "shows": ("mostra",),
            "mucks": ("não mostra",), "collected": ("recebeu", "recolheu"), "wins": ("ganha",),
            "summary": ("RESUMO", "Resumo"), "seat": ("Lugar", "Assento"), "table": ("Mesa",),
            "tournament": ("Torneio",), "real_money": ("Dinheiro real",),
            "button_seat": ("Lugar #",), "button": ("é o botão",), "in_chips": ("em fichas",),
            "hole_cards": ("CARTAS DA MÃO",), "summary_title": ("SUMÁRIO",),
            "total_pot": ("Total pote",), "uncalled": ("Aposta não-igualada",),
            "returned_to": ("voltou para",), "from_pot": ("do pote", "do pote principal",
                                                         "do pote paralelo"),
            "dealt_after": ("recebe",), "doesnt_show": ("não mostra a mão",),
            "showed": ("mostrou",), "mucked": ("escondeu",),
            "player_notes": ("deixa a mesa", "está sit out"),
        },
        # Ás, Rei, Dama, Valete; Paus, Ouros, Copas, Espadas (unconfirmed)
        ranks={"A": "A", "R": "K", "D": "Q", "V": "J"},
        suits={"Paus": "c", "Ouros": "d", "Copas": "h", "Espadas": "s"},
        decimal=",", group=".", symbol_after=True,
    ),
    Language(
        "it", "Italian",
        {
            # usual Italian poker terms (unconfirmed in an export)
            "fold": ("passa", "folda"), "check": ("fa check", "checka"), "call": ("chiama", "vede"),
            "bet": ("punta",), "raise": ("rilancia",), "all_in": ("ed è all-in", "è all-in"),
            "to": ("a",),
            "posts": ("paga", "mette"), "shows": ("mostra",), "mucks": ("non mostra",),
            "collected": ("incassa", "ha raccolto"), "wins": ("vince",),
            "summary": ("RIEPILOGO", "Riepilogo"), "seat": ("Posto",), "table": ("Tavolo",),
            "tournament": ("Torneo",), "real_money": ("Soldi veri",),
        },
        # Asso, Re, Donna, Fante; Fiori, Quadri, Cuori, Picche (unconfirmed)
        ranks={"A": "A", "R": "K", "D": "Q", "F": "J"},
        suits={"Fiori": "c", "Quadri": "d", "Cuori": "h", "Picche": "s"},
        decimal=",", group=".", symbol_after=True,
    ),
    Language(
        "ru", "Russian",
        {
            # PokerStars' Russian client, confirmed from a real export (a 2026 cash hand quoted
            # whole in denysobukh/PokerstarsConverter's README: 'Раздача PokerStars №N:  Холдем
            # Безлимитный ($0.01/$0.02 USD) - 04.05.2026 21:35:18 EET', "Стол '..' 6-max Баттон
            # на месте №4", 'Место 1: X ($0.89 фишек)', 'ставит малый блайнд $0.01', '***
            # ЗАКРЫТЫЕ КАРТЫ ***', 'Карты X [2d Th]', 'делает колл $0.02', 'делает рейз $0.06
            # $0.08' (no word between the raise and its total), 'делает фолд', 'делает бет',
            # 'делает чек', 'и олл-ин', '*** ФЛОП ***', '*** ТЕРН ***', '*** РИВЕР ***',
            # 'X покидает стол', 'Неуравненная ставка ($0.09) возвращается игроку X', '***
            # ВСКРЫТИЕ КАРТ ***', 'открывает [Js Jc]', 'X получил $1.83 ( банк)', '*** ИТОГ
            # ***', 'Общий банк $1.93 | Доля $0.10', 'открыл [Qd Kc]'); the rest unconfirmed
            "fold": ("делает фолд", "сбрасывает карты"), "check": ("делает чек", "пропускает"),
            "call": ("делает колл", "уравнивает"), "bet": ("делает бет", "ставит"),
            "raise": ("делает рейз", "повышает"), "to": ("до",),
            "all_in": ("и олл-ин", "и идёт ва-банк"), "posts": ("ставит",),
            "small_blind": ("малый блайнд",), "big_blind": ("большой блайнд",), "ante": ("анте",),
            "shows": ("открывает", "показывает"), "mucks": ("не показывает",),
            "collected": ("получил", "получает"),
            "wins": ("выигрывает",), "summary": ("Итог",), "seat": ("Место",),
            "table": ("Стол",), "tournament": ("Турнир",),
            "button_seat": ("Баттон на месте №",), "in_chips": ("фишек",),
            "hole_cards": ("ЗАКРЫТЫЕ КАРТЫ",), "show_down": ("ВСКРЫТИЕ КАРТ",),
            "summary_title": ("ИТОГ",), "flop_title": ("ФЛОП",), "turn_title": ("ТЕРН",),
            "river_title": ("РИВЕР",), "total_pot": ("Общий банк",),
            "uncalled": ("Неуравненная ставка",), "returned_to": ("возвращается игроку",),
            "from_pot": ("( банк)", "(банк)", "( основной банк)", "( побочный банк)"),
            "dealt_to": ("Карты",), "showed": ("открыл",), "mucked": ("сбросил",),
            "player_notes": ("покидает стол", "присоединяется к столу"),
        },
        # Туз, Король, Дама, Валет; Трефы, Бубны, Черви, Пики (the Cyrillic initials are
        # written by name below: they look like Latin letters). FPDB reads the bytes of
        # TE, VE and DE in Windows-1251 shown as Windows-1252 ('Ò', 'Â', 'Ä') as Q, A and J,
        # which does not match the Russian names; the names are taken here, Windows-1252
        # lookalikes included for a Windows-1251 file read as Windows-1252 (unconfirmed)
        ranks={"\N{CYRILLIC CAPITAL LETTER TE}": "A", "\N{CYRILLIC CAPITAL LETTER KA}": "K",
               "\N{CYRILLIC CAPITAL LETTER DE}": "Q", "\N{CYRILLIC CAPITAL LETTER VE}": "J",
               "Ò": "A", "Ê": "K", "Ä": "Q", "Â": "J"},
        suits={"Трефы": "c", "Бубны": "d", "Черви": "h", "Пики": "s"},
        decimal=",", group="\u00a0", symbol_after=True,
    ),
    Language(
        "sv", "Swedish", {"fold": ("lägger sig",)},
        # the sample SpecialCards.txt ('Ec, Knc, 3h, 3c', 'Kns, Th, 5c, Dc'); FPDB
        ranks={"E": "A", "K": "K", "D": "Q", "Kn": "J"},
        suits={"c": "c", "d": "d", "h": "h", "s": "s"},
        decimal=",", group="\u00a0", symbol_after=True,
    ),
    Language(
        "nl", "Dutch", {"fold": ("past",)},
        # FPDB's splitCards: 'B' (Boer), 'V' (Vrouw), 'H' (Heer)
        ranks={"A": "A", "H": "K", "V": "Q", "B": "J"},
        suits={"c": "c", "d": "d", "h": "h", "s": "s"},
        decimal=",", group=".", symbol_after=True,
    ),
)
"""Every language row, English first (a card group is read by the first row it fits)."""

_BY_CODE = {row.code: row for row in LANGUAGES}


def language(code: str) -> Language:
    """The row of ``code`` (``en``, ``de`` ...); a ValueError lists the codes otherwise."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise ValueError(f"no language {code!r}; the rows are {sorted(_BY_CODE)}") from None


def phrases(concept: str, rows: Iterable[Language] = LANGUAGES) -> tuple[str, ...]:
    """Every phrase ``rows`` print for ``concept`` (English's always), longest first, so
    an alternation of them takes ``zeigt nicht`` before ``zeigt``."""
    if concept not in CONCEPTS:
        raise ValueError(f"unknown concept {concept!r}; the concepts are {CONCEPTS}")
    found = dict.fromkeys(ENGLISH.words.get(concept, ()))
    for row in rows:
        found.update(dict.fromkeys(row.words.get(concept, ())))
    return tuple(sorted(found, key=len, reverse=True))


# ---- numbers -------------------------------------------------------------------------

# what may surround or group the digits of an amount: currency symbols and codes, spaces
# (no-break U+00A0, narrow no-break U+202F, thin U+2009), an apostrophe, and 'Â', the
# first half of a UTF-8 no-break space read as Windows-1252 ('3Â 023,50 $')
_NOT_NUMBER = re.compile(r"[^\d.,]")
_SEPARATOR = re.compile(r"[.,]")


def parse_amount(text: str) -> Decimal | None:
    """An amount as any row writes it (see the module's doc), or None if ``text`` holds
    no number. ``$1,234.56``, ``1.234,56 €``, ``1\u202f234,56 €``, ``0,01 $``, ``18.429``
    (chips), ``€0.05``, ``$0.10 USD``."""
    raw = _NOT_NUMBER.sub("", text).strip(".,")
    if not raw:
        return None
    seps = [(m.start(), m.group()) for m in _SEPARATOR.finditer(raw)]
    whole, fraction = raw, ""
    if seps:
        pos, last = seps[-1]
        tail = len(raw) - pos - 1
        if tail in (1, 2) or len({s for _, s in seps}) == 2:  # the last one is the point
            whole, fraction = raw[:pos], raw[pos + 1:]
            if any(s == last for _, s in seps[:-1]):
                return None  # '1.234.56': two decimal points
    groups = _SEPARATOR.split(whole)
    if not groups[0] or (len(groups[0]) > 3 and len(groups) > 1) or any(len(g) != 3 for g in groups[1:]):
        return None  # '12,34' is no grouping of thousands
    try:
        return Decimal("".join(groups) + (f".{fraction}" if fraction else ""))
    except InvalidOperation:
        return None


# ---- dates --------------------------------------------------------------------------


def _month_words() -> dict[str, int]:
    """Every row's month names and their unambiguous prefixes of 3 letters or more
    (lower case) -> the month's number; a prefix two months share (French ``jui``: juin,
    juillet) is left out."""
    found: dict[str, set[int]] = {}
    for row in LANGUAGES:
        if row.months and len(row.months) != 12:
            raise ValueError(f"language {row.code!r}: {len(row.months)} month names, expected 12")
        for number, name in enumerate(row.months, start=1):
            word = name.lower()
            for end in range(3, len(word) + 1):
                found.setdefault(word[:end], set()).add(number)
    return {word: next(iter(numbers)) for word, numbers in found.items() if len(numbers) == 1}


_MONTHS = _month_words()
_DATE_TOKENS = re.compile(r"\d+|[^\W\d_]+")


def month_time(text: str) -> _dt.datetime | None:
    """A date and time written with a month's name in any row's language: ``28 March 2021
    18:26:13``, ``12-Nov-2023 10:01:02``, ``März 28, 2021 6:26:13 PM``, ``28 марта 2021
    18:26:13``; None when ``text`` names no month or is no such date. The day and the
    year are the first two numbers (the one of four digits is the year), then hours,
    minutes and seconds, on a 12-hour clock when ``AM`` or ``PM`` follows."""
    month = 0
    numbers: list[str] = []
    half = ""  # 'am' or 'pm'
    for token in _DATE_TOKENS.findall(text):
        if token.isdigit():
            numbers.append(token)
            continue
        word = token.lower()
        if word in ("pm", "am"):
            half = word
        elif word in _MONTHS and (not month or len(word) > 3):
            month = _MONTHS[word]
    if not month or len(numbers) < 5:
        return None
    first, second = numbers[0], numbers[1]
    year, day = (int(first), int(second)) if len(first) == 4 else (int(second), int(first))
    hour, minute, sec = (int(n) for n in numbers[2:5])
    if half:  # 12 AM is midnight, 12 PM noon
        hour = hour % 12 + (12 if half == "pm" else 0)
    try:
        return _dt.datetime(year, month, day, hour, minute, sec)
    except ValueError:
        return None


# ---- cards ---------------------------------------------------------------------------

_CARD_SPLIT = re.compile(r"[\s,]+")
_PATTERNS = {row.code: row.card_pattern() for row in LANGUAGES}


def _row_cards(row: Language, tokens: Sequence[str]) -> str | None:
    pattern = _PATTERNS[row.code]
    if pattern is None:
        return None
    out = []
    for token in tokens:
        m = pattern.fullmatch(token)
        if m is None:
            return None
        out.append(row.card(m["rank"], m["suit"]))
    return " ".join(out)


def translate_cards(text: str, rows: Sequence[Language] = LANGUAGES[1:]) -> tuple[str, Language] | None:
    """A group of cards as a localized client prints it (``[ 3Karo, KKreuz ]``,
    ``[ Ec, Knc ]``) as canonical card text (``3d Kc``) and the row that reads it: the
    first of ``rows`` under which every card reads; None when none does."""
    tokens = [t for t in _CARD_SPLIT.split(text.strip("[] \u00a0")) if t]
    if not tokens:
        return None
    for row in rows:
        cards = _row_cards(row, tokens)
        if cards is not None:
            return cards, row
    return None


@dataclass
class CardLanguage:
    """The card language of one hand: English until a group reads only in another row,
    then that row first (a hand is written in one language)."""

    row: Language = ENGLISH

    def translate(self, text: str) -> str | None:
        """Canonical card text of a group not in English (None: leave it as printed, for
        :mod:`holdem_eval.cards` to read or refuse)."""
        if self.row is not ENGLISH:
            cards = _row_cards(self.row, [t for t in _CARD_SPLIT.split(text.strip("[] \u00a0")) if t])
            if cards is not None:
                return cards
        found = translate_cards(text)
        if found is None:
            return None
        self.row = found[1]
        return found[0]
