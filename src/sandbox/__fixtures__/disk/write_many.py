MARKER = "__MARKER__"


def mark():
    # Names this process after the test's marker, so that a leftover can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    chunk = b"\0" * (50 << 20)
    for i in range(20):
        with open(f"part{i}.bin", "wb") as f:
            f.write(chunk)
    print("wrote 1000 MiB")


if __name__ == "__main__":
    main()
