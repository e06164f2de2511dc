"""Collects a plain assert script as one pytest test per top-level statement that asserts.

Imported by the validation's pytest plugin (mend_pytest_plugin.py) and the repair engine's
runner (repair_runner.py), both of which hand it their `pytest_pycollect_makemodule` calls.

HumanEval-style suites ship their tests as scripts: top-level `assert f(1) == 2`, or
`def check(candidate): assert ...` followed by `check(f)`. pytest imports such a file to
collect it, so the first failing assertion becomes a collection error, read as "the test
file is broken" instead of as a failing test. A file with top-level statements that assert
(an `assert`, a call of a function of the file that asserts, or a loop or `if` around them)
and no `test_*` function or `Test*` class of its own is collected here instead: the
statements before the first such statement run at collection (an import that fails is
still the file's error), and each asserting statement is a test named by its line that
first runs the plain statements since the previous one. Statements keep their file and
line numbers, and their asserts are rewritten by pytest as in any test module, so failures
show expected and actual values. The file runs as a script (`__name__ == "__main__"`).

`mend_assert_script(module_path, parent)` returns the collector, or None for other files.
"""

import ast
import sys
import types

import pytest


def _asserts(node, functions):
    for child in ast.walk(node):
        if isinstance(child, ast.Assert):
            return True
        if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id in functions:
            return True
    return False


def _asserting_functions(body):
    defined = [node for node in body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    found = set()
    changed = True
    while changed:
        changed = False
        for node in defined:
            if node.name not in found and _asserts(node, found):
                found.add(node.name)
                changed = True
    return found


_CASE_TYPES = (ast.Assert, ast.Expr, ast.For, ast.While, ast.If, ast.With,
                    ast.Try)


def _is_case(node, functions):
    return isinstance(node, _CASE_TYPES) and _asserts(node, functions)


def _has_tests(body):
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            return True
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            return True
    return False


def _compile(statements, source, path, config):
    module = ast.Module(body=list(statements), type_ignores=[])
    try:
        from _pytest.assertion.rewrite import rewrite_asserts
        rewrite_asserts(module, source, path, config)
    except Exception:  # noqa: BLE001 - without rewriting, asserts still fail, only with less detail
        pass
    return compile(module, path, "exec")


class MendAssertCase(pytest.Item):
    def __init__(self, *, setup, code, namespace, line, **kwargs):
        super().__init__(**kwargs)
        self._setup = setup
        self._code = code
        self._namespace = namespace
        self._line = line

    def runtest(self):
        setup, self._setup = self._setup, None
        if setup is not None:
            exec(setup, self._namespace)
        exec(self._code, self._namespace)

    def reportinfo(self):
        return self.path, self._line - 1, self.name


class MendAssertScript(pytest.File):
    def collect(self):
        path = str(self.path)
        source = self.path.read_bytes()
        tree = ast.parse(source, path)
        text_of = source.decode("utf-8", "replace")
        functions = _asserting_functions(tree.body)
        module = types.ModuleType(self.path.stem)
        module.__file__ = path
        namespace = module.__dict__
        # Registered like an imported test module, so that whoever swaps the program module
        # (the repair engine) finds the names this script bound to it.
        sys.modules.setdefault(self.path.stem, module)
        namespace["__name__"] = "__main__"
        pending = []
        started = False
        for node in tree.body:
            if not _is_case(node, functions):
                pending.append(node)
                continue
            setup = _compile(pending, source, path, self.config) if pending else None
            pending = []
            if not started:
                started = True
                if setup is not None:
                    exec(setup, namespace)
                    setup = None
            text = " ".join((ast.get_source_segment(text_of, node) or "").split())
            if len(text) > 60:
                text = text[:57] + "..."
            yield MendAssertCase.from_parent(
                self, name="line %d: %s" % (node.lineno, text.replace("::", ": :")),
                setup=setup, code=_compile([node], source, path, self.config), namespace=namespace, line=node.lineno)


def mend_assert_script(module_path, parent):
    try:
        tree = ast.parse(module_path.read_bytes(), str(module_path))
    except (OSError, SyntaxError, ValueError):
        return None
    if _has_tests(tree.body):
        return None
    functions = _asserting_functions(tree.body)
    if not any(_is_case(node, functions) for node in tree.body):
        return None
    return MendAssertScript.from_parent(parent, path=module_path)
