"""The Python side of the sandbox's fast tier: a warm pytest fork server.

It imports pytest (and runs it once, so that every plugin module is loaded), freezes its heap
so that forked children share it without the garbage collector touching it, then serves one
candidate per request: fork, fresh working copy, limits, `pytest.main`, and a sweep that kills
anything the candidate left behind. One JSON request per line on stdin; one JSON reply per
line on fd 3, which children close (fd 1 of the server goes to /dev/null: pytest's warm-up
output). MEND_OWN_PID_NAMESPACE=1 says the sweep may kill every process it sees in /proc.
"""

import base64
import gc
import json
import os
import resource
import select
import shutil
import signal
import sys
import time
import traceback

import pytest

PROTOCOL = os.fdopen(3, "wb", buffering=0)
_devnull = os.open(os.devnull, os.O_RDWR)
os.dup2(_devnull, 1)
OWN_PID_NAMESPACE = os.environ.pop("MEND_OWN_PID_NAMESPACE", "") == "1"
BASE_ARGS = ["-q", "-p", "no:cacheprovider"]
STREAM_CHUNK = 65536


def ancestors():
    chain, pid = set(), os.getpid()
    while pid > 0:
        chain.add(pid)
        try:
            with open("/proc/%d/stat" % pid) as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            break
    return chain


PROTECTED = ancestors() | {1}
UID = os.getuid()


def sweep():
    """Kill every process of the sandbox user except the server and its ancestors, and wait
    until the namespace's init has reaped them (a zombie still counts against pids.max).

    Only done in a pid namespace of our own, where /proc shows nothing but the sandbox."""
    if not OWN_PID_NAMESPACE:
        return
    for _ in range(1000):
        others = []
        for name in os.listdir("/proc"):
            if not name.isdigit() or int(name) in PROTECTED:
                continue
            try:
                with open("/proc/%s/stat" % name) as f:
                    state = f.read().rsplit(")", 1)[1].split()[0]
                if os.stat("/proc/" + name).st_uid == UID:
                    others.append((int(name), state == "Z"))
            except OSError:
                pass
        if not others:
            return
        for pid, zombie in others:
            if not zombie:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        time.sleep(0.002)


class Collector:
    """Per-test results, written as JSON when the session ends."""

    def __init__(self, path):
        self.path = path
        self.tests = {}

    def pytest_runtest_logreport(self, report):
        file = report.location[0] if report.location else None
        entry = self.tests.setdefault(report.nodeid, {"name": report.nodeid, "file": file, "outcome": "passed", "durationMs": 0})
        entry["durationMs"] += int(report.duration * 1000)
        if report.skipped and report.when in ("setup", "call"):
            entry["outcome"] = "skipped"
        elif report.failed:
            entry["outcome"] = "failed" if report.when == "call" else "error"
            entry["message"] = str(report.longreprtext)[-2000:]

    def pytest_collectreport(self, report):
        if report.failed:
            self.tests[report.nodeid or "collection"] = {"name": report.nodeid or "collection", "file": report.nodeid or None,
                                                         "outcome": "error", "durationMs": 0,
                                                         "message": str(report.longreprtext)[-2000:]}

    def pytest_sessionfinish(self):
        with open(self.path, "w") as f:
            json.dump(list(self.tests.values()), f)


def candidate(req, workdir, out_w, err_w, results, junit):
    try:
        os.setpgid(0, 0)
        os.dup2(_devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        try:
            with open("/proc/self/oom_score_adj", "w") as f:
                f.write("1000")
        except OSError:
            pass
        cpu = int(req["cpuSeconds"])
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (req["fileSizeBytes"], req["fileSizeBytes"]))
        os.chdir(workdir)
        os.environ["HOME"] = workdir
        sys.argv = ["pytest"]
        code = pytest.main([*BASE_ARGS, "--junitxml", junit, *(req.get("args") or []), *req["testFiles"]],
                           plugins=[Collector(results)])
        code = int(code)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:  # noqa: BLE001 - whatever the candidate raised becomes exit status 70, in its child
        traceback.print_exc()
        code = 70
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def read_limited(path, limit=16 * 1024 * 1024):
    try:
        if os.path.islink(path):
            return None
        with open(path, "rb") as f:
            return f.read(limit).decode("utf-8", "replace")
    except OSError:
        return None


def file_at_limit(root, limit):
    seen = 0
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            seen += 1
            try:
                if os.lstat(os.path.join(dirpath, name)).st_size >= limit:
                    return True
            except OSError:
                pass
            if seen > 10000:
                return False
    return False


def disk_full():
    """The runner's folder is a size-limited tmpfs where the sandbox can mount one: a candidate may have filled it."""
    try:
        stats = os.statvfs("/tmp")
        return stats.f_bavail == 0 or stats.f_favail == 0
    except OSError:
        return False


def run(req):
    started = time.monotonic()
    workdir = "/tmp/mend-c%d" % req["id"]
    results, junit = workdir + ".results.json", workdir + ".junit.xml"
    os.mkdir(workdir, 0o700)
    for rel, content in req["files"].items():
        target = os.path.normpath(os.path.join(workdir, rel))
        if not target.startswith(workdir + "/"):
            raise ValueError("file path leaves the work folder: " + rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(content)
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    PROTOCOL.flush()
    pid = os.fork()
    if pid == 0:
        candidate(req, workdir, out_w, err_w, results, junit)
    os.close(out_w)
    os.close(err_w)
    pidfd = os.pidfd_open(pid)
    cap = req["outputLimitBytes"]
    streams = {out_r: bytearray(), err_r: bytearray()}
    open_fds = {out_r, err_r}
    status = None
    timed_out = output_limited = False
    deadline = started + req["timeoutMs"] / 1000.0
    drain_until = None

    def stop_candidate():
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass

    while open_fds or status is None:
        now = time.monotonic()
        if status is None and now >= deadline:
            timed_out = True
            stop_candidate()
            deadline = float("inf")
        if status is not None and drain_until is None:
            # The candidate is gone; whatever it left behind dies, which closes its copies of the pipes.
            sweep()
            drain_until = now + 1.0
        if drain_until is not None and now >= drain_until:
            break
        limit = (drain_until if drain_until is not None else deadline) - now
        watch = list(open_fds) + ([pidfd] if status is None else [])
        ready, _, _ = select.select(watch, [], [], max(0.0, min(limit, 3600.0)))
        for fd in ready:
            if fd == pidfd:
                status = os.waitpid(pid, 0)[1]
                continue
            chunk = os.read(fd, STREAM_CHUNK)
            if not chunk:
                open_fds.discard(fd)
                continue
            buf = streams[fd]
            room = cap - len(buf)
            buf += chunk[:max(0, room)]
            if len(chunk) > room and not output_limited:
                output_limited = True
                stop_candidate()
    if status is None:
        stop_candidate()
        status = os.waitpid(pid, 0)[1]
    sweep()
    os.close(pidfd)
    for fd in (out_r, err_r):
        os.close(fd)
    duration = int((time.monotonic() - started) * 1000)
    exit_code = os.waitstatus_to_exitcode(status)
    tests = []
    raw = read_limited(results)
    if raw:
        try:
            tests = json.loads(raw)
        except ValueError:
            tests = []
    reply = {
        "id": req["id"],
        "exitCode": exit_code if exit_code >= 0 else None,
        "signal": signal.Signals(-exit_code).name if exit_code < 0 else None,
        "timedOut": timed_out,
        "outputLimited": output_limited,
        "stdout": base64.b64encode(bytes(streams[out_r])).decode(),
        "stderr": base64.b64encode(bytes(streams[err_r])).decode(),
        "durationMs": duration,
        "fileSizeHit": exit_code != 0 and (file_at_limit(workdir, req["fileSizeBytes"]) or disk_full()),
        "heapExhausted": False,
        "tests": tests,
        "junitXml": read_limited(junit),
    }
    for path in (results, junit):
        try:
            os.unlink(path)
        except OSError:
            pass
    shutil.rmtree(workdir, ignore_errors=True)
    return reply


def warm_up():
    workdir = "/tmp/mend-warm"
    os.mkdir(workdir, 0o700)
    with open(os.path.join(workdir, "test_mend_warm.py"), "w") as f:
        f.write("import pytest\n\n@pytest.mark.parametrize('x', [1])\ndef test_warm(x):\n    assert x == 1\n")
    path, cwd = list(sys.path), os.getcwd()
    os.chdir(workdir)
    warm_args = [*BASE_ARGS, "--junitxml", workdir + "/warm.xml", "test_mend_warm.py"]
    pytest.main(warm_args, plugins=[Collector(workdir + "/warm.json")])
    os.chdir(cwd)
    sys.path[:] = path
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith(workdir):
            del sys.modules[name]
    shutil.rmtree(workdir, ignore_errors=True)
    gc.collect()
    gc.freeze()


def send(message):
    PROTOCOL.write(json.dumps(message).encode() + b"\n")


def main():
    warm_up()
    send({"ready": True, "pid": os.getpid()})
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        req = json.loads(line)
        try:
            send(run(req))
        except Exception as error:  # noqa: BLE001 - one broken request is answered, the server keeps serving
            send({"id": req.get("id"), "error": "%s: %s" % (type(error).__name__, error)})


main()
