"""The examples in every docstring of the package (Python and native) run and give what they say."""

import doctest
import inspect

import grundy


def _documented():
    """(name, docstring) of the package, its classes, their methods and properties, its functions."""
    yield "grundy", grundy.__doc__
    for name in grundy.__all__:
        obj = getattr(grundy, name)
        yield f"grundy.{name}", obj.__doc__
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                doc = getattr(member, "__doc__", None)
                if doc and ">>>" in doc:
                    yield f"grundy.{name}.{attr}", doc


def test_every_docstring_example_holds():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    examples = 0
    for name, doc in _documented():
        if not doc or ">>>" not in doc:
            continue
        test = parser.get_doctest(doc, {}, name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    # Every public function and class carries examples: dozens of them.
    assert examples >= 40, examples


def test_every_public_name_is_documented_with_an_example():
    for name in grundy.__all__:
        doc = getattr(grundy, name).__doc__ or ""
        assert ">>>" in doc, f"grundy.{name} has no example in its docstring"
