"""Nimbers: nim-addition and nim-multiplication against their definitions by mex."""

import functools
import pickle
import random

import pytest

from grundy import Nimber


def mex(values):
    n = 0
    while n in values:
        n += 1
    return n


@functools.lru_cache(maxsize=None)
def brute_product(a, b):
    """Conway's definition: a*b = mex{a'b + ab' + a'b' : a' < a, b' < b} (+ is XOR)."""
    return mex(
        {brute_product(x, b) ^ brute_product(a, y) ^ brute_product(x, y) for x in range(a) for y in range(b)}
    )


def test_product_is_conways_mex_definition_below_32():
    for a in range(32):
        for b in range(32):
            assert Nimber(a) * Nimber(b) == brute_product(a, b), (a, b)


def test_sum_is_xor_and_the_mex_definition():
    for a in range(24):
        for b in range(24):
            brute = mex({x ^ b for x in range(a)} | {a ^ y for y in range(b)})
            assert Nimber(a) + Nimber(b) == a ^ b == brute


def test_field_laws_on_random_64_bit_nimbers():
    rng = random.Random(15)
    for _ in range(300):
        a, b, c = (Nimber(rng.getrandbits(64)) for _ in range(3))
        assert a * (b + c) == a * b + a * c
        assert (a * b) * c == a * (b * c)
        assert a * b == b * a
        if a:
            assert a * a.inverse() == 1
            assert (b / a) * a == b
        assert a ** 3 == a * a * a


def test_the_issue_examples():
    assert Nimber(2) * Nimber(2) == Nimber(3)
    assert Nimber(2) + Nimber(3) == Nimber(1)
    assert int(Nimber(5)) == 5 and repr(Nimber(2)) == "*2" and repr(Nimber(0)) == "*0"
    assert str(Nimber(0)) == "0" and str(Nimber(1)) == "*" and str(Nimber(9)) == "*9"
    assert [1, 2, 3][Nimber(1)] == 2  # __index__


def test_nimbers_equal_and_hash_like_their_ints():
    assert Nimber(7) == 7 and 7 == Nimber(7) and Nimber(7) != 6
    assert {Nimber(3): "x"}[3] == "x"
    assert hash(Nimber(2**63 + 5)) == hash(2**63 + 5)
    assert Nimber(3) != "3"
    assert not Nimber(0) and Nimber(4)
    assert pickle.loads(pickle.dumps(Nimber(12))) == Nimber(12)


def test_bad_nimbers_raise_the_cli_messages():
    with pytest.raises(OverflowError, match=r"'-1' is negative; expected a non-negative integer"):
        Nimber(-1)
    with pytest.raises(OverflowError, match=r"is too large \(the largest allowed is 18446744073709551615\)"):
        Nimber(2**64)
    with pytest.raises(TypeError, match="expected a non-negative integer, got str"):
        Nimber("3")
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
