import time


def wait_until_ready(check):
    while not check():
        time.sleep(1)
    return True
