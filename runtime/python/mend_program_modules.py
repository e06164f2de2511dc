"""The program modules of a collected pytest session, and how a forked candidate takes their place.

Both of mendloop's "collect once, fork per candidate" runners use it: the sandbox's fork
server (fork_server.py, one suite process per suite) and the repair engine's batch runner
(repair_runner.py). After collection, `survey` sorts the modules loaded from the work folder
into the program (re-imported per candidate) and the modules that hold what they imported
from it (tests, conftest files, plugins, helpers). In a candidate's forked child, `rebind`
imports the program modules afresh, from the working copy or from source text given in
memory, and points the holders' names at the new modules and their functions and classes
(`from calc import double`, `import calc`, `check = calc.check`), so the collected test items
call the candidate's code.
"""

import ast
import importlib
import importlib.abc
import importlib.util
import linecache
import os
import sys
import types


def under(path, root):
    return bool(path) and os.path.abspath(path).startswith(root + os.sep)


def installed(path):
    """A module of an installed package (a project's virtualenv inside its folder): never the program's."""
    parts = path.split(os.sep)
    return "site-packages" in parts or "dist-packages" in parts


def top_level_names(tree):
    """Names loaded by code that runs when the module is imported: module and class bodies,
    decorators, default values and the bodies of pytest hooks (run during collection)."""
    names = set()
    pending = list(ast.iter_child_nodes(tree))
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            pending.extend(node.decorator_list)
            pending.extend(node.args.defaults)
            pending.extend(default for default in node.args.kw_defaults if default is not None)
            if node.name.startswith("pytest_"):
                pending.extend(node.body)
            continue
        if isinstance(node, ast.Lambda):
            pending.extend(node.args.defaults)
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            names.add(node.id)
        pending.extend(ast.iter_child_nodes(node))
    return names


def imports_from(tree, package, program):
    """The names a module binds by importing program modules: {local name: (module, attribute or None)}."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                parts = parts[:max(0, len(parts) - node.level + 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                if base + "." + alias.name in program:
                    found[alias.asname or alias.name] = (base + "." + alias.name, None)
                elif base in program and alias.name != "*":
                    found[alias.asname or alias.name] = (base, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in program:
                    found[alias.asname] = (alias.name, None)
                elif not alias.asname and alias.name.split(".")[0] in program:
                    top = alias.name.split(".")[0]
                    found[top] = (top, None)
    return found


class SourceText(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the modules it is given source text (or that text compiled) for from that text,
    under their files' paths (so tracebacks, line tracing and `__file__` are as if the text were
    on disk)."""

    def __init__(self, sources):
        # {module name: (absolute path, source text or its code object)}
        self.sources = sources

    def find_spec(self, fullname, path=None, target=None):
        found = self.sources.get(fullname)
        if found is None:
            return None
        file = found[0]
        package = [os.path.dirname(file)] if os.path.basename(file) == "__init__.py" else None
        return importlib.util.spec_from_file_location(fullname, file, loader=self, submodule_search_locations=package)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        file, text = self.sources[module.__name__]
        exec(text if isinstance(text, types.CodeType) else compile(text, file, "exec"), module.__dict__)


class ProgramModules:
    """The program modules of one collected session under `root`, and the modules holding them."""

    def __init__(self, root, own_files=()):
        self.root = root
        # The runner's own modules, when they sit in the work folder: neither program nor holders.
        self.own_files = {os.path.abspath(path) for path in own_files}
        # Module names re-imported per candidate, in import order, and their files.
        self.program = []
        self.files = {}
        # The suite's modules, which hold what they imported from the program.
        self.holders = []
        # Work-folder-relative files a candidate may not change without a new collection.
        self.fixed_files = set()
        # Per holder, the names it imported from the program: {local name: (program module, attribute or None)}.
        self.imported = {}
        # Whether collection used the program's values (a parametrize over the program's data).
        self.depends = False
        # Why the last `rebind` failed ("ZeroDivisionError: division by zero").
        self.error = None
        # The holders' names that `rebind` points at the fresh modules: [(holder, local name, program module,
        # attribute or None)]. Found by `survey`, in the collected session, so that each candidate's
        # child reads only these instead of every name of every holder.
        self.bindings = []

    def survey(self, session, program_files=None):
        """Sorts the work folder's loaded modules into the program and its holders, and notes
        the names each holder imported from the program. The program is `program_files`
        ({absolute path: module name}) when given, imported or not (a test may import it only
        when it runs), else every module that is not a test module, conftest file, plugin, or a
        package holding one. True when the collected session can stand for other candidates:
        collection did not use the program's values."""
        loaded = []
        for name, module in list(sys.modules.items()):
            path = getattr(module, "__file__", None) if isinstance(module, types.ModuleType) else None
            if (isinstance(path, str) and under(path, self.root) and os.path.abspath(path) not in self.own_files
                    and not installed(path)):
                loaded.append((name, module, os.path.abspath(path)))
        wanted = {os.path.abspath(path): name for path, name in (program_files or {}).items()}
        if program_files is None:
            manager = session.config.pluginmanager
            suite_modules = {id(plugin) for plugin in manager.get_plugins() if isinstance(plugin, types.ModuleType)}
            for item in session.items:
                module = getattr(item, "module", None)
                if module is not None:
                    suite_modules.add(id(module))
            suite_names = {name for name, module, _path in loaded if id(module) in suite_modules}
            packages = {name.rsplit(".", i)[0] for name in suite_names for i in range(1, name.count(".") + 1)}
            chosen = {name for name, _module, path in loaded
                      if name not in suite_names and name not in packages and path.endswith(".py")}
        else:
            chosen = {name for name, _module, path in loaded if path in wanted}
        for name, _module, path in loaded:
            if name in chosen:
                self.program.append(name)
                self.files[name] = path
            else:
                self.fixed_files.add(os.path.relpath(path, self.root))
                self.holders.append(name)
        for path, name in wanted.items():
            if path not in self.files.values():
                self.program.append(name)
                self.files[name] = path
        program = set(self.program)
        # A module whose text names no program module imports nothing from it: not worth parsing.
        stems = {name.rpartition(".")[2] for name in program}
        for name, module, path in loaded:
            if name in program or not path.endswith(".py"):
                continue
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                if not any(stem in text for stem in stems):
                    continue
                tree = ast.parse(text)
            except (OSError, SyntaxError, ValueError):
                self.depends = True
                continue
            imported = imports_from(tree, getattr(module, "__package__", None) or "", program)
            if imported:
                self.imported[name] = imported
                if top_level_names(tree) & set(imported):
                    self.depends = True
        self.bindings = self.find_bindings()
        return not self.depends

    def find_bindings(self):
        """The holders' names that hold a program module, or a function or class it defines."""
        defined = {}
        for name in self.program:
            module = sys.modules.get(name)
            if module is None:
                continue
            defined[id(module)] = (name, None)
            for key, value in vars(module).items():
                # Functions and classes the program defines, wherever the suite keeps them (`check = calc.check`).
                if callable(value) and getattr(value, "__module__", None) == name:
                    defined.setdefault(id(value), (name, key))
        bindings = []
        for holder in self.holders:
            module = sys.modules.get(holder)
            if module is None:
                continue
            imported = self.imported.get(holder, {})
            for key, value in vars(module).items():
                found = imported.get(key) or defined.get(id(value))
                if found is not None:
                    bindings.append((holder, key, *found))
        return bindings

    def rebind(self, sources=None):
        """Imports the program modules afresh and points the holders' names at them; the modules
        whose files `sources` names ({absolute path: source text or its code object}) come from
        that text, the others from the working copy.

        False when the candidate cannot run in the collected session: its import fails, or it
        lacks a name the tests imported (both errors of collection in a full session)."""
        by_path = {path: name for name, path in self.files.items()}
        given = {by_path[os.path.abspath(path)]: (os.path.abspath(path), text)
                 for path, text in (sources or {}).items() if os.path.abspath(path) in by_path}
        old = {name: sys.modules.pop(name) for name in self.program if name in sys.modules}
        for name in old:
            parent, _, child = name.rpartition(".")
            if parent and parent in sys.modules and getattr(sys.modules[parent], child, None) is old[name]:
                delattr(sys.modules[parent], child)
        linecache.clearcache()
        if len(given) < len(self.program):
            # Modules read from the working copy, which changed since the finders last listed it.
            importlib.invalidate_caches()
        if given:
            sys.meta_path.insert(0, SourceText(given))
        try:
            fresh = {name: importlib.import_module(name) for name in self.program}
        except BaseException as error:  # noqa: BLE001 - a candidate that does not import is a collection error
            self.error = "%s: %s" % (type(error).__name__, error)
            return False
        for holder, key, name, attribute in self.bindings:
            module = sys.modules.get(holder)
            if module is None or name not in fresh:
                continue
            namespace = vars(module)
            if attribute is None:
                namespace[key] = fresh[name]
            elif hasattr(fresh[name], attribute):
                namespace[key] = getattr(fresh[name], attribute)
            else:
                self.error = "ImportError: cannot import name %r from %r" % (attribute, name)
                return False
        return True
