"""Long computations release the GIL (other Python threads run) and stop on Ctrl-C."""

import _thread
import contextlib
import os
import signal
import threading
import time

import pytest

import grundy

# Grundy's game has no known period: 3·10^6 heaps take about a minute here, far longer than the
# moment the interrupt comes, so finishing instead of stopping would fail the test.
LONG = 3_000_000


@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Python's Ctrl-C handler installed, whatever the test runner inherited: a process started
    in the background by a shell without job control ignores SIGINT, and then Python never
    installs its handler and `_thread.interrupt_main()` does nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def interrupted(delay=0.3):
    """The body must raise KeyboardInterrupt, sent as by Ctrl-C `delay` seconds in and again
    every `delay` seconds until the body stops: Python drops an interrupt that lands while a
    callback whose exceptions it ignores runs (a garbage-collector callback, for one), and a
    dropped one is then followed by another. The interrupts stop inside the body's `raises`, so
    none can come after it."""
    stop = threading.Event()

    def fire():
        while not stop.wait(delay):
            _thread.interrupt_main()

    t = threading.Thread(target=fire, daemon=True)
    t.start()
    with pytest.raises(KeyboardInterrupt):
        try:
            yield
        finally:
            stop.set()
            t.join()


def test_ctrl_c_stops_a_long_analysis_with_keyboard_interrupt():
    with interrupted():
        grundy.Ruleset("grundys-game").analyse(LONG)
    # and the module still works afterwards
    assert grundy.Ruleset("kayles").analyse(300).period == 12


def test_ctrl_c_stops_a_long_count():
    with interrupted():
        grundy.count_heaps("grundys-game", heaps=2, max=LONG)


def test_ctrl_c_stops_a_long_search_of_a_python_game():
    class Endless:
        """A huge acyclic game: positions (a, b) with moves to (a - 1, b) and (a, b - 1)."""

        def options(self, p):
            a, b = p
            return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    with interrupted():
        grundy.Game(Endless()).value((5000, 5000))


def stops_promptly(call, delay=0.3, within=8.0):
    """`call()` raises KeyboardInterrupt when a real signal comes `delay` seconds in (SIGALRM
    from a timer, handled like Ctrl-C's SIGINT: it needs no other Python thread to run), and
    returns within `within` seconds of it (uninterrupted, each call below takes far longer).
    The signal repeats every half second until the call stops (a signal handled while a
    callback whose exceptions Python ignores runs is dropped); the timer is stopped inside the
    `raises`, so no signal comes after it."""
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, delay, 0.5)
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            try:
                call()
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
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


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_ctrl_c_stops_a_graph_being_read(tmp_path):
    # graph() reads an edge list from a pipe that a feeder keeps filling (up to 1 GiB). Ctrl-C
    # comes once 8 MiB are in: the reader notices at its next 16 MiB chunk and stops reading, the
    # feeder sees the pipe close, and graph() raises KeyboardInterrupt. Without cancellation the
    # reader would take all of it.
    pipe = tmp_path / "edges"
    os.mkfifo(pipe)
    block = "".join(f"{i + 1} {i}\n" for i in range(100_000)).encode()
    fed = []

    def feed():
        sent = 0
        try:
            with open(pipe, "wb") as f:
                while sent < 1 << 30:
                    if sent >= 8 << 20 and not fed:
                        fed.append(sent)
                        _thread.interrupt_main()
                    f.write(block)
                    sent += len(block)
        except BrokenPipeError:
            pass
        fed.append(sent)

    feeder = threading.Thread(target=feed)
    feeder.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.graph(pipe, tokens=[0])
    elapsed = time.monotonic() - start
    feeder.join()
    assert fed[-1] < 400 << 20, f"the feeder wrote {fed[-1]} bytes"
    assert elapsed < 30, elapsed
    assert grundy.graph([(1, 0)], tokens=[1])["outcome"] == "N"


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
