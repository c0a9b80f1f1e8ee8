#!/usr/bin/env bash
# Benchmark of the distributed engine (issue 14): one game solved by the single-machine engine
# (`grundy retro`, all cores and --threads 1), then on timely dataflow by 1 process × 1 worker,
# 1 × 2, and 2 processes × 1 worker on 127.0.0.1; then peak memory per process for N = 1, 2, 4
# processes (× 1 worker). For every run: wall time of the slowest process, peak RSS of each
# process (/usr/bin/time -v), and for N > 1 the bytes of messages each process sent to the
# others (lookups, answers, results; timely's own framing and progress traffic not counted).
# Every run writes its database to a fresh directory (as a real run would).
# Usage: benches/distributed.sh                 (Chomp 15×15: 1.55·10^8 positions)
#        BOX=12x13 benches/distributed.sh       (a smaller box)
#        NS="1 2 4" to change the memory runs (N = 1 and 2 reuse the 1×1 and 2×1 runs)
#        SKIP_ONE_THREAD=1 to leave out the single machine with one thread
set -euo pipefail
cd "$(dirname "$0")/.."
BOX=${BOX:-15x15}
NS=${NS:-"1 2 4"}
ROWS=${BOX%x*}
COLS=${BOX#*x}
TARGET=${CARGO_TARGET_DIR:-target}
if [ -z "${BIN:-}" ]; then   # BIN=path/to/grundy to run a binary built before
  cargo build --release --quiet --bin grundy
  BIN=$TARGET/release/grundy
fi
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
GAME=(retro chomp --rows "$ROWS" --cols "$COLS" --quiet --json)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# stat FILE: wall seconds and max RSS (MiB) from /usr/bin/time -v
wall() { awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$1"; }
rss() { awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$1"; }

single() { # NAME ARGS...
  local name=$1; shift
  /usr/bin/time -v "$BIN" "${GAME[@]}" --out "$SCRATCH/$name.db" "$@" >"$SCRATCH/$name.out" 2>"$SCRATCH/$name.time"
  printf '%-28s %8.1f s   peak %6s MiB   %s\n' "$name" "$(wall "$SCRATCH/$name.time")" "$(rss "$SCRATCH/$name.time")" \
    "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["counts"], "start value", d["position"]["value"])' "$SCRATCH/$name.out")"
}

cluster() { # NAME N W
  local name=$1 n=$2 w=$3 hosts="$SCRATCH/$1.hosts" pids=()
  : >"$hosts"
  for ((p = 0; p < n; p++)); do echo "127.0.0.1:$(free_port)" >>"$hosts"; done
  for ((p = n - 1; p >= 0; p--)); do
    /usr/bin/time -v "$BIN" "${GAME[@]}" --workers "$w" --processes "$n" --process "$p" --hostfile "$hosts" \
      --out "$SCRATCH/$name.p$p" >"$SCRATCH/$name.$p.out" 2>"$SCRATCH/$name.$p.time" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  local slowest=0 line=""
  for ((p = 0; p < n; p++)); do
    local t; t=$(wall "$SCRATCH/$name.$p.time")
    slowest=$(python3 -c "print(max($slowest, $t))")
    local sent; sent=$(sed -n 's/.*: \([0-9]*\) bytes of messages sent.*/\1/p' "$SCRATCH/$name.$p.time")
    line+=" p$p: $(rss "$SCRATCH/$name.$p.time") MiB, sent ${sent:-0} B;"
  done
  printf '%-28s %8.1f s  %s\n' "$name" "$slowest" "$line"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" "*29, d["counts"], "start value", d["position"]["value"])' "$SCRATCH/$name.0.out"
}

threads1() { single "single machine, 1 thread" --threads 1; }
echo "Chomp $BOX: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
single "single machine, all cores"
[ "${SKIP_ONE_THREAD:-0}" = 1 ] || threads1
single "timely 1 process x 1 worker" --workers 1
cluster "timely 2 processes x 1 worker" 2 1
single "timely 1 process x 2 workers" --workers 2
echo "peak memory per process, N processes x 1 worker (N = 1 and 2: the runs above):"
for n in $NS; do
  case $n in
    1) echo "  N = 1: see 'timely 1 process x 1 worker'" ;;
    2) echo "  N = 2: see 'timely 2 processes x 1 worker'" ;;
    *) cluster "  N = $n" "$n" 1 ;;
  esac
done
