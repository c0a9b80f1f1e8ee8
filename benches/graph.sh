#!/usr/bin/env bash
# Side-by-side benchmark of `grundy graph` (issue 5), all figures from one run:
#   - random DAG, 10^6 vertices / 10^7 edges, text file -> answer for two tokens, against
#     python-igraph reading the same file + topological order, and against `wc -l` (the floor);
#   - the same graph from the binary form;
#   - with GRAPH_BENCH_LARGE=1 also 10^7 vertices / 5x10^7 edges (a DAG and a cyclic graph).
# Prints the median wall time of RUNS runs (default 5), the ratios, and peak memory (max RSS).
# Files are generated in a scratch dir (mktemp -d) that is removed at exit.
# IGRAPH_PYTHON=/path/to/python reuses a Python that has igraph; otherwise a venv is made in the
# scratch dir with `pip install igraph`.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
V=${V:-1000000}
E=${E:-10000000}

cargo build --release --bin grundy --example graph_generate >&2
BIN=${CARGO_TARGET_DIR:-target}/release/grundy
GEN=${CARGO_TARGET_DIR:-target}/release/examples/graph_generate
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

PY=${IGRAPH_PYTHON:-}
if [ -z "$PY" ]; then
  python3 -m venv "$SCRATCH/venv" >&2
  "$SCRATCH/venv/bin/pip" install -q igraph >&2
  PY="$SCRATCH/venv/bin/python"
fi
cat > "$SCRATCH/ig.py" <<'PYEOF'
import sys, igraph
g = igraph.Graph.Read_Edgelist(sys.argv[1], directed=True)
order = g.topological_sorting()
print(len(order))
PYEOF

# run NAME CMD... : RUNS timed runs; prints the median wall time, the median CPU time (user+sys,
# robust when other work shares the cores) and the peak memory; records both medians
declare -A MED CPU
run() {
  local name=$1; shift
  local times=() cpus=() mems=()
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -o "$SCRATCH/time" -f "%e %M %U %S" "$@" >/dev/null 2>"$SCRATCH/stderr"
    read -r e m u s < <(tail -1 "$SCRATCH/time")
    times+=("$e"); mems+=("$m"); cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
  done
  local med cpu mem
  med=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  cpu=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  mem=$(printf '%s\n' "${mems[@]}" | sort -g | tail -1)
  MED[$name]=$med
  CPU[$name]=$cpu
  printf '%-34s median %7.3f s wall, %7.3f s cpu  (wall runs: %s)  peak %6.1f MiB\n' "$name" \
    "$med" "$cpu" "${times[*]}" "$(awk -v k="$mem" 'BEGIN {print k/1024}')"
}
ratio() { awk -v a="${MED[$1]}" -v b="${MED[$2]}" -v c="${CPU[$1]}" -v d="${CPU[$2]}" \
  -v n1="$1" -v n2="$2" 'BEGIN {printf "ratio %-32s / %-32s = %.3f wall, %.3f cpu\n",
  n1, n2, (b > 0 ? a / b : 0), (d > 0 ? c / d : 0)}'; }

F="$SCRATCH/dag.txt"
"$GEN" dag "$V" "$E" > "$F"
"$BIN" graph "$F" --write-binary "$SCRATCH/dag.bin" --quiet >/dev/null
echo "input: random DAG, $V vertices, $(wc -l < "$F") edges, $(du -m "$F" | cut -f1) MiB text; $RUNS runs"
run "wc -l" wc -l "$F"
run "grundy graph (text, 2 tokens)" "$BIN" graph "$F" --tokens 0,1 --quiet
run "grundy graph (binary, 2 tokens)" "$BIN" graph "$SCRATCH/dag.bin" --tokens 0,1 --quiet
run "igraph read + topological order" "$PY" "$SCRATCH/ig.py" "$F"
ratio "grundy graph (text, 2 tokens)" "igraph read + topological order"
ratio "grundy graph (binary, 2 tokens)" "igraph read + topological order"
ratio "grundy graph (text, 2 tokens)" "wc -l"
rm -f "$F" "$SCRATCH/dag.bin"

if [ "${GRAPH_BENCH_LARGE:-0}" = 1 ]; then
  for kind in dag cyclic; do
    F="$SCRATCH/large.txt"
    "$GEN" "$kind" 10000000 50000000 > "$F"
    echo "input: random $kind, 10^7 vertices, $(wc -l < "$F") edges, $(du -m "$F" | cut -f1) MiB text"
    RUNS=1 run "grundy graph large $kind" "$BIN" graph "$F" --tokens 0,1 --quiet
    RUNS=1 run "wc -l large $kind" wc -l "$F"
    rm -f "$F"
  done
fi
