"""Run the tour notebook tour.ipynb without Jupyter: `python examples/tour.py`.

The notebook is the tour (its markdown cells explain the mathematics); this script executes its
code cells in order in one namespace, printing each section's title, so the tour needs nothing
but the grundy package. The tests run the notebook the same way.
"""

import json
import pathlib

NOTEBOOK = pathlib.Path(__file__).resolve().with_name("tour.ipynb")


def cells(path=NOTEBOOK):
    """(kind, source) of every cell of the notebook at `path`, in order."""
    notebook = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        source = cell["source"]
        yield cell["cell_type"], source if isinstance(source, str) else "".join(source)


def run(path=NOTEBOOK, echo=print):
    """Execute the code cells of the notebook at `path` in one namespace (returned); `echo`
    receives each section title (the markdown cells' `## ` lines)."""
    namespace = {"__name__": "__tour__"}
    for i, (kind, source) in enumerate(cells(path)):
        if kind == "markdown":
            for line in source.splitlines():
                if line.startswith("#"):
                    echo("\n" + line.lstrip("#").strip())
        elif kind == "code":
            exec(compile(source, f"{pathlib.Path(path).name}, cell {i}", "exec"), namespace)
    return namespace


if __name__ == "__main__":
    run()
