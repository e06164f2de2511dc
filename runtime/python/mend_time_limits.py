"""Time limits of the repair runner and of the validation's pytest plugin (both import this
module from the work folder): how long a test may run once another has hung, and how a forked
child keeps a CPU-time limit itself."""
import os
import signal
import sys

# The baseline's CPU limit per test once a test has hung: a program that hangs on one test
# mostly hangs on others, and paying the full limit for each would spend the search's budget
# before it starts. Later tests get a few times the slowest test that ended (passed or failed:
# either says how long this suite's tests take), at least the floor, at most the full limit.
# A slow test misjudged as hanging only becomes one more test a fix must pass (with the same
# limit, and without the baseline's tracing, which slows a test several times).
HANG_FLOOR_S = 0.05
SLOWEST_FACTOR = 5
# Beside a CPU limit, a wall-clock one ends the tests that sleep: never shorter than this.
WALL_FLOOR_S = 2.0


def wall_backstop(cpu_limit):
    """The wall-clock limit beside a CPU limit (seconds): it only ends tests that sleep, so it is
    generous (a busy machine stretches wall time, not CPU time)."""
    return max(WALL_FLOOR_S, 10 * cpu_limit)


class BaselineLimits:
    """The limit of each test in a run (seconds): the full one until a test hangs, then one
    derived from the tests that ended (see HANG_FLOOR_S). The repair runner's baseline counts CPU
    time (the parent and each forked child keep the same state: the child applies the limit, the
    parent keeps a backstop); the validation's plugin counts wall time, with a floor of its own."""

    def __init__(self, full, floor=HANG_FLOOR_S):
        self.full = full
        self.floor = floor
        self.hangs = 0
        self.slowest = 0.0

    def limit(self):
        if self.hangs == 0:
            return self.full
        return min(self.full, max(self.floor, SLOWEST_FACTOR * self.slowest))

    def finished(self, cpu_seconds):
        self.slowest = max(self.slowest, cpu_seconds)

    def hung(self):
        self.hangs += 1


def arm_cpu_limit(seconds, on_expiry):
    """Ends this (forked) process once it has used `seconds` of CPU time from now, after
    `on_expiry` reported it. A signal handler rather than the parent's polling: precise at the
    short limits the search gives, and untouched by a program's own `except` clauses (the
    process exits from the handler). A loop inside one C call defers the handler: the parent's
    CPU and wall limits remain the backstop for those."""
    if seconds is None:
        return

    def expire(_signum, _frame):
        sys.settrace(None)
        on_expiry()
        os._exit(0)

    signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, max(0.001, seconds))


def disarm_cpu_limit():
    signal.setitimer(signal.ITIMER_PROF, 0)
