
MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    for path in ("__HOST_PATH__", "/usr/mend-hostile", "/etc/mend-hostile", "/mend-hostile", "../mend-hostile"):
        try:
            with open(path, "w") as f:
                f.write("escaped")
            print("wrote", path)
        except OSError as error:
            print("refused", path, error.errno)


if __name__ == "__main__":
    main()
