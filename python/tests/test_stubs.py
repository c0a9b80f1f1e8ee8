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
