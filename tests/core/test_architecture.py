"""The layers of the package, as docs/ARCHITECTURE.md draws them, hold in the code.

Every module of ``dialectical_memory`` (and of the dashboard, installed as ``dialectical_memory.web``
from the checkout's ``webapp/``) belongs to one layer. A module imports only from its own layer or
the layers below; no two modules import each other, even through others or inside a function; the
dashboard reaches the core through one module; and no module exists only to pass names on.
Imports are read from the source (module level, inside functions, under ``TYPE_CHECKING``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import dialectical_memory

PACKAGE = Path(dialectical_memory.__file__).parent
CHECKOUT = PACKAGE.parent
WEB = "dialectical_memory.web"

# Lowest first. A module may import from its own layer and the layers before it.
LAYERS = (
    ("core", ("dialectical_memory.core",)),
    ("storage", ("dialectical_memory.storage",)),
    ("detection", ("dialectical_memory.detection",)),
    ("store", ("dialectical_memory.store",)),
    ("features", ("dialectical_memory.features",)),
    ("adapters", ("dialectical_memory.adapters", "dialectical_memory.hermes", WEB)),
    ("public API", ("dialectical_memory",)),
)
# Packages whose __init__ is a documented import path made of names defined deeper down.
PUBLIC_FACADES = {
    "dialectical_memory": "the public API: from dialectical_memory import MemoryStore, memory_tool, …",
    "dialectical_memory.hermes": "the path installed Hermes plugins import the provider from",
    "dialectical_memory.detection": "from dialectical_memory.detection import RuleDetector, Label, …",
    "dialectical_memory.web": "from dialectical_memory.web import create_app, serve (dmem serve, the wheel's users)",
}
WEB_DOOR = f"{WEB}.adapter"
GUI_LIBRARIES = {"flask", "flask_htmx", "jinja2", "werkzeug", "webapp"}


def _source_files() -> dict[str, Path]:
    """Dotted module name → file, for the package and the dashboard (as the wheel installs it)."""
    modules = {}
    roots = ((PACKAGE, "dialectical_memory"), (CHECKOUT / "webapp", WEB))
    for root, prefix in roots:
        for path in root.rglob("*.py"):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join((prefix, *parts))] = path
    return modules


MODULES = _source_files()


def _is_package(module: str, modules=None) -> bool:
    return (modules or MODULES)[module].name == "__init__.py"


def _resolve(module: str, node: ast.ImportFrom, modules) -> str:
    package = module if _is_package(module, modules) else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return ".".join(p for p in (package, node.module) if p)


def _known(name: str, modules) -> str | None:
    """The module of ``modules`` that ``name`` (a module, or a name inside one) refers to."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, tree: ast.AST, modules=MODULES) -> set[str]:
    """The modules of ``modules`` that ``module`` imports, wherever the import statement is."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(_known(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node, modules) if node.level else (node.module or "")
            for alias in node.names:
                found.add(_known(f"{base}.{alias.name}", modules) if f"{base}.{alias.name}" in modules else _known(base, modules))
    return found - {None, module}


def third_party_imports(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _tree(module: str) -> ast.AST:
    path = MODULES[module]
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


GRAPH = {module: imports_of(module, _tree(module)) for module in MODULES}


def layer_of(module: str) -> int:
    best = None
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[1]:
                    best = (rank, len(prefix))
    assert best is not None, f"{module} belongs to no layer: add it to LAYERS and docs/ARCHITECTURE.md"
    return best[0]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def only_re_exports(tree: ast.Module) -> bool:
    """A module whose body is a docstring, imports and ``__all__``: a shim that defines nothing."""
    body = list(tree.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    meaningful = [
        node for node in body
        if not isinstance(node, (ast.Import, ast.ImportFrom))
        and not (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"])
    ]
    return any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body) and not meaningful


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names_defined(tree: ast.AST) -> set[str]:
    """The underscore names a module defines: functions, classes, variables and attributes it assigns."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return {name for name in names if _private(name)}


def private_reach_ins(module: str, tree: ast.AST, defined: dict[str, set[str]], modules=MODULES) -> list[str]:
    """Where ``module`` uses another module's underscore name: ``from x import _name`` from a module
    of the package, or ``something._name`` (not ``self``/``cls``) where ``_name`` is defined in
    another module of the package and not in this one (``os._exit`` is nobody's here)."""
    elsewhere = set().union(*(names for other, names in defined.items() if other != module))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _resolve(module, node, modules) if node.level else (node.module or "")
            if _known(base, modules):
                found += [f"{module}:{node.lineno}: from {base} import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            if node.attr in elsewhere and node.attr not in defined.get(module, ()):
                found.append(f"{module}:{node.lineno}: {ast.unparse(node.value)}.{node.attr}")
    return found


# ------------------------------------------------------------------------------ the rules


def test_every_layer_has_modules_and_every_module_a_layer():
    counts = defaultdict(int)
    for module in MODULES:
        counts[LAYERS[layer_of(module)][0]] += 1
    assert set(counts) == {name for name, _ in LAYERS}, counts
    assert {"dialectical_memory.store.memory_store", "dialectical_memory.core.beliefs",
            "dialectical_memory.storage.files", f"{WEB}.server"} <= set(MODULES)  # fmt: skip


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_its_own_layer_and_those_below(module):
    mine = layer_of(module)
    above = sorted(other for other in GRAPH[module] if layer_of(other) > mine)
    assert not above, (
        f"{module} ({LAYERS[mine][0]}) imports {above} from a layer above it; "
        "move the shared code down, or pass it in (see docs/ARCHITECTURE.md)"
    )


def test_no_two_modules_import_each_other_even_through_others_or_inside_functions():
    assert cycles(GRAPH) == []


def test_no_two_packages_import_each_other():
    packages = defaultdict(set)
    for module, imported in GRAPH.items():
        home = module if _is_package(module) else module.rpartition(".")[0]
        for other in imported:
            there = other if _is_package(other) else other.rpartition(".")[0]
            if there != home and not home.startswith(there + ".") and not there.startswith(home + "."):
                packages[home].add(there)
    assert cycles(packages) == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_exists_only_to_pass_names_on(module):
    if module in PUBLIC_FACADES:
        return
    assert not only_re_exports(_tree(module)), (
        f"{module} only re-exports names defined elsewhere: import them from where they live"
    )


def test_the_dashboard_reaches_the_core_through_its_adapter_alone():
    reaching = sorted(
        module for module, imported in GRAPH.items()
        if module.startswith(WEB + ".") or module == WEB
        if any(not other.startswith(WEB) for other in imported)
    )
    assert reaching == [WEB_DOOR]


def test_below_the_adapters_nothing_knows_the_web():
    adapters = next(rank for rank, (name, _) in enumerate(LAYERS) if name == "adapters")
    for module in MODULES:
        if layer_of(module) < adapters:
            assert not third_party_imports(_tree(module)) & GUI_LIBRARIES, module


def test_the_cli_reaches_the_dashboard_only_inside_the_serve_command():
    cli = "dialectical_memory.adapters.cli"
    tree = _tree(cli)
    top_level = {m for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
                 for m in imports_of(cli, ast.Module(body=[node], type_ignores=[]))}  # fmt: skip
    assert not {m for m in top_level if m.startswith(WEB)}
    serve = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "cmd_serve")
    assert any(m.startswith(WEB) for m in imports_of(cli, serve))


def test_no_module_reaches_into_another_modules_underscore_names():
    """A name with an underscore is its module's own: what another module needs has a public shape
    (the store's unit of work, docs/core-api.md), so a module can change its insides alone."""
    trees = {module: _tree(module) for module in MODULES}
    defined = {module: private_names_defined(tree) for module, tree in trees.items()}
    found = [hit for module, tree in sorted(trees.items()) for hit in private_reach_ins(module, tree, defined)]
    assert found == [], "\n".join(found)


# ------------------------------------------------------------------------------ the checks themselves


def test_the_import_reader_sees_imports_inside_functions_and_relative_ones():
    modules = {"p": Path("p/__init__.py"), "p.a": Path("p/a.py"), "p.b": Path("p/b.py"), "p.q": Path("p/q/__init__.py"),
               "p.q.c": Path("p/q/c.py")}  # fmt: skip
    source = "from . import b\ndef f():\n    from .q import c\n    import p.q.c\nfrom p import missing\n"
    assert imports_of("p.a", ast.parse(source), modules) == {"p.b", "p.q.c", "p"}


def test_the_cycle_finder_finds_a_circle_through_three_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_shim_check_tells_a_shim_from_a_module():
    assert only_re_exports(ast.parse('"""Old path."""\nfrom .new import thing\n__all__ = ["thing"]\n'))
    assert not only_re_exports(ast.parse("from .new import thing\n\ndef helper():\n    return thing\n"))


def test_opening_the_store_loads_no_detection_until_something_is_written_or_checked():
    """The detector (50-odd modules, most of a one-shot command's start) loads on the first add or
    check, never when the store is imported: `dmem list`, `show` and the dashboard's reads go without."""
    code = ("import sys, tempfile; from dialectical_memory import MemoryStore; "
            "store = MemoryStore(tempfile.mkdtemp()); store.entries('user'); "
            "print(sorted(m for m in sys.modules if m.startswith('dialectical_memory.detection')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", loaded


# What a one-shot add, list or search never uses, so the CLI does not import it at start: Hermes' queue
# reader (and logging), the pattern grouping, and the standard modules of rarer paths.
NOT_FOR_A_ONE_SHOT = ("dialectical_memory.storage.hermes_pending", "dialectical_memory.store.patterns",
                      "dialectical_memory.store.corroboration", "dialectical_memory.store.warm_up",
                      "logging", "difflib", "textwrap", "base64", "secrets")
# … and what a read (list, search) needs no more than that: hashing (hashlib loads OpenSSL), temp
# names, the safety gate.
NOT_FOR_A_READ = ("hashlib", "_hashlib", "random", "dialectical_memory.core.safety")


def _modules_after(home: Path, *argv: str) -> set[str]:
    code = ("import sys; from dialectical_memory.adapters.cli import main; main(sys.argv[1:]); "
            "print('\\n', *sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, "--home", str(home), "--memory-char-limit", "0", *argv],
                         capture_output=True, text=True, check=True).stdout
    return set(out.splitlines()[-1].split())


def test_a_one_shot_add_list_or_search_imports_only_what_it_uses(tmp_path):
    _modules_after(tmp_path, "add", "User drinks tea every morning")  # the home's files exist before the add measured
    loaded = {command[0]: _modules_after(tmp_path, *command) & set(NOT_FOR_A_ONE_SHOT + NOT_FOR_A_READ)
              for command in (("add", "User lives in Berlin"), ("list",), ("search", "Berlin"))}
    assert loaded["add"] <= set(NOT_FOR_A_READ), loaded  # a small home's add rewrites the sidecar: it hashes
    assert loaded["list"] == loaded["search"] == set(), loaded


def test_a_read_command_on_a_large_home_does_not_prepare_for_an_add(tmp_path):
    """A load of a large home prepares the first add (MemoryStore.load_from_disk); `dmem list` never
    adds, and a one-shot `dmem add` prepares what it needs itself: the CLI's loads do not."""
    _modules_after(tmp_path, "add", "User drinks tea every morning")
    code = ("import sys; from dialectical_memory.store import memory_store; memory_store.PREPARE_ADDS_FROM = 1; "
            "from dialectical_memory.adapters.cli import main; main(sys.argv[1:]); "
            "print('\\n', any(m.startswith('dialectical_memory.detection.rules') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code, "--home", str(tmp_path), "--memory-char-limit", "0", "list"],
                         capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1].strip() == "False", out


def test_the_candidate_index_fingerprint_does_not_load_openssl():
    """hashlib's import loads OpenSSL (~2 ms); the index file's blake2b is hashlib's own without it."""
    code = ("import sys; from dialectical_memory.detection.index_file import analysis_fingerprint; "
            "analysis_fingerprint(); print('_hashlib' in sys.modules)")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "False", loaded


def test_the_reach_in_finder_finds_a_private_import_and_attribute_but_not_self_or_the_standard_library():
    modules = {"p": Path("p/__init__.py"), "p.a": Path("p/a.py"), "p.b": Path("p/b.py")}
    owner = ast.parse("_CACHE = {}\nclass Store:\n    def _read(self):\n        self._held = 1\n")
    user = ast.parse("import os\nfrom .b import _CACHE\ndef f(store):\n    os._exit(0)\n    store._read()\n"
                     "    return store._held\nclass M:\n    def g(self):\n        return self._read()\n")
    defined = {"p.b": private_names_defined(owner), "p.a": private_names_defined(user)}
    assert sorted(private_reach_ins("p.a", user, defined, modules)) == [
        "p.a:2: from p.b import _CACHE", "p.a:5: store._read", "p.a:6: store._held"]
    assert private_reach_ins("p.b", owner, defined, modules) == []


def test_the_cli_loads_no_detector_and_no_test_bench_until_a_command_needs_it():
    """The evaluation commands' bench (the scoring, the scripted judge, features.trial) and the
    detector load inside the command that uses them: the shipped CLI starts without them."""
    code = ("import sys; import dialectical_memory.adapters.cli; "
            "print(sorted(m for m in sys.modules if m.startswith(('dialectical_memory.detection', "
            "'dialectical_memory.features', 'dialectical_memory.store'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", loaded
