/* The table of the game's settings (api/hand.h: he_hand_config_words, he_hand_setting_*),
 * built from their one list, HE_HAND_SETTINGS in csrc/hand_state.h: wrappers that do not
 * see the struct (cffi, engine/hand/inputs.py) fill a he_hand_config by these names. Both
 * layouts share he_hand_config, so this file is compiled once. */
#include "hand_state.h"

#define NAME(S, A, type, name, length, lo, hi) #name,
#define LENGTH(S, A, type, name, length, lo, hi) length,
#define OFFSET(S, A, type, name, length, lo, hi) offsetof(he_hand_config, name) / sizeof(int64_t),
#define SIZE(S, A, type, name, length, lo, hi) +(length)
static const char *const names[] = {HE_HAND_SETTINGS(NAME, _, _)};
static const size_t lengths[] = {HE_HAND_SETTINGS(LENGTH, _, _)};
static const size_t offsets[] = {HE_HAND_SETTINGS(OFFSET, _, _)};
#define N_SETTINGS (sizeof names / sizeof names[0])

/* every value an int64_t, none between them: the words are the values, in order */
typedef char he_hand_config_no_padding[sizeof(he_hand_config) == sizeof(int64_t) * (0 HE_HAND_SETTINGS(SIZE, _, _)) ? 1 : -1];

size_t he_hand_config_words(void) { return sizeof(he_hand_config) / sizeof(int64_t); }
size_t he_hand_setting_count(void) { return N_SETTINGS; }
const char *he_hand_setting_name(size_t k) { return k < N_SETTINGS ? names[k] : NULL; }
size_t he_hand_setting_length(size_t k) { return k < N_SETTINGS ? lengths[k] : 0; }
size_t he_hand_setting_offset(size_t k) { return k < N_SETTINGS ? offsets[k] : 0; }
