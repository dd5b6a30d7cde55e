"""Runs INSIDE the real Hermes venv: the provider loaded by Hermes, initialized; prints its judge's
name (null when auxiliary.dialectical_judge.enabled is false)."""

import json
import sys

from plugins.memory import _get_active_memory_provider, load_memory_provider

provider = load_memory_provider(_get_active_memory_provider())
provider.initialize("session-off", agent_context="primary")
json.dump({"judge": getattr(provider.store.judge, "name", None)}, sys.stdout)
