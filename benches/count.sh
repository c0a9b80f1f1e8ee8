#!/usr/bin/env bash
# Speed of `grundy count` on the issue's targets, with medians and ratios in one run:
#   1. Kayles, heaps 0..=10^6, K = 10^18, mod 1e9+7 (target: well under 3 s), vs K = 2;
#   2. subtract-a-square, three heaps 0..=10^5, multisets, exact (target: about 1 s);
#   3. the naive enumeration (examples/count_naive.rs) vs `grundy count` on the same small family;
#   4. a random cyclic digraph (10^6 vertices, 3*10^6 edges), K = 10^18 tokens mod 1e9+7, vs the
#      values alone (`grundy graph FILE --tokens 0`).
# Usage: benches/count.sh [RUNS]   (default 5 runs each, alternated)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
cargo build --release --quiet --bin grundy --example count_naive
BIN=${CARGO_TARGET_DIR:-target}/release/grundy
NAIVE=${CARGO_TARGET_DIR:-target}/release/examples/count_naive
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

now() { date +%s.%N; }
# time_one CMD...: seconds for one run (stdout discarded)
time_one() {
  local s e
  s=$(now)
  "$@" >/dev/null
  e=$(now)
  echo "$e - $s" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.4f\n", m}'; }

# compare NAME_A "CMD_A" NAME_B "CMD_B": alternate runs, print both medians and A/B.
compare() {
  local na=$1 ca=$2 nb=$3 cb=$4 ta=() tb=() i
  for ((i = 0; i < RUNS; i++)); do
    ta+=("$(time_one bash -c "$ca")")
    tb+=("$(time_one bash -c "$cb")")
  done
  local ma mb
  ma=$(printf '%s\n' "${ta[@]}" | median)
  mb=$(printf '%s\n' "${tb[@]}" | median)
  printf '%-48s median %8.4f s\n' "$na" "$ma"
  printf '%-48s median %8.4f s\n' "$nb" "$mb"
  printf '%-48s %8.3f\n' "ratio ($na / $nb)" "$(echo "$ma / $mb" | bc -l)"
  echo
}

echo "== 1. Kayles, K = 10^18 vs K = 2, heaps 0..=10^6, mod 1e9+7"
"$BIN" count heaps kayles --heaps 1000000000000000000 --max 1000000 --mod 1000000007
compare "kayles K=10^18" "$BIN count heaps kayles --heaps 1000000000000000000 --max 1000000 --mod 1000000007" \
        "kayles K=2" "$BIN count heaps kayles --heaps 2 --max 1000000 --mod 1000000007"

echo "== 2. subtract-a-square, 3 heaps 0..=10^5, multisets, exact"
"$BIN" count heaps sub:squares --heaps 3 --max 100000 --multiset
compare "squares multiset K=3 B=10^5" "$BIN count heaps sub:squares --heaps 3 --max 100000 --multiset" \
        "squares ordered K=3 B=10^5" "$BIN count heaps sub:squares --heaps 3 --max 100000"

echo "== 3. naive enumeration vs transform, subtract-a-square, 3 heaps 0..=1000, multisets"
a=$("$BIN" count heaps sub:squares --heaps 3 --max 1000 --multiset | tail -3 | sed "s/ (.*//")
b=$("$NAIVE" sub:squares 3 1000 multiset)
if [ "$a" != "$b" ]; then echo "MISMATCH: $a vs $b"; exit 1; fi
compare "naive (examples/count_naive)" "$NAIVE sub:squares 3 1000 multiset" \
        "grundy count heaps" "$BIN count heaps sub:squares --heaps 3 --max 1000 --multiset"

echo "== 4. random cyclic digraph, 10^6 vertices, 3*10^6 edges, K = 10^18 tokens mod 1e9+7"
awk 'BEGIN { srand(7); n = 1000000; for (i = 0; i < 3 * n; i++) printf "%d %d\n", int(rand() * n), int(rand() * n) }' > "$SCRATCH/g.txt"
"$BIN" count graph "$SCRATCH/g.txt" --tokens 1000000000000000000 --mod 1000000007 --quiet
compare "count graph K=10^18" "$BIN count graph $SCRATCH/g.txt --tokens 1000000000000000000 --mod 1000000007 --quiet" \
        "graph values alone" "$BIN graph $SCRATCH/g.txt --quiet"
