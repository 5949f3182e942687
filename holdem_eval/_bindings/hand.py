"""The hand machine's tables for engine.Hand and HandBatch: the variants, the state's fields,
the game settings and their packing (csrc/api/variant.h, csrc/hand_state.h)."""

from __future__ import annotations

import struct
from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from ._core import ffi, lib

__all__ = ["DECK_SIZE", "HAND_CONSTANTS", "HAND_FIELDS", "HAND_SETTINGS", "VARIANT_ROWS",
           "WORST_RANK", "hand_config_struct", "pack_hand_config"]

# The variants' table (csrc/api/variant.h): one row per game, by code.
VARIANT_ROWS: tuple[dict[str, Any], ...] = tuple(
    {
        "name": ffi.string(row.name).decode(), "code": code, "deck_size": row.deck_size,
        "lowest_card": row.lowest_card, "hole_min": row.hole_min, "hole_max": row.hole_max,
        "board_size": row.board_size, "hole_used": row.hole_used, "worst_rank": row.worst_rank,
        "low": row.low,
    }
    for code, row in ((k, lib.he_variant_info(k)) for k in range(lib.he_variant_count()))
)
DECK_SIZE: int = lib.HE_DECK_SIZE
WORST_RANK: int = lib.HE_RANK_WORST

# The hand state's fields (csrc/hand_state.h, HE_HAND_FIELDS) and the constants of
# csrc/api/hand.h that engine.Hand tells its refusals apart by.
HAND_FIELDS: tuple[str, ...] = tuple(
    ffi.string(lib.he_hand_field_name(f)).decode() for f in range(lib.he_hand_field_count())
)
HAND_CONSTANTS: dict[str, int] = {
    "MAX_HOLE": lib.HE_HAND_MAX_HOLE, "MAX_RUNS": lib.HE_HAND_MAX_RUNS,
    "CHECK_OR_CALL": lib.HE_ACT_CHECK_OR_CALL,
    "BET_OR_RAISE": lib.HE_ACT_BET_OR_RAISE, "TURN": lib.HE_E_HAND_TURN,
    "CONFIG": lib.HE_E_HAND_CONFIG, "NO_DEAL": lib.HE_E_HAND_NO_DEAL,
    "SHOW_COUNT": lib.HE_E_HAND_SHOW_COUNT, "UNKNOWN": lib.HE_E_HAND_UNKNOWN,
    "STATE": lib.HE_E_HAND_STATE,
}

# The hand machine's game settings (he_hand_config), listed once in csrc/hand_state.h
# (HE_HAND_SETTINGS): name -> (offset in int64 words, count of values).
HAND_SETTINGS: dict[str, tuple[int, int]] = {
    ffi.string(lib.he_hand_setting_name(k)).decode(): (
        int(lib.he_hand_setting_offset(k)), int(lib.he_hand_setting_length(k))
    )
    for k in range(lib.he_hand_setting_count())
}
_CONFIG_WORDS: int = lib.he_hand_config_words()


# the settings in the order of their words, and the struct of those words
_SETTING_ORDER: tuple[tuple[str, int], ...] = tuple(
    (name, length) for name, (_, length) in sorted(HAND_SETTINGS.items(), key=lambda kv: kv[1][0])
)
_CONFIG_STRUCT = struct.Struct(f"={_CONFIG_WORDS}q")


def pack_hand_config(values: Mapping[str, int | Sequence[int]]) -> bytes:
    """A he_hand_config as bytes (int64 words in native order) from every setting by name.
    A name missing or unknown to csrc/hand_state.h is a RuntimeError naming it: the C list
    and the caller's mapping (engine/hand/inputs.py) disagree."""
    words: list[int] = []
    try:
        if len(values) != len(_SETTING_ORDER):
            raise KeyError  # an unknown name (or one missing): say which below
        for name, length in _SETTING_ORDER:
            value = values[name]
            if length == 1:
                words.append(value)  # type: ignore[arg-type]  # one value: an int
            else:
                words.extend(value)  # type: ignore[arg-type]  # several: a sequence
    except KeyError:
        missing = sorted(HAND_SETTINGS.keys() - values.keys())
        unknown = sorted(values.keys() - HAND_SETTINGS.keys())
        raise RuntimeError(
            f"hand settings do not match csrc/hand_state.h: missing {missing}, unknown {unknown}"
        ) from None
    return _CONFIG_STRUCT.pack(*words)


def hand_config_struct(packed: bytes) -> Any:
    """A packed he_hand_config (:func:`pack_hand_config`) as C memory: the ``int64_t[]``
    that owns it; pass ``ffi.cast("he_hand_config *", it)`` to the kernels."""
    return ffi.new("int64_t[]", array("q", packed).tolist())
