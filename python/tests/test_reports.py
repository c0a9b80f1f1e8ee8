"""nim, solve, graph, count_heaps and Analysis.to_dict: the same dicts as the command-line tool's
`--json`, and answers checked against brute-force searches written here in Python."""

import functools
import itertools
import pathlib
import random

import pytest

import grundy

REPO = pathlib.Path(__file__).resolve().parents[2]


def mex(values):
    n = 0
    while n in values:
        n += 1
    return n


# ---------------------------------------------------------------- nim


def test_nim_equals_the_cli_json(cli):
    rng = random.Random(1)
    cases = [[], [0], [3, 4, 5], [1, 2, 3], [2**64 - 1, 7]]
    cases += [[rng.randrange(40) for _ in range(rng.randrange(1, 6))] for _ in range(20)]
    for heaps in cases:
        assert grundy.nim(heaps) == cli.json("nim", *heaps), heaps


def test_nim_winning_moves_are_the_moves_to_p_positions():
    rng = random.Random(2)
    for _ in range(100):
        heaps = [rng.randrange(12) for _ in range(rng.randrange(1, 5))]
        r = grundy.nim(heaps)
        xor = functools.reduce(lambda a, b: a ^ b, heaps, 0)
        assert r["value"] == xor and r["outcome"] == ("P" if xor == 0 else "N")
        brute = []
        for i, h in enumerate(heaps):
            for to in range(h):
                after = heaps[:i] + [to] + heaps[i + 1 :]
                if functools.reduce(lambda a, b: a ^ b, after, 0) == 0:
                    brute.append({"heap": i, "from": h, "to": to})
        assert r["winning_moves"] == brute
        assert r["winning_move_count"] == len(brute)


def test_nim_accepts_numpy_and_tuples():
    np = pytest.importorskip("numpy")
    assert grundy.nim(np.array([3, 4, 5], dtype=np.uint64)) == grundy.nim((3, 4, 5))


# ---------------------------------------------------------------- seq


@pytest.mark.parametrize(
    "rules,to",
    [("kayles", 300), ("0.07", 200), ("sub:1,3,4", 60), ("allbut:1,2", 80), ("grundys-game", 90), ("4.07", 50)],
)
def test_analysis_to_dict_equals_the_cli_json(cli, rules, to):
    a = grundy.Ruleset(rules).analyse(to)
    d = cli.json("seq", rules, "--to", to, "--quiet")
    assert a.to_dict() == d
    assert a.values.tolist() == d["values"]
    assert (a.period, a.preperiod, a.proved, a.saltus) == (d["period"], d["preperiod"], d["proved"], d["saltus"])
    assert a.checksum == d["checksum"] and a.largest == d["largest"] and a.p_positions == d["p_positions"]


def brute_heap_values(options, to):
    """G(0..=to) by the mex rule over single-heap options given as lists of heaps."""
    g = []
    for n in range(to + 1):
        g.append(mex({functools.reduce(lambda a, b: a ^ g[b], left, 0) for left in options(n)}))
    return g


def kayles_options(n):
    """Knock down one pin or two adjacent pins of a row of n, leaving two rows."""
    out = set()
    for k in (1, 2):
        for left in range(n - k + 1):
            out.add(tuple(sorted(h for h in (left, n - k - left) if h)))
    return out


def test_kayles_values_equal_a_python_search_and_the_period_gives_far_heaps():
    a = grundy.Ruleset("kayles").analyse(300)
    assert a.values.tolist()[:120] == brute_heap_values(kayles_options, 119)
    assert (a.period, a.preperiod, a.proved) == (12, 71, True)
    # Kayles' known period-12 tail (Guy–Smith): 4 1 2 8 1 4 7 2 1 8 2 7 from n = 72 (n = 0 mod 12).
    tail = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]
    for n in [10**12, 10**15 + 7, 2**63]:
        assert a.value_at(n) == tail[n % 12]


def test_values_are_uint16_numpy_or_a_list_without_numpy(monkeypatch):
    np = pytest.importorskip("numpy")
    a = grundy.Ruleset("sub:1,2").analyse(10)
    assert a.values.dtype == np.uint16 and a.values.tolist() == [n % 3 for n in range(11)]
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)  # `import numpy` now fails
    assert a.values == [n % 3 for n in range(11)]


def test_values_beyond_16_bits_are_uint32():
    np = pytest.importorskip("numpy")
    a = grundy.Ruleset("nim").analyse(70_000)  # G(n) = n: arithmetic period 1, saltus 1
    assert a.values.dtype == np.uint32
    assert np.array_equal(a.values, np.arange(70_001))
    assert (a.period, a.saltus, a.proved) == (1, 1, True) and a.value_at(10**15) == 10**15


def test_analysis_indexing_and_unproved_far_values():
    a = grundy.Ruleset("grundys-game").analyse(100)
    assert len(a) == 101 and a[-1] == a[100] and a.to == 100
    with pytest.raises(IndexError):
        a[101]
    with pytest.raises(ValueError, match="no period is proved"):
        a.value_at(1000)


# ---------------------------------------------------------------- count


def brute_count(values, k, multiset):
    sizes = range(len(values))
    combos = itertools.combinations_with_replacement(sizes, k) if multiset else itertools.product(sizes, repeat=k)
    p = total = 0
    for c in combos:
        total += 1
        p += functools.reduce(lambda x, s: x ^ values[s], c, 0) == 0
    return p, total


def test_count_heaps_equals_a_python_enumeration():
    rng = random.Random(3)
    for _ in range(25):
        rules = rng.choice(["kayles", "sub:1,3,4", "0.07", "nim", "allbut:1,2"])
        lo = rng.randrange(5)
        hi = lo + rng.randrange(8)
        k = rng.randrange(1, 4)
        multiset = rng.random() < 0.5
        values = grundy.Ruleset(rules).analyse(hi).values.tolist()[lo:]
        r = grundy.count_heaps(rules, heaps=k, min=lo, max=hi, multiset=multiset)
        p, total = brute_count(values, k, multiset)
        assert (r["p_positions"], r["total"], r["n_positions"]) == (p, total, total - p)


def test_count_heaps_equals_the_cli_json(cli):
    cases = [
        ("sub:squares", dict(heaps=3, max=29, multiset=True), ["--heaps", 3, "--max", 29, "--multiset"]),
        ("kayles", dict(heaps=5, max=10**6), ["--heaps", 5, "--max", 10**6]),
        ("kayles", dict(heaps=10**20, max=1000, mod=1000003), ["--heaps", 10**20, "--max", 1000, "--mod", 1000003]),
        ("0.07", dict(heaps=3, min=4, max=5000, multiset=True), ["--heaps", 3, "--min", 4, "--max", 5000, "--multiset"]),
    ]
    for rules, kwargs, args in cases:
        assert grundy.count_heaps(rules, **kwargs) == cli.json("count", "heaps", rules, *args)
    assert grundy.count_heaps(grundy.Ruleset("nim"), heaps=2, max=3)["p_positions"] == 4


# ---------------------------------------------------------------- graph


def brute_graph_values(n, edges):
    succ = [[] for _ in range(n)]
    for u, v in edges:
        succ[u].append(v)

    @functools.lru_cache(maxsize=None)
    def g(v):
        return mex({g(w) for w in succ[v]})

    return [g(v) for v in range(n)]


def test_acyclic_graph_values_equal_the_mex_recursion():
    rng = random.Random(4)
    for _ in range(40):
        n = rng.randrange(1, 12)
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.3]
        tokens = [rng.randrange(n) for _ in range(rng.randrange(0, 4))]
        r = grundy.graph(edges, tokens=tokens, vertices=n, values=True)
        brute = brute_graph_values(n, edges)
        assert r["acyclic"] and r["values"] == brute
        assert r["value"] == functools.reduce(lambda a, t: a ^ brute[t], tokens, 0)


def test_graph_equals_the_cli_json_also_with_cycles(cli, tmp_path):
    rng = random.Random(5)
    for i in range(15):
        n = rng.randrange(2, 10)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(1, 3 * n))]
        tokens = [rng.randrange(n) for _ in range(rng.randrange(1, 4))]
        f = tmp_path / f"g{i}.txt"
        f.write_text("".join(f"{u} {v}\n" for u, v in edges))
        args = ["graph", f, "--vertices", n, "--tokens", ",".join(map(str, tokens)), "--values"]
        expected = cli.json(*args)
        assert grundy.graph(edges, tokens=tokens, vertices=n, values=True) == expected
        assert grundy.graph(f, tokens=tokens, vertices=n, values=True) == expected
        assert grundy.graph(str(f), tokens=tokens, vertices=n, values=True) == expected


def test_graph_files_and_their_errors(cli, tmp_path):
    dag = REPO / "examples" / "data" / "dag.txt"
    assert grundy.graph(dag, tokens=[0, 1]) == cli.json("graph", dag, "--tokens", "0,1")
    bad = tmp_path / "bad.txt"
    bad.write_text("0 1\n2 x\n")
    message, rc = cli.error("graph", bad)
    with pytest.raises(ValueError) as info:
        grundy.graph(bad)
    assert str(info.value) == message and rc == 2
    with pytest.raises(FileNotFoundError, match="no-such-graph.txt"):
        grundy.graph(tmp_path / "no-such-graph.txt")


def test_graph_takes_an_m_by_2_array():
    np = pytest.importorskip("numpy")
    edges = np.array([[0, 1], [1, 2], [2, 3]], dtype=np.int64)
    assert grundy.graph(edges, tokens=[0]) == grundy.graph([(0, 1), (1, 2), (2, 3)], tokens=[0])


# ---------------------------------------------------------------- solve


def test_solve_equals_the_cli_json_on_the_example_files(cli):
    for f in sorted((REPO / "examples" / "data").glob("*.toml")):
        text = f.read_text()
        if "file" in text:  # graph files are named relative to the position file
            continue
        for misere in (False, True):
            flags = ["--misere"] if misere else []
            assert grundy.solve(text, misere=misere) == cli.json("solve", f, *flags), f


def test_solve_accepts_a_dict_or_a_list_of_components(cli):
    comps = [
        {"kind": "nim", "heaps": [3, 4, 5]},
        {"kind": "heap", "ruleset": "kayles", "heaps": [7, 12]},
        {"kind": "staircase", "steps": [0, 3, 1]},
        {"kind": "coins", "length": 9, "cells": [2, 5, 8]},
    ]
    toml_text = "".join(
        "[[component]]\n" + "".join(f"{k} = {v!r}\n".replace("'", '"') for k, v in c.items()) for c in comps
    )
    expected = cli.json("solve", "-", stdin=toml_text)
    assert grundy.solve({"component": comps}) == expected
    assert grundy.solve(comps) == expected
    assert grundy.solve(toml_text) == expected


def test_solve_sums_by_xor_against_a_search_of_the_sum():
    """A sum of Nim and Kayles components: its outcome by a brute-force search of the whole sum."""
    rng = random.Random(6)

    @functools.lru_cache(maxsize=None)
    def wins(state):
        nim, kay = state
        moves = []
        for i, h in enumerate(nim):
            moves += [(tuple(sorted(nim[:i] + (t,) + nim[i + 1 :])), kay) for t in range(h)]
        for i, h in enumerate(kay):
            for left in kayles_options(h):
                moves.append((nim, tuple(sorted(kay[:i] + kay[i + 1 :] + left))))
        return any(not wins(m) for m in moves)

    for _ in range(30):
        nim = tuple(sorted(rng.randrange(5) for _ in range(rng.randrange(1, 3))))
        kay = tuple(sorted(rng.randrange(1, 7) for _ in range(rng.randrange(1, 3))))
        r = grundy.solve([{"kind": "nim", "heaps": list(nim)}, {"kind": "heap", "ruleset": "kayles", "heaps": list(kay)}])
        assert r["outcome"] == ("N" if wins((nim, kay)) else "P"), (nim, kay)


def test_reports_display_as_html_tables():
    r = grundy.solve([{"kind": "nim", "heaps": [3, 4, 5]}])
    html = r._repr_html_()
    assert html.startswith("<table>") and html.endswith("</table>")
    assert "winning_moves" in html and "<td>N</td>" in html
    # the winning move of Nim 3 4 5 (heap 0: 3 -> 1) as a row of the nested table
    assert "<tr><td>0</td><td>nim</td><td>0</td><td>3</td><td>1</td></tr>" in html
    assert isinstance(r, dict) and isinstance(r, grundy.Report)


def test_analysis_displays_as_an_svg_plot():
    svg = grundy.Ruleset("kayles").analyse(300)._repr_svg_()
    assert svg.lstrip().startswith("<svg") and "G(n)" in svg and "period 12 from 71 (proved)" in svg
