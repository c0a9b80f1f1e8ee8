#!/usr/bin/env bash
# The search on several processes (`grundy search cram … --processes N`) on this machine: its
# scaling and its search overhead, against the single-machine engine.
#
#   benches/search-cluster.sh                        # boards 5x8 4x11, 3 runs each
#   RUNS=1 BOARDS="5x9" benches/search-cluster.sh
#   OVERHEAD_P="1 2 4 8" benches/search-cluster.sh   # the processes of the overhead rows
#   GAME=sprouts POSITIONS="0*12 0*14" benches/search-cluster.sh
#   DATABASE=partitioned LOOKUP_SIZE=30 OVERHEAD_P="2 4 8" CONFIGS="" benches/search-cluster.sh
#
# GAME=sprouts: the outcome of 0*n (`grundy search sprouts --spots n --outcome --algorithm
# dfpn`), the jobs answered by df-pn as one machine answers Sprouts; the answer column is the
# outcome, and there are no overhead rows unless OVERHEAD_P is given.
#
# Scaling rows, per board and per configuration (processes × threads; the single-machine
# engine with 1 and 2 threads first): the median wall time of the whole run as process 0
# reports it (`seconds`), the same less the time until every process was connected (timely's
# listener polls once a second: a fixed cost of up to a second per run), the nodes of all
# processes, and the speed-up of the search time against the cluster on 1 × 1. Targets: 2 × 1
# at least 1.6× faster than 1 × 1; 1 × 1 within 1.2× of the single engine on one thread (COST).
#
# Overhead rows (the first board): P processes × 1 thread for P in OVERHEAD_P — oversubscribed
# on a 2-core machine, so the node count, not the time, is the figure: total nodes against
# P = 1 (target at P = 8: at most 1.3×), the nodes of jobs cancelled before their answer (the
# speculative part), nimbers shared, and bytes sent per node.
#
# CLUSTER_FLAGS are given to every cluster run as they are (--share-nodes 16, --no-busy-board …).
#
# DATABASE (broadcast, the default, or partitioned) and LOOKUP_SIZE (--lookup-size) are given
# to every cluster run; with a partitioned database the overhead rows add the look-ups sent,
# those answered, and the seconds the job threads waited for them.
#
# The processes run on 127.0.0.1 with free ports picked at run time; process 0 starts first.
# Built with the release profile (what `cargo install` gives users). Every run must give the
# same value.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
GAME=${GAME:-cram}
CONFIGS=${CONFIGS:-"1x1 1x2 2x1"}
MEMORY=${MEMORY:-1G}
DATABASE=${DATABASE:-broadcast}
db_flags=(--database "$DATABASE")
if [ -n "${LOOKUP_SIZE:-}" ]; then db_flags+=(--lookup-size "$LOOKUP_SIZE"); fi
# CLUSTER_FLAGS: more flags for every cluster run (say the schedule of before, for a side by
# side: CLUSTER_FLAGS="--share-nodes 16 --no-busy-board")
read -ra extra_flags <<< "${CLUSTER_FLAGS:-}"
db_flags+=("${extra_flags[@]}")
case "$GAME" in
    cram)
        POSITIONS=${POSITIONS:-${BOARDS:-"5x8 4x11"}}
        OVERHEAD_P=${OVERHEAD_P-"1 2 4 8"}
        ANSWER='d["value"]'
        ;;
    sprouts)
        POSITIONS=${POSITIONS:-"0*12"}
        OVERHEAD_P=${OVERHEAD_P-""}
        ANSWER='d["outcome"]'
        ;;
    *) echo "GAME=$GAME: cram or sprouts" >&2; exit 2 ;;
esac

# game POSITION: the arguments of `grundy search` for a position of the game
game() {
    case "$GAME" in
        cram) echo "cram --rows ${1%x*} --cols ${1#*x}" ;;
        sprouts) echo "sprouts --spots ${1#0\*} --outcome --algorithm dfpn" ;;
    esac
}

cargo build --release --bin grundy >&2
GRUNDY=${CARGO_TARGET_DIR:-target}/release/grundy
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$1" "$2"; }

# run_cluster P T POSITION OUT: P processes × T threads; process 0's JSON into OUT
run_cluster() {
    local p=$1 t=$2 pos=$3 out=$4 hosts="$work/hosts" i
    local args
    read -ra args <<< "$(game "$pos")"
    python3 - "$p" > "$hosts" <<'PY'
import socket, sys
ss = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in ss: s.bind(("127.0.0.1", 0))
for s in ss: print("127.0.0.1:%d" % s.getsockname()[1])
PY
    "$GRUNDY" search "${args[@]}" --memory "$MEMORY" --threads "$t" \
        --processes "$p" --process 0 --hostfile "$hosts" "${db_flags[@]}" --quiet --json > "$out" &
    local first=$!
    sleep 0.2
    local pids=()
    for ((i = 1; i < p; i++)); do
        "$GRUNDY" search "${args[@]}" --memory "$MEMORY" --threads "$t" \
            --processes "$p" --process "$i" --hostfile "$hosts" "${db_flags[@]}" --quiet --json > /dev/null &
        pids+=($!)
    done
    wait "$first"
    for i in "${pids[@]}"; do wait "$i"; done
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for board in $POSITIONS; do
    read -ra args <<< "$(game "$board")"
    echo "== $GAME $board: $RUNS runs each, medians (seconds; search = less the connection) =="
    printf '%-14s %8s %8s %12s %7s %s\n' config seconds search nodes speedup answer
    base=""
    for t in 1 2; do
        for ((k = 0; k < RUNS; k++)); do
            "$GRUNDY" search "${args[@]}" --memory "$MEMORY" --threads "$t" --quiet --json > "$work/s.json"
            echo "$(field "$work/s.json" 'd["seconds"]') $(field "$work/s.json" 'd["nodes"]') $(field "$work/s.json" "$ANSWER")"
        done > "$work/rows"
        s=$(cut -d' ' -f1 "$work/rows" | median)
        printf '%-14s %8.2f %8.2f %12s %7s %s\n' "single t=$t" "$s" "$s" "$(cut -d' ' -f2 "$work/rows" | median)" "" "$(cut -d' ' -f3 "$work/rows" | sort -u | tr '\n' ' ')"
        if [ "$t" = 1 ]; then single1=$s; fi
    done
    for conf in $CONFIGS; do
        p=${conf%x*}; t=${conf#*x}
        for ((k = 0; k < RUNS; k++)); do
            run_cluster "$p" "$t" "$board" "$work/c.json"
            echo "$(field "$work/c.json" 'd["seconds"]') $(field "$work/c.json" 'd["seconds"]-d["cluster"]["connect_seconds"]') $(field "$work/c.json" 'd["nodes"]') $(field "$work/c.json" "$ANSWER")"
        done > "$work/rows"
        s=$(cut -d' ' -f1 "$work/rows" | median)
        q=$(cut -d' ' -f2 "$work/rows" | median)
        if [ -z "$base" ]; then base=$q; fi
        printf '%-14s %8.2f %8.2f %12s %6.2fx %s\n' "cluster $p x $t" "$s" "$q" "$(cut -d' ' -f3 "$work/rows" | median)" "$(echo "$base / $q" | bc -l)" "$(cut -d' ' -f4 "$work/rows" | sort -u | tr '\n' ' ')"
        if [ "$conf" = 1x1 ]; then
            printf '%-14s %8.2f   (cluster 1 x 1 / single t=1; target <= 1.2)\n' "COST" "$(echo "$q / $single1" | bc -l)"
        fi
    done
done

[ -n "$OVERHEAD_P" ] || exit 0
board=${POSITIONS%% *}
echo "== Search overhead, $GAME $board, $DATABASE database: P processes x 1 thread (oversubscribed: nodes, not time) =="
printf '%-4s %12s %9s %10s %10s %12s %10s %8s %s\n' P nodes vs_P=1 cancelled shared bytes_sent bytes/node seconds answer
n1=""
for p in $OVERHEAD_P; do
    run_cluster "$p" 1 "$board" "$work/o.json"
    n=$(field "$work/o.json" 'd["nodes"]')
    if [ -z "$n1" ]; then n1=$n; fi
    b=$(field "$work/o.json" 'd["cluster"]["bytes_sent"]')
    printf '%-4s %12s %8.2fx %10s %10s %12s %10.4f %8.2f %s\n' "$p" "$n" "$(echo "$n / $n1" | bc -l)" \
        "$(field "$work/o.json" 'd["cluster"]["nodes_cancelled"]')" \
        "$(field "$work/o.json" 'd["cluster"]["shared_nimbers"]')" "$b" "$(echo "$b / $n" | bc -l)" \
        "$(field "$work/o.json" 'd["seconds"]')" "$(field "$work/o.json" "$ANSWER")"
    if [ "$DATABASE" = partitioned ]; then
        printf '     look-ups: %s asked, %s answered, %s s waited\n' \
            "$(field "$work/o.json" 'd["cluster"]["lookups"]')" \
            "$(field "$work/o.json" 'd["cluster"]["lookup_hits"]')" \
            "$(field "$work/o.json" 'round(d["cluster"]["lookup_wait_seconds"], 2)')"
    fi
done
