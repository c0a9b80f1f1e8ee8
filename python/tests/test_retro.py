"""grundy.retro: tiered retrograde analysis, the dict of `grundy retro --json`, checked against the
command-line tool, an independent search of Chomp in Python, and known facts."""

import functools
import itertools

import pytest

import grundy

# Fields that describe the run rather than the game.
RUN = ("seconds", "peak_bytes")


def without_run(d):
    return {k: v for k, v in d.items() if k not in RUN}


@pytest.mark.parametrize(
    "game,kwargs,args",
    [
        ("chomp", dict(rows=4, cols=5), ["--rows", 4, "--cols", 5]),
        ("chomp", dict(rows=3, cols=6, position="4,2"), ["--rows", 3, "--cols", 6, "--position", "4,2"]),
        ("chomp", dict(rows=3, cols=6, position=[5, 5, 1]), ["--rows", 3, "--cols", 6, "--position", "5,5,1"]),
        ("cram", dict(rows=3, cols=4), ["--rows", 3, "--cols", 4]),
        ("cram", dict(rows=2, cols=5, position="#..../....."), ["--rows", 2, "--cols", 5, "--position", "#..../....."]),
        ("fair-shares", dict(coins=8), ["--coins", 8]),
        ("fair-shares", dict(coins=9, position="4,3,2", threads=1), ["--coins", 9, "--position", "4,3,2", "--threads", 1]),
    ],
)
def test_retro_equals_the_cli_json(cli, game, kwargs, args):
    mine = grundy.retro(game, **kwargs)
    theirs = cli.json("retro", game, *args, "--quiet")
    assert list(mine) == list(theirs)  # the same fields in the same order
    assert without_run(mine) == without_run(theirs)
    assert isinstance(mine["seconds"], float) and mine["seconds"] >= 0
    assert isinstance(grundy.retro(game, **kwargs), grundy.Report)


def test_a_database_directory_is_written_then_read(cli, tmp_path):
    db = tmp_path / "db"
    first = grundy.retro("chomp", rows=3, cols=5, out=db)
    assert first["database"] == str(db) and first["solved_tiers"] == first["tiers"]
    assert (db / "manifest.json").exists()
    # a finished database answers without solving, from Python and from the command line
    again = grundy.retro("chomp", rows=3, cols=5, out=str(db), position="2,1,1")
    assert again["solved_tiers"] == 0 and again["option_visits"] == 0
    theirs = cli.json("retro", "chomp", "--rows", 3, "--cols", 5, "--out", db, "--position", "2,1,1", "--quiet")
    assert without_run(again) == without_run(theirs)


def chomp_positions(rows, cols):
    """Every Chomp position in a rows × cols box: non-increasing row lengths, the poisoned corner
    (row 0, column 0) still there."""
    for lengths in itertools.product(range(cols + 1), repeat=rows):
        if lengths[0] >= 1 and all(a >= b for a, b in zip(lengths, lengths[1:])):
            yield lengths


def chomp_options(p):
    """Bite at (r, c) (not the poisoned corner): every row from r down is cut to at most c."""
    out = set()
    for r, length in enumerate(p):
        for c in range(length):
            if (r, c) != (0, 0):
                out.add(tuple(x if i < r else min(x, c) for i, x in enumerate(p)))
    return out


@functools.lru_cache(maxsize=None)
def chomp_grundy(p):
    seen = {chomp_grundy(q) for q in chomp_options(p)}
    return next(g for g in itertools.count() if g not in seen)


def text(p):
    """The game's notation: row lengths, empty rows at the top left out."""
    p = list(p)
    while len(p) > 1 and p[-1] == 0:
        p.pop()
    return ",".join(str(x) for x in p)


def test_chomp_values_equal_a_python_search():
    rows, cols = 3, 4
    r = grundy.retro("chomp", rows=rows, cols=cols)
    positions = list(chomp_positions(rows, cols))
    values = [chomp_grundy(p) for p in positions]
    assert r["positions"] == len(positions)
    assert r["counts"] == {"P": values.count(0), "N": len(values) - values.count(0), "D": 0}
    assert r["values"] == {str(v): values.count(v) for v in set(values)}
    for p in positions[::3]:
        a = grundy.retro("chomp", rows=rows, cols=cols, position=text(p))["position"]
        assert a["value"] == chomp_grundy(p), p
        wins = sorted(text(q) for q in chomp_options(p) if chomp_grundy(q) == 0)
        assert sorted(a["winning_moves"]) == wins, p


def test_every_chomp_rectangle_but_the_poisoned_square_alone_is_won_by_the_first_player():
    # strategy stealing (Gale 1974): if biting the far corner lost, its answer would win at once
    for rows in range(1, 5):
        for cols in range(1, 6):
            outcome = grundy.retro("chomp", rows=rows, cols=cols)["position"]["outcome"]
            assert outcome == ("P" if rows == cols == 1 else "N"), (rows, cols)


def test_two_row_chomp_p_positions_are_a_top_row_one_longer():
    cols = 7
    for a in range(1, cols + 1):
        for b in range(0, a + 1):
            outcome = grundy.retro("chomp", rows=2, cols=cols, position=[a, b])["position"]["outcome"]
            assert (outcome == "P") == (a == b + 1), (a, b)


def test_fair_shares_is_loopy_with_the_cli_counts_of_draws(cli):
    r = grundy.retro("fair-shares", coins=12)
    assert r["counts"] == cli.json("retro", "fair-shares", "--coins", 12, "--quiet")["counts"]
    assert sum(r["counts"].values()) == r["positions"]


@pytest.mark.parametrize(
    "kwargs,args",
    [
        (dict(game="chomp", rows=0, cols=5), ["chomp", "--rows", 0, "--cols", 5]),
        (dict(game="chomp", rows=100, cols=100), ["chomp", "--rows", 100, "--cols", 100]),
        (dict(game="cram", rows=9, cols=9), ["cram", "--rows", 9, "--cols", 9]),
        (dict(game="fair-shares", coins=10**5), ["fair-shares", "--coins", 10**5]),
        (dict(game="chomp", rows=2, cols=5, position="9,9"), ["chomp", "--rows", 2, "--cols", 5, "--position", "9,9"]),
        (dict(game="chomp", rows=2, cols=5, position="2,4"), ["chomp", "--rows", 2, "--cols", 5, "--position", "2,4"]),
        (dict(game="cram", rows=2, cols=2, position="..."), ["cram", "--rows", 2, "--cols", 2, "--position", "..."]),
    ],
)
def test_bad_games_and_positions_have_the_cli_message(cli, kwargs, args):
    message, rc = cli.error("retro", *args, "--quiet")
    assert rc == 2
    with pytest.raises(ValueError) as info:
        grundy.retro(**kwargs)
    assert str(info.value) == message


def test_bad_arguments():
    with pytest.raises(ValueError, match="game 'go': expected chomp, cram, fair-shares or subtract-square"):
        grundy.retro("go", rows=3, cols=3)
    with pytest.raises(TypeError, match="chomp needs cols="):
        grundy.retro("chomp", rows=3)
    with pytest.raises(TypeError, match="fair-shares needs coins="):
        grundy.retro("fair-shares")
    with pytest.raises(TypeError, match="coins= is an option of fair-shares and subtract-square, not of cram"):
        grundy.retro("cram", rows=2, cols=2, coins=3)
    with pytest.raises(TypeError, match="rows= and cols= are options of chomp and cram"):
        grundy.retro("fair-shares", coins=3, rows=2)
    with pytest.raises(ValueError, match="threads=0: at least one thread is needed"):
        grundy.retro("chomp", rows=2, cols=2, threads=0)
    with pytest.raises(OverflowError, match="rows: '-1' is negative"):
        grundy.retro("chomp", rows=-1, cols=2)
    with pytest.raises(OverflowError, match=r"cols: '4294967296' is too large \(the largest allowed is 4294967295\)"):
        grundy.retro("chomp", rows=1, cols=2**32)
    with pytest.raises(TypeError, match="position: expected the position's text or a list of integers, got float"):
        grundy.retro("chomp", rows=2, cols=2, position=1.5)


def test_a_database_of_another_game_is_refused(tmp_path):
    grundy.retro("chomp", rows=2, cols=3, out=tmp_path)
    with pytest.raises(ValueError, match="the database is for 'chomp rows=2 cols=3', not 'chomp rows=2 cols=4'"):
        grundy.retro("chomp", rows=2, cols=4, out=tmp_path)


def test_the_catalogue_equals_the_cli_and_names_the_retro_games(cli):
    games = grundy.games()
    assert games == cli.json("games")["games"]
    tier = [g["name"] for g in games if "tier" in g["engines"]]
    assert tier == ["chomp", "cram", "fair-shares", "subtract-square"]
    for g in games:
        if "tier" in g["engines"]:
            with pytest.raises(TypeError, match=f"{g['name']} needs"):
                grundy.retro(g["name"])
