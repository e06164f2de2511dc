import os
import time

MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(3)
            for path in ("__HOST_PATH__", "daemon-was-here.txt"):
                try:
                    with open(path, "w") as f:
                        f.write("alive")
                except OSError:
                    pass
            os._exit(0)
        os._exit(0)
    print("parent done")


if __name__ == "__main__":
    main()
