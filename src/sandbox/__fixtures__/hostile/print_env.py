import os

MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    for key, value in os.environ.items():
        print(key + "=" + value)


if __name__ == "__main__":
    main()
