#!/usr/bin/env bash
# Side-by-side timing of `grundy seq` against ogsolve 0.0.7 (the public octal-game solver), on the
# games and lengths of issue 4. Runs alternate (grundy, ogsolve, grundy, ...) in the same session;
# prints the median wall time of each and the ratio grundy / ogsolve (target: <= 0.5).
#
#   benches/ogsolve.sh                        # all games, 3 runs each
#   RUNS=5 GAMES="0.16:700000 0.56:660000" benches/ogsolve.sh
#   OGSOLVE=/path/to/ogsolve THREADS=2 benches/ogsolve.sh
#   BUSY=1 GAMES="0.007:200000" benches/ogsolve.sh   # a busy machine: a CPU hog runs meanwhile
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

cargo build --release --bin grundy >&2
GRUNDY=${CARGO_TARGET_DIR:-target}/release/grundy
threads=()
if [ -n "$THREADS" ]; then threads=(--threads "$THREADS"); fi

if [ "$BUSY" = 1 ]; then
    (while :; do :; done) &
    hog=$!
    trap 'kill "$hog" 2>/dev/null || true' EXIT
    trap 'exit 130' INT TERM
    echo "busy machine: CPU hog running (pid $hog) for the whole run" >&2
fi

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f", m/1e9}'; }

printf '%-8s %10s  %-34s %-34s %9s %9s %9s %7s %11s %8s %8s %7s  %s\n' game n "grundy period" "ogsolve period" filled "grundy_s" "ogsolve_s" ratio "scan-all_s" ratio "t1_s" "def/t1" values
for spec in $GAMES; do
    game=${spec%%:*}
    n=${spec##*:}
    gt=()
    ot=()
    ft=()
    one=()
    gper=""
    gfill=""
    oper=""
    for ((r = 0; r < RUNS; r++)); do
        t0=$(now)
        gout=$("$GRUNDY" seq "$game" --to "$n" --quiet "${threads[@]}")
        t1=$(now)
        oout=$("$OGSOLVE" "$game" -n "$n" -m rc)
        t2=$(now)
        gt+=($((t1 - t0)))
        ot+=($((t2 - t1)))
        if [ "$NOFILL" = 1 ]; then
            t3=$(now)
            "$GRUNDY" seq "$game" --to "$n" --quiet "${threads[@]}" --no-fill >/dev/null
            ft+=($(($(now) - t3)))
        fi
        if [ "$T1" = 1 ]; then
            t4=$(now)
            "$GRUNDY" seq "$game" --to "$n" --quiet --threads 1 >/dev/null
            one+=($(($(now) - t4)))
        fi
        gper=$(echo "$gout" | sed -n 's/^period: \([0-9]*\) from heap \([0-9]*\).*proved.*/p \1 n0 \2 (proved)/p; s/^period: \(no period.*\)/none/p; s/^period: apparent \([0-9]*\) from heap \([0-9]*\).*/p \1 n0 \2 (apparent)/p' | head -1)
        gfill=$(echo "$gout" | sed -n 's/^filled: heaps \([0-9]*\)\.\..*/\1/p' | head -1)
        oper=$(echo "$oout" | sed -n 's/.*found period of length \([0-9]*\) and pre-period \([0-9]*\).*/p \1 n0 \2/p' | head -1)
        osum=$(echo "$oout" | sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p' | head -1)
    done
    gm=$(printf '%s\n' "${gt[@]}" | median)
    om=$(printf '%s\n' "${ot[@]}" | median)
    ratio=$(awk -v a="$gm" -v b="$om" 'BEGIN { printf "%.2f", a / b }')
    fm="-"
    fratio="-"
    if [ "$NOFILL" = 1 ]; then
        fm=$(printf '%s\n' "${ft[@]}" | median)
        fratio=$(awk -v a="$fm" -v b="$om" 'BEGIN { printf "%.2f", a / b }')
    fi
    t1m="-"
    t1ratio="-"
    if [ "$T1" = 1 ]; then
        t1m=$(printf '%s\n' "${one[@]}" | median)
        t1ratio=$(awk -v a="$gm" -v b="$t1m" 'BEGIN { printf "%.2f", a / b }')
    fi
    same="-"
    if [ "$CHECK" = 1 ]; then
        # Fletcher-32 over the u16 nimbers, as ogsolve prints it.
        gsum=$("$GRUNDY" seq "$game" --to "$n" --quiet "${threads[@]}" --values |
            awk 'NF == 2 && $1 ~ /^[0-9]+$/ { a = (a + $2) % 65536; b = (b + a) % 65536 }
                 END { printf "%X", b * 65536 + a }')
        if [ "$gsum" = "$osum" ]; then same="identical ($gsum)"; else same="DIFFER (grundy $gsum, ogsolve $osum)"; fi
    fi
    printf '%-8s %10s  %-34s %-34s %9s %9s %9s %7s %11s %8s %8s %7s  %s\n' "$game" "$n" "${gper:-none}" "${oper:-none}" "${gfill:--}" "$gm" "$om" "$ratio" "$fm" "$fratio" "$t1m" "$t1ratio" "$same"
done
echo "note: 'filled' = grundy stopped scanning at that heap, the period being proved there; the rest"
echo "      of the values were copied by the period (identical to a full scan, checked in tests)."
echo "      'scan-all' = grundy seq --no-fill: every heap computed, as ogsolve does (ratio vs ogsolve)."
