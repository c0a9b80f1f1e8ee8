"""Your own game, third way: a Python class run by grundy.Game (the guide's chapter "Your own game").

Dawson's Chess as Node-Kayles on a path (Dawson 1935; Winning Ways ch. 4): a row of pawns, as
vertices of a path; a move picks a pawn and removes it together with its neighbours; the player
who cannot move loses. A position is a tuple of run lengths (sorted): `options` lists the
positions reachable in one move, and `decompose` splits a position into its runs, so the Rust
memo engine adds their values by XOR (Sprague–Grundy) instead of searching the sum.

The values are those of the octal game 0.137, which grundy computes with its own engine: the
script checks the two agree, then solves a position.

Run: python examples/own_game.py (with the wheel installed); python/tests/test_own_game.py runs it.
"""

import grundy


class DawsonsChess:
    def options(self, runs):
        out = []
        for i, n in enumerate(runs):
            rest = runs[:i] + runs[i + 1:]
            for v in range(n):  # pick vertex v of a run of n: vertices v-1, v, v+1 go
                left, right = max(v - 1, 0), max(n - v - 2, 0)
                out.append(tuple(sorted(r for r in rest + (left, right) if r > 0)))
        return out

    def decompose(self, runs):
        return [(n,) for n in runs] if len(runs) > 1 else None


def main():
    game = grundy.Game(DawsonsChess())
    mine = [int(game.value((n,) if n else ())) for n in range(40)]
    octal = [int(v) for v in grundy.Ruleset("0.137").analyse(39).values]
    print("G(0..40):", " ".join(map(str, mine)))
    print("the same as grundy's octal game 0.137:", mine == octal)
    position = (3, 4, 5)
    value, outcome, moves = game.value(position), game.outcome(position), game.winning_moves(position)
    print(f"runs 3 4 5: {value!r} {outcome}, winning moves to {moves}")
    return mine == octal


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
