"""The tour script runs to the end and shows what it promises."""

import pathlib
import subprocess
import sys

TOUR = pathlib.Path(__file__).resolve().parents[1] / "examples" / "tour.py"


def test_the_tour_runs():
    p = subprocess.run([sys.executable, str(TOUR)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "*2 * *2 = *3" in out
    assert "period 12 from heap 71, proved" in out
    assert "1160 P-positions out of 4960" in out
    assert "the same as the Rust ruleset sub:squares: True" in out
