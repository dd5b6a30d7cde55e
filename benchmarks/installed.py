"""Measure the package as a user has it: its modules compiled to bytecode, as pip does for a wheel.

An editable install (``make install``) leaves the sources uncompiled, and with
``PYTHONDONTWRITEBYTECODE=1`` (set on some machines, CI images among them) no process ever writes
the compiled files: every process then compiles each module it imports, ~200 ms of CPU for the
detector's modules alone, charged to a one-shot ``dmem add`` or to the first add after a load.
A wheel never pays that: pip compiles its modules when it installs them.
"""

from __future__ import annotations

import compileall
from pathlib import Path

PACKAGES = ("dialectical_memory", "webapp")


def compile_package(root: Path) -> None:
    """Compile the package's modules to bytecode (a no-op for those already up to date)."""
    for name in PACKAGES:
        if (root / name).is_dir():
            compileall.compile_dir(root / name, quiet=1)
