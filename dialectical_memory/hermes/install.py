"""``dmem hermes install``: the plugin folder Hermes discovers under ``<hermes_home>/plugins/``.

The folder holds no logic: its ``register(ctx)`` imports the provider from the installed
``dialectical_memory`` package, so upgrading the package upgrades the plugin.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from ..core.errors import ConflictError
from ..core.install_hint import install_hint
from ..storage.files import atomic_write
from .provider import PROVIDER_NAME

MARKER = "Written by `dmem hermes install`"
ACTIVATE_COMMAND = f"hermes config set memory.provider {PROVIDER_NAME}"

PLUGIN_INIT = '''"""Hermes memory provider "{name}" (dialectical memory). {marker}.

The code lives in the dialectical-memory package, which must be importable by the Python that runs
Hermes. Install it there: {install}. Activate: `{activate}`.
"""

try:
    from dialectical_memory.hermes import DialecticalMemoryProvider  # a MemoryProvider
except ImportError as error:
    raise ImportError(
        "the dialectical memory provider needs the dialectical-memory package in the Python that runs "
        "Hermes: " + {install!r}
    ) from error


def register(ctx):
    ctx.register_memory_provider(DialecticalMemoryProvider())
'''

PLUGIN_YAML = f"""name: {PROVIDER_NAME}
version: 0.1.0
kind: exclusive
description: "Dialectical memory: contradictions kept and flagged at once, knowledge that matures, beliefs that are re-verified. Local files only."
hooks:
  - on_memory_write
  - on_session_end
"""


def install_plugin(hermes_home: str | Path) -> Path:
    """Write ``<hermes_home>/plugins/dialectical/`` (``__init__.py`` and ``plugin.yaml``); return it.

    Running it again rewrites the two files; a folder of that name that another tool wrote is left
    alone (ConflictError).
    """
    plugin = Path(hermes_home) / "plugins" / PROVIDER_NAME
    init = plugin / "__init__.py"
    if init.exists() and MARKER not in init.read_text(encoding="utf-8", errors="replace"):
        raise ConflictError(f"{plugin} exists and was not written by dmem; move it away first")
    plugin.mkdir(parents=True, exist_ok=True)
    text = PLUGIN_INIT.format(name=PROVIDER_NAME, marker=MARKER, activate=ACTIVATE_COMMAND, install=install_into_hermes())
    atomic_write(init, text.encode("utf-8"))
    atomic_write(plugin / "plugin.yaml", PLUGIN_YAML.encode("utf-8"))
    return plugin


def hermes_python() -> str | None:
    """The Python that runs the ``hermes`` command on PATH (its script's ``#!`` line), if any."""
    script = shutil.which("hermes")
    if script is None:
        return None
    try:
        with open(script, "rb") as handle:
            first = handle.readline(4096).decode("utf-8", "replace").strip()
    except OSError:
        return None
    interpreter = first[2:].strip().split(" ")[0] if first.startswith("#!") else ""
    return interpreter if interpreter and Path(interpreter).is_file() else None


def install_into_hermes(python: str | None = None) -> str:
    """The command that installs this copy of the package into Hermes' Python."""
    python = python or hermes_python()
    return install_hint(pip=f"{python} -m pip" if python else "pip")


def hermes_imports_package(python: str) -> bool:
    """Whether ``python`` (Hermes') can already import dialectical_memory."""
    try:
        check = subprocess.run([python, "-c", "import dialectical_memory.hermes"], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return check.returncode == 0
