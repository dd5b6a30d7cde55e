"""The core never reaches into the web layer: nothing under dialectical_memory/ imports Flask & co."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dialectical_memory

PACKAGE = Path(dialectical_memory.__file__).parent
FORBIDDEN = {"flask", "flask_htmx", "jinja2", "werkzeug", "webapp", "dialectical_memory.web"}
WEB_PACKAGE = "dialectical_memory.web"


def _names(module: str) -> set[str]:
    """The top-level name, plus the web package when ``module`` is inside it."""
    names = {module.split(".")[0]}
    if module == WEB_PACKAGE or module.startswith(WEB_PACKAGE + "."):
        names.add(WEB_PACKAGE)
    return names


def imported_modules(path: Path) -> set[str]:
    """Top-level names of every module ``path`` imports, wherever the import statement is."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(name for alias in node.names for name in _names(alias.name))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.update(_names(node.module))
        elif isinstance(node, ast.ImportFrom) and node.level == 1 and (node.module or "").split(".")[0] == "web":
            names.add(WEB_PACKAGE)  # `from .web import x` inside dialectical_memory/
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in (
            "import_module", "__import__",
        ) and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):  # fmt: skip
            names.update(_names(node.args[0].value))
    return names


# The CLI is an entry point, a layer beside the web app: `dmem serve` may start the dashboard.
# In a wheel the web layer lives at dialectical_memory/web/; it is not core.
ENTRY_POINTS = {"cli.py"}
CORE_FILES = sorted(
    p for p in PACKAGE.rglob("*.py")
    if p.relative_to(PACKAGE).as_posix() not in ENTRY_POINTS and p.relative_to(PACKAGE).parts[0] != "web"
)


def test_the_core_package_has_modules_to_check():
    names = {p.name for p in CORE_FILES}
    assert {"store.py", "model.py", "hermes_format.py", "tool.py"} <= names


@pytest.mark.parametrize("path", CORE_FILES, ids=[str(p.relative_to(PACKAGE)) for p in CORE_FILES])
def test_core_module_does_not_import_the_web_layer(path):
    found = imported_modules(path) & FORBIDDEN
    assert not found, f"{path.relative_to(PACKAGE)} imports {sorted(found)}: the core must not know the web layer"


def test_the_cli_reaches_the_web_layer_only_inside_the_serve_command():
    tree = ast.parse((PACKAGE / "cli.py").read_text(encoding="utf-8"))
    top_level = {
        (node.module or "").split(".")[0] if isinstance(node, ast.ImportFrom) else alias.name.split(".")[0]
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert not top_level & FORBIDDEN
    serve = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "cmd_serve")
    assert {WEB_PACKAGE} <= {n.module for n in ast.walk(serve) if isinstance(n, ast.ImportFrom)}


def test_the_import_check_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\ndef f():\n    from flask import Flask\n    import jinja2.sandbox\n"
        "from webapp.server import create_app\nimport importlib\nimportlib.import_module('werkzeug.utils')\n"
        "from dialectical_memory.web.server import serve\nfrom .web import create_app\n"
    )
    assert imported_modules(sample) & FORBIDDEN == {"flask", "jinja2", "webapp", "werkzeug", WEB_PACKAGE}
