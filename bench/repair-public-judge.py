"""Judges a patched QuixBugs program independently of the tests the repair engine saw.

Used by bench/repair-public.mjs inside the sandbox. Arguments: NAME CANDIDATE.py CORRECT.py [JSON_TESTCASES],
or for a HumanEvalFix task NAME CANDIDATE.py REFERENCE.py TEST_FILE.py (the cases are then the test's
literal-argument calls of NAME, with the reference's answers).
Prints one JSON object: the upstream JSON test cases passed (all of them, the slow ones
excepted), a differential run against the correct program on inputs derived from those cases
(or, for the graph programs, on seeded random graphs), and whether the patch is the reference
fix (the same syntax tree once comments and bare string statements are left out).

Derived inputs change one argument of a test case at a time: integers by -1, +1 and to 0, lists
by dropping their first or last element, to one element and to empty, strings likewise. An input
on which the correct program raises or runs out of time breaks a precondition and is left out.
"""
import ast
import copy
import importlib.util
import json
import math
import random
import signal
import sys

sys.setrecursionlimit(3000)
CALL_SECONDS = 2
# A call that times out is given this long once more, so that a loaded machine does not turn a
# slow but right answer (the exponential levenshtein, say) into a mismatch.
RETRY_SECONDS = 30
# Cases the upstream test files skip unless --runslow (minutes on the correct program).
SLOW = {
    "knapsack": lambda args: args[0] == 6404180,
    "levenshtein": lambda args: args[0] == "amanaplanacanalpanama",
}
GENERATORS = {"flatten", "kheapsort"}


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)


def load(path, name, tag):
    spec = importlib.util.spec_from_file_location(f"{tag}_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def call(fn, args, name, seconds=CALL_SECONDS):
    """('ok', value) | ('error', exception type name) | ('timeout', None)."""
    signal.alarm(seconds)
    try:
        value = fn(*copy.deepcopy(args))
        if name in GENERATORS:
            value = list(value)
        return ("ok", value)
    except Timeout:
        return ("timeout", None)
    except RecursionError:
        return ("error", "RecursionError")
    except Exception as error:  # a raised exception is an outcome to compare
        return ("error", type(error).__name__)
    finally:
        signal.alarm(0)


def is_subsequence(small, big):
    it = iter(big)
    return all(ch in it for ch in small)


def same(name, args, got, want):
    if got[0] != "ok" or want[0] != "ok":
        return got[0] == want[0] and got[1] == want[1]
    a, b = got[1], want[1]
    if name == "sqrt":
        return isinstance(a, (int, float)) and math.isclose(a, b, abs_tol=args[-1])
    if name == "longest_common_subsequence":
        # Any longest common subsequence is a right answer (the program's own contract).
        return isinstance(a, str) and len(a) == len(b) and is_subsequence(a, args[0]) and is_subsequence(a, args[1])
    return json.dumps(a, sort_keys=True, default=repr) == json.dumps(b, sort_keys=True, default=repr)


def variants(value):
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, 0]
    if isinstance(value, float):
        return [value + 0.5, value * 2]
    if isinstance(value, (list, str)):
        out = []
        if len(value) > 0:
            out += [value[1:], value[:-1], value[:1], value[:0]]
        return out
    return []


def derived_inputs(cases):
    seen, out = set(), []
    for args, _ in cases:
        for i, arg in enumerate(args):
            for changed in variants(arg):
                candidate = list(args)
                candidate[i] = changed
                key = json.dumps(candidate)
                if key not in seen:
                    seen.add(key)
                    out.append(candidate)
    return out


# Graph programs: seeded random inputs built fresh for each call (some programs mutate them).
def graph_inputs(name, seed):
    sys.path.insert(0, ".")
    from node import Node

    rng = random.Random(seed)
    n = rng.randint(1, 7)
    if name in ("breadth_first_search", "depth_first_search"):
        nodes = [Node(i) for i in range(n)]
        for node in nodes:
            node.successors = [m for m in nodes if m is not node and rng.random() < 0.3]
        return [nodes[rng.randrange(n)], nodes[rng.randrange(n)]], lambda r: r
    if name in ("detect_cycle", "reverse_linked_list"):
        nodes = [Node(i) for i in range(n)]
        for a, b in zip(nodes, nodes[1:]):
            a.successor = b
        nodes[-1].successor = None
        if name == "detect_cycle":
            if rng.random() < 0.5:
                nodes[-1].successor = nodes[rng.randrange(n)]
            return [nodes[0]], lambda r: r

        def values(head):
            out = []
            while head is not None and len(out) <= n:
                out.append(head.value)
                head = head.successor
            return out

        return [nodes[0] if rng.random() < 0.9 else None], values
    if name == "minimum_spanning_tree":
        weights = rng.sample(range(1, 100), 30)
        edges = {(i, i + 1): weights.pop() for i in range(n)}
        for _ in range(rng.randint(0, 6)):
            u, v = sorted(rng.sample(range(n + 1), 2))
            edges.setdefault((u, v), weights.pop())
        return [edges], lambda r: sorted(r)
    if name == "shortest_path_length":
        nodes = [Node(str(i)) for i in range(n)]
        lengths = {}
        for a in nodes:
            a.successors = [b for b in nodes if b is not a and rng.random() < 0.35]
            for b in a.successors:
                lengths[a, b] = rng.randint(1, 9)
        return [lengths, nodes[rng.randrange(n)], nodes[rng.randrange(n)]], lambda r: r
    if name == "shortest_path_lengths":
        edges = {(u, v): rng.randint(0, 9) for u in range(n) for v in range(n) if u != v and rng.random() < 0.35}
        return [n, edges], lambda r: sorted((k, v) for k, v in dict(r).items() if k[0] < n and k[1] < n)
    if name == "shortest_paths":
        names = "ABCDEFG"[:n]
        edges = {(u, v): rng.randint(0, 9) for u in names for v in names if u != v and rng.random() < 0.4}
        edges.setdefault((names[0], names[-1]), 5) if n > 1 else None
        return [names[0], edges], lambda r: sorted(dict(r).items())
    if name == "topological_ordering":
        nodes = [Node(i) for i in range(n)]
        for node in nodes:
            node.incoming_nodes, node.outgoing_nodes = [], []
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.35:
                    nodes[i].outgoing_nodes.append(nodes[j])
                    nodes[j].incoming_nodes.append(nodes[i])
        order = nodes[:]
        rng.shuffle(order)
        return [order], lambda r: [x.value for x in r]
    return None


def strip_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            node.body = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str))] or [ast.Pass()]
    return ast.dump(tree)


def cases_from_tests(test_path, name, correct):
    """HumanEvalFix: the literal-argument calls of NAME in its test file, the reference's answer as expected."""
    cases = []
    for node in ast.walk(ast.parse(open(test_path).read())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name and not node.keywords:
            try:
                args = [ast.literal_eval(arg) for arg in node.args]
            except ValueError:
                continue
            want = call(correct, args, name)
            if want[0] == "ok":
                cases.append([args, want[1]])
    return cases


def main():
    name, candidate_path, correct_path = sys.argv[1:4]
    json_path = sys.argv[4] if len(sys.argv) > 4 else None
    candidate_src, correct_src = open(candidate_path).read(), open(correct_path).read()
    result = {"sameAsReference": False, "testsPassed": 0, "testsTotal": 0, "derivedInputs": 0, "derivedMismatches": 0, "mismatchExample": None}
    try:
        result["sameAsReference"] = strip_docstrings(ast.parse(candidate_src)) == strip_docstrings(ast.parse(correct_src))
    except SyntaxError:
        pass
    sys.path.insert(0, ".")
    candidate = load(candidate_path, name, "candidate")
    correct = load(correct_path, name, "correct")

    def patient(fn, args):
        outcome = call(fn, args, name)
        return call(fn, args, name, RETRY_SECONDS) if outcome[0] == "timeout" else outcome

    def compare(args, build=None, view=lambda r: r):
        want = call(correct, build() if build else args, name)
        if want[0] == "timeout":
            return None
        got = patient(candidate, build() if build else args)
        if want[0] != "ok":
            return None  # a precondition of the program is broken: no verdict on this input
        if got[0] == "ok":
            got = ("ok", view(got[1]))
        want = ("ok", view(want[1]))
        return same(name, args, got, want)

    if json_path and json_path.endswith(".py"):
        cases = cases_from_tests(json_path, name, correct)
    elif json_path:
        cases = [json.loads(line) for line in open(json_path) if line.strip()]
    if json_path:
        cases = [c for c in cases if not SLOW.get(name, lambda a: False)(c[0])]
        expected_of = lambda value: [tuple(x) for x in value] if name == "hanoi" else json.loads(json.dumps(value, default=list))
        for args, expected in cases:
            got = patient(candidate, args)
            result["testsTotal"] += 1
            if got[0] == "ok" and same(name, args, got, ("ok", expected_of(expected))):
                result["testsPassed"] += 1
        for args in derived_inputs(cases):
            verdict = compare(args)
            if verdict is None:
                continue
            result["derivedInputs"] += 1
            if not verdict:
                result["derivedMismatches"] += 1
                result["mismatchExample"] = result["mismatchExample"] or json.dumps(args)[:120]
    else:
        for seed in range(200):
            args, view = graph_inputs(name, seed)
            verdict = compare(args, build=lambda: graph_inputs(name, seed)[0], view=view)
            if verdict is None:
                continue
            result["derivedInputs"] += 1
            if not verdict:
                result["derivedMismatches"] += 1
                result["mismatchExample"] = result["mismatchExample"] or f"seed {seed}"
    print(json.dumps(result))


main()
