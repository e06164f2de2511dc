# A worker pool written without a bound: it starts 200 children that wait for work, counts
# the forks the system refuses, stops the children again and exits 0 as if all went well.
import os
import signal
import time

children = []
refused = 0
for _ in range(200):
    try:
        pid = os.fork()
    except OSError:
        refused += 1
        continue
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    children.append(pid)

for pid in children:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
print(f"started {len(children)} workers, {refused} refused")
