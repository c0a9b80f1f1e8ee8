#!/usr/bin/env python3
"""Tests of .ci/slowest, the part of ./run-tests that finds nextest's JUnit report, against fake
workspaces (no nextest run): with and without CARGO_TARGET_DIR, with a store dir of its own.

    python3 .ci/test_slowest.py      (./run-tests runs it before the Rust tests)
"""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ beside the script
HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "slowest")
_loader = importlib.machinery.SourceFileLoader("slowest", SCRIPT)
_spec = importlib.util.spec_from_loader("slowest", _loader)
slowest = importlib.util.module_from_spec(_spec)
_loader.exec_module(slowest)

CONFIG = '[profile.default]\nretries = 0\n\n[profile.default.junit]\npath = "junit.xml"\n'
REPORT = """<testsuites><testsuite name="grundy">
<testcase classname="grundy::oracle" name="fast" time="0.5"/>
<testcase classname="grundy::oracle" name="slow" time="12.25"/>
</testsuite></testsuites>
"""


class Layout:
    """A fake workspace (with .config/nextest.toml) and a target folder outside it."""

    def __init__(self, config=CONFIG):
        self._tmp = tempfile.TemporaryDirectory()
        self.root = self._tmp.name
        self.workspace = os.path.join(self.root, "ws")
        self.target = os.path.join(self.root, "shared-target")
        os.makedirs(os.path.join(self.workspace, ".config"))
        with open(os.path.join(self.workspace, ".config", "nextest.toml"), "w") as f:
            f.write(config)

    def report(self, *parts, mtime=None):
        path = os.path.join(*parts)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(REPORT)
        if mtime is not None:
            os.utime(path, (mtime, mtime))
        return path

    def close(self):
        self._tmp.cleanup()


class FindJunit(unittest.TestCase):
    def setUp(self):
        self.l = Layout()

    def tearDown(self):
        self.l.close()

    def test_the_report_is_under_the_workspace_when_the_target_folder_is_elsewhere(self):
        # nextest's rule: the store dir is relative to the workspace root, not CARGO_TARGET_DIR.
        want = self.l.report(self.l.workspace, "target", "nextest", "default", "junit.xml")
        self.assertEqual(slowest.find_junit(self.l.workspace, self.l.target), want)

    def test_the_report_is_under_the_workspace_without_cargo_target_dir(self):
        want = self.l.report(self.l.workspace, "target", "nextest", "default", "junit.xml")
        default_target = os.path.join(self.l.workspace, "target")
        self.assertEqual(slowest.find_junit(self.l.workspace, default_target), want)

    def test_a_report_under_the_target_folder_is_found_too(self):
        want = self.l.report(self.l.target, "nextest", "default", "junit.xml")
        self.assertEqual(slowest.find_junit(self.l.workspace, self.l.target), want)

    def test_of_two_reports_the_newer_is_read(self):
        old = self.l.report(self.l.target, "nextest", "default", "junit.xml", mtime=1_000_000)
        new = self.l.report(
            self.l.workspace, "target", "nextest", "default", "junit.xml", mtime=2_000_000
        )
        self.assertEqual(slowest.find_junit(self.l.workspace, self.l.target), new)
        os.utime(old, (3_000_000, 3_000_000))
        self.assertEqual(slowest.find_junit(self.l.workspace, self.l.target), old)

    def test_a_store_dir_of_its_own_is_followed(self):
        self.l.close()
        self.l = Layout(CONFIG + '\n[store]\ndir = "build/nt"\n')
        want = self.l.report(self.l.workspace, "build", "nt", "default", "junit.xml")
        self.assertEqual(slowest.find_junit(self.l.workspace, self.l.target), want)
        self.assertEqual(slowest._read_config_plain(CONFIG + '[store]\ndir = "build/nt"\n')["store"],
                         {"dir": "build/nt"})

    def test_no_report_names_the_places_looked_at(self):
        with self.assertRaises(SystemExit) as e:
            slowest.find_junit(self.l.workspace, self.l.target)
        self.assertIn(os.path.join(self.l.workspace, "target", "nextest"), str(e.exception.code))
        self.assertIn(os.path.join(self.l.target, "nextest"), str(e.exception.code))


class Script(unittest.TestCase):
    """The script as ./run-tests runs it, in a copy inside the fake workspace."""

    def run_script(self, l, env_target):
        os.makedirs(os.path.join(l.workspace, ".ci"))
        copy = os.path.join(l.workspace, ".ci", "slowest")
        with open(SCRIPT) as src, open(copy, "w") as dst:
            dst.write(src.read())
        env = dict(os.environ)
        env.pop("CARGO_TARGET_DIR", None)
        if env_target is not None:
            env["CARGO_TARGET_DIR"] = env_target
        return subprocess.run(
            [sys.executable, copy, "1"], cwd=l.workspace, env=env, capture_output=True,
            text=True, check=True,
        ).stdout

    def test_prints_the_slowest_with_and_without_cargo_target_dir(self):
        for env_target in [None, "elsewhere"]:
            l = Layout()
            try:
                l.report(l.workspace, "target", "nextest", "default", "junit.xml")
                out = self.run_script(l, None if env_target is None else l.target)
                self.assertIn("the 1 slowest of 2 tests", out)
                self.assertIn("12.25  grundy::oracle  slow", out)
                self.assertNotIn(" fast", out)
            finally:
                l.close()


if __name__ == "__main__":
    unittest.main()
