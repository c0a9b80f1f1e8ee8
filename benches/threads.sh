#!/usr/bin/env bash
# Two threads against one on the long heap-game runs of issue 16: `grundy seq` (release profile,
# what users get) with --threads 1 and --threads 2, alternating, RUNS times each; prints the median
# wall time, the CPU time (user+sys) of the same run, the speed-up (1-thread / 2-thread wall time)
# and the values computed per second. Target on an idle machine: speed-up >= 1.6.
#
#   benches/threads.sh                          # 0.6 (Officers) to 10^7, 0.007 (Treblecross) to 10^6
#   RUNS=5 benches/threads.sh
#   GAMES="0.6:1000000" benches/threads.sh
#   LONG=1 benches/threads.sh                   # also 0.6 to 10^8 with the default threads (minutes)
#
# The load average is printed before and after each game: a speed-up measured while other
# processes keep the cores busy says little (the helper thread then waits for a core; grundy
# measures both ways as it runs and falls back to one thread when the helper does not pay).
# Every run's checksum must be the same (the values do not depend on the threads).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
GAMES=${GAMES:-"0.6:10000000 0.007:1000000"}
LONG=${LONG:-0}

cargo build --release -p grundy-cli --bin grundy >&2
GRUNDY=${CARGO_TARGET_DIR:-target}/release/grundy

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average[s]*: //'; }

# run THREADS GAME N: prints "wall cpu checksum"
run() {
    local out t
    TIMEFORMAT='%R %U %S'
    t=$({ time "$GRUNDY" seq "$2" --to "$3" --quiet --threads "$1" >"$tmp" 2>&1; } 2>&1)
    out=$(sed -n 's/^checksum[^:]*: //p' "$tmp")
    echo "$t $out" | awk '{ printf "%.2f %.2f %s\n", $1, $2 + $3, $4 }'
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

printf '%-7s %10s %9s %9s %9s %9s %8s %12s %12s  %-17s %-17s %s\n' game n 1t_wall 1t_cpu 2t_wall 2t_cpu speedup 1t_values/s 2t_values/s "load before" "load after" checksum
for spec in $GAMES; do
    game=${spec%%:*}
    n=${spec##*:}
    before=$(load)
    w1=() c1=() w2=() c2=() sums=()
    for ((r = 0; r < RUNS; r++)); do
        read -r w c s < <(run 1 "$game" "$n")
        w1+=("$w") c1+=("$c") sums+=("$s")
        read -r w c s < <(run 2 "$game" "$n")
        w2+=("$w") c2+=("$c") sums+=("$s")
    done
    after=$(load)
    m1=$(printf '%s\n' "${w1[@]}" | median)
    m2=$(printf '%s\n' "${w2[@]}" | median)
    k1=$(printf '%s\n' "${c1[@]}" | median)
    k2=$(printf '%s\n' "${c2[@]}" | median)
    same=$(printf '%s\n' "${sums[@]}" | sort -u)
    if [ "$(printf '%s\n' "$same" | wc -l)" != 1 ]; then same="DIFFER: $(echo $same)"; fi
    awk -v g="$game" -v n="$n" -v m1="$m1" -v k1="$k1" -v m2="$m2" -v k2="$k2" \
        -v lb="$before" -v la="$after" -v s="$same" 'BEGIN {
        printf "%-7s %10s %9.2f %9.2f %9.2f %9.2f %8.2f %12.0f %12.0f  %-17s %-17s %s\n",
            g, n, m1, k1, m2, k2, m1 / m2, (n + 1) / m1, (n + 1) / m2, lb, la, s }'
done
if [ "$LONG" = 1 ]; then
    n=100000000
    before=$(load)
    read -r w c s < <(TIMEFORMAT='%R %U %S' run 2 0.6 "$n")
    awk -v n="$n" -v w="$w" -v c="$c" -v lb="$before" -v la="$(load)" -v s="$s" 'BEGIN {
        printf "0.6 to %d with 2 threads: %.1f s wall, %.1f s CPU, %.0f values/s (load before %s, after %s), checksum %s\n",
            n, w, c, (n + 1) / w, lb, la, s }'
fi
echo "note: times in seconds; values/s = (n + 1) / median wall time; cpu = user + sys of the run."
