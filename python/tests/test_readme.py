"""The Python examples of the README and of the user guide (docs/src/**/*.md) run and print what
they show."""

import doctest
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "src"


def _run_blocks(page):
    """Run every ```python block of `page` as a doctest; (failed, attempted)."""
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"{page.name} block {i}", str(page), 0))
    result = runner.summarize(verbose=False)
    return result.failed, result.attempted


def test_the_readme_python_examples_hold():
    failed, attempted = _run_blocks(README)
    assert failed == 0 and attempted >= 3, "the README needs a Python example that holds"


def test_the_guide_python_examples_hold():
    pages = sorted(GUIDE.rglob("*.md"))
    assert pages, "no guide pages under docs/src"
    total = 0
    for page in pages:
        failed, attempted = _run_blocks(page)
        assert failed == 0, page
        total += attempted
    assert total >= 12
