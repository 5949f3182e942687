/* Card text for the C-only tests: card("Ah") is the id of one card (4 * rank + suit, as the
 * library numbers them: 2c = 0, As = 51), cards("AhKd7c", out) the ids of a run of cards
 * written without spaces. Well-formed text only (the tests write it). Included by a test
 * program (a single translation unit). */
#ifndef HE_TEST_CARD_TEXT_H
#define HE_TEST_CARD_TEXT_H

#include <stdint.h>
#include <string.h>

static inline uint8_t card(const char *text)
{
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    return (uint8_t)(4 * (strchr(ranks, text[0]) - ranks) + (strchr(suits, text[1]) - suits));
}

static inline void cards(const char *text, uint8_t *out)
{
    for (size_t i = 0; text[2 * i]; i++) {
        out[i] = card(text + 2 * i);
    }
}

#endif
