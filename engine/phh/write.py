"""Writing PHH: a played :class:`~holdem_eval.engine.Hand` of a game PHH has a variant code
for (no-limit and fixed-limit Hold'em, pot-limit Omaha) as PHH text, whole or as one seat
(or a spectator) saw it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ..dealing import format_cards
from ..errors import PhhError, UnsupportedPhhError
from ..hand.hand import Hand
from ..rules import Rules
from .hand import PHH_ALTERNATES, PHH_CODES, PHH_VARIANTS
from .read import rule_fields

__all__ = ["dumps_phh"]


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_string(text: str, what: str) -> str:
    """``text`` as a TOML string: a literal string ('...') when it needs no escape, else a
    basic string ("...") with quotes, backslashes and control characters escaped."""
    bad = next((ch for ch in text if 0xD800 <= ord(ch) <= 0xDFFF), None)
    if bad is not None:
        raise PhhError(
            f"cannot write {what} {text!r} as PHH: it holds the lone surrogate U+{ord(bad):04X},"
            " which is not a character (PHH files are UTF-8 text)"
        )
    if "'" not in text and all(ch == "\t" or (ch >= " " and ch != "\x7f") for ch in text):
        return "'" + text + "'"
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(key: str) -> str:
    """A field name as a TOML key: bare when it is letters, digits, '_' and '-' only."""
    if key and all(ch.isascii() and (ch.isalnum() or ch in "_-") for ch in key):
        return key
    return _toml_string(key, "the field name")


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value, "the text")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise PhhError(f"cannot write {value!r} as PHH")


def dumps_phh(hand: Hand, /, *, viewer: int | str | None = None, **metadata: Any) -> str:
    """Write ``hand`` (finished or not) as PHH text that PokerKit 0.7.7 can read back.

    PHH has variant codes for these of the engine's games, so these are written: no-limit
    Hold'em (``NT``), fixed-limit Hold'em with at most 4 bets or raises a round (``FT``),
    pot-limit Omaha (``PO``), no-limit short deck (``NS``; the ``"short-deck"`` row, where
    three of a kind beats a straight, adds the user-defined field ``_variant``: PokerKit's
    ``NS`` ranks a straight above it) and fixed-limit Omaha hi-lo (``FO/8``). PHH has no
    code for pot-limit 5- and 6-card Omaha or pot-limit Omaha hi-lo: they are written with
    the engine's own codes ``PO5``, ``PO6``, ``PO/8`` and ``PO5/8``, which this module
    reads back and PokerKit does not. Other games (pot-limit Hold'em, no-limit or
    fixed-limit Omaha, ...) raise :class:`UnsupportedPhhError`. A button blind
    (``GameConfig.button_blind``) is written as PokerKit writes it: the button's entry of
    ``blinds_or_straddles`` (``pN``; heads-up ``p1``'s, which PokerKit swaps).

    ``viewer``: ``None`` writes everything (every seat's hole cards: the house's record).
    A seat (its position in the hand, 0..n-1) writes only what that seat saw: its own
    hole cards, the board, and the cards shown at showdown; every other hole card is
    ``????`` and a hand that was not shown is a muck (``pK sm``). ``"public"`` writes what
    a spectator saw (no hole card that was not shown). Such a record replays to the same
    stacks whenever the shown hands decide the pots, which they do in a finished hand.

    ``metadata`` adds optional fields (``players=[...]``, ``hand=17``, ...), written
    after the required ones: text is quoted and escaped (quotes, backslashes, newlines,
    any Unicode) and a name that is not a bare TOML key (``"my key"``) is quoted, so
    ``loads_phh`` reads back the same values.  Reading the text back and replaying it
    gives the same stacks, rake and pots: for a finished hand, settlement rules other than
    PokerKit's are written (after ``finishing_stacks``) as the user-defined fields ``_odd_chips``,
    ``_pot_method``, ``_rake_percent`` (exact, as a fraction), ``_rake_cap`` and
    ``_no_flop_no_drop`` (PokerKit ignores them), and an automatic showdown is written
    with every live hand shown (the engine compared them all; a hand that was not
    needed is logged as a muck).  Hands with extra (dead or missed-blind) posts cannot
    be expressed in PHH (it has no post out of position: one would replay as a straddle)
    and raise :class:`UnsupportedPhhError`.
    """
    cfg = hand.config
    code = PHH_CODES.get((cfg.variant, cfg.betting))
    if code is None:
        raise UnsupportedPhhError(
            f"PHH has no variant code for {cfg.variant} {cfg.betting}"
            f" ({', '.join(PHH_VARIANTS)} exist)"
        )
    if cfg.betting == "fixed-limit" and (
        cfg.max_bets is None or cfg.max_bets - (1 if cfg.blind_counts_toward_cap else 0) > 4
    ):
        raise UnsupportedPhhError("PokerKit's FT allows at most 4 bets or raises per round")
    n = hand.n
    if viewer is None or viewer == "public":
        sees = set(range(n)) if viewer is None else set()
    elif viewer.__class__ is int and 0 <= viewer < n:
        sees = {viewer}
    else:
        raise PhhError(f"viewer must be a seat 0..{n - 1}, 'public' or None, got {viewer!r}")
    phh_of = {(hand.button + 1 + k) % n: k for k in range(n)}  # engine seat -> PHH index
    seat_of = {k: s for s, k in phh_of.items()}
    sb_seat, bb_seat = hand.blind_seats
    if sb_seat is None:
        raise UnsupportedPhhError(
            "PHH cannot express a hand without a small blind (the dead-button rule): its"
            " blinds are by position from the seat after the button; keep the table's JSON"
            " events or hand result instead"
        )
    blinds = [0] * n
    antes = [0] * n
    if cfg.button_blind:  # the button's entry (heads-up PokerKit swaps the first two)
        blinds[n - 1 if n > 2 else 0] = cfg.big_blind
    else:
        blinds[0], blinds[1] = cfg.small_blind, cfg.big_blind
    if cfg.straddle:
        blinds[2] = cfg.straddle
    if cfg.ante:
        antes = [cfg.ante] * n
    elif cfg.big_blind_ante:
        antes[1] = cfg.big_blind_ante
    actions: list[str] = []
    for e in hand.events:
        kind = e.kind
        p = f"p{phh_of[e.seat] + 1}" if e.seat >= 0 else ""
        if kind in ("post", "dead"):
            raise UnsupportedPhhError(
                "PHH cannot express extra (missed or dead) blind posts: its forced bets are"
                " blinds and straddles by position and antes, so a live post out of position"
                " would replay as a straddle; keep the table's JSON events or hand result instead"
            )
        if kind == "hole":
            continue
        if kind == "board":
            actions.append(f"d db {format_cards(e.cards)}")
        elif kind == "run_board":  # a later run, street by street (PokerKit's order)
            first = 5 - len(e.cards)
            for start, end in ((0, 3), (3, 4), (4, 5)):
                if end > first:
                    part = e.cards[max(start, first) - first:end - first]
                    actions.append(f"d db {format_cards(part)}")
        elif kind == "fold":
            actions.append(f"{p} f")
        elif kind in ("check", "call"):
            actions.append(f"{p} cc")
        elif kind in ("bet", "raise"):
            actions.append(f"{p} cbr {e.amount}")
        elif kind == "show":
            actions.append(f"{p} sm {format_cards(e.cards)}")
        elif kind == "muck" and not hand.manual_showdown and viewer is None:
            # an automatic showdown compared every live hand ("muck" only means the
            # hand was not needed): written as shown so the file settles the same pots
            actions.append(f"{p} sm {format_cards(hand.hole_cards[e.seat])}")
        elif kind == "muck":
            actions.append(f"{p} sm")
    hidden = "??" * cfg.hole_count
    deals = [
        f"d dh p{k + 1} {format_cards(hand.hole_cards[seat_of[k]]) if seat_of[k] in sees else hidden}"
        for k in range(n)
    ]
    fields: dict[str, Any] = {
        "variant": code,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if cfg.variant in PHH_ALTERNATES:
        fields["_variant"] = cfg.variant
    if cfg.betting == "fixed-limit":
        fields["small_bet"] = cfg.small_bet
        fields["big_bet"] = cfg.big_bet
    else:
        fields["min_bet"] = cfg.min_bet
    fields["starting_stacks"] = [hand.starting_stacks[seat_of[k]] for k in range(n)]
    fields["actions"] = deals + actions
    if hand.runs > 1:
        fields["_runs"] = hand.runs
    if hand.is_over:
        # the settlement rules go with the result they produced (an unfinished hand
        # does not replay, so its file needs neither)
        fields["finishing_stacks"] = [hand.stacks[seat_of[k]] for k in range(n)]
        fields.update(rule_fields(hand.rules if hand.rules is not None else Rules()))
    del sb_seat, bb_seat
    for key, value in metadata.items():
        if key in fields:
            raise PhhError(f"metadata field {key!r} is written by the engine")
        fields[key] = value
    return "\n".join(f"{_toml_key(key)} = {_toml_value(value)}" for key, value in fields.items()) + "\n"
