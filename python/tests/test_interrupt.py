"""Long computations release the GIL (other Python threads run) and stop on Ctrl-C."""

import _thread
import signal
import threading
import time

import pytest

import grundy

# Grundy's game has no known period: 3·10^6 heaps take about a minute here, far longer than the
# moment the interrupt comes, so finishing instead of stopping would fail the test.
LONG = 3_000_000


def interrupt_soon(delay=0.3):
    t = threading.Timer(delay, _thread.interrupt_main)
    t.start()
    return t


def test_ctrl_c_stops_a_long_analysis_with_keyboard_interrupt():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.Ruleset("grundys-game").analyse(LONG)
    timer.join()
    # and the module still works afterwards
    assert grundy.Ruleset("kayles").analyse(300).period == 12


def test_ctrl_c_stops_a_long_count():
    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.count_heaps("grundys-game", heaps=2, max=LONG)
    timer.join()


def test_ctrl_c_stops_a_long_search_of_a_python_game():
    class Endless:
        """A huge acyclic game: positions (a, b) with moves to (a - 1, b) and (a, b - 1)."""

        def options(self, p):
            a, b = p
            return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    timer = interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        grundy.Game(Endless()).value((5000, 5000))
    timer.join()


def stops_promptly(call, delay=0.3, within=8.0):
    """`call()` raises KeyboardInterrupt when a real signal comes `delay` seconds in (SIGALRM
    from a timer, handled like Ctrl-C's SIGINT: it needs no other Python thread to run), and
    returns within `within` seconds of it (uninterrupted, each call below takes far longer)."""
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, delay)
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            call()
        elapsed = time.monotonic() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert elapsed < delay + within, elapsed
    # and the interpreter and the module still work afterwards
    assert grundy.nim([1, 2, 3])["outcome"] == "P"


def test_ctrl_c_stops_a_long_solve():
    # The values of heap components are computed in chunks that check for Ctrl-C: Grundy's game
    # up to 10^5, then 0.8F (moves split a heap in three, O(n²) options) up to 3000, take about
    # ten seconds here.
    position = [
        {"kind": "heap", "ruleset": "grundys-game", "heaps": [100_000]},
        {"kind": "heap", "ruleset": "0.8F", "heaps": [3000]},
    ]
    stops_promptly(lambda: grundy.solve(position))
    stops_promptly(lambda: grundy.solve(position, misere=True), delay=1.0)


def test_ctrl_c_stops_a_long_graph(tmp_path):
    # Converting a list of edges notices Ctrl-C; so does computing the values of a graph, here
    # read from a file of 3·2^21 edges: the path n -> n-1 -> ... -> 0 checks every 2^20 vertices.
    n = 3 << 21
    edges = [(i, i - 1) for i in range(1, 1 << 20)]
    stops_promptly(lambda: grundy.graph(edges, tokens=[5]), delay=0.05)
    f = tmp_path / "path.graph"
    write_binary_graph(f, n, offsets=[0, 0, *range(1, n)], targets=range(n - 1))
    assert grundy.graph(f, tokens=[1])["value"] == 1  # the file is a valid graph
    stops_promptly(lambda: grundy.graph(f, tokens=[n - 1]), delay=0.2)


def write_binary_graph(path, n, offsets, targets):
    """The compact binary graph format (src/families/digraph/binary.rs): magic, version 1, flags 0,
    vertex and edge counts, CSR offsets and targets as u32, then the CRC-32 of all that."""
    import array
    import struct
    import sys
    import zlib

    off = array.array("I", offsets)
    tgt = array.array("I", targets)
    if sys.byteorder == "big":
        off.byteswap()
        tgt.byteswap()
    body = b"GRUNDYGR" + struct.pack("<IIQQ", 1, 0, n, len(tgt)) + off.tobytes() + tgt.tobytes()
    path.write_bytes(body + struct.pack("<I", zlib.crc32(body)))


def test_ctrl_c_stops_a_long_retrograde_solve(tmp_path):
    # Cram on a 5×5 board: 2^25 positions in 26 tiers, about a minute here; the engine checks
    # after every block of 4096 positions. The tiers finished before stay in the database.
    stops_promptly(lambda: grundy.retro("cram", rows=5, cols=5, out=tmp_path), delay=1.0)
    manifest = (tmp_path / "manifest.json").read_text()
    assert '"game": "cram rows=5 cols=5"' in manifest or '"game":"cram rows=5 cols=5"' in manifest


def test_other_threads_run_during_an_analysis():
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        start = time.monotonic()
        grundy.Ruleset("grundys-game").analyse(60_000)
        end = time.monotonic()
    finally:
        done.set()
        t.join()
    during = [x for x in ticks if start < x < end]
    # With the GIL held for the whole analysis, the ticker could not append anything meanwhile.
    assert len(during) >= 5, (len(during), end - start)
