"""pyproject.toml maps the checkout's dashboard into one package; every folder of it is listed.

setuptools ships data in a folder it does not know as a package only with a deprecation warning
(and may stop): a new folder under templates/ or static/ must be added to ``packages``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_dashboard_folder_is_a_listed_package():
    packages = set(CONFIG["packages"])
    for package, folder in CONFIG["package-dir"].items():
        for sub in (ROOT / folder).rglob("*"):
            if sub.is_dir() and sub.name != "__pycache__":
                name = ".".join([package, *sub.relative_to(ROOT / folder).parts])
                assert name in packages, f"add {name!r} to [tool.setuptools] packages in pyproject.toml"


def test_the_wheel_has_no_top_level_webapp_and_no_fragments_dependency():
    assert all(p == "dialectical_memory" or p.startswith("dialectical_memory.") for p in CONFIG["packages"])
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any("jinja2-fragments" in dep for deps in project["optional-dependencies"].values() for dep in deps)
    assert CONFIG["package-dir"]["dialectical_memory.web"] == "webapp"


def test_tests_and_benchmarks_import_the_dashboard_by_its_installed_name():
    """`webapp` is only the checkout's folder name; `import webapp` would load a second copy of the
    dashboard beside `dialectical_memory.web` (and fails outside the checkout)."""
    import ast

    offenders = []
    for path in [*ROOT.joinpath("tests").rglob("*.py"), *ROOT.joinpath("benchmarks").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            if any(name == "webapp" or name.startswith("webapp.") for name in names):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, f"import dialectical_memory.web instead of webapp: {offenders}"
