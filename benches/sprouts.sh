#!/usr/bin/env bash
# Side-by-side timing of `grundy search sprouts` against SPOTS (Čížek, Balko and Schmid 2025,
# "Massively Parallel Proof-Number Search for Impartial Games and Beyond", MIT; the peer for
# Sprouts), whole process, same position, alternating runs (grundy, SPOTS, grundy, ...). Prints
# per position the median wall time of each, the ratio grundy / SPOTS, the result (they must
# agree, or the script stops with an error) and both peak memories (maximum resident set size
# by /usr/bin/time).
#
#   SPOTS=/path/to/spots-solver benches/sprouts.sh                 # 0*10 0*12 0*14, 3 runs each
#   SPOTS=... RUNS=5 POSITIONS="0*12 0*14" benches/sprouts.sh
#   SPOTS=... THREADS=2 benches/sprouts.sh                           # both on two threads
#   SPOTS=... NIMBER=1 POSITIONS="0*6 0*8 0*10" benches/sprouts.sh   # the nimber, not only N/P
#   SPOTS=... SPOTS_ONLY=1 benches/sprouts.sh                        # SPOTS alone (no grundy)
#
# Positions are in SPOTS's notation (the one `grundy search sprouts --position` reads): "0*12" is
# the 12-spot start. THREADS (default 1): grundy gets --threads THREADS; SPOTS runs
# `--algorithm dfpn` with 1 and `--algorithm pdfpn --threads THREADS` with more (pdfpn imports
# Ray, which adds about 0.3 s and 55 MiB to each run). NIMBER=1: SPOTS gets --compute_nimber (it
# solves position+*0, position+*1, ... until one is a loss; that k is the nimber) and grundy
# computes the value (no --outcome); without it both give the outcome only (N: the player to
# move wins; SPOTS prints "Win"/"Loss"). SPOTS keeps its default transposition table (100k
# nodes). TIMEOUT (default 600 s) bounds each run; a run past it is printed as ">TIMEOUT".
# GRUNDY=path uses that binary instead of building target/release/grundy.
#
# SPOTS writes stats.csv and database.spr into its working folder, so it runs in a scratch
# folder that is removed at the end.
set -euo pipefail

spots_help() {
    cat >&2 <<'EOF'
SPOTS is not set. Build SPOTS (https://github.com/cizektom/spots, MIT) and pass its command:

  git clone https://github.com/cizektom/spots.git spots-src
  # its CMake fetches pybind11 from GitHub; use the pip-installed pybind11 instead:
  perl -0pi -e 's/FetchContent_Declare\(.*?FetchContent_MakeAvailable\(pybind11\)/find_package(pybind11 CONFIG REQUIRED)/s' \
      spots-src/modules/spots_cpp/python/CMakeLists.txt
  python3 -m venv spots-venv
  spots-venv/bin/pip install cmake ninja pybind11 setuptools wheel
  PATH=$PWD/spots-venv/bin:$PATH \
  CMAKE_ARGS="-Dpybind11_DIR=$(spots-venv/bin/python -c 'import pybind11; print(pybind11.get_cmake_dir())')" \
  CMAKE_BUILD_PARALLEL_LEVEL=2 \
      spots-venv/bin/pip install --no-build-isolation ./spots-src
  # (its setup.py builds the C++ core with CMAKE_BUILD_TYPE=Release, -O3 -DNDEBUG, and
  #  installs ray[default]==2.47.0, which the pdfpn algorithm imports)

  SPOTS=$PWD/spots-venv/bin/spots-solver benches/sprouts.sh
EOF
}

if [ -z "${SPOTS:-}" ]; then
    spots_help
    exit 2
fi
# make SPOTS absolute before leaving the caller's folder (it runs from a scratch folder)
if [[ "$SPOTS" != */* ]]; then
    SPOTS=$(command -v "$SPOTS" || true)
elif [[ "$SPOTS" != /* ]]; then
    SPOTS=$PWD/$SPOTS
fi
if [ -z "$SPOTS" ] || [ ! -x "$SPOTS" ]; then
    echo "SPOTS=${SPOTS:-?} is not an executable spots-solver" >&2
    spots_help
    exit 2
fi
if [ -n "${GRUNDY:-}" ] && [[ "$GRUNDY" != /* ]]; then
    GRUNDY=$PWD/$GRUNDY
fi

cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
POSITIONS=${POSITIONS:-"0*10 0*12 0*14"}
THREADS=${THREADS:-1}
NIMBER=${NIMBER:-0}
TIMEOUT=${TIMEOUT:-600}
SPOTS_ONLY=${SPOTS_ONLY:-0}

case "$THREADS" in ''|*[!0-9]*|0) echo "THREADS must be a positive integer (1 or 2)" >&2; exit 2 ;; esac
case "$NIMBER" in 0|1) ;; *) echo "NIMBER must be 0 or 1" >&2; exit 2 ;; esac

spots_args=(--algorithm dfpn)
if [ "$THREADS" -gt 1 ]; then spots_args=(--algorithm pdfpn --threads "$THREADS"); fi
grundy_args=(--threads "$THREADS" --quiet --json)
if [ "$NIMBER" = 1 ]; then
    spots_args+=(--compute_nimber)
else
    grundy_args+=(--outcome)
fi

if [ "$SPOTS_ONLY" != 1 ] && [ -z "${GRUNDY:-}" ]; then
    cargo build --release --bin grundy >&2
    GRUNDY=$(pwd)/${CARGO_TARGET_DIR:-target}/release/grundy
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/scratch"

# parse_grundy: grundy's JSON on stdin -> "OUTCOME VALUE" ("-" where absent)
parse_grundy() {
    python3 -c '
import json, sys
text = sys.stdin.read().strip()
try:
    d = json.loads(text)
except ValueError:
    lines = [l for l in text.splitlines() if l.strip()]
    d = json.loads(lines[-1]) if lines else {}
o = d.get("outcome")
v = d.get("value")
if v is not None and not (isinstance(v, int) and v >= 0):
    v = None
if o is None and v is not None:
    o = "P" if v == 0 else "N"
print(o if o in ("N", "P") else "-", v if v is not None else "-")
'
}

# parse_spots: SPOTS's stdout on stdin -> "OUTCOME VALUE": the outcome from "POS+*0 is Win/Loss",
# the value (NIMBER=1) from the last "POS+*k is Loss"
parse_spots() {
    awk -v nimber="$NIMBER" '
        /\+\*[0-9]+ is (Win|Loss|Unknown):/ {
            s = $0; sub(/^.*\+\*/, "", s); k = s; sub(/ .*/, "", k)
            r = s; sub(/^[0-9]+ is /, "", r); sub(/:.*/, "", r)
            if (k == 0) o = (r == "Win") ? "N" : (r == "Loss") ? "P" : "-"
            last_k = k; last_r = r
        }
        END {
            v = "-"
            if (nimber == 1 && last_r == "Loss") v = last_k
            print (o == "" ? "-" : o), v
        }'
}

# run NAME POSITION: prints "seconds peak_kib outcome value" (">TIMEOUT - - -" past TIMEOUT)
run() {
    local name=$1 pos=$2 start end rc=0 parsed
    rm -f "$tmp/scratch"/*
    start=$(date +%s.%N)
    if [ "$name" = grundy ]; then
        /usr/bin/time -f "%M" -o "$tmp/mem" timeout "$TIMEOUT" \
            "$GRUNDY" search sprouts --position "$pos" "${grundy_args[@]}" >"$tmp/out" 2>"$tmp/err" || rc=$?
    else
        (cd "$tmp/scratch" && /usr/bin/time -f "%M" -o "$tmp/mem" timeout "$TIMEOUT" \
            "$SPOTS" "$pos" "${spots_args[@]}" >"$tmp/out" 2>"$tmp/err") || rc=$?
    fi
    end=$(date +%s.%N)
    if [ "$rc" = 124 ]; then
        echo ">$TIMEOUT - - -"
        return
    fi
    if [ "$rc" != 0 ]; then
        echo "$name failed on $pos (exit $rc):" >&2
        tail -n 20 "$tmp/out" "$tmp/err" >&2
        return 1
    fi
    if [ "$name" = grundy ]; then
        parsed=$(parse_grundy <"$tmp/out") || { echo "grundy printed no JSON on $pos:" >&2; tail -n 5 "$tmp/out" >&2; return 1; }
    else
        parsed=$(parse_spots <"$tmp/out")
    fi
    local outcome value
    read -r outcome value <<<"$parsed"
    if [ "$outcome" = - ] || { [ "$NIMBER" = 1 ] && [ "$value" = - ]; }; then
        echo "$name gave no result on $pos; its output:" >&2
        tail -n 20 "$tmp/out" >&2
        return 1
    fi
    echo "$(echo "$end - $start" | bc -l) $(tail -1 "$tmp/mem") $parsed"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "-"; else print a[int((NR+1)/2)]}'; }

# the distinct results (outcome value) a program gave over its runs, timeouts left out
results() { awk '$1 !~ /^>/ {print $3, $4}' "$1" | sort -u; }

desc="outcome"
[ "$NIMBER" = 1 ] && desc="nimber"
spots_desc="spots-solver ${spots_args[*]}"
echo "sprouts $desc, $RUNS runs each, threads $THREADS; peer: $spots_desc" >&2
printf "%-10s %10s %10s %8s %7s %7s %12s %12s\n" position grundy_s spots_s ratio outcome value g_peak_MiB s_peak_MiB
for pos in $POSITIONS; do
    : >"$tmp/g"
    : >"$tmp/s"
    for _ in $(seq "$RUNS"); do
        if [ "$SPOTS_ONLY" != 1 ]; then
            run grundy "$pos" >>"$tmp/g"
        fi
        run spots "$pos" >>"$tmp/s"
    done
    gs=$(awk '{print $1}' "$tmp/g" | median)
    ss=$(awk '{print $1}' "$tmp/s" | median)
    gm=$(awk '$2 != "-" {print $2}' "$tmp/g" | sort -g | tail -1)
    sm=$(awk '$2 != "-" {print $2}' "$tmp/s" | sort -g | tail -1)
    gr=$(results "$tmp/g")
    sr=$(results "$tmp/s")
    if [ "$(printf '%s\n' "$gr" | grep -c .)" -gt 1 ]; then
        echo "grundy GAVE DIFFERENT RESULTS on $pos over its runs: $(echo $gr)" >&2
        exit 1
    fi
    if [ "$(printf '%s\n' "$sr" | grep -c .)" -gt 1 ]; then
        echo "SPOTS GAVE DIFFERENT RESULTS on $pos over its runs: $(echo $sr)" >&2
        exit 1
    fi
    if [ -n "$gr" ] && [ -n "$sr" ] && [ "$gr" != "$sr" ]; then
        echo "RESULTS DIFFER on $pos: grundy $gr, SPOTS $sr (outcome value)" >&2
        exit 1
    fi
    res=${sr:-$gr}
    outcome=-; value=-
    [ -n "$res" ] && read -r outcome value <<<"$res"
    ratio=-
    if [[ "$gs" != \>* && "$ss" != \>* && "$gs" != - && "$ss" != - ]]; then
        ratio=$(echo "$gs / $ss" | bc -l | xargs printf "%.2f")
    fi
    [[ "$gs" != - && "$gs" != \>* ]] && gs=$(printf "%.2f" "$gs")
    [[ "$ss" != - && "$ss" != \>* ]] && ss=$(printf "%.2f" "$ss")
    gmb=-; smb=-
    [ -n "$gm" ] && gmb=$((gm / 1024))
    [ -n "$sm" ] && smb=$((sm / 1024))
    printf "%-10s %10s %10s %8s %7s %7s %12s %12s\n" "$pos" "$gs" "$ss" "$ratio" "$outcome" "$value" "$gmb" "$smb"
done
