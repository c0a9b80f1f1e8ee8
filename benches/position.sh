#!/usr/bin/env bash
# Position benchmarks: Sprague–Grundy analysis vs whole-sum search, misère Nim rule vs search,
# memoised misère search vs retrograde analysis. Prints medians and ratios (one run each).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench --profile release --bench position
