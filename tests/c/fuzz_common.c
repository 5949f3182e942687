/* The shared part of the C fuzz driver (see fuzz_core.c): the case context and failure
 * reporting, random inputs, status sets and the reference oracles, declared in
 * fuzz_common.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

/* ---------------------------------------------------------------- case context */

const char *target_name = "";
uint64_t case_number = 0;
uint64_t base_seed = 1;
uint64_t rng;
int fuzz_failures = 0;

static void report_context(void)
{
    fprintf(stderr, "  in target %s, case %llu (replay: fuzz_core 0 %llu %llu)\n", target_name,
            (unsigned long long)case_number, (unsigned long long)base_seed,
            (unsigned long long)case_number);
    if (fuzz_failures >= MAX_FAILURES) {
        fprintf(stderr, "too many failures, stopping\n");
        exit(1);
    }
}

void fuzz_failed(void)
{
    fuzz_failures++;
    report_context();
}

/* ---------------------------------------------------------------- random inputs */

size_t gen_count(size_t large)
{
    static const size_t edges[] = {0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65};
    unsigned pick = (unsigned)below(1000);
    if (pick < 400) {
        return edges[below(sizeof edges / sizeof edges[0])];
    }
    if (pick < 900) {
        return below(100);
    }
    return below((pick < 998 ? large : 100 * large) + 1);
}

uint8_t bad_id(void)
{
    static const uint8_t edges[] = {52, 53, 63, 64, 127, 128, 254, 255};
    return chance(60) ? edges[below(sizeof edges)] : (uint8_t)(52 + below(204));
}

int draw_distinct(uint8_t *out, size_t n, uint64_t *used)
{
    uint8_t deck[52];
    size_t left = 0;
    for (uint8_t c = 0; c < 52; c++) {
        if (!(*used >> c & 1u)) {
            deck[left++] = c;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (left == 0) {
            for (size_t j = i; j < n; j++) {
                out[j] = i ? out[below(i)] : 0;
            }
            return 0;
        }
        size_t j = below(left);
        out[i] = deck[j];
        deck[j] = deck[--left];
        *used |= 1ULL << out[i];
    }
    return 1;
}

void corrupt(uint8_t *cards, size_t n)
{
    if (n == 0) {
        return;
    }
    size_t i = below(n), j = below(n);
    cards[i] = (n > 1 && i != j && chance(50)) ? cards[j] : bad_id();
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

void rows_to_columns(const uint8_t *rows, size_t n, size_t k, uint8_t **cols,
                     const uint8_t **ccols)
{
    for (size_t j = 0; j < 9; j++) {
        cols[j] = xmalloc(n);
        for (size_t i = 0; i < n; i++) {
            cols[j][i] = j < k ? rows[i * k + j] : 0;
        }
        ccols[j] = cols[j];
    }
}

int columns_hold_rows(const uint8_t *rows, size_t n, size_t k, uint8_t *const *cols)
{
    for (size_t j = 0; j < k; j++) {
        for (size_t i = 0; i < n; i++) {
            if (cols[j][i] != rows[i * k + j]) {
                return 0;
            }
        }
    }
    return 1;
}

void free_columns(uint8_t **cols)
{
    for (size_t j = 0; j < 9; j++) {
        free(cols[j]);
    }
}

void *dup_bytes(const void *p, size_t size)
{
    void *q = xmalloc(size);
    if (size) {
        memcpy(q, p, size);
    }
    return q;
}

/* ---------------------------------------------------------------- status sets */

void add_code(codeset *s, int code)
{
    for (size_t i = 0; i < s->n; i++) {
        if (s->code[i] == code) {
            return;
        }
    }
    s->code[s->n++] = code;
}

int in_set(const codeset *s, int code)
{
    for (size_t i = 0; i < s->n; i++) {
        if (s->code[i] == code) {
            return 1;
        }
    }
    return 0;
}

int card_defects(const uint8_t *a, size_t n, uint64_t *used, codeset *s)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (a[i] >= 52) {
            add_code(s, HE_E_CARD_RANGE);
            bad = 1;
        } else if (*used >> a[i] & 1u) {
            add_code(s, HE_E_DUPLICATE);
            bad = 1;
        } else {
            *used |= 1ULL << a[i];
        }
    }
    return bad;
}

int cards_ok(const uint8_t *a, size_t n)
{
    codeset s = {{0}, 0};
    uint64_t used = 0;
    return !card_defects(a, n, &used, &s);
}

/* ---------------------------------------------------------------- reference oracles */

int category_of_rank(int r)
{
    static const int upper[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};
    for (int c = 0; c < 9; c++) {
        if (r <= upper[c]) {
            return c + 1;
        }
    }
    return 0;
}

int category5(const uint8_t *c)
{
    int count[13] = {0};
    unsigned ranks = 0;
    int flush = 1;
    for (size_t i = 0; i < 5; i++) {
        count[c[i] / 4]++;
        ranks |= 1u << (c[i] / 4);
        flush &= (c[i] % 4) == (c[0] % 4);
    }
    int straight = 0;
    for (unsigned low = 0; low + 5 <= 13; low++) {
        straight |= ranks == (0x1Fu << low);
    }
    straight |= ranks == 0x100Fu; /* A-2-3-4-5 */
    int pairs = 0, trips = 0, quads = 0;
    for (size_t r = 0; r < 13; r++) {
        pairs += count[r] == 2;
        trips += count[r] == 3;
        quads += count[r] == 4;
    }
    if (straight && flush) {
        return 1;
    }
    if (quads) {
        return 2;
    }
    if (trips && pairs) {
        return 3;
    }
    if (flush) {
        return 4;
    }
    if (straight) {
        return 5;
    }
    return trips ? 6 : pairs == 2 ? 7 : pairs == 1 ? 8 : 9;
}

void best_of_subsets(const uint8_t *c, size_t k, int *rank, int *category)
{
    *rank = 99999;
    *category = 99;
    size_t idx[5];
    for (idx[0] = 0; idx[0] < k; idx[0]++)
        for (idx[1] = idx[0] + 1; idx[1] < k; idx[1]++)
            for (idx[2] = idx[1] + 1; idx[2] < k; idx[2]++)
                for (idx[3] = idx[2] + 1; idx[3] < k; idx[3]++)
                    for (idx[4] = idx[3] + 1; idx[4] < k; idx[4]++) {
                        uint8_t five[5];
                        for (size_t i = 0; i < 5; i++) {
                            five[i] = c[idx[i]];
                        }
                        int r = he_eval5(five[0], five[1], five[2], five[3], five[4]);
                        int cat = category5(five);
                        *rank = r < *rank ? r : *rank;
                        *category = cat < *category ? cat : *category;
                    }
}

int omaha_reference(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb)
{
    int best = 99999;
    for (size_t a = 0; a < nh; a++)
        for (size_t b = a + 1; b < nh; b++)
            for (size_t x = 0; x < nb; x++)
                for (size_t y = x + 1; y < nb; y++)
                    for (size_t z = y + 1; z < nb; z++) {
                        int r = he_eval5(hole[a], hole[b], board[x], board[y], board[z]);
                        best = r < best ? r : best;
                    }
    return best;
}
