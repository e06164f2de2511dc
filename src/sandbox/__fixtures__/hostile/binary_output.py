import sys

MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    sys.stdout.buffer.write(bytes(range(256)) + b"\xff\xfe\xc3\x28")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
