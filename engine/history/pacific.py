"""Reading 888poker (Pacific Poker) text hand histories, as one table of line rules.

:data:`RULES` is the site's grammar (:mod:`.grammar`): one row per kind of line, the
pattern built from the words of every language (:mod:`.locale`), and the step that writes
it into the :class:`~.record.HandRecord`. What the rows read:

* the title ``***** 888poker Hand History for Game N *****`` of any skin of the network
  (``888.es``, ``888.it``, ``888.pt``, ``888poker Snap Poker``, ``Cassava``,
  ``LuckyAcePoker.com`` ...), after the ``#Game No : N`` line some files put first;
* the game line ``$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28`` with the
  stakes in any number format (``0,01 $/0,02 $``, ``800/1.600`` chips), a ``Jackpot
  table`` and a capped table's ``$20 Cap``;
* a cash table ``Table Athens 6 Max (Real Money)`` (``(Play Money)``) or a tournament's
  ``Tournament #78669312 $0.09 + $0.01 - Table #3 9 Max (Real Money)`` (any buy-in:
  ``$0.01``, ``4,95 € + 0,55 €``, ``Free`` ...): a tournament's amounts are chips, with or
  without a ``$``, and its pots pay no rake;
* seats, posts (blinds, antes, ``dead blind [$1 + $2]``), the deal, the streets, actions
  with bracketed amounts that a raise *adds* to the bet (``raises [$12]``), the summary's
  shows, mucks and ``collected`` lines (twice for a hi-lo winner of both halves), the
  site's ``(Hi: ...)``/``(Lo: ...)`` hands, ``did not show his hand``;
* cards in any language row (``[ 3Karo, KKreuz ]``, ``[ Ec, Knc ]``).

888poker prints neither the uncalled bets nor the pot and its rake:
:func:`~.record.to_phh` works them out (``HandRecord.prints_uncalled`` and
``prints_fees`` are False) and holds the fees to :data:`~.record.RAKE_LIMITS`. A player
who ``folds`` before any card is dealt (before ``** Dealing down cards **``, between the
blind posts, or in a hand where no big blind is ever posted) declines to post: he is
not dealt in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from .grammar import Grammar, Reading, Rule, nothing, table_line
from .record import HandRecord, numeric_time, site_games, supported_games

__all__ = ["BEFORE_HAND", "HEADER_888", "RULES", "read_888_hand"]

BEFORE_HAND = ("#Game No", "Game #")
"""The lines 888poker and PartyPoker may put before a hand's title ('#Game No : N',
'Game #N starts.')."""

# the title of any skin of the network: '888poker', '888.es', '888poker Snap Poker',
# 'Cassava', 'LuckyAcePoker.com' (FPDB's PacificPokerToFpdb reads '(Cassava|888poker|888)
# (\.[a-z]{2})? (Snap Poker |BLAST )?'); PartyPoker's title has no name before 'Hand'
HEADER_888 = re.compile(r"(?:#Game No : \d+|\*{4,5} \S.*? Hand History for Game \d+)")
_TITLE = re.compile(r"\*{4,5} (?P<skin>\S.*?) Hand History for Game (?P<id>\d+) \*{4,5}")
_GAMES = site_games({"No Limit Holdem": "NT", "Fix Limit Holdem": "FT", "Fixed Limit Holdem": "FT",
                     "Limit Holdem": "FT", "Pot Limit Omaha": "PO", "Pot Limit OmahaHL": "PO/8"})
_SUPPORTED = supported_games(_GAMES.values())
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_GAME_EXAMPLE = "$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28"
# a capped table's cap in the game line: '$20 Cap' (PokerStars' '$0.50/$1.00 - $20 Cap -'),
# 'Cap $20'
_CAP_AMOUNT = r"[$€£]?\s?\d[\d.,]*(?:\s?[$€£])?"
_CAP = re.compile(rf"(?:(?P<amount>{_CAP_AMOUNT}) Cap|\bCap (?P<after>{_CAP_AMOUNT}))\b")
_AMOUNT = r"\[\s*(?P<amount>[^\]]+?)\s*\]"
# what may follow a wager: '... and is all-in', '... and has reached the $20 cap' (FPDB)
_TAIL = r"(?: {all_in})?(?: {reached_cap} (?P<capped>.+?) [Cc]ap)?"


# ---- the steps -------------------------------------------------------------------------

def _game(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    game = m["game"]
    if m["jackpot"]:
        rec.jackpot = True
    cap = _CAP.search(game)
    if cap is not None:
        rec.cap = r.amount(cap["amount"] or cap["after"], k)
        game = (game[:cap.start()] + " " + game[cap.end():]).strip(" -")
    variant = _GAMES.get(game)
    if variant is None:
        raise rec.unsupported(k, f"variant {game!r} is not supported yet ({_SUPPORTED} are)")
    rec.variant = variant
    stakes = m["stakes"].split("/")
    if len(stakes) != 2:
        raise rec.fail(k, f"stakes {m['stakes']!r}: expected 'small/big' like '$0.05/$0.10'")
    # the stakes are the blinds; fixed limit bets the big blind, then twice it
    rec.small_bet = r.amount(stakes[1], k)
    rec.big_bet = 2 * rec.small_bet
    rec.big_blind = rec.small_bet
    symbol = next((c for c in m["stakes"] if c in _SYMBOLS), None)
    rec.currency = _SYMBOLS[symbol] if symbol else None
    rec.when = numeric_time(rec, m["date"], k, day_first=True)
    r.section = "seats"


def _tournament(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    table_line(r, _, m, k)
    rec = r.rec
    rec.tournament = f"Tournament #{m['id']}"
    rec.currency = None  # chips, whatever symbol the amounts carry
    if m["buyin"]:
        rec.extra["_buy_in"] = m["buyin"].strip()


def _button(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.rec.button_seat = int(m["seat"])


def _seat(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.seat(m["name"], int(m["seat"]), r.amount(m["stack"], k), k)


def _post(kind: str) -> Rule:
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        r.rec.posts.append((name, kind, r.amount(m["amount"], k), k))
        if kind in ("sb", "bb"):
            r.seen["last_blind"] = k
    concept = {"sb": "small_blind", "bb": "big_blind", "ante": "ante"}[kind]
    return Rule(f"posts {concept.replace('_', ' ')}", rf"{{posts}} {{{concept}}} {_AMOUNT}", step,
                ("seats", "play"), actor=True, example=f"Alice posts {concept.replace('_', ' ')} [$0.05]")


def _dead(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    """'[$1 + $2]': a dead small blind and a live big blind."""
    parts = m["amount"].split("+")
    if len(parts) != 2:
        raise r.rec.unsupported(k, f"{name!r} posts a dead blind {m['amount']!r}: expected"
                                " '[small + big]'")
    r.rec.posts.append((name, "bb", r.amount(parts[1], k), k))
    r.rec.posts.append((name, "dead", r.amount(parts[0], k), k))
    r.seen["last_blind"] = k


def _deal(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.section = "play"
    r.seen["deal"] = k


def _board(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """A street's cards: the board, or in a later run (after ``** Second runout **``)
    that run's own cards."""
    cards = r.card_text(m["cards"], k)
    run = r.seen.get("run", 1)
    if run > 1:
        r.rec.run_boards.append((run, cards, k))
    else:
        r.rec.actions.append((cards, "board", Decimal(0), k))
    r.section = "play"


def _summary(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    r.section = "summary"


_RUNS = {"First": 1, "Second": 2, "Third": 3, "Fourth": 4}


def _runout(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    """'** First runout **' (printed before the board of any hand, run once or not),
    '** Second runout **': the streets after it deal that run's own cards."""
    run = _RUNS[m["run"]]
    r.seen["run"] = run
    r.rec.runs = max(r.rec.runs, run)
    r.section = "play"


def _dealt(r: Reading, _: str, m: re.Match[str], k: int) -> None:
    name = m["name"]
    if name not in r.rec.seats:
        raise r.rec.fail(k, f"cards dealt to {name!r}, who has no seat")
    r.rec.known_cards(name, r.card_text(m["cards"], k), k)


def _wager(kind: str) -> Rule:
    """fold, check, call, bet, raise: a raise adds its amount to the bet, as a bet does."""
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        rec = r.rec
        amount = r.amount(m["amount"], k) if kind in ("c", "b") else Decimal(0)
        if r.section == "seats":  # before the deal: a fold may be a player declining to post
            r.early.append(len(rec.actions))
        rec.actions.append((name, kind, amount, k))
        if m.groupdict().get("capped"):
            rec.cap_lines.setdefault(name, k)
    words = {"f": "{fold}", "x": "{check}", "c": f"{{call}} {_AMOUNT}{_TAIL}",
             "b": f"(?:{{bet}}|{{raise}}) {_AMOUNT}{_TAIL}"}[kind]
    what = {"f": "folds", "x": "checks", "c": "calls [$1]", "b": "bets [$2] (raises [$4])"}[kind]
    return Rule(what.split()[0], words, step, ("seats", "play"), actor=True, example=f"Alice {what}")


def _shows(shown: bool) -> Rule:
    def step(r: Reading, name: str, m: re.Match[str], k: int) -> None:
        r.rec.known_cards(name, r.card_text(m["cards"], k), k)
        r.rec.showdown.append((name, shown, k))
    word = "{shows}" if shown else "{mucks}"
    return Rule("shows" if shown else "mucks", rf"{word} \[(?P<cards>[^\]]*)\]", step,
                ("play", "summary"), actor=True,
                example=f"Alice {'shows' if shown else 'mucks'} [ Ad, 4c ]")


def _collected(r: Reading, name: str, m: re.Match[str], k: int) -> None:
    rec = r.rec
    if not name:  # 'Second runout Bob collected [ $10 ]': what a run pays, summed
        name = m["name"]
        if name not in rec.seats:
            raise rec.fail(k, f"{name!r} collects but has no seat (seated: {list(rec.seats)!r})")
    rec.collected[name] = rec.collected.get(name, Decimal(0)) + r.amount(m["amount"], k)
    rec.collected_lines.setdefault(name, k)
    rec.total_line = k


# ---- the grammar -----------------------------------------------------------------------

RULES: tuple[Rule, ...] = (
    Rule("game", r"(?P<stakes>.+?) {blinds} (?P<game>.+?)(?P<jackpot> {jackpot_table})?"
         r" - \*\*\* (?P<date>\d{2} \d{2} \d{4} \d{1,2}:\d{2}:\d{2})", _game, ("head",),
         example=_GAME_EXAMPLE),
    Rule("tournament", r"{tournament} #(?P<id>\d+)(?: (?P<buyin>.*?))? - {table} #?(?P<table>\S+)"
         r"(?: (?P<max>\d+) Max)?(?: \((?:{real_money}|(?P<play>{play_money}))\))?", _tournament,
         ("seats",), example="Tournament #78669312 $0.09 + $0.01 - Table #3 9 Max (Real Money)"),
    Rule("table", r"{table} (?P<table>.+?)(?: (?P<max>\d+) Max)?"
         r"(?: \((?:{real_money}|(?P<play>{play_money}))\))?", table_line, ("seats",),
         example="Table Athens 6 Max (Real Money)"),
    Rule("button", r"{seat} (?P<seat>\d+) {button}", _button, ("seats",),
         example="Seat 4 is the button"),
    Rule("players", r"{players} ?: ?\d+(?:/\d+)?", nothing, ("seats",),
         example="Total number of players : 6"),
    Rule("seat", r"{seat} (?P<seat>\d+): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)", _seat, ("seats",),
         example="Seat 1: Alice ( $10.98 )"),
    Rule("down cards", r"\*\* {dealing} {down_cards} \*\*", _deal, example="** Dealing down cards **"),
    Rule("board", r"\*\* {dealing} (?:{flop}|{turn}|{river}) \*\* ?\[(?P<cards>[^\]]*)\]", _board,
         ("seats", "play"), example="** Dealing flop ** [ 4h, Kc, 3s ]"),
    Rule("summary", r"\*\* {summary} \*\*", _summary, example="** Summary **"),
    Rule("runout", r"\*\* (?P<run>First|Second|Third|Fourth) runout \*\*", _runout,
         example="** Second runout **"),
    Rule("run collected", rf"(?:First|Second|Third|Fourth) runout (?P<name>.+?) {{collected}} {_AMOUNT}",
         _collected, ("summary",), example="Second runout Bob collected [ $10 ]"),
    Rule("dealt", r"{dealt_to} (?P<name>.+?) \[(?P<cards>[^\]]*)\]", _dealt, ("seats", "play"),
         example="Dealt to Alice [ 3d, Jc ]"),
    Rule("hi-lo hand", r"\((?:Hi|Lo): [^()]*\)", nothing, ("summary",), example="(Lo: 2h, 5d, 6d, 8h, As)"),
    _post("sb"), _post("bb"), _post("ante"),
    Rule("posts dead blind", rf"{{posts}} {{dead_blind}} {_AMOUNT}", _dead, ("seats", "play"),
         actor=True, example="Alice posts dead blind [$1 + $2]"),
    _wager("f"), _wager("x"), _wager("c"), _wager("b"),
    _shows(True), _shows(False),
    Rule("collected", rf"{{collected}} {_AMOUNT}", _collected, ("play", "summary"), actor=True,
         example="Alice collected [ $0.19 ]"),
    Rule("did not show", r"{did_not_show}", nothing, ("play", "summary"), actor=True,
         example="Alice did not show his hand"),
    Rule("sits out", r"{sits_out}", nothing, ("seats",), actor=True, example="Alice sits out"),
)
"""888poker's lines: the grammar :func:`read_888_hand` reads a hand with."""

GRAMMAR = Grammar("888poker", RULES, expected={"head": f"expected the game line, e.g. {_GAME_EXAMPLE!r}"})


def read_888_hand(site: str, file: str, first_line: int, lines: Sequence[str]) -> HandRecord:
    """Read one 888poker hand (its lines; ``first_line`` is its first line in ``file``)."""
    rec = HandRecord(site=site, file=file, line=first_line, prints_uncalled=False,
                     prints_fees=False, marks_sitting_out=False)
    k0 = 0
    while k0 < len(lines) and (not lines[k0].strip() or lines[k0].startswith(BEFORE_HAND)):
        k0 += 1
    title = _TITLE.match(lines[k0].strip()) if k0 < len(lines) else None
    if title is None:
        raise rec.fail(first_line + k0, "expected '***** 888poker Hand History for Game N *****'")
    rec.line, rec.hand_id = first_line + k0, title["id"]
    reading = Reading(rec, "head")
    for k, raw in enumerate(lines[k0 + 1:], start=first_line + k0 + 1):
        text = raw.strip()
        if text and not text.startswith(BEFORE_HAND):
            GRAMMAR.read(reading, text, k)
    last = first_line + len(lines) - 1
    if reading.section == "head":
        raise rec.fail(rec.line + 1, f"expected the game line, e.g. {_GAME_EXAMPLE!r}")
    if reading.section != "summary":
        raise rec.fail(last, "the hand ends before its '** Summary **' section: truncated?")
    _declined(reading)
    if not rec.collected:
        raise rec.fail(last, "nobody collected the pot: truncated?")
    return rec


def _declined(r: Reading) -> None:
    """The players who fold before any card is dealt decline to post: not dealt in. A fold
    is one before '** Dealing down cards **'; without that line (some files lack it), one
    before the last blind posted, or any before the first other action of a hand where no
    big blind is posted (everybody declined it)."""
    rec = r.rec
    folds = [i for i in r.early if rec.actions[i][1] == "f"]
    if not folds:
        return
    if "deal" in r.seen:
        declined = folds
    else:
        last_blind = r.seen.get("last_blind", 0)
        declined = [i for i in folds if rec.actions[i][3] < last_blind]
        if not any(kind == "bb" for _, kind, _, _ in rec.posts):
            first_other = next((i for i, a in enumerate(rec.actions) if a[1] != "f"), len(rec.actions))
            declined = [i for i in folds if i < first_other]
    posted = {p[0] for p in rec.posts}
    out = {i for i in declined if rec.actions[i][0] not in posted}
    rec.out.update(rec.actions[i][0] for i in out)
    rec.actions[:] = [a for i, a in enumerate(rec.actions) if i not in out]
