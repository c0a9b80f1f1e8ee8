"""A guided tour of the grundy Python package (run: python examples/tour.py).

The same steps work in a Jupyter notebook, where an Analysis shows as a plot of G(n) and every
report dict as a small table.
"""

import grundy

print("1. Nimbers: + is nim-addition (XOR), * is nim-multiplication")
two = grundy.Nimber(2)
print(f"   *2 + *3 = {two + 3!r};  *2 * *2 = {two * two!r};  1 / *2 = {two.inverse()!r}")

print("\n2. Kayles: knock down one pin or two adjacent pins")
kayles = grundy.Ruleset("kayles")
a = kayles.analyse(300)
print(f"   {a!r}")
print(f"   G(0..15) = {[int(v) for v in a.values[:16]]}")
print(f"   by the proved period, G(10^12) = {a.value_at(10**12)!r}")

print("\n3. Nim 3 4 5 (the dict of `grundy nim 3 4 5 --json`)")
r = grundy.nim([3, 4, 5])
print(f"   value {r['value']}, outcome {r['outcome']}, winning moves {r['winning_moves']}")

print("\n4. A sum of components of several families, normal and misère play")
position = [
    {"kind": "nim", "heaps": [3, 4]},
    {"kind": "heap", "ruleset": "dawsons-kayles", "heaps": [9]},
    {"kind": "coins", "length": 9, "cells": [2, 5, 8]},
]
for misere in (False, True):
    s = grundy.solve(position, misere=misere)
    moves = [f"{m['kind']} #{m['component']}" for m in s["winning_moves"]]
    print(f"   {s['play']:>6}: outcome {s['outcome']}, winning moves in {moves}")

print("\n5. Tokens on a graph with a cycle: draws and infinite values")
g = grundy.graph([(0, 1), (1, 0), (0, 2), (3, 3)], tokens=[0, 3], values=True)
print(f"   values {g['values']}; tokens on 0 and 3: outcome {g['outcome']} (D = draw)")

print("\n6. Counting: three heaps of subtract-a-square, sizes 0..29, as multisets")
c = grundy.count_heaps("sub:squares", heaps=3, max=29, multiset=True)
print(f"   {c['p_positions']} P-positions out of {c['total']}")


print("\n7. Your own game in Python: subtract a square number from a heap")


class SubtractASquare:
    def options(self, n):
        return [n - k * k for k in range(1, int(n**0.5) + 1)]


game = grundy.Game(SubtractASquare())
mine = [int(game.value(n)) for n in range(30)]
engine = grundy.Ruleset("sub:squares").analyse(29).values.tolist()
print(f"   G(0..29) from Python rules: {mine}")
print(f"   the same as the Rust ruleset sub:squares: {mine == engine}")
print(f"   winning moves from 29: {game.winning_moves(29)}")
assert mine == engine
