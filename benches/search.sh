#!/usr/bin/env bash
# Side-by-side timing of `grundy search cram` against igsolve 0.1.2 (Beling's impartial game
# solver, the peer for single positions), whole process, same board, alternating runs
# (grundy, igsolve, grundy, ...). Prints per board the median wall time of each, the ratio
# grundy / igsolve (target: <= 0.5), both values (they must agree) and both peak memories
# (maximum resident set size by /usr/bin/time).
#
#   benches/search.sh                               # the issue's boards, 3 runs each
#   RUNS=5 BOARDS="5x7 4x9" benches/search.sh
#   IGSOLVE=/path/to/igsolve THREADS=1 benches/search.sh
#   BUSY=1 benches/search.sh                        # with a CPU hog on one core meanwhile
#   OUTCOME=1 benches/search.sh                     # outcome rows (below)
#
# Outcome rows (OUTCOME=1; boards default to the df-pn issue's "5x11 6x7 4x13 3x21"): per board
# the median time of `grundy search cram --outcome` by df-pn (`--algorithm dfpn`), by the value
# search (`--algorithm value`) and of igsolve (whose outcome is its value != 0), the ratios
# dfpn/value (target: <= 0.25) and dfpn/igsolve, and the three outcomes (they must agree).
#
# Memory: both programs get MEMORY (default 2G): grundy as --memory, igsolve as --tt_size (in
# whole GB; igsolve uses it for its succinct table, which it picks itself above 40 cells). grundy
# runs with its default threads unless THREADS is set, and is built with the release profile (the
# one `cargo build --release` and `cargo install` give users). TIMEOUT (default 600 s) bounds
# each run; a run past it is printed as ">TIMEOUT".
#
# igsolve is installed into a folder of this benchmark's own when IGSOLVE is unset and none is
# on PATH: `cargo install igsolve --version 0.1.2 --locked --root DIR`.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
OUTCOME=${OUTCOME:-0}
if [ "$OUTCOME" = 1 ]; then
    BOARDS=${BOARDS:-"5x11 6x7 4x13 3x21"}
else
    BOARDS=${BOARDS:-"5x7 4x9 5x8 4x11 6x7"}
fi
MEMORY=${MEMORY:-2G}
THREADS=${THREADS:-}
TIMEOUT=${TIMEOUT:-600}
BUSY=${BUSY:-0}

if [ -z "${IGSOLVE:-}" ]; then
    if command -v igsolve >/dev/null 2>&1; then
        IGSOLVE=$(command -v igsolve)
    else
        root=${CARGO_TARGET_DIR:-target}/peers/igsolve
        if [ ! -x "$root/bin/igsolve" ]; then
            echo "installing igsolve 0.1.2 into $root ..." >&2
            cargo install igsolve --version 0.1.2 --locked --root "$root" >&2
        fi
        IGSOLVE=$root/bin/igsolve
    fi
fi

cargo build --release --bin grundy >&2
GRUNDY=${CARGO_TARGET_DIR:-target}/release/grundy
threads=()
if [ -n "$THREADS" ]; then threads=(--threads "$THREADS"); fi
gb=${MEMORY%G}
case "$gb" in ''|*[!0-9]*) gb=2 ;; esac

if [ "$BUSY" = 1 ]; then
    (while :; do :; done) &
    hog=$!
    trap 'kill "$hog" 2>/dev/null || true' EXIT
    trap 'exit 130' INT TERM
    echo "busy machine: CPU hog running (pid $hog) for the whole run" >&2
fi

tmp=$(mktemp -d)
# run NAME CMD...: prints "seconds peak_kib value" (value from the program's output)
run() {
    local name=$1
    shift
    local start end rc=0
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$tmp/mem" timeout "$TIMEOUT" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
    end=$(date +%s.%N)
    if [ "$rc" = 124 ]; then
        echo ">$TIMEOUT - -"
        return
    fi
    local value
    if [ "$name" = grundy ] && [ "$OUTCOME" = 1 ]; then
        value=$(sed -n 's/.*"outcome":"\([NP]\)".*/\1/p' "$tmp/out")
    elif [ "$name" = grundy ]; then
        value=$(sed -n 's/.*"value":\([0-9]*\).*/\1/p' "$tmp/out")
    else
        value=$(sed -n 's/^Nimber of initial position: \([0-9]*\).*/\1/p' "$tmp/out")
        if [ "$OUTCOME" = 1 ] && [ -n "$value" ]; then
            if [ "$value" = 0 ]; then value=P; else value=N; fi
        fi
    fi
    echo "$(echo "$end - $start" | bc -l) $(tail -1 "$tmp/mem") ${value:--}"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

ratio_of() {
    if [[ "$1" != \>* && "$2" != \>* && "$1" != - && "$2" != - ]]; then
        echo "$1 / $2" | bc -l | xargs printf "%.2f"
    else
        echo -
    fi
}

if [ "$OUTCOME" = 1 ]; then
    printf "%-6s %10s %10s %10s %11s %13s %4s %4s %4s\n" board dfpn_s value_s igsolve_s dfpn/value dfpn/igsolve d v i
    for board in $BOARDS; do
        r=${board%x*}
        c=${board#*x}
        : >"$tmp/d"
        : >"$tmp/v"
        : >"$tmp/i"
        for _ in $(seq "$RUNS"); do
            run grundy "$GRUNDY" search cram --rows "$r" --cols "$c" --outcome --algorithm dfpn --memory "$MEMORY" --quiet --json "${threads[@]}" >>"$tmp/d"
            run grundy "$GRUNDY" search cram --rows "$r" --cols "$c" --outcome --algorithm value --memory "$MEMORY" --quiet --json "${threads[@]}" >>"$tmp/v"
            run igsolve "$IGSOLVE" --tt_size "$gb" cram -r "$r" -c "$c" >>"$tmp/i"
        done
        ds=$(awk '{print $1}' "$tmp/d" | median)
        vs=$(awk '{print $1}' "$tmp/v" | median)
        is=$(awk '{print $1}' "$tmp/i" | median)
        do=$(awk '{print $3}' "$tmp/d" | tail -1)
        vo=$(awk '{print $3}' "$tmp/v" | tail -1)
        io=$(awk '{print $3}' "$tmp/i" | tail -1)
        printf "%-6s %10s %10s %10s %11s %13s %4s %4s %4s\n" "$board" "$ds" "$vs" "$is" \
            "$(ratio_of "$ds" "$vs")" "$(ratio_of "$ds" "$is")" "$do" "$vo" "$io"
        for o in "$vo" "$io"; do
            if [ "$do" != - ] && [ "$o" != - ] && [ "$do" != "$o" ]; then
                echo "OUTCOMES DIFFER on $board: df-pn $do, value search $vo, igsolve $io" >&2
                exit 1
            fi
        done
    done
    rm -rf "$tmp"
    exit 0
fi

printf "%-6s %10s %10s %8s %7s %7s %12s %12s\n" board grundy_s igsolve_s ratio g_value i_value g_peak_MiB i_peak_MiB
for board in $BOARDS; do
    r=${board%x*}
    c=${board#*x}
    : >"$tmp/g"
    : >"$tmp/i"
    for _ in $(seq "$RUNS"); do
        run grundy "$GRUNDY" search cram --rows "$r" --cols "$c" --memory "$MEMORY" --quiet --json "${threads[@]}" >>"$tmp/g"
        run igsolve "$IGSOLVE" --tt_size "$gb" cram -r "$r" -c "$c" >>"$tmp/i"
    done
    gs=$(awk '{print $1}' "$tmp/g" | median)
    is=$(awk '{print $1}' "$tmp/i" | median)
    gm=$(awk '{print $2}' "$tmp/g" | sort -g | tail -1)
    im=$(awk '{print $2}' "$tmp/i" | sort -g | tail -1)
    gv=$(awk '{print $3}' "$tmp/g" | tail -1)
    iv=$(awk '{print $3}' "$tmp/i" | tail -1)
    ratio=-
    if [[ "$gs" != \>* && "$is" != \>* && "$gs" != - && "$is" != - ]]; then
        ratio=$(echo "$gs / $is" | bc -l | xargs printf "%.2f")
    fi
    gmb=-; imb=-
    [ "$gm" != - ] && gmb=$((gm / 1024))
    [ "$im" != - ] && imb=$((im / 1024))
    printf "%-6s %10s %10s %8s %7s %7s %12s %12s\n" "$board" "$gs" "$is" "$ratio" "$gv" "$iv" "$gmb" "$imb"
    if [ "$gv" != - ] && [ "$iv" != - ] && [ "$gv" != "$iv" ]; then
        echo "VALUES DIFFER on $board: grundy $gv, igsolve $iv" >&2
        exit 1
    fi
done
rm -rf "$tmp"
