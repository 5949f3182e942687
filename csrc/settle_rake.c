/* The rake (he_settle_rake_of, csrc/settle_internal.h): TDA's floor of a fraction of the
 * whole hand's pot or PokerKit's rounded rate of one merged pot, no flop no drop, the cap;
 * exact in 64-bit integers (a 128-bit product where the fraction needs it). csrc/settle_pots.c
 * takes it from the pots; he_settle_rake (csrc/settle.c) is Rules.rake_for's. */
#include "settle_internal.h"

/* PokerKit's rake of one pot: Python's round(amount * rate) (nearest, ties to even) in
 * doubles, as PokerKit computes it, but never more than the pot itself: above 2^53 chips the
 * double product can round up past `amount`, and near 2^63 past what int64 holds. */
static int64_t pokerkit_rake(int64_t amount, double rate)
{
    double x = (double)amount * rate;
    if (x >= 9223372036854775808.0) { /* 2^63: no int64 value, and more than any pot */
        return amount;
    }
    int64_t whole = (int64_t)x;
    double frac = x - (double)whole;
    if (frac > 0.5 || (frac == 0.5 && (whole & 1))) {
        whole++;
    }
    return whole < amount ? whole : amount;
}

/* floor(a * num / den) for 0 <= a, 0 <= num <= den, 0 < den, all below 2^63: the 128-bit
 * product in two 64-bit halves (portable C99, no __int128), then a bit-at-a-time long
 * division. The quotient is at most a, so it fits; the remainder stays below den < 2^63, so
 * doubling it never overflows. */
static int64_t mul_div_floor(uint64_t a, uint64_t num, uint64_t den)
{
    const uint64_t lo32 = 0xFFFFFFFFu;
    uint64_t p0 = (a & lo32) * (num & lo32), p1 = (a & lo32) * (num >> 32);
    uint64_t p2 = (a >> 32) * (num & lo32), p3 = (a >> 32) * (num >> 32);
    uint64_t mid = (p0 >> 32) + (p1 & lo32) + (p2 & lo32);
    uint64_t lo = (p0 & lo32) | (mid << 32);
    uint64_t rem = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32); /* high half, < den */
    uint64_t q = 0;
    for (int bit = 63; bit >= 0; bit--) {
        rem = (rem << 1) | (lo >> bit & 1u);
        q <<= 1;
        if (rem >= den) {
            rem -= den;
            q |= 1u;
        }
    }
    return (int64_t)q;
}

/* floor(amount * num / den) without overflow for 0 <= num <= den < 2^63: exact 64-bit
 * arithmetic when den <= 2^31 (every percent with up to seven decimals), else 128-bit. */
static int64_t rate_floor(int64_t amount, int64_t num, int64_t den)
{
    if (den <= ((int64_t)1 << 31)) {
        return (amount / den) * num + (amount % den) * num / den;
    }
    return mul_div_floor((uint64_t)amount, (uint64_t)num, (uint64_t)den);
}

static int64_t capped(int64_t raked, int64_t cap)
{
    return (cap >= 0 && raked > cap) ? cap : raked;
}

/* The rake of `amount` chips: the whole hand's pot (TDA) or one merged pot (POKERKIT). */
int64_t he_settle_rake_of(const he_settle_rules *r, int64_t amount, int flop_dealt)
{
    if (r->no_flop_no_drop && !flop_dealt) {
        return 0;
    }
    if (r->method == HE_SETTLE_POKERKIT) {
        return capped(pokerkit_rake(amount, r->rate), r->cap);
    }
    return r->rate_num ? capped(rate_floor(amount, r->rate_num, r->rate_den), r->cap) : 0;
}
