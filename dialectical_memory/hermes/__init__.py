"""Dialectical memory inside the Hermes agent: the memory provider and its plugin installer.

``dmem hermes install`` writes ``<hermes_home>/plugins/dialectical/``, whose ``register(ctx)``
imports :class:`DialecticalMemoryProvider` from here; then ``hermes config set memory.provider
dialectical`` activates it.
"""

from .install import install_plugin
from .provider import PROVIDER_NAME, TOOL_NAMES, DialecticalMemoryProvider


def register(ctx) -> None:
    """Hermes' plugin hook: hand Hermes one provider instance."""
    ctx.register_memory_provider(DialecticalMemoryProvider())


__all__ = ["PROVIDER_NAME", "TOOL_NAMES", "DialecticalMemoryProvider", "install_plugin", "register"]
