"""grundy.guess: the rule behind a table of Grundy values, its certainty, its predictions — on
games computed here by brute force in Python, checked far beyond the data against the known
theorems, and the same JSON as `grundy guess --json`."""

import functools
import random

import pytest

import grundy


def mex(values):
    n = 0
    while n in values:
        n += 1
    return n


def brute(to, moves):
    g = []
    for n in range(to + 1):
        g.append(mex({functools.reduce(lambda a, h: a ^ g[h], opt, 0) for opt in moves(n)}))
    return g


def test_a_subtraction_game_is_n_mod_k_plus_one_and_not_proved():
    g = grundy.guess(brute(200, lambda n: [[n - k] for k in (1, 2, 3) if k <= n]))
    assert g.found and g.rule == "G(n) = n mod 4"
    assert not g.proved
    assert g.certainty == "consistent with all 201 values (a rule read off the data, not proved)"
    assert g.predict(10**18 + 3) == 3
    assert g.outcome(10**18) == "P"


def test_an_analysis_with_a_proved_period_gives_a_proved_rule():
    a = grundy.Ruleset("dawsons-kayles").analyse(1000)
    g = grundy.guess(a)
    assert g.proved and g.rule_class == "periodic"
    assert g.certainty.startswith("proved")
    for n in (10**6, 10**12 + 5, 2**63 + 1):
        assert g.predict(n) == int(a.value_at(n))


def test_laskers_nim_far_beyond_the_data():
    def moves(n):
        return [[n - k] for k in range(1, n + 1)] + [[a, n - a] for a in range(1, n)]

    g = grundy.guess(brute(160, moves))
    assert g.rule_class == "residue-classes"
    assert g.holds_from == 1 and g.explains == g.total - 1
    for n in (10**9, 10**12 + 3, 10**15 + 4):
        assert g.predict(n) == {0: n - 1, 3: n + 1}.get(n % 4, n)


def test_numpy_arrays_and_lists_of_rows():
    np = pytest.importorskip("numpy")
    g = grundy.guess(np.arange(300, dtype=np.uint32) // 2)
    assert g.rule == "G(n) = ⌊n/2⌋"
    t = np.fromfunction(lambda x, y: x ^ y, (24, 24), dtype=np.int64)
    assert grundy.guess(t).rule == "T(x, y) = x ⊕ y"
    rows = [[x * y % 5 for y in range(20)] for x in range(20)]
    assert grundy.guess(rows).predict(7, 3) == 1


def test_missing_cells_are_allowed_in_a_table():
    rows = [[None if (x + y) % 7 == 3 else x ^ y for y in range(20)] for x in range(20)]
    g = grundy.guess(rows)
    assert g.found and g.predict(100, 3) == 103


def test_wythoff_from_a_python_game_has_golden_p_positions():
    class Wythoff:
        def options(self, p):
            x, y = p
            out = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
            return out + [(x - k, y - k) for k in range(1, min(x, y) + 1)]

    g = grundy.guess(grundy.Game(Wythoff()), positions=(40, 40))
    assert g.rule_class == "beatty-p-positions" and "Wythoff" in g.rule
    k = 10**6
    a = (k + int((5 * k * k) ** 0.5)) // 2  # ⌊kφ⌋ (exact here: 5k² is far from a square)
    assert g.predict(a, a + k) == "P" and g.predict(a, a + k + 1) == "N"
    assert g.predict(a, a + k) == g.outcome(a + k, a)


def test_a_game_with_heap_positions():
    class TakeOneOrTwo:
        def options(self, n):
            return [n - k for k in (1, 2) if k <= n]

    g = grundy.guess(grundy.Game(TakeOneOrTwo()), positions=60)
    assert g.rule == "G(n) = n mod 3"


def kayles_moves(n):
    # take 1 or 2 counters, leaving the rest as one heap or two (a heap of 0 is no heap)
    return [[a, n - k - a] for k in (1, 2) if k <= n for a in range(n - k + 1)]


def test_kayles_is_identified_from_its_first_64_values_and_not_proved_to_be_it():
    g = grundy.guess(brute(63, kayles_moves))
    assert not g.found and g.rule is None
    found = g.identified
    assert found["ruleset"] == "0.77" and found["name"] == "kayles"
    assert found["agrees"] == 64 and found["also"] == ["0.771"]
    assert found["proved_by"] == "the octal periodicity theorem (Guy–Smith)"
    assert found["certainty"] == (
        "the 64 values are consistent with 0.77 (they agree with its first values; "
        "that does not prove the data are this game)"
    )
    report = g.to_dict(at=[10**12])
    assert report["identified"]["predictions"] == [{"at": 10**12, "value": 1}]
    assert report["predictions"] == [{"at": 10**12, "value": None, "outcome": None}]


def test_ties_are_listed_and_noise_identifies_nothing():
    g = grundy.guess([n % 3 for n in range(60)])
    assert g.rule == "G(n) = n mod 3"
    assert g.identified["ruleset"] == "0.33"
    assert g.identified["also"] == ["sub:1,2", "sub:1,2,4", "sub:1,2,5", "sub:1,2,4,5"]
    rng = random.Random(7)
    assert grundy.guess([0] + [rng.randrange(10) for _ in range(79)]).identified is None
    assert grundy.guess([[x ^ y for y in range(8)] for x in range(8)]).identified is None


def test_kayles_plus_subtraction_table_names_both_factors():
    # Kayles on heap x plus take 1, 2 or 3 on heap y, both computed here; one cell in seven missing
    k = brute(39, kayles_moves)
    s = brute(29, lambda n: [[n - t] for t in (1, 2, 3) if t <= n])
    table = [[None if (3 * x + 5 * y) % 7 == 1 else k[x] ^ s[y] for y in range(30)] for x in range(40)]
    g = grundy.guess(table)
    assert g.identified is None
    found = g.identified_factors
    rows, columns = found["rows"], found["columns"]
    assert (rows["ruleset"], rows["name"], rows["agrees"], rows["also"]) == ("0.77", "kayles", 40, ["0.771"])
    assert rows["certainty"] == (
        "the 40 values are consistent with 0.77 (they agree with its first values; "
        "that does not prove the data are this game)"
    )
    # y mod 4: the shortest code with these values is 0.73, sub:1,2,3 among its ties
    assert columns["ruleset"] == "0.73" and columns["agrees"] == 30
    assert "sub:1,2,3" in columns["also"]
    report = g.to_dict(at=[(10**12, 10**6 + 3)])
    assert report["identified_factors"]["rows"]["predictions"] == [{"at": 10**12, "value": 1}]
    assert report["identified_factors"]["columns"]["predictions"] == [{"at": 10**6 + 3, "value": 3}]
    assert report["identified_factors"]["predictions"] == [{"at": [10**12, 10**6 + 3], "value": 1 ^ 3}]
    # a sum of no known game, and noise: nothing identified
    rng = random.Random(7)
    f = [0] + [rng.randrange(16) for _ in range(23)]
    h = [0] + [rng.randrange(16) for _ in range(23)]
    assert grundy.guess([[a ^ b for b in h] for a in f]).identified_factors is None
    assert grundy.guess([[rng.randrange(5) for _ in range(24)] for _ in range(24)]).identified_factors is None
    assert grundy.guess([n % 3 for n in range(60)]).identified_factors is None


def test_noise_gives_no_rule():
    rng = random.Random(7)
    g = grundy.guess([rng.randrange(10) for _ in range(400)])
    assert not g.found and g.rule is None and g.predict(5) is None
    assert g.certainty.startswith("no rule found")


def test_the_report_is_the_cli_json(cli, tmp_path):
    values = brute(100, lambda n: [[n - k] for k in (2, 3) if k <= n])
    path = tmp_path / "values.txt"
    path.write_text(" ".join(map(str, values)))
    g = grundy.guess(values)
    assert g.to_dict(at=[1000, 10**12]) == cli.json("guess", "--values", str(path), "--at", "1000", "--at", str(10**12))


def test_repr_and_html():
    g = grundy.guess(list(range(50)))
    assert repr(g) == "Guess(\"G(n) = n\"; consistent with all 50 values (a rule read off the data, not proved))"
    assert "<td>G(n) = n</td>" in g._repr_html_()


def test_bad_data_raises_with_the_place():
    with pytest.raises(OverflowError, match=r"data\[2\]: '-1' is negative"):
        grundy.guess([0, 1, -1])
    with pytest.raises(OverflowError, match=r"data\[0\]: 281474976710657 is too large"):
        grundy.guess([2**48 + 1])
    with pytest.raises(TypeError, match=r"data\[1\]"):
        grundy.guess([0, "x"])
    with pytest.raises(ValueError, match="the list is empty"):
        grundy.guess([])
    with pytest.raises(TypeError, match="got str"):
        grundy.guess("0 1 2")
    g = grundy.guess(list(range(20)))
    with pytest.raises(OverflowError, match="n: '-3' is negative"):
        g.predict(-3)
    with pytest.raises(ValueError, match=r"the data are a sequence, so give one heap: predict\(n\)"):
        g.predict(1, 2)


def test_bad_positions_of_a_game_and_bad_predictions_raise_with_the_place():
    class Nothing:
        def options(self, p):
            return []

    with pytest.raises(OverflowError, match="positions: '-1' is negative"):
        grundy.guess(grundy.Game(Nothing()), positions=-1)
    with pytest.raises(ValueError, match=r"positions: expected N or \(X, Y\)"):
        grundy.guess(grundy.Game(Nothing()), positions=(1, 2, 3))
    with pytest.raises(ValueError, match="give positions=N"):
        grundy.guess(grundy.Game(Nothing()))
    g = grundy.guess(list(range(40)))
    with pytest.raises(TypeError, match="at: expected a list of positions"):
        g.to_dict(at=5)
    with pytest.raises(ValueError, match=r"at\[0\]: n: '-1' is negative"):
        g.to_dict(at=[-1])
