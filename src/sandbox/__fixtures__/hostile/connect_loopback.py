import socket

MARKER = "__MARKER__"


def mark():
    # Names this process (and children that fork from it) after the test's marker, so leftovers can be found.
    with open("/proc/self/comm", "w") as f:
        f.write(MARKER)


def main():
    mark()
    with socket.create_connection(("127.0.0.1", __PORT__), timeout=2):
        print("connected")


if __name__ == "__main__":
    main()
