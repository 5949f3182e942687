/* The compact hand layout (csrc/hand_state.h, HE_HAND_COMPACT): csrc/hand_batch_parts.c
 * compiled again, its symbols renamed he_*6_*. */
#define HE_HAND_COMPACT 1
#include "hand_batch_parts.c"
