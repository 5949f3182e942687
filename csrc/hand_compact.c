/* The compact hand layout (csrc/hand_state.h, HE_HAND_COMPACT): the hand machine
 * (csrc/hand*.c but the event log and the settings' table, which both layouts share) and
 * its batch kernels (csrc/hand_batch.c) compiled again in one unit, chips stored in
 * int32_t, room for HE_HAND_COMPACT_SEATS seats; the machine's external names renamed
 * he_hand_compact_* / he_hi_compact_* by csrc/hand_state.h, its batch kernels reached
 * through he_batch_compact_layout (csrc/hand_batch_internal.h). */
#define HE_HAND_COMPACT 1
#include "hand.c"
#include "hand_cards.c"
#include "hand_deck.c"
#include "hand_showdown.c"
#include "hand_start.c"
#include "hand_state.c"
#include "hand_batch.c"
