"""The pinned Hermes agent is present in its own venv and exposes what the integrations rely on."""

from __future__ import annotations

import subprocess


def test_hermes_venv_has_memory_tool_and_provider_base(hermes_python):
    probe = (
        "import importlib.metadata as m, tools.memory_tool as t, agent.memory_provider as p;"
        "print(m.version('hermes-agent'), hasattr(t, 'MemoryStore'), hasattr(p, 'MemoryProvider'))"
    )
    out = subprocess.run([str(hermes_python), "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0.19.0", "True", "True"]


def test_hermes_modules_do_not_leak_into_project_venv():
    import importlib.util

    assert importlib.util.find_spec("agent") is None or "hermes" not in str(importlib.util.find_spec("agent").origin)
