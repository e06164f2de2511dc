
MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    block = bytearray(8 * 1024**3)
    print(len(block))


if __name__ == "__main__":
    main()
