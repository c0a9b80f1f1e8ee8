#!/usr/bin/env bash
# Side-by-side timing of `grundy seq` against ogsolve 0.0.7 (the public octal-game solver), on the
# games and lengths of issue 4. Runs alternate (grundy, ogsolve, grundy, ...) in the same session;
# prints the median wall time of each and the ratio grundy / ogsolve (target: <= 0.5).
#
#   benches/ogsolve.sh                        # all games, 3 runs each
#   RUNS=5 GAMES="0.16:700000 0.56:660000" benches/ogsolve.sh
#   OGSOLVE=/path/to/ogsolve THREADS=2 benches/ogsolve.sh
#   BUSY=1 GAMES="0.007:200000" benches/ogsolve.sh   # a busy machine: a CPU hog runs meanwhile
#   GRUNDY=/tmp/grundy-before benches/ogsolve.sh      # another grundy binary (no build), e.g. a before/after
#
# grundy runs with its default threads (what a user gets) unless THREADS is set. BUSY=1 starts a
# CPU hog (a shell busy loop, one core) for the whole run, as when other work shares the machine,
# and also times `--threads 1` (column "t1_s") with the ratio default / one thread ("def/t1": at
# most about 1 means the helper threads do not slow grundy down). T1=1 adds that column without
# the hog. grundy is built with the release profile, the one `cargo build --release` gives users.
#
# ogsolve is installed into a temporary folder when OGSOLVE is unset and none is on PATH.
#
# grundy stops scanning once the octal periodicity theorem certifies a period on the values so far
# and fills the remaining heaps by copying (they are proved equal); the "filled" column gives the
# heap from which it did (- when every value was scanned). ogsolve scans every heap up to n, so the
# script also times `grundy seq --no-fill` (every heap computed by the engine, like ogsolve) and
# prints that ratio too ("scan-all"). NOFILL=0 skips those runs. With CHECK=1 (default) an untimed
# run compares the values themselves: ogsolve's Fletcher-32 checksum of all nimbers against the same
# checksum of `grundy seq --values` (column "values").
#
# Every row prints each ratio it has the times for, and the CPU time (user + system, medians) of
# grundy and ogsolve with its ratio ("cpu"; a spinning helper thread shows there even when the wall
# time hides it). A last line gives the worst of each ratio over the rows and whether every row
# met the target (grundy at most 0.5 x ogsolve, default at most 1.05 x one thread), so a
# regression on any row shows.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
THREADS=${THREADS:-}
BUSY=${BUSY:-0}
T1=${T1:-$BUSY}
GAMES=${GAMES:-"0.16:700000 0.56:660000 0.376:4600000 0.354:20200000 0.007:1000000"}
NOFILL=${NOFILL:-1}
CHECK=${CHECK:-1}

if [ -z "${OGSOLVE:-}" ]; then
    if command -v ogsolve >/dev/null 2>&1; then
        OGSOLVE=$(command -v ogsolve)
    else
        root=$(mktemp -d)
        echo "installing ogsolve 0.0.7 into $root ..." >&2
        cargo install ogsolve --version 0.0.7 --root "$root" >&2
        OGSOLVE=$root/bin/ogsolve
    fi
fi

if [ -z "${GRUNDY:-}" ]; then
    cargo build --release --bin grundy >&2
    GRUNDY=${CARGO_TARGET_DIR:-target}/release/grundy
fi
threads=()
if [ -n "$THREADS" ]; then threads=(--threads "$THREADS"); fi

tmp=$(mktemp -d)
hog=
cleanup() {
    if [ -n "$hog" ]; then kill "$hog" 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT
if [ "$BUSY" = 1 ]; then
    (while :; do :; done) &
    hog=$!
    trap 'exit 130' INT TERM
    echo "busy machine: CPU hog running (pid $hog) for the whole run" >&2
fi

now() { date +%s%N; }
# `timed OUT CMD...`: run CMD (stdout into OUT, stderr dropped); sets `wall` and `cpu` (user +
# system time of the command), in nanoseconds.
timed() {
    local out=$1 t0 t1 u s
    shift
    local TIMEFORMAT='%3U %3S'
    t0=$(now)
    { time "$@" >"$out" 2>/dev/null; } 2>"$tmp/time"
    t1=$(now)
    wall=$((t1 - t0))
    read -r u s <"$tmp/time"
    cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.0f", (u + s) * 1e9 }')
}
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f", m/1e9}'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }
# The worst (largest) ratio so far of a column, and its row: `worst NAME VALUE ROW`.
declare -A worst worst_at
worst() {
    if [ "$2" != - ] && awk -v a="$2" -v b="${worst[$1]:-0}" 'BEGIN { exit !(a > b) }'; then
        worst[$1]=$2
        worst_at[$1]=$3
    fi
}

printf '%-8s %10s  %-34s %-34s %9s %9s %9s %7s %9s %9s %7s %11s %8s %8s %7s  %s\n' game n "grundy period" "ogsolve period" filled "grundy_s" "ogsolve_s" ratio "g_cpu_s" "o_cpu_s" cpu "scan-all_s" ratio "t1_s" "def/t1" values
for spec in $GAMES; do
    game=${spec%%:*}
    n=${spec##*:}
    gt=()
    ot=()
    gc=()
    oc=()
    ft=()
    one=()
    gper=""
    gfill=""
    oper=""
    for ((r = 0; r < RUNS; r++)); do
        timed "$tmp/g" "$GRUNDY" seq "$game" --to "$n" --quiet "${threads[@]}"
        gt+=("$wall")
        gc+=("$cpu")
        gout=$(cat "$tmp/g")
        # Right after the default run, so that def/t1 compares runs under the same load.
        if [ "$T1" = 1 ]; then
            t4=$(now)
            "$GRUNDY" seq "$game" --to "$n" --quiet --threads 1 >/dev/null
            one+=($(($(now) - t4)))
        fi
        timed "$tmp/o" "$OGSOLVE" "$game" -n "$n" -m rc
        ot+=("$wall")
        oc+=("$cpu")
        oout=$(cat "$tmp/o")
        if [ "$NOFILL" = 1 ]; then
            t3=$(now)
            "$GRUNDY" seq "$game" --to "$n" --quiet "${threads[@]}" --no-fill >/dev/null
            ft+=($(($(now) - t3)))
        fi
        gper=$(echo "$gout" | sed -n 's/^period: \([0-9]*\) from heap \([0-9]*\).*proved.*/p \1 n0 \2 (proved)/p; s/^period: \(no period.*\)/none/p; s/^period: apparent \([0-9]*\) from heap \([0-9]*\).*/p \1 n0 \2 (apparent)/p' | head -1)
        gfill=$(echo "$gout" | sed -n 's/^filled: heaps \([0-9]*\)\.\..*/\1/p' | head -1)
        oper=$(echo "$oout" | sed -n 's/.*found period of length \([0-9]*\) and pre-period \([0-9]*\).*/p \1 n0 \2/p' | head -1)
        osum=$(echo "$oout" | sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p' | head -1)
    done
    gm=$(printf '%s\n' "${gt[@]}" | median)
    om=$(printf '%s\n' "${ot[@]}" | median)
    ratio=$(ratio "$gm" "$om")
    gcm=$(printf '%s\n' "${gc[@]}" | median)
    ocm=$(printf '%s\n' "${oc[@]}" | median)
    cratio=$(ratio "$gcm" "$ocm")
    fm="-"
    fratio="-"
    if [ "$NOFILL" = 1 ]; then
        fm=$(printf '%s\n' "${ft[@]}" | median)
        fratio=$(ratio "$fm" "$om")
    fi
    t1m="-"
    t1ratio="-"
    if [ "$T1" = 1 ]; then
        t1m=$(printf '%s\n' "${one[@]}" | median)
        t1ratio=$(ratio "$gm" "$t1m")
    fi
    same="-"
    if [ "$CHECK" = 1 ]; then
        # Fletcher-32 over the u16 nimbers, as ogsolve prints it.
        gsum=$("$GRUNDY" seq "$game" --to "$n" --quiet "${threads[@]}" --values |
            awk 'NF == 2 && $1 ~ /^[0-9]+$/ { a = (a + $2) % 65536; b = (b + a) % 65536 }
                 END { printf "%X", b * 65536 + a }')
        if [ "$gsum" = "$osum" ]; then same="identical ($gsum)"; else same="DIFFER (grundy $gsum, ogsolve $osum)"; fi
    fi
    printf '%-8s %10s  %-34s %-34s %9s %9s %9s %7s %9s %9s %7s %11s %8s %8s %7s  %s\n' "$game" "$n" "${gper:-none}" "${oper:-none}" "${gfill:--}" "$gm" "$om" "$ratio" "$gcm" "$ocm" "$cratio" "$fm" "$fratio" "$t1m" "$t1ratio" "$same"
    row="$game:$n"
    worst ratio "$ratio" "$row"
    worst cpu "$cratio" "$row"
    worst scan-all "$fratio" "$row"
    worst def/t1 "$t1ratio" "$row"
    case $same in DIFFER*) differ="${differ:-} $row" ;; esac
done
verdict=met
awk -v a="${worst[ratio]:-0}" 'BEGIN { exit !(a > 0.5) }' && verdict=MISSED
[ -n "${worst[def/t1]:-}" ] && awk -v a="${worst[def/t1]}" 'BEGIN { exit !(a > 1.05) }' && verdict=MISSED
summary="worst: ratio ${worst[ratio]:--} (${worst_at[ratio]:--}), cpu ${worst[cpu]:--} (${worst_at[cpu]:--})"
[ "$NOFILL" = 1 ] && summary+=", scan-all ${worst[scan-all]:--} (${worst_at[scan-all]:--})"
[ "$T1" = 1 ] && summary+=", def/t1 ${worst[def/t1]:--} (${worst_at[def/t1]:--})"
target="ratio <= 0.5"
[ "$T1" = 1 ] && target+=", def/t1 <= 1.05"
echo "$summary; target ($target): $verdict${differ:+; VALUES DIFFER:$differ}"
echo "note: 'filled' = grundy stopped scanning at that heap, the period being proved there; the rest"
echo "      of the values were copied by the period (identical to a full scan, checked in tests)."
echo "      'scan-all' = grundy seq --no-fill: every heap computed, as ogsolve does (ratio vs ogsolve)."
