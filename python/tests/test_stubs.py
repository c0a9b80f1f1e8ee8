"""The typing stubs (__init__.pyi) describe the module as it is at run time (mypy's stubtest)."""

import subprocess
import sys

import pytest


def test_the_stubs_match_the_module(tmp_path):
    pytest.importorskip("mypy")
    p = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "grundy"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert p.returncode == 0, p.stdout + p.stderr


USER_CODE = '''
from typing import List
import grundy

n: grundy.Nimber = grundy.Nimber(2) * grundy.Nimber(2) + 1
k: int = int(n)
a: grundy.Analysis = grundy.Ruleset("kayles").analyse(300)
period: "int | None" = a.period
far: grundy.Nimber = a.value_at(10**12)
r: grundy.Report = grundy.nim([3, 4, 5])
s: grundy.Report = grundy.solve([{"kind": "nim", "heaps": [1, 2]}], misere=True)
g: grundy.Report = grundy.graph([(0, 1)], tokens=[0], values=True)
c: grundy.Report = grundy.count_heaps("kayles", heaps=2, max=10, multiset=True)
t: grundy.Report = grundy.retro("chomp", rows=2, cols=3, position=[3, 1], threads=1)


class TakeOneOrTwo:
    def options(self, n: int) -> List[int]:
        return [n - k for k in (1, 2) if k <= n]


game = grundy.Game(TakeOneOrTwo())
outcome: str = game.outcome(7)
moves: List[object] = game.winning_moves(7)
'''


def test_user_code_type_checks_with_mypy_strict(tmp_path):
    pytest.importorskip("mypy")
    (tmp_path / "user.py").write_text(USER_CODE)
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.10", "user.py"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert p.returncode == 0, p.stdout + p.stderr


def test_the_package_knows_its_version():
    import grundy

    assert grundy.__version__ == "0.1.0"
