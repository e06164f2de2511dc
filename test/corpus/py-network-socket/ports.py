def is_open(host, port):
    import socket

    with socket.socket() as sock:
        return sock.connect_ex((host, port)) == 0
