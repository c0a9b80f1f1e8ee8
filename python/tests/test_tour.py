"""The tour notebook (examples/tour.ipynb) runs to the end without Jupyter and shows what it
promises: its code cells executed in order in one namespace, as examples/tour.py does."""

import contextlib
import importlib.util
import io
import json
import pathlib
import subprocess
import sys

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
NOTEBOOK = EXAMPLES / "tour.ipynb"


def _tour_module():
    spec = importlib.util.spec_from_file_location("tour", EXAMPLES / "tour.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_notebook_is_a_valid_notebook_with_explanations():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    kinds = [c["cell_type"] for c in nb["cells"]]
    assert kinds.count("code") >= 8 and kinds.count("markdown") >= 8
    # stored without outputs: the notebook is source, not a record of one run
    assert all(c.get("outputs", []) == [] for c in nb["cells"] if c["cell_type"] == "code")
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for idea in ["Sprague–Grundy theorem", "Bouton", "octal periodicity theorem", "misère", "Strategy stealing"]:
        assert idea in text, idea


def test_the_notebook_code_cells_run_in_order():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        namespace = _tour_module().run(NOTEBOOK)
    text = out.getvalue()
    assert "*2 * *2 = *3" in text
    assert "period 12 from heap 71, proved" in text
    assert "1160 P-positions out of 4960" in text
    assert "the same as the Rust ruleset sub:squares: True" in text
    assert "two-row P-positions: [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)]" in text
    # the namespace is shared between cells, as in a notebook
    assert namespace["a"].period == 12 and namespace["r"]["position"]["outcome"] == "N"


def test_the_tour_script_runs_the_notebook():
    p = subprocess.run([sys.executable, str(EXAMPLES / "tour.py")], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "8. Chomp by tiered retrograde analysis" in p.stdout
    assert "winning moves ['5,5,2,2']" in p.stdout
