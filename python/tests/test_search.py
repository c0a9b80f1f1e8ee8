"""grundy.search: the search engine from Python, against the CLI and published values."""

import json
import os
import subprocess

import pytest

import grundy

CLI = os.environ.get("GRUNDY_CLI", "grundy")


def test_cram_rectangles_are_belings_values():
    for (r, c), v in {(4, 5): 2, (4, 7): 3, (5, 5): 0, (3, 3): 0}.items():
        rep = grundy.search("cram", rows=r, cols=c)
        assert rep["value"] == v
        assert rep["outcome"] == ("P" if v == 0 else "N")


def test_node_kayles_on_the_three_by_n_grid_is_a316632():
    published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
    got = [grundy.search("node-kayles", grid=(3, n))["value"] for n in range(1, 17)]
    assert got == published


def test_the_dict_is_what_the_cli_prints():
    rep = grundy.search("cram", board="..../..#./....", moves=True, threads=1)
    out = subprocess.run(
        [CLI, "search", "cram", "--board", "..../..#./....", "--moves", "--json", "--threads", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cli = json.loads(out)
    for key in ["game", "position", "components", "value", "outcome", "winning_moves"]:
        assert rep[key] == cli[key], key


def test_edges_as_pairs_and_as_text_agree():
    pairs = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), 7]
    text = "0 1\n1 2\n2 3\n3 4\n4 0\n7\n"
    a = grundy.search("node-kayles", edges=pairs)
    b = grundy.search("node-kayles", edges=text)
    # a 5-cycle (*0) and the isolated vertices 5, 6, 7 (*1 each; 5 and 6 exist since 7 does)
    assert a["value"] == b["value"] == 1


def test_misere_gives_an_outcome_only():
    rep = grundy.search("node-kayles", grid=(1, 1), misere=True)
    assert rep["value"] is None and rep["outcome"] == "P"


def test_sprouts_starts_follow_the_conjecture():
    # the first player wins exactly when n mod 6 is 3, 4 or 5 (known far beyond 7 spots)
    for n in range(0, 8):
        rep = grundy.search("sprouts", spots=n, threads=1)
        assert rep["game"] == "sprouts"
        assert rep["outcome"] == ("N" if n % 6 in (3, 4, 5) else "P"), n
        assert (rep["value"] != 0) == (rep["outcome"] == "N")


def test_sprouts_position_text_and_spots_agree():
    a = grundy.search("sprouts", position="0*4")
    b = grundy.search("sprouts", spots=4)
    c = grundy.search("sprouts", position="0.0.0.0.}]!")  # Glop style
    assert a["position"] == b["position"] == c["position"] == "0.0.0.0"
    assert a["value"] == b["value"] == c["value"] == 1


def test_sprouts_outcome_only():
    rep = grundy.search("sprouts", spots=6, outcome=True)
    assert rep["value"] is None and rep["outcome"] == "P"
    rep = grundy.search("sprouts", position="0*4", outcome=True)
    assert rep["value"] is None and rep["outcome"] == "N"
    rep = grundy.search("cram", rows=4, cols=5, outcome=True)
    assert rep["value"] is None and rep["outcome"] == "N"


def test_sprouts_winning_moves_lead_to_p_positions():
    rep = grundy.search("sprouts", spots=5, moves=True)
    assert rep["outcome"] == "N" and rep["winning_moves"]
    for m in rep["winning_moves"]:
        assert m["move"].startswith("land 1: ")
        assert grundy.search("sprouts", position=m["position"])["value"] == 0


def test_sprouts_misere():
    got = [grundy.search("sprouts", spots=n, misere=True)["outcome"] for n in range(1, 5)]
    assert got == ["N", "P", "P", "P"]


def test_the_sprouts_dict_is_what_the_cli_prints():
    rep = grundy.search("sprouts", position="0.AB|AB.0+0.0.0", moves=True, threads=1)
    out = subprocess.run(
        [CLI, "search", "sprouts", "--position", "0.AB|AB.0+0.0.0", "--moves", "--json",
         "--threads", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cli = json.loads(out)
    for key in ["game", "position", "components", "value", "outcome", "winning_moves"]:
        assert rep[key] == cli[key], key


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(game="cram", rows=0, cols=3), ValueError),
        (dict(game="cram", rows=20, cols=20), ValueError),
        (dict(game="cram", board="..x"), ValueError),
        (dict(game="cram", rows=3), TypeError),
        (dict(game="cram", rows=-1, cols=3), OverflowError),
        (dict(game="chess", rows=3, cols=3), ValueError),
        (dict(game="node-kayles", edges=[(0, 0)]), ValueError),
        (dict(game="node-kayles", edges=[(0, 500)]), ValueError),
        (dict(game="node-kayles", edges="0 -1"), ValueError),
        (dict(game="node-kayles", grid=(3,)), TypeError),
        (dict(game="cram", rows=3, cols=3, memory="12Q"), ValueError),
        (dict(game="cram", rows=3, cols=3, threads=0), ValueError),
        (dict(game="sprouts", spots=31), ValueError),
        (dict(game="sprouts", spots=2**40), ValueError),
        (dict(game="sprouts", spots=-1), OverflowError),
        (dict(game="sprouts", position="0.0.x"), ValueError),
        (dict(game="sprouts"), TypeError),
        (dict(game="sprouts", spots=3, position="0"), TypeError),
        (dict(game="sprouts", rows=3, cols=3), TypeError),
        (dict(game="cram", spots=3), TypeError),
        (dict(game="node-kayles", position="0"), TypeError),
    ],
)
def test_bad_arguments_raise_with_the_place(kwargs, error):
    with pytest.raises(error):
        grundy.search(**kwargs)


def test_a_sprouts_error_names_the_column():
    with pytest.raises(ValueError, match="column 5"):
        grundy.search("sprouts", position="0.0.x")


def test_a_table_dir_is_kept_and_read_back(tmp_path):
    first = grundy.search("cram", rows=4, cols=7, table_dir=str(tmp_path))
    assert (tmp_path / "table.bin").exists()
    again = grundy.search("cram", rows=4, cols=7, table_dir=str(tmp_path))
    assert again["value"] == first["value"] == 3
    assert again["resumed_entries"] > 0
    assert again["nodes"] < first["nodes"]
