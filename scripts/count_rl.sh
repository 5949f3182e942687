#!/usr/bin/env bash
# Instructions a HandBatch decision costs, by function: random legal play (sample_legal,
# then step), 1,024 six-seat hands, with observations ("obs") or without ("no").
# Counted by valgrind's cachegrind, so the figures do not move with a noisy host: use it
# to compare two builds of csrc/ where timings cannot. Two runs (100 and 300 steps) are
# differenced, which leaves the steady state without the imports and the set-up.
# Caveat: a `rep stos`/`rep movs` (large memset/memcpy) counts one instruction per
# iteration, far more than it costs.
#   scripts/count_rl.sh [obs|no]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-$PWD/.venv/bin/python}
MODE=${1:-obs}
HANDS=1024 FEW=100 MANY=300 # hands; the two runs' steps (their difference is counted)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat > "$TMP/play.py" <<'EOF'
import sys
from holdem_eval.engine import GameConfig, HandBatch
batch = HandBatch(GameConfig(big_blind=2), int(sys.argv[3]), 6, stacks=200, seed=1)
out = batch.observe() if sys.argv[2] == "obs" else None
for s in range(int(sys.argv[1])):
    batch.step(batch.sample_legal(s), out=out)
EOF
for steps in "$FEW" "$MANY"; do
    (cd "$TMP" && OPENBLAS_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=no \
        --branch-sim=yes --cachegrind-out-file="$TMP/cg.$steps" \
        "$PY" play.py "$steps" "$MODE" "$HANDS" > /dev/null 2>&1)
    cg_annotate --auto=no --threshold=0 "$TMP/cg.$steps" | sed 's/([^)]*)//g' \
        | awk -v s="$steps" '/PROGRAM TOTALS/ {$NF = "TOTAL"}
                             NF >= 6 && $1 ~ /^[0-9,]+$/ {
                                 gsub(",", "", $1); gsub(",", "", $3); print s, $1, $3, $NF}'
done > "$TMP/rows"
echo "per decision: instructions, conditional branches mispredicted (simulated), function"
# decisions: every hand acts in every step (auto-reset)
awk -v few="$FEW" -v d=$(( (MANY - FEW) * HANDS )) \
    '{ sign = $1 == few ? -1 : 1; ir[$4] += sign * $2; miss[$4] += sign * $3 }
     END { for (k in ir) if (ir[k] / d >= 1.5 || k == "TOTAL")
               printf "%9.1f %9.2f  %s\n", ir[k] / d, miss[k] / d, k }' "$TMP/rows" \
    | sort -k1,1 -rn
