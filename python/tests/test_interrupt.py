"""Long computations release the GIL (other Python threads run) and stop on Ctrl-C."""

import _thread
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
