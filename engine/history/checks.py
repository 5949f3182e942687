"""The checks and fields :func:`~.record.to_phh` applies to a site's hand record: an all-in
raise nobody can call, capped no-limit, the fees a site may take (per-site limits), the
uncalled bet, and the PHH fields of the record (bounties, table, players, time)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .record import HandRecord

__all__ = [
    "RAKE_LIMITS", "RakeLimit", "bounty_fields", "check_cap", "check_fees", "nobody_can_call",
    "percent_text", "round_over", "standard_fields", "uncalled_out_of_collected",
]

# Time zones the sites print, as IANA names (PHH's ``time_zone``); the abbreviation is kept
# as printed in ``time_zone_abbreviation``.
_ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "PT": "America/Los_Angeles", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon", "UTC": "UTC", "GMT": "UTC",
}


_CASINOS = {"pokerstars": "PokerStars", "ggpoker": "GGPoker", "888poker": "888poker",
            "winamax": "Winamax", "ipoker": "iPoker", "partypoker": "PartyPoker"}



def nobody_can_call(order: Sequence[str], folded: set[str], starts: Sequence[Decimal],
                     invested: Sequence[Decimal], bets: Sequence[Decimal], k: int,
                     to: Decimal) -> bool:
    """Whether a bet or raise to ``to`` by seat ``k`` is one no opponent can call more of
    (the engine's rule for a wager: facing a bet, a live opponent whose stack and bet top
    it; else a live opponent with chips): then it is a call, or a check."""
    top = max(bets)
    if to <= top:
        return False
    others = [j for j, name in enumerate(order) if j != k and name not in folded]
    if top:
        return not any(starts[j] - invested[j] > top for j in others)
    return not any(starts[j] - invested[j] - bets[j] > 0 for j in others)


def percent_text(part: Decimal, whole: Decimal) -> str:
    """``part`` in percent of ``whole`` as the text of an exact fraction (``'125/46'``;
    ``'0'`` when ``whole`` is 0): ``str(Fraction(part) / Fraction(whole) * 100)``, in
    integers (Fraction's arithmetic costs a hand more than the rest of its fields).

    >>> percent_text(Decimal("0.50"), Decimal("11.50")), percent_text(Decimal(3), Decimal(0))
    ('100/23', '0')
    """
    if not whole:
        return "0"
    a, b = part.as_integer_ratio()
    c, d = whole.as_integer_ratio()
    num, den = a * d * 100, b * c
    if den < 0:
        num, den = -num, -den
    g = math.gcd(num, den)
    return str(num // g) if den == g else f"{num // g}/{den // g}"


def check_cap(rec: HandRecord, order: Sequence[str], invested: Sequence[Decimal]) -> None:
    """Capped no-limit plays as no-limit until a player's chips in the hand reach the cap;
    from there the player is out of the betting as if all-in, which the engine, with no
    per-player cap (:class:`~holdem_eval.engine.GameConfig` has none), cannot play."""
    cap = rec.cap
    assert cap is not None
    # the players the file says reached it first, then any whose chips in reach it
    for k in sorted(range(len(order)), key=lambda k: order[k] not in rec.cap_lines):
        name = order[k]
        put = invested[k] - rec.uncalled.get(name, Decimal(0))
        if put >= cap or name in rec.cap_lines:
            raise rec.unsupported(
                rec.cap_lines.get(name, rec.line),
                f"capped no-limit (a cap of {cap} a player): {name!r} puts {put} in and reaches"
                " the cap, after which the site keeps the player out of the betting; the"
                " engine has no per-player cap (GameConfig), so hands that reach it are not"
                " supported")


@dataclass(frozen=True)
class RakeLimit:
    """What a site's fees can be, for a site that prints none (they are the pot minus
    what the players collected): at most ``share`` of the pot, rounded up to the cent
    (a micro pot's rake is rounded up: 0.02 of a pot of 0.23 is 8.7%), and none from a
    hand without a flop when ``no_flop_no_drop``. A tournament takes no fee from a pot
    (its fee is in the buy-in). Fees outside the limit mean an amount of the hand is
    wrong or missing."""

    share: Decimal
    no_flop_no_drop: bool = True
    source: str = ""


RAKE_LIMITS: dict[str, RakeLimit] = {
    # 888poker's rake is 5% with a cap per stake, rounded up on micro pots, plus a jackpot
    # fee at its Jackpot tables: issue 39 measured 5.06-8.7% on real exports; no cash rake
    # of the sites reaches 10%
    "888poker": RakeLimit(Decimal("0.10"), source="issue 39: fees of 5.06-8.7% in real exports"),
    # iPoker's cash-game rake reaches 1/15 of the pot (6.67%, rounded down: the samples'
    # 0.94 of 14.20, 0.05 of 0.80)
    "ipoker": RakeLimit(Decimal("0.10"), source="the samples: 0.94 of 14.20"),
    "partypoker": RakeLimit(Decimal("0.10")),
}
"""Per site that prints no fees: the limit its worked-out fees are held to."""
_DEFAULT_LIMIT = RakeLimit(Decimal("0.10"))
_CENT = Decimal("0.01")


def check_fees(rec: HandRecord, pot: Decimal, collected: Decimal) -> None:
    """The fees worked out for a site that prints none must be fees it takes."""
    fees = rec.fees
    if not fees:
        return
    limit = RAKE_LIMITS.get(rec.site, _DEFAULT_LIMIT)
    share = limit.share if rec.most_fees is None else rec.most_fees
    flop = any(kind == "board" for _, kind, _, _ in rec.actions)
    where = rec.total_line or rec.line
    head = f"the players collected {collected} of a pot of {pot}, leaving {fees} as fees"
    site = _CASINOS.get(rec.site, rec.site)
    if rec.tournament is not None:
        raise rec.fail(where, f"{head}, but a tournament takes no fee from a pot (its fee is"
                       " in the buy-in): an amount is wrong or missing")
    if limit.no_flop_no_drop and not flop and not rec.jackpot:
        raise rec.fail(where, f"{head}, but {site} takes no rake without a flop: an amount"
                       " is wrong or missing")
    most = (pot * share).quantize(_CENT, rounding=ROUND_CEILING)
    if fees > most:
        raise rec.fail(where, f"{head}, more than {(share * 100).normalize():f}% of the pot"
                       f" ({most}), which {site}'s rake and fees never reach: an amount is"
                       " wrong or missing")


def uncalled_out_of_collected(rec: HandRecord, collected: Decimal) -> Decimal:
    """Winamax: check the printed total (what was collected, uncalled bets included); a site
    that prints no total (iPoker, PartyPoker) is checked later against the pot. Take each
    uncalled bet out of what its owner collected; returns the new total collected."""
    if rec.prints_fees and rec.total_pot is None:
        raise rec.fail(rec.line, "the hand has no 'Total pot' line: truncated?")
    if rec.prints_fees and rec.total_pot != collected:
        raise rec.fail(rec.total_line, f"the total pot is {rec.total_pot} but the players"
                       f" collected {collected}: the amounts do not add up")
    for owner, back in rec.uncalled.items():
        got = rec.collected.get(owner, Decimal(0))
        if got < back:
            raise rec.fail(rec.collected_lines.get(owner, rec.total_line), f"{owner!r} collects"
                           f" {got}, less than the uncalled bet {back} that goes back to them:"
                           " the amounts do not add up")
        rec.collected[owner] = got - back
        collected -= back
    return collected


def round_over(rec: HandRecord, order: list[str], bets: list[Decimal]) -> None:
    """At the end of a betting round, for a site that does not print it: the part of the
    largest bet that nobody matched goes back to its owner."""
    if rec.prints_uncalled or not bets:
        return
    top = max(bets)
    k = bets.index(top)
    second = max((b for j, b in enumerate(bets) if j != k), default=Decimal(0))
    if top > second:
        name = order[k]
        rec.uncalled[name] = rec.uncalled.get(name, Decimal(0)) + top - second


def bounty_fields(rec: HandRecord, order: Sequence[str]) -> dict[str, Any]:
    """The user-defined fields of what the file states beside the chips: the bounties of a
    knockout tournament, and what the reader inferred."""
    fields: dict[str, Any] = {}
    if rec.bounties or rec.bounties_won:
        fields["_bounties"] = [rec.bounties.get(name, Decimal(0)) for name in order]
        fields["_bounties_won"] = [rec.bounties_won.get(name, Decimal(0)) for name in order]
        if rec.bounty_currency:
            fields["_bounty_currency"] = rec.bounty_currency
    if rec.inferred:
        fields["_inferred"] = list(rec.inferred)
    return fields


def standard_fields(rec: HandRecord, order: Iterable[str]) -> dict[str, Any]:
    """PHH's optional fields: hand, table, players, seats, currency, date and time."""
    names = list(order)
    fields: dict[str, Any] = {
        "casino": _CASINOS.get(rec.site, rec.site),
        "online": True,
        "hand": rec.hand_id,
        "table": rec.table,
        "players": names,
        "seats": [rec.seats[name][0] for name in names],
    }
    if rec.seat_count:
        fields["seat_count"] = rec.seat_count
    if rec.currency:
        fields["currency"] = rec.currency
    if rec.tournament:
        fields["event"] = rec.tournament
    if rec.when is not None:
        fields.update(year=rec.when.year, month=rec.when.month, day=rec.when.day,
                      time=rec.when.time())
    if rec.zone:
        fields["time_zone_abbreviation"] = rec.zone
        if rec.zone in _ZONES:
            fields["time_zone"] = _ZONES[rec.zone]
    return fields
