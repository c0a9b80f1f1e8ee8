"""grundy.Game: games written in Python, solved by the Rust memo engine, against the engine's own
answers for the same games (heap rulesets, Nim) and against plain Python searches."""

import functools
import random
import sys
import traceback

import pytest

import grundy


class TakeOneOrTwo:
    def options(self, n):
        return [n - k for k in (1, 2) if k <= n]


def test_the_issue_example():
    g = grundy.Game(TakeOneOrTwo())
    assert g.value(7) == 1 and g.outcome(7) == "N" and g.winning_moves(7) == [6]
    assert [g.value(n) for n in range(9)] == [n % 3 for n in range(9)]
    assert isinstance(g.value(7), grundy.Nimber)


class HeapGame:
    """Any heap ruleset, position = sorted tuple of heaps, options from the ruleset's move list;
    with `decompose`, a position splits into its heaps."""

    def __init__(self, code, split):
        self.rules = grundy.Ruleset(code)
        self.split = split
        self.calls = 0

    def options(self, heaps):
        self.calls += 1
        out = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for left in self.rules.options(h):
                out.append(tuple(sorted(rest + tuple(x for x in left if x))))
        return out

    def decompose(self, heaps):
        if not self.split or len(heaps) <= 1:
            return None
        return [(h,) for h in heaps]


@pytest.mark.parametrize("code", ["kayles", "0.07", "sub:1,3,4", "allbut:1,2", "grundys-game", "4.07", "0.8"])
def test_single_heaps_equal_the_rust_nim_sequence(code):
    to = 40
    engine = grundy.Ruleset(code).analyse(to).values.tolist()
    g = grundy.Game(HeapGame(code, split=True))
    assert [g.value((n,) if n else ()) for n in range(to + 1)] == engine


@pytest.mark.parametrize("split", [False, True])
def test_sums_equal_the_xor_of_the_heap_values(split):
    rng = random.Random(7)
    engine = grundy.Ruleset("kayles").analyse(30).values.tolist()
    g = grundy.Game(HeapGame("kayles", split))
    for _ in range(60):
        heaps = tuple(sorted(rng.randrange(1, 9 if not split else 14) for _ in range(rng.randrange(1, 4))))
        xor = functools.reduce(lambda a, h: a ^ engine[h], heaps, 0)
        assert g.value(heaps) == xor, heaps
        # winning moves: exactly the options of value 0
        wins = g.winning_moves(heaps)
        assert all(g.value(w) == 0 for w in wins) and len(set(wins)) == len(wins)
        assert set(wins) == {o for o in g.rules.options(heaps) if g.value(o) == 0}


def test_decompose_searches_far_fewer_positions():
    whole = grundy.Game(HeapGame("kayles", split=False))
    parts = grundy.Game(HeapGame("kayles", split=True))
    heaps = (3, 4, 5, 6)
    assert whole.value(heaps) == parts.value(heaps)
    assert parts.positions_stored < whole.positions_stored / 10


class NimTuples:
    def options(self, heaps):
        return [heaps[:i] + (t,) + heaps[i + 1 :] for i, h in enumerate(heaps) for t in range(h)]


def test_nim_positions_agree_with_grundy_nim():
    rng = random.Random(8)
    g = grundy.Game(NimTuples())
    for _ in range(40):
        heaps = tuple(rng.randrange(6) for _ in range(rng.randrange(1, 4)))
        r = grundy.nim(list(heaps))
        assert g.value(heaps) == r["value"] and g.outcome(heaps) == r["outcome"]
        expected = [heaps[:m["heap"]] + (m["to"],) + heaps[m["heap"] + 1 :] for m in r["winning_moves"]]
        assert sorted(g.winning_moves(heaps)) == sorted(expected)


def test_a_long_line_of_play_needs_no_deep_stack():
    class TakeOne:
        def options(self, n):
            return [n - 1] if n else []

    assert grundy.Game(TakeOne()).value(200_000) == 0  # far beyond Python's recursion limit


def test_any_hashable_position():
    class Strings:
        def options(self, s):
            return [s[:i] + s[i + 1 :] for i in range(len(s))]  # delete one letter

    g = grundy.Game(Strings())
    assert g.value("abcd") == 0 and g.value("abc") == 1  # G = parity of the length


def test_a_cycle_is_a_value_error():
    class Loop:
        def options(self, n):
            return [(n + 1) % 5, 7] if n != 7 else []

    g = grundy.Game(Loop())
    with pytest.raises(ValueError, match="the game is loopy"):
        g.value(0)
    assert g.value(7) == 0  # the game object stays usable


class Boom(Exception):
    pass


def test_exceptions_in_options_propagate_with_their_traceback_and_the_memo_is_rebuilt():
    class Flaky:
        fail = True

        def options(self, n):
            if n == 3 and self.fail:
                raise Boom("no options for 3 today")
            return [n - k for k in (1, 2) if k <= n]

    rules = Flaky()
    g = grundy.Game(rules)
    with pytest.raises(Boom, match="no options for 3 today") as info:
        g.value(10)
    frames = [f.name for f in traceback.extract_tb(info.value.__traceback__)]
    assert "options" in frames
    rules.fail = False
    assert [g.value(n) for n in range(11)] == [n % 3 for n in range(11)]


def test_bad_rules_and_bad_positions_are_type_errors():
    with pytest.raises(TypeError, match="rules must have a method options"):
        grundy.Game(object())

    class NotIterable:
        def options(self, n):
            return 5

    with pytest.raises(TypeError, match="options\\(\\) must return an iterable of positions, got int"):
        grundy.Game(NotIterable()).value(1)

    class Unhashable:
        def options(self, n):
            return [[n - 1]] if n else []

    with pytest.raises(TypeError, match="positions must be hashable"):
        grundy.Game(Unhashable()).value(1)
    with pytest.raises(TypeError, match="positions must be hashable"):
        grundy.Game(TakeOneOrTwo()).value([1])


def test_the_position_limit():
    g = grundy.Game(TakeOneOrTwo(), limit=10)
    with pytest.raises(ValueError, match="more than 10 positions"):
        g.value(100)


def test_eq_is_pythons():
    class Mod3(int):
        """Positions equal when equal mod 3 (and hash alike): the game sees one position each."""

        def __eq__(self, other):
            return int(self) % 3 == int(other) % 3

        def __hash__(self):
            return int(self) % 3

    class Down:
        def options(self, n):
            return [Mod3(n - 1)] if n > 0 else []

    g = grundy.Game(Down())
    assert g.value(Mod3(2)) == 0  # 2 -> 1 -> 0, and then 0 is stored
    assert g.positions_stored == 3
