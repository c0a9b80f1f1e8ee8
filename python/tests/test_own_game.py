"""The guide's "Your own game" example in Python (examples/own_game.py) runs and finds that its
Dawson's Chess is grundy's octal game 0.137."""

import pathlib
import subprocess
import sys

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "own_game.py"


def test_the_own_game_example_agrees_with_the_octal_engine():
    p = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "the same as grundy's octal game 0.137: True" in p.stdout
    assert "runs 3 4 5: *1 N" in p.stdout
