"""Bad arguments raise ValueError / TypeError / OverflowError with the command-line tool's message."""

import pytest

import grundy


def test_bad_rulesets_have_the_cli_message(cli):
    for code in ["0.g", "sub:", "sub:0", "bogus", "sub:1,,2", "0.77x"]:
        message, rc = cli.error("seq", code, "--to", "5")
        assert rc == 2
        with pytest.raises(ValueError) as info:
            grundy.Ruleset(code)
        assert str(info.value) == message
        with pytest.raises(ValueError) as info:
            grundy.count_heaps(code, heaps=2, max=5)
        assert str(info.value) == message


@pytest.mark.parametrize(
    "kwargs,args",
    [
        (dict(heaps=2, min=5, max=4), ["--heaps", 2, "--min", 5, "--max", 4]),
        (dict(heaps=2, max=4, mod=1), ["--heaps", 2, "--max", 4, "--mod", 1]),
        (dict(heaps=2, max=4, mod=10), ["--heaps", 2, "--max", 4, "--mod", 10]),
        (dict(heaps=2, max=4, mod=9, multiset=True), ["--heaps", 2, "--max", 4, "--mod", 9, "--multiset"]),
    ],
)
def test_bad_counts_have_the_cli_message(cli, kwargs, args):
    message, rc = cli.error("count", "heaps", "kayles", *args)
    assert rc == 2
    with pytest.raises(ValueError) as info:
        grundy.count_heaps("kayles", **kwargs)
    assert str(info.value) == message


def test_an_unproved_far_count_has_the_cli_message(cli):
    message, _ = cli.error("count", "heaps", "grundys-game", "--heaps", 2, "--max", 20_000_000)
    with pytest.raises(ValueError) as info:
        grundy.count_heaps("grundys-game", heaps=2, max=20_000_000)
    assert str(info.value) == message


def test_bad_positions_have_the_cli_message(cli):
    texts = [
        '[[component]]\nkind = "nim"\nheaps = [3, -4]\n',
        '[[component]]\nkind = "heap"\nruleset = "0.g"\nheaps = [3]\n',
        "[[component]]\nkind = \n",
        'color = "blue"\n',
        "",
        '[[component]]\nkind = "teapot"\n',
    ]
    for text in texts:
        message, rc = cli.error("solve", "-", stdin=text)
        assert rc == 2
        with pytest.raises(ValueError) as info:
            grundy.solve(text)
        assert str(info.value) == message, text


def test_bad_graph_tokens_have_the_cli_message(cli, tmp_path):
    f = tmp_path / "g.txt"
    f.write_text("0 1\n1 2\n")
    message, rc = cli.error("graph", f, "--tokens", "0,7")
    assert rc == 2
    with pytest.raises(ValueError) as info:
        grundy.graph([(0, 1), (1, 2)], tokens=[0, 7])
    assert str(info.value) == message


def test_out_of_range_integers_are_overflow_errors_with_the_cli_wording(cli):
    message, rc = cli.error("nim", "3", "-4")
    assert rc == 2 and "'-4' is negative; expected a non-negative integer" in message
    with pytest.raises(OverflowError, match=r"^heaps\[1\]: '-4' is negative; expected a non-negative integer$"):
        grundy.nim([3, -4])
    message, _ = cli.error("nim", str(2**64))
    assert f"'{2**64}' is too large (the largest allowed is {2**64 - 1})" in message
    with pytest.raises(OverflowError, match=r"too large \(the largest allowed is 18446744073709551615\)"):
        grundy.nim([2**64])
    with pytest.raises(OverflowError, match="is negative"):
        grundy.Ruleset("kayles").analyse(-1)
    with pytest.raises(OverflowError, match=r"the largest allowed is 340282366920938463463374607431768211455"):
        grundy.count_heaps("nim", heaps=2**128, max=3)
    with pytest.raises(OverflowError, match="is negative"):
        grundy.graph([(0, -1)])


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError, match="heaps: expected a list of non-negative integers, got str"):
        grundy.nim("345")
    with pytest.raises(TypeError, match=r"heaps\[0\]: expected a non-negative integer, got float"):
        grundy.nim([1.5])
    with pytest.raises(TypeError, match="position: expected TOML text, a dict"):
        grundy.solve(42)
    with pytest.raises(TypeError, match="edges: expected a list of pairs"):
        grundy.graph(3)
    with pytest.raises(ValueError, match=r"edges\[0\]: an edge is a pair \(u, v\), got 3 numbers"):
        grundy.graph([(0, 1, 2)])
    with pytest.raises(TypeError, match="ruleset: expected a Ruleset or its code"):
        grundy.count_heaps(7, heaps=1, max=3)


def test_limits_are_value_errors(cli):
    message, _ = cli.error("seq", "kayles", "--to", str(10**12))
    with pytest.raises(ValueError) as info:
        grundy.Ruleset("kayles").analyse(10**12)
    # The CLI adds a hint about its own flag (`--at N`); the rest of the message is the same.
    cli_only = "; for the value of one larger heap use --at N"
    assert message.endswith(cli_only)
    assert str(info.value) == message[: -len(cli_only)]
    message, _ = cli.error("graph", "-", "--vertices", str(2**40), stdin="0 1\n")
    with pytest.raises(ValueError) as info:
        grundy.graph([(0, 1)], vertices=2**40)
    assert str(info.value) == message
