"""``dmem hermes install``: the plugin folder Hermes discovers under ``<hermes_home>/plugins/``.

The folder holds no logic: its ``register(ctx)`` imports the provider from the installed
``dialectical_memory`` package, so upgrading the package upgrades the plugin.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import ConflictError
from ..storage.files import atomic_write
from .provider import PROVIDER_NAME

MARKER = "Written by `dmem hermes install`"
ACTIVATE_COMMAND = f"hermes config set memory.provider {PROVIDER_NAME}"

PLUGIN_INIT = f'''"""Hermes memory provider "{PROVIDER_NAME}" (dialectical memory). {MARKER}.

The code lives in the dialectical-memory package, which must be importable by the Python that runs
Hermes: install it there (`pip install dialectical-memory`). Activate: `{ACTIVATE_COMMAND}`.
"""

try:
    from dialectical_memory.hermes import DialecticalMemoryProvider  # a MemoryProvider
except ImportError as error:
    raise ImportError(
        "the dialectical memory provider needs the dialectical-memory package in the Python that runs "
        "Hermes: pip install dialectical-memory"
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
    atomic_write(init, PLUGIN_INIT.encode("utf-8"))
    atomic_write(plugin / "plugin.yaml", PLUGIN_YAML.encode("utf-8"))
    return plugin
