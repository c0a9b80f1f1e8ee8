#!/usr/bin/env bash
# Speed of `grundy misere` (misère quotients, issue 12) next to the figures the issue gives for
# CGSuite's MisereSolver (Java 17, whole process, on the project's machine): 0.77 0.22 s, 0.15 0.33 s,
# 0.71 0.11 s, 0.144 0.15 s, 0.72 0.17 s (to their final quotients); 0.07 to heap 30 (order 360)
# 3.0 s, to heap 33 (order 638) 11.1 s. Target: at most half of each.
# Usage: benches/misere.sh [RUNS]          (default 5 runs each; medians of whole-process times)
#        MOONSHOT=SECONDS benches/misere.sh  also runs Dawson's Kayles 0.07 for that long and
#                                          reports the last heap completed and its order.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
cargo build --release --quiet --bin grundy
BIN=${CARGO_TARGET_DIR:-target}/release/grundy

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f\n", m}'; }

# row GAME MAX_HEAP MISERESOLVER_SECONDS
row() {
  local game=$1 max=$2 peer=$3 times=() i s e json
  for ((i = 0; i < RUNS; i++)); do
    s=$(now)
    json=$("$BIN" misere "$game" --max-heap "$max" --json --quiet)
    e=$(now)
    times+=("$(echo "$e - $s" | bc -l)")
  done
  local med
  med=$(printf '%s\n' "${times[@]}" | median)
  local info
  info=$(echo "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("final" if d["final"] else "partial", "to heap", d["heaps"], "|Q| =", d["order"], "|P| =", d["p_portion_size"])')
  printf '%-6s %-8s %-44s ours %7.3f s   MisereSolver %6.2f s   ratio %.3f\n' \
    "$game" "max=$max" "$info" "$med" "$peer" "$(echo "$med / $peer" | bc -l)"
}

echo "grundy misere, median of $RUNS runs (release build); MisereSolver figures from issue 12"
row 0.77 200 0.22
row 0.15 200 0.33
row 0.71 200 0.11
row 0.144 200 0.15
row 0.72 200 0.17
row 0.07 30 3.0
row 0.07 33 11.1

if [[ -n "${MOONSHOT:-}" ]]; then
  echo "moonshot: Dawson's Kayles (0.07) for ${MOONSHOT} s"
  "$BIN" misere 0.07 --max-heap 100000 --time-limit "$MOONSHOT" --json --quiet |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print("completed heaps 0..=%d, |Q| = %d, |P| = %d; last changes:" % (d["heaps"], d["order"], d["p_portion_size"]), d["history"][-4:])'
fi
