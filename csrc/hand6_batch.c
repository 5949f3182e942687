/* The compact hand layout (csrc/hand_state.h, HE_HAND_COMPACT): csrc/hand_batch.c compiled
 * again, chips stored in int32_t, room for 6 seats, its symbols renamed he_*6_*. */
#define HE_HAND_COMPACT 1
#include "hand_batch.c"
