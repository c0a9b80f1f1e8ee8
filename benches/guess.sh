#!/usr/bin/env bash
# `grundy guess` timings (release build): 10^6 values and a 256×256 table (some with one cell in
# eight missing), each a rule and noise.
# Usage: benches/guess.sh [path/to/grundy]   (default: target/release/grundy; build it first with
# `cargo build --release -p grundy-cli`). Prints wall and CPU seconds per run (bash's `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
grundy="${1:-${CARGO_TARGET_DIR:-target}/release/grundy}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
rng = random.Random(1)
n = 10**6
# Officers-like noise, a closed form, a binary rule, Stern's (k-regular) and a Lasker-like
# residue rule
open(f"{d}/noise.txt", "w").write("\n".join(str(rng.randrange(12)) for _ in range(n)))
open(f"{d}/mod7.txt", "w").write("\n".join(str(i % 7) for i in range(n)))
open(f"{d}/lowbit.txt", "w").write("\n".join(str(i & -i) for i in range(n)))
s = [0, 1]
for i in range(2, n):
    s.append(s[i // 2] if i % 2 == 0 else s[i // 2] + s[i // 2 + 1])
open(f"{d}/stern.txt", "w").write("\n".join(map(str, s)))
open(f"{d}/lasker.txt", "w").write("\n".join(str(i + (1 if i % 4 == 3 else -1 if i % 4 == 0 and i else 0)) for i in range(n)))
def nim_mul(a, b, h=32):
    if a < 2 or b < 2:
        return a * b
    if h == 0:
        return a & b
    m = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & m, b >> h, b & m
    p11, p00 = nim_mul(a1, b1, h // 2), nim_mul(a0, b0, h // 2)
    cross = nim_mul(a0 ^ a1, b0 ^ b1, h // 2) ^ p00
    return (cross << h) | (p00 ^ nim_mul(p11, 1 << (h - 1), h // 2))
with open(f"{d}/sum.txt", "w") as f:
    for x in range(256):
        for y in range(256):
            f.write(f"{x} {y} {(x % 5) ^ (y & -y)}\n")
with open(f"{d}/product.txt", "w") as f:
    for x in range(256):
        for y in range(256):
            f.write(f"{x} {y} {nim_mul(x, y)}\n")
with open(f"{d}/product-holes.txt", "w") as f:
    for x in range(256):
        for y in range(256):
            if rng.randrange(8):
                f.write(f"{x} {y} {nim_mul(x, y)}\n")
with open(f"{d}/rows-holes.txt", "w") as f:
    blocks = [[rng.randrange(6) for _ in range(1 + x % 7)] for x in range(256)]
    for x in range(256):
        for y in range(256):
            if rng.randrange(8):
                f.write(f"{x} {y} {blocks[x][y % len(blocks[x])]}\n")
with open(f"{d}/table-noise.txt", "w") as f:
    for x in range(256):
        for y in range(256):
            f.write(f"{x} {y} {rng.randrange(12)}\n")
PY

run() {
    echo "== grundy guess $*"
    ( time "$grundy" guess "$@" --json | cut -c1-160 ) 2>&1 | grep -v '^$'
}
run kayles --to 1000000
for f in mod7 lowbit stern lasker noise; do run --values "$dir/$f.txt"; done
for f in sum product product-holes rows-holes table-noise; do run --table "$dir/$f.txt"; done
