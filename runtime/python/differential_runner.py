"""mendloop differential runner: runs versions of a program on the same inputs and reports what each did.

The overfitting guard of the offline repair engine compares a candidate fix with the original
program on inputs derived from the tests. Each version is written over the entry file in turn
and imported by a fresh interpreter (a child of this one), which calls the named functions with
each input under a per-call CPU-time limit (a busy machine does not stretch it) and prints what
happened: the repr of the result and of the arguments afterwards (a function may change them in
place), or the exception's type. An object's scenario (a class built, then methods called in
turn) says that for each call, with the object's attributes after it. A version that crashes
loses the inputs it did not reach, which then read as "killed"; one stopped by the wall clock
(asleep, or starved of CPU) as "slow", which says nothing about its behaviour.

Usage: python3 -u differential_runner.py CONFIG.json, in the work folder that holds the program.
The config names the entry, the versions file ([{id, code}]), the inputs ([{kind, name, args}],
args a Python expression `([positional], {keywords})`; an "object" input also has steps,
[{method, args}]), and the time limits. Results go to stdout as lines
starting with '@@mend '.
"""
import io
import json
import os
import re
import signal
import subprocess
import sys

MARKER = "@@mend "
# Object reprs carry addresses, which differ from one process to the next.
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
MAX_REPR = 2000


class CallTimeout(BaseException):
    """Raised by the timer inside a call that runs too long.

    A BaseException, so that the program's own `except Exception` does not swallow it.
    """


def describe(value):
    try:
        text = repr(value)
    except BaseException as error:  # noqa: BLE001 - a broken __repr__ is behaviour too
        return "!repr " + type(error).__name__
    return ADDRESS.sub(" at 0x?", text)[:MAX_REPR]


def on_timer(_signum, _frame):
    raise CallTimeout()


def run_version(config):
    """In the child: import the program, call each input, print one line per input."""
    out = os.fdopen(os.dup(1), "w", buffering=1)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    sys.stdout = io.StringIO()
    sys.stderr = io.StringIO()
    workdir = os.getcwd()
    if workdir not in sys.path:
        sys.path.insert(0, workdir)
    sys.dont_write_bytecode = True
    signal.signal(signal.SIGVTALRM, on_timer)
    seconds = config["callTimeoutMs"] / 1000.0
    import importlib

    module = None
    failure = None
    try:
        signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
        module = importlib.import_module(config["entry"][:-3].replace("/", "."))
    except BaseException as error:  # noqa: BLE001 - the program's import is under test
        failure = "!import " + ("timeout" if isinstance(error, CallTimeout) else type(error).__name__)
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    for index, item in enumerate(config["inputs"]):
        outcome = failure or call(module, item, seconds)
        out.write(MARKER + json.dumps({"index": index, "outcome": outcome}) + "\n")
        sys.stdout = io.StringIO()


def timed(function, args, kwargs, seconds):
    """Calls `function` under the CPU-time limit: (True, its result) or (False, the outcome said instead)."""
    try:
        signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
        try:
            return True, function(*args, **kwargs)
        finally:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    except CallTimeout:
        return False, "!timeout"
    except RecursionError:
        return False, "!RecursionError"
    except BaseException as error:  # noqa: BLE001 - any exception is an outcome to compare
        return False, "!" + type(error).__name__


def arguments(text):
    return eval(text, {"__builtins__": {}})  # literals written by mendloop from the tests' own


def call(module, item, seconds):
    if item.get("kind") == "object":
        return scenario(module, item, seconds)
    function = getattr(module, item["name"], None)
    if not callable(function):
        return "!missing"
    args, kwargs = arguments(item["args"])
    done, result = timed(function, args, kwargs, seconds)
    return "=" + describe(result) + " args " + describe((args, kwargs)) if done else result


def scenario(module, item, seconds):
    """Builds the object, calls its methods in turn; what each did and the object's state after it."""
    cls = getattr(module, item["name"], None)
    if not callable(cls):
        return "!missing"
    args, kwargs = arguments(item["args"])
    done, instance = timed(cls, args, kwargs, seconds)
    if not done:
        return "new " + str(instance)
    parts = ["new " + state_of(instance, seconds)]
    for step in item["steps"]:
        method = timed(getattr, (instance, step["method"], None), {}, seconds)[1]
        if not callable(method):
            parts.append(step["method"] + " !missing")
            continue
        args, kwargs = arguments(step["args"])
        done, result = timed(method, args, kwargs, seconds)
        said = "=" + describe(result) + " args " + describe((args, kwargs)) if done else result
        parts.append(step["method"] + " " + said + " state " + state_of(instance, seconds))
        if result == "!timeout":
            break
    return " | ".join(parts)[:MAX_REPR * 4]


def state_of(instance, seconds):
    done, text = timed(snapshot, (instance, 0), {}, seconds)
    return text if done else "!state " + text


def attributes(value):
    """The instance's own attributes, from its __dict__ and its classes' __slots__.

    attrs' `@define` and slotted dataclasses make classes without a __dict__.
    """
    names = list(getattr(value, "__dict__", None) or {})
    for klass in type(value).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return [name for name in dict.fromkeys(names) if not name.startswith("__") and hasattr(value, name)]


def snapshot(value, depth):
    """What an object holds, nested objects' attributes spelled out (a plain class's repr shows only its address)."""
    if depth > 4:
        return "..."
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return repr(value)
    inner = depth + 1
    if isinstance(value, (list, tuple)):
        items = ", ".join(snapshot(item, inner) for item in value)
        return "[" + items + "]" if isinstance(value, list) else "(" + items + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(describe(key) + ": " + snapshot(item, inner) for key, item in value.items()) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(snapshot(item, inner) for item in value)) + "}"
    names = attributes(value)
    if not names:
        return describe(value)
    return type(value).__name__ + "(" + ", ".join(name + "=" + snapshot(getattr(value, name), inner) for name in names) + ")"


def main():
    config = json.load(open(sys.argv[1]))
    if len(sys.argv) > 2 and sys.argv[2] == "--version":
        run_version(config)
        return
    versions = json.load(open(config["versions"]))
    entry = config["entry"]
    for version in versions:
        with open(entry, "w") as handle:
            handle.write(version["code"])
        try:
            completed = subprocess.run(
                [sys.executable, "-u", __file__, sys.argv[1], "--version"],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=config["versionTimeoutMs"] / 1000.0,
            )
            output = completed.stdout
            missing = "!killed"
        except subprocess.TimeoutExpired as expired:
            output = expired.stdout or b""
            missing = "!slow"
        outcomes = [missing] * len(config["inputs"])
        for line in output.decode("utf-8", "replace").splitlines():
            if line.startswith(MARKER):
                try:
                    event = json.loads(line[len(MARKER):])
                except ValueError:
                    continue
                outcomes[event["index"]] = event["outcome"]
        print(MARKER + json.dumps({"event": "version", "id": version["id"], "outcomes": outcomes}), flush=True)


if __name__ == "__main__":
    main()
