import os
import signal
import time

MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.fork()
    while True:
        time.sleep(1)


if __name__ == "__main__":
    main()
