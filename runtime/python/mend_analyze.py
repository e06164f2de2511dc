"""Answers the three cheap static questions in one Python process, to save process spawns.

Does every file parse (Python's own parser, with line and column), does every import
resolve (task file, standard library, installed package; found without importing it),
and does the program reach for the network. Reads a JSON request on stdin, prints JSON.
"""

import ast
import importlib.util
import json
import os
import sys

NETWORK_MODULES = {
    "socket", "ssl", "socketserver", "requests", "httpx", "aiohttp", "urllib3", "http.client",
    "http.server", "urllib.request", "ftplib", "smtplib", "poplib", "imaplib", "telnetlib",
    "xmlrpc.client", "websocket", "websockets", "pycurl", "grpc",
}
NETWORK_CALLS = {"asyncio.open_connection", "asyncio.start_server", "asyncio.open_unix_connection"}


def network_module(name):
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in NETWORK_MODULES:
            return ".".join(parts[:end])
    return None


def dotted(node):
    names = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return ".".join(reversed(names))
    return None


def imports_in(statements):
    return any(isinstance(inner, (ast.Import, ast.ImportFrom)) for statement in statements for inner in ast.walk(statement))


def guarded_imports(tree):
    """Imports inside "try: ... except ImportError", "if TYPE_CHECKING:" or either branch of an
    if/else that imports in both may fail on purpose."""
    guarded = set()
    for node in ast.walk(tree):
        body = None
        if isinstance(node, ast.Try):
            caught = set()
            for handler in node.handlers:
                kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
                caught.update(dotted(kind) if kind is not None else "BaseException" for kind in kinds)
            if caught & {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}:
                body = node.body
        elif isinstance(node, ast.If) and dotted(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            body = node.body
        elif isinstance(node, ast.If) and imports_in(node.body) and imports_in(node.orelse):
            # Alternatives chosen at run time ("if pytest.use_correct: from correct_programs import f
            # else: from programs import f", "if sys.version_info >= (3, 11): import tomllib else:
            # import tomli"): only one branch runs, and running the tests tells which fails.
            body = node.body + node.orelse
        for statement in body or []:
            for inner in ast.walk(statement):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    guarded.add(id(inner))
    return guarded


def beside(top, path, roots):
    # pytest puts a test file's folder on sys.path (rootdir-relative "prepend" imports), and a
    # project's own folders hold its modules: look from the file's folder up to the root, then
    # in the folders the project puts on the path (pytest's pythonpath, the src layout).
    folder = os.path.dirname(path)
    while True:
        base = os.path.join(folder, top) if folder else top
        if os.path.isfile(base + ".py") or os.path.isdir(base):
            return True
        if not folder:
            break
        folder = os.path.dirname(folder)
    return any(os.path.isfile(os.path.join(root, top) + ".py") or os.path.isdir(os.path.join(root, top)) for root in roots)


def resolve(top, task_modules, path, roots):
    if top in task_modules or beside(top, path, roots):
        return "task"
    if top in sys.stdlib_module_names or top in sys.builtin_module_names:
        return "stdlib"
    try:
        return "installed" if importlib.util.find_spec(top) is not None else "missing"
    except (ImportError, ValueError):
        return "missing"


def defined_names(tree):
    """Top-level names of a module, conditional definitions included; None when unknowable."""
    names = set()
    def bind(target):
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                names.add(node.id)
    def visit(body):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    bind(target)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name == "*":
                        return False
                    names.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                bind(node.target)
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        bind(item.optional_vars)
                visit(node.body)
            elif isinstance(node, (ast.If, ast.While)):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
        return True
    if visit(tree.body) is False or "__getattr__" in names:
        return None
    return names


def analyze(path, source, task_modules, roots, is_program, report, trees):
    try:
        tree = ast.parse(source, filename=path)
        compile(tree, path, "exec")
    except SyntaxError as error:
        report["syntax"].append({
            "file": path, "line": error.lineno or 1, "column": error.offset,
            "type": type(error).__name__, "message": error.msg, "text": (error.text or "").rstrip(),
        })
        return
    except ValueError as error:
        report["syntax"].append({"file": path, "line": 1, "column": None, "type": "SyntaxError",
                                 "message": str(error), "text": ""})
        return
    trees[path] = tree
    guarded = guarded_imports(tree)
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = []
            for alias in node.names:
                modules.append(alias.name)
                aliases[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
            candidates = modules
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            modules = [node.module]
            for alias in node.names:
                aliases[alias.asname or alias.name] = node.module + "." + alias.name
            candidates = modules + [node.module + "." + alias.name for alias in node.names]
            if id(node) not in guarded:
                report["from_imports"].append({"file": path, "line": node.lineno, "column": node.col_offset + 1,
                                               "module": node.module, "names": [alias.name for alias in node.names]})
        else:
            continue
        if id(node) not in guarded:
            for module in modules:
                report["imports"].append({"file": path, "line": node.lineno, "column": node.col_offset + 1,
                                          "module": module, "resolved": resolve(module.split(".")[0], task_modules, path, roots)})
        if is_program:
            hits = [hit for hit in map(network_module, candidates) if hit]
            if hits:
                report["network"].append({"file": path, "line": node.lineno, "column": node.col_offset + 1, "what": hits[0]})
    if not is_program:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = dotted(node)
            head, _, rest = (name or "").partition(".")
            if head not in aliases:
                continue
            full = aliases[head] + ("." + rest if rest else "")
            hit = network_module(full) or (full if full in NETWORK_CALLS else None)
            if hit:
                report["network"].append({"file": path, "line": node.lineno, "column": node.col_offset + 1, "what": hit})


def main():
    request = json.load(sys.stdin)
    paths = request["program"] + request["tests"]
    roots = [root.strip("/") for root in request.get("roots", []) if root.strip("/") not in ("", ".")]
    # The src layout: the project's packages live in src/ and reach the tests installed or through
    # pytest's pythonpath; either way they are the project's own modules, not ones to install
    # (when neither holds, the tests layer shows pytest's own import error).
    if any(path.startswith("src/") for path in paths) and "src/__init__.py" not in paths and "src" not in roots:
        roots.append("src")
    task_modules = set()
    for path in paths:
        for prefix in [""] + [root + "/" for root in roots]:
            if not path.startswith(prefix):
                continue
            rest = path[len(prefix):]
            if rest.endswith(".py"):
                task_modules.add(rest[:-3].split("/")[0])
            elif "/" in rest:
                task_modules.add(rest.split("/")[0])
    report = {"syntax": [], "imports": [], "network": [], "from_imports": [], "missing_names": []}
    trees = {}
    for path in request["program"] + request["tests"]:
        if not path.endswith(".py"):
            continue
        with open(path, "rb") as handle:
            raw = handle.read()
        try:
            source = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            report["syntax"].append({"file": path, "line": raw[:error.start].count(b"\n") + 1, "column": None,
                                     "type": "SyntaxError", "message": "file is not valid UTF-8 text", "text": ""})
            continue
        analyze(path, source, task_modules, roots, path in request["program"], report, trees)
    # "from median import medain": a name the task's own module does not define.
    for use in report.pop("from_imports"):
        module_path = use["module"].replace(".", "/")
        target = next((prefix + module_path + ".py" for prefix in [""] + [root + "/" for root in roots]
                       if prefix + module_path + ".py" in trees), None)
        if target is None:
            continue
        names = defined_names(trees[target])
        if names is None:
            continue
        for name in use["names"]:
            if name != "*" and name not in names and (target[:-3] + "/" + name + ".py") not in trees:
                report["missing_names"].append({"file": use["file"], "line": use["line"], "column": use["column"],
                                                "module": use["module"], "name": name, "target": target})
    seen = set()
    unique = []
    for hit in sorted(report["network"], key=lambda hit: (hit["file"], hit["line"])):
        key = (hit["file"], hit["what"])
        if key not in seen:
            seen.add(key)
            unique.append(hit)
    report["network"] = unique
    json.dump(report, sys.stdout)


main()
