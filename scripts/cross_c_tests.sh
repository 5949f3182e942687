#!/usr/bin/env bash
# Builds the C-only test programs (tests/c) for other CPUs and runs them under QEMU's
# user-mode emulation: aarch64 (little-endian, no SSE2: the portable evaluator) and s390x
# (big-endian: any byte-order assumption in the tables, the hash or the batch layouts shows
# up here). Each program is linked statically with the cross compiler's libc, built with the
# house warnings as errors, and must print its "all ... passed" line; then the fuzz driver
# runs for HE_CROSS_FUZZ_SECONDS (default 20) seconds per CPU.
#
#   scripts/cross_c_tests.sh                 # both CPUs
#   scripts/cross_c_tests.sh s390x           # one
#
# Needs Debian's gcc-aarch64-linux-gnu, gcc-s390x-linux-gnu and qemu-user (.ci/run installs
# them when missing). Prints the seconds each CPU took.
set -euo pipefail
cd "$(dirname "$0")/.."

arches=("$@")
if [ "${#arches[@]}" -eq 0 ]; then arches=(aarch64 s390x); fi
fuzz_seconds=${HE_CROSS_FUZZ_SECONDS:-20}
warn=(-std=c99 -Wall -Wextra -Wconversion -Werror -O2 -Icsrc)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

pool=(pool.c hand_batch.c hand_batch_api.c hand_compact.c hand.c hand_cards.c hand_deck.c hand_showdown.c hand_start.c hand_state.c hand_log.c settle.c settle_pots.c settle_rake.c deal.c eval.c he_tables.c eval_omaha.c eval_omaha_tables.c variant.c eval_short.c eval_short_tables.c)
equity=()
for f in csrc/equity*.c; do equity+=("$(basename "$f")"); done

# name | expected line | extra flags | test source | csrc sources
programs=(
    "test_eval|all C evaluator checks passed||test_eval.c|eval.c he_tables.c eval_omaha.c eval_omaha_tables.c"
    "test_eval_short|all C short-deck checks passed||test_eval_short.c|eval_short.c eval_short_tables.c he_tables.c bulk.c"
    "test_settle|all C settlement checks passed||test_settle.c|settle.c settle_pots.c settle_rake.c variant.c eval.c he_tables.c eval_omaha.c eval_omaha_tables.c eval_short.c eval_short_tables.c"
    "test_hand|all C hand checks passed||test_hand.c|hand.c hand_cards.c hand_deck.c hand_showdown.c hand_start.c hand_state.c hand_log.c settle.c settle_pots.c settle_rake.c variant.c deal.c eval.c he_tables.c eval_omaha.c eval_omaha_tables.c eval_short.c eval_short_tables.c"
    "test_hand_batch|all C batch checks passed||test_hand_batch.c|${pool[*]}"
    "test_hand_batch_compact|all C batch checks passed|-DHE_TEST_COMPACT|test_hand_batch.c|${pool[*]}"
    # no fork check: QEMU's user mode (7.2) aborts in a child forked by a threaded process
    "test_pool|all C pool checks passed|-DHE_TEST_NO_FORK|test_pool.c|${pool[*]}"
    "test_equity|all C equity checks passed||test_equity.c|${equity[*]} he_tables.c eval_omaha_tables.c eval_short_tables.c"
)

failed=0
for arch in "${arches[@]}"; do
    cc="$arch-linux-gnu-gcc"
    qemu="qemu-$arch"
    for tool in "$cc" "$qemu"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "$tool not found (apt-get install gcc-$arch-linux-gnu qemu-user)" >&2
            exit 2
        fi
    done
    start=$(date +%s)
    # each C core file compiled once per CPU (the Omaha tables and kernel take seconds
    # each), every program linked from these objects; the programs' flags (-DHE_TEST_*)
    # concern their test source only
    objdir="$out/$arch-obj"
    mkdir -p "$objdir"
    for src in csrc/*.c; do
        "$cc" "${warn[@]}" -pthread -c "$src" -o "$objdir/$(basename "$src" .c).o"
    done
    for entry in "${programs[@]}"; do
        IFS='|' read -r name expect flags test sources <<<"$entry"
        exe="$out/$arch-$name"
        objs=()
        for s in $sources; do objs+=("$objdir/${s%.c}.o"); done
        # shellcheck disable=SC2086  # $flags: zero or more words
        "$cc" "${warn[@]}" $flags -static -pthread "tests/c/$test" "${objs[@]}" -lm -o "$exe"
        if "$qemu" "$exe" >"$exe.log" 2>&1 && grep -q "$expect" "$exe.log"; then
            echo "$arch $name: ok"
        else
            echo "$arch $name: FAILED" >&2
            tail -n 20 "$exe.log" >&2
            failed=1
        fi
    done
    fuzz="$out/$arch-fuzz_core"
    "$cc" "${warn[@]}" -static -pthread tests/c/fuzz_*.c "$objdir"/*.o -lm -o "$fuzz"
    if "$qemu" "$fuzz" "$fuzz_seconds" 1 >"$fuzz.log" 2>&1 && grep -q "all C fuzz contracts held" "$fuzz.log"; then
        echo "$arch fuzz_core ($fuzz_seconds s): ok"
    else
        echo "$arch fuzz_core: FAILED" >&2
        tail -n 20 "$fuzz.log" >&2
        failed=1
    fi
    echo "$arch: $(($(date +%s) - start)) s"
done
if [ "$failed" -ne 0 ]; then
    echo "cross C tests failed" >&2
    exit 1
fi
echo "cross C tests passed: ${arches[*]}"
