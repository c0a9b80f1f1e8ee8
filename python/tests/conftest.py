"""Shared helpers: the command-line tool built from the same library, to compare answers with."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _find_cli():
    explicit = os.environ.get("GRUNDY_CLI")
    if explicit:
        return explicit
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for profile in ("ci", "release"):  # ./run-tests builds the `ci` profile
        built = target / profile / "grundy"
        if built.exists():
            return str(built)
    return shutil.which("grundy")


class Cli:
    """Runs `grundy ARGS...`; `json(...)` parses the `--json` output."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, stdin=None):
        p = subprocess.run(
            [self.path, *map(str, args)], input=stdin, capture_output=True, text=True, cwd=REPO
        )
        return p.returncode, p.stdout, p.stderr

    def json(self, *args, stdin=None):
        rc, out, err = self.run(*args, "--json", stdin=stdin)
        assert rc == 0, err
        return json.loads(out)

    def error(self, *args, stdin=None):
        """The message of a failing command (without the `error: ` prefix) and its exit code."""
        rc, _, err = self.run(*args, stdin=stdin)
        assert rc != 0
        line = next(l for l in err.splitlines() if l.startswith("error: "))
        return line[len("error: ") :], rc


@pytest.fixture(scope="session")
def cli():
    path = _find_cli()
    if path is None:
        pytest.fail(
            "the grundy command-line tool is needed to compare answers: set GRUNDY_CLI or build it "
            "with `cargo build --release`"
        )
    return Cli(path)
