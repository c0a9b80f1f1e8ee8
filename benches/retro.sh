#!/usr/bin/env bash
# Benchmark of `grundy retro` (issue 13): the tier engine against the memoising solver
# (`solve::memo::Solver` + `ImpartialGame`, examples/chomp_memo.rs) on the same game, Chomp in a
# box, at 10^6 and 5·10^6 positions; then (LARGE=1) a bigger box with a database on disk.
# For every run: wall time, CPU time (user + sys), peak memory (max RSS, /usr/bin/time -v), and
# for the engine the option visits per second per core (visits / CPU seconds). The memo solver
# computes Grundy values only; the engine also computes remoteness and writes packed tiers.
# Usage: benches/retro.sh            (PROFILE=release to skip the slow LTO build of --profile fast;
#                                     SIZES="11x12 12x13" to change the boxes;
#                                     LARGE=1 LARGE_BOX=14x15 for the large run)
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE=${PROFILE:-fast}
SIZES=${SIZES:-"11x12 12x13"}
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --profile "$PROFILE" --quiet --bin grundy --example chomp_memo
BIN=$TARGET/$PROFILE/grundy
MEMO=$TARGET/$PROFILE/examples/chomp_memo
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

# measure NAME CMD...: runs CMD under /usr/bin/time -v; sets WALL CPU RSS_KB; stdout in $SCRATCH/NAME.out
measure() {
  local name=$1; shift
  /usr/bin/time -v "$@" >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.time"
  WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$SCRATCH/$name.time")
  CPU=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$SCRATCH/$name.time")
  RSS_KB=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$SCRATCH/$name.time")
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-7s %11s %9s %9s %10s %14s\n' box solver positions wall_s cpu_s peak_MiB visits/s/core
for box in $SIZES; do
  r=${box%x*}; c=${box#*x}
  measure "retro-$box" "$BIN" retro chomp --rows "$r" --cols "$c" --quiet --json
  EW=$WALL EC=$CPU ER=$RSS_KB
  read -r POS VISITS VALUE < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["positions"], d["option_visits"], d["position"]["value"])' "$SCRATCH/retro-$box.out")
  printf '%-8s %-7s %11s %9.2f %9.2f %10.1f %14.3g\n' "$box" retro "$POS" "$EW" "$EC" "$(echo "$ER/1024" | bc -l)" "$(echo "$VISITS/$EC" | bc -l)"
  measure "memo-$box" "$MEMO" "$r" "$c"
  MW=$WALL MC=$CPU MR=$RSS_KB
  MPOS=$(sed -n 's/.*positions=\([0-9]*\).*/\1/p' "$SCRATCH/memo-$box.out")
  MVAL=$(sed -n 's/.*value=\([0-9]*\).*/\1/p' "$SCRATCH/memo-$box.out")
  printf '%-8s %-7s %11s %9.2f %9.2f %10.1f %14s\n' "$box" memo "$MPOS" "$MW" "$MC" "$(echo "$MR/1024" | bc -l)" -
  [ "$MPOS" = "$POS" ] && [ "$MVAL" = "$VALUE" ] || { echo "MISMATCH: memo $MPOS positions value $MVAL, retro $POS value $VALUE"; exit 1; }
  printf '         ratio memo/retro: wall %.1fx, cpu %.1fx, peak memory %.1fx (same positions, same start value %s)\n' \
    "$(echo "$MW/$EW" | bc -l)" "$(echo "$MC/$EC" | bc -l)" "$(echo "$MR/$ER" | bc -l)" "$VALUE"
done

if [ "${LARGE:-0}" = 1 ]; then
  box=${LARGE_BOX:-14x15}; r=${box%x*}; c=${box#*x}
  measure "large" "$BIN" retro chomp --rows "$r" --cols "$c" --quiet --json --out "$SCRATCH/db"
  read -r POS VISITS < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["positions"], d["option_visits"])' "$SCRATCH/large.out")
  printf '%-8s %-7s %11s %9.2f %9.2f %10.1f %14.3g   (database %s MiB)\n' "$box" retro "$POS" "$WALL" "$CPU" \
    "$(echo "$RSS_KB/1024" | bc -l)" "$(echo "$VISITS/$CPU" | bc -l)" "$(du -sm "$SCRATCH/db" | cut -f1)"
fi
