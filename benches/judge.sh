#!/usr/bin/env bash
# Side-by-side timing of `grundy judge` against the seed C++ programs (speed baseline only).
#
# Builds the reference programs with g++ -O2 in a scratch folder and grundy with `--release`,
# generates inputs at the original limits, checks that both print identical output, alternates
# runs (RUNS each, default 7), and prints the median times and the ratio ours / seed.
# Also times agc016f at N = 20 with all 190 edges (ours only; the seed is limited to N <= 15).
#
# Usage: benches/judge.sh [RUNS]     (from the repository root; needs g++ and python3)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-7}"
REF="${REF_DIR:-../shared/reference}"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT

for p in agc016f sdoi2019_coins xsy1149; do
    g++ -O2 -w -o "$SCRATCH/$p" "$REF/$p.cpp"
done
cargo build --quiet --release --bin grundy
OURS="${CARGO_TARGET_DIR:-target}/release/grundy"

python3 - "$SCRATCH" <<'PY'
import random, sys
d = sys.argv[1]
rng = random.Random(20190101)

def complete(n):
    e = [(x, y) for x in range(1, n + 1) for y in range(x + 1, n + 1)]
    return f"{n} {len(e)}\n" + "".join(f"{x} {y}\n" for x, y in e)

open(f"{d}/agc15.in", "w").write(complete(15))
open(f"{d}/agc20.in", "w").write(complete(20))
open(f"{d}/coins.in", "w").write("150000 50\n")

# xsy1149: T = 20 games, V = 100, E = 1500 distinct edges, out-degree <= 17, random numbering.
out = ["20"]
for _ in range(20):
    v, e = 100, 1500
    perm = list(range(v)); rng.shuffle(perm)
    edges, deg = set(), [0] * v
    while len(edges) < e:
        i, j = sorted(rng.sample(range(v), 2))
        a, b = perm[i], perm[j]
        if deg[a] < 17 and (a, b) not in edges:
            edges.add((a, b)); deg[a] += 1
    out.append(f"{v} {e}")
    out += [f"{a} {b}" for a, b in sorted(edges, key=lambda _: rng.random())]
    out.append(" ".join(str(rng.randint(0, 100)) for _ in range(v)))
    out.append("1000")
    out += [" ".join(str(rng.randint(0, 100)) for _ in range(v)) for _ in range(1000)]
open(f"{d}/xsy.in", "w").write("\n".join(out) + "\n")
PY

now() { date +%s%N; }
# time_ms CMD... < input: prints elapsed milliseconds (3 decimals)
run_ms() {
    local input="$1"; shift
    local t0 t1
    t0=$(now); "$@" < "$input" > /dev/null; t1=$(now)
    echo "$(( (t1 - t0) / 1000 ))"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-9s %-34s %11s %11s %7s\n' problem input "seed (ms)" "ours (ms)" ratio
bench() {
    local name="$1" desc="$2" input="$3" seed="$4" problem="$5"
    if ! cmp -s <("$seed" < "$input") <("$OURS" judge "$problem" < "$input"); then
        echo "$name: OUTPUTS DIFFER" >&2
        exit 1
    fi
    local s=() o=()
    for _ in $(seq "$RUNS"); do
        s+=("$(run_ms "$input" "$seed")")
        o+=("$(run_ms "$input" "$OURS" judge "$problem")")
    done
    local ms mo
    ms=$(printf '%s\n' "${s[@]}" | median)
    mo=$(printf '%s\n' "${o[@]}" | median)
    awk -v n="$name" -v d="$desc" -v s="$ms" -v o="$mo" \
        'BEGIN {printf "%-9s %-34s %11.1f %11.1f %7.3f\n", n, d, s/1000, o/1000, (s > 0 ? o/s : 0)}'
}
bench agc016f "N=15, all 105 edges" "$SCRATCH/agc15.in" "$SCRATCH/agc016f" agc016f
bench sdoi2019 "n=150000, m=50" "$SCRATCH/coins.in" "$SCRATCH/sdoi2019_coins" sdoi2019
bench xsy1149 "T=20, V=100, E=1500, R=1000 (6 MB)" "$SCRATCH/xsy.in" "$SCRATCH/xsy1149" xsy1149

o=()
for _ in $(seq 3); do o+=("$(run_ms "$SCRATCH/agc20.in" "$OURS" judge agc016f)"); done
mo=$(printf '%s\n' "${o[@]}" | median)
awk -v o="$mo" 'BEGIN {printf "%-9s %-34s %11s %11.1f %7s\n", "agc016f", "N=20, all 190 edges (ours only)", "-", o/1000, "-"}'
