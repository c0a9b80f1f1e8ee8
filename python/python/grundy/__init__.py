"""grundy: Sprague–Grundy analysis of impartial games, from Python.

Nimbers with nim-arithmetic, nim-sequences of heap games with *proved* periods, positions made of
components of every family with every winning move, token games on graphs with draws, exact
counts of winning positions, and your own games in Python solved by the Rust engine.

>>> import grundy
>>> grundy.Nimber(2) * grundy.Nimber(2) == grundy.Nimber(3)
True
>>> a = grundy.Ruleset("kayles").analyse(300)
>>> a.period, a.preperiod, a.proved
(12, 71, True)
>>> grundy.nim([3, 4, 5])["winning_moves"]
[{'heap': 0, 'from': 3, 'to': 1}]

The dicts returned by :func:`nim`, :func:`solve`, :func:`graph`, :func:`count_heaps` and
:func:`retro` (and :meth:`Analysis.to_dict`) are exactly what the command-line tool ``grundy``
prints with ``--json``; they are :class:`Report` objects, plain dicts that Jupyter shows as a table.
"""

from html import escape as _escape
from typing import Any, Hashable, Iterable, Protocol

from ._grundy import Analysis, Game, Guess, Nimber, Ruleset, count_heaps, games, graph, guess, nim, retro, search, solve

try:
    from importlib.metadata import PackageNotFoundError as _NotFound, version as _version

    __version__: str = _version("grundy")
except _NotFound:  # not installed (e.g. imported from a source tree)
    __version__ = "unknown"

__all__ = [
    "Analysis",
    "Game",
    "Guess",
    "Nimber",
    "Report",
    "Ruleset",
    "count_heaps",
    "games",
    "graph",
    "guess",
    "nim",
    "retro",
    "search",
    "solve",
]


class Rules(Protocol):
    """What :class:`Game` needs of your rules: ``options(position)``, the positions reachable in
    one move; optionally ``decompose(position)``, ``None`` or the independent parts."""

    def options(self, position: Any) -> Iterable[Hashable]: ...


def _cell(value):
    """One value of a report as HTML: lists of moves one per line, the rest as text."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        rows = "".join(
            "<tr>" + "".join(f"<td>{_escape(str(v))}</td>" for v in item.values()) + "</tr>"
            for item in value[:50]
        )
        head = "<tr>" + "".join(f"<th>{_escape(str(k))}</th>" for k in value[0]) + "</tr>"
        more = f"<p>… and {len(value) - 50} more</p>" if len(value) > 50 else ""
        return f"<table>{head}{rows}</table>{more}"
    text = str(value)
    if len(text) > 500:
        text = text[:500] + " …"
    return _escape(text)


class Report(dict):
    """A report: the dict the command-line tool prints with ``--json``, shown by Jupyter as a
    small table (``_repr_html_``).

    >>> import grundy
    >>> r = grundy.nim([1, 2])
    >>> r == {"heaps": [1, 2], "value": 3, "outcome": "N", "winning_move_count": 1,
    ...       "winning_moves": [{"heap": 1, "from": 2, "to": 1}]}
    True
    >>> "<td>N</td>" in r._repr_html_()
    True
    """

    __slots__ = ()

    def _repr_html_(self):
        rows = "".join(
            f"<tr><th style='text-align:left'>{_escape(str(k))}</th><td>{_cell(v)}</td></tr>"
            for k, v in self.items()
        )
        return f"<table>{rows}</table>"
