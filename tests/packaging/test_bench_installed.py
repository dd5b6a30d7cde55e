"""The benchmarks measure the package as a wheel installs it: modules compiled to bytecode."""

import importlib.util
import sys
from pathlib import Path

from benchmarks.installed import compile_package


def test_compile_package_writes_bytecode_even_when_the_environment_forbids_it(tmp_path, monkeypatch):
    package = tmp_path / "dialectical_memory"
    package.mkdir()
    (package / "module.py").write_text("VALUE = 1\n")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)

    compile_package(tmp_path)

    cached = Path(importlib.util.cache_from_source(str(package / "module.py")))  # what an import looks for
    assert cached.is_file()
