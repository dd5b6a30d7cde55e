"""``dmem hermes install``: the plugin folder Hermes discovers under ``<hermes_home>/plugins/``.

The folder holds no logic: its ``register(ctx)`` imports the provider from the installed
``dialectical_memory`` package, so upgrading the package upgrades the plugin.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from ..core.errors import ConflictError, StorageError
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

PLUGIN_YAML = f"""# {MARKER}: dialectical memory's Hermes plugin (the code is in the dialectical-memory package).
name: {PROVIDER_NAME}
version: 0.1.0
kind: exclusive
description: "Dialectical memory: contradictions kept and flagged at once, knowledge that matures, beliefs that are re-verified. Local files only."
hooks:
  - on_memory_write
  - on_session_end
"""
# What `dmem hermes install` wrote before the file carried the marker: recognised as ours.
_EARLIER_YAML_LINES = (f"name: {PROVIDER_NAME}", 'description: "Dialectical memory:')


def install_plugin(hermes_home: str | Path) -> Path:
    """Write ``<hermes_home>/plugins/dialectical/`` (``__init__.py`` and ``plugin.yaml``); return it.

    Running it again rewrites the two files. A folder of that name holding a file another tool
    wrote (either of the two) is left alone, as is anything in the way of the folder itself: each
    is a ConflictError that says what to move, and nothing is written.
    """
    plugins = Path(hermes_home) / "plugins"
    plugin = plugins / PROVIDER_NAME
    for folder in (Path(hermes_home), plugins, plugin):
        if folder.exists() and not folder.is_dir():
            raise ConflictError(f"{folder} is a file, not a folder; move it away first (nothing was written)")
    init, manifest = plugin / "__init__.py", plugin / "plugin.yaml"
    if not _ours(init, lambda text: MARKER in text):
        raise ConflictError(f"{init} exists and was not written by dmem; move {plugin} away first (nothing was written)")
    if not _ours(manifest, lambda text: MARKER in text or all(line in text for line in _EARLIER_YAML_LINES)):
        raise ConflictError(f"{manifest} exists and was not written by dmem; move {plugin} away first (nothing was written)")
    try:
        plugin.mkdir(parents=True, exist_ok=True)
        text = PLUGIN_INIT.format(name=PROVIDER_NAME, marker=MARKER, activate=ACTIVATE_COMMAND, install=install_into_hermes())
        atomic_write(init, text.encode("utf-8"))
        atomic_write(manifest, PLUGIN_YAML.encode("utf-8"))
    except OSError as error:
        raise StorageError(f"cannot write the Hermes plugin in {plugin}: {error.strerror or error}") from error
    return plugin


def _ours(path: Path, written_by_dmem) -> bool:
    """Whether ``path`` is absent or a file dmem wrote (anything else, a folder included, is not)."""
    if not path.exists() and not path.is_symlink():
        return True
    if not path.is_file():
        return False
    try:
        return written_by_dmem(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return False


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
