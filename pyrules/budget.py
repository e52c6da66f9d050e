"""One budget per request: a deadline that everything one request does shares, and the work one exact computation
may do under it.

:func:`pyrules.api.call` answers each request within :data:`REQUEST_SECONDS`, counted whole: it opens :func:`within`
before it reads the request, for all but the last :data:`REPLY_SECONDS`, which are its reply's. The long parts check
the one deadline as they go (a replay between actions, a simulation between rounds, each exact solver through its
:class:`Budget`, its estimate of the work too). Past it they raise :class:`TooLarge`, which the API answers in the
request's own words ("too large for exact odds: use the simulation", "the rest of the saved fights next").

>>> with within(0.0):
...     check()
Traceback (most recent call last):
...
pyrules.budget.TooLarge: past the request's deadline
>>> with within(60.0):
...     check()  # well within it
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

REQUEST_SECONDS = 3.0  # the wall clock one request may take on CPython on the slowest machine it is tested on
# The end of a request's budget kept for what follows its op's deadline: the work from the op's last look at the clock
# to its answer (a refused exact computation frees the tables it built: up to 0.4 s measured, for 999-round rules
# against 20 on a busy machine), and writing the answer (a reply is bounded: at most about 2 MB, tens of ms).
REPLY_SECONDS = 0.5
# The time a review keeps, for each of its rows, to build its answer once its work stops: the row's numbers, marks and
# words (15-25 µs on CPython here; a runtime twice as slow, and room).
ROW_SECONDS = 40e-6
SECONDS = REQUEST_SECONDS  # one exact computation's own clock, under its request's (the CLI has no request around it)

# A quick request (the page's odds asked of the rules' own worker between rounds): a share of an exact computation's
# work, so that whether it answers depends on the fight alone, never on how busy the machine is (the odds of 20 against
# 600 by 600 ENDURANCE: too large; of any book's printed fight: answered), and a second of the clock at most.
QUICK_WORK, QUICK_SECONDS = 1 / 100, 1.0

_request = [math.inf]  # the deadline of the request being answered (within()): nothing done under it passes it
_work = [1.0]  # the share of each exact computation's work the request allows (within()'s ``work``)


class TooLarge(Exception):
    """The work would take longer than its budget: the API answers "too large" in the request's words."""


@contextmanager
def within(seconds: float | None, work: float = 1.0) -> Iterator[None]:
    """Everything done inside ends by ``seconds`` from now at the latest (None: no new deadline, the outer one
    holds), and each exact computation inside does at most ``work`` of its :class:`Budget`'s cells. Nested, the
    nearer deadline and the smaller share win: a request made inside another (a benchmark) never outlasts the outer
    one."""
    outer, outer_work = _request[0], _work[0]
    if seconds is not None:
        _request[0] = min(outer, time.perf_counter() + seconds)
    _work[0] = outer_work * work
    try:
        yield
    finally:
        _request[0], _work[0] = outer, outer_work


def deadline() -> float:
    """The request's deadline (time.perf_counter), or infinity outside a request."""
    return _request[0]


def check() -> None:
    """Raises :class:`TooLarge` once the request's deadline has passed."""
    if time.perf_counter() > _request[0]:
        raise TooLarge("past the request's deadline")


class Budget:
    """The work (``cells``, in the unit of the computation that holds it) and time an exact computation may take.

    :meth:`plan` refuses before the work from an estimate of it (an upper bound, or for Fighting Fantasy a lower
    bound), which watches the clock as it is made (:meth:`check`); :meth:`spend` counts the work as it is done and
    watches the clock, which never runs past the request's deadline. Both raise :class:`TooLarge`, which the API
    answers with "too large for exact odds: use the simulation".
    """

    def __init__(self, cells: float, seconds: float | None = None):
        self.cells, self.seconds = cells * _work[0], SECONDS if seconds is None else seconds
        self.used = 0
        self.deadline = min(time.perf_counter() + self.seconds, _request[0])
        self.seconds = max(0.0, min(self.seconds, self.deadline - time.perf_counter()))

    def plan(self, cells: float) -> None:
        if self.used + cells > self.cells:
            raise TooLarge(f"about {cells:,.0f} cells of work, more than the {self.cells:,} allowed")

    def room(self) -> float:
        """The work still allowed: an estimate may stop counting past it, as :meth:`plan` refuses it there."""
        return self.cells - self.used

    def check(self) -> None:
        """Watches the clock alone: an estimate, which counts no work, calls it as it goes."""
        if time.perf_counter() > self.deadline:
            raise TooLarge(f"more than {self.seconds:.3g} s")

    def spend(self, cells: int) -> None:
        self.used += cells
        if self.used > self.cells:
            raise TooLarge(f"more than the {self.cells:,} cells of work allowed")
        self.check()
