"""The two targets of a home live under their own URL prefix: ``/memory/...`` and ``/user/...``.

Views read the current target from ``g.target``; ``url_for`` fills it in from the current request,
so links stay on the target being reviewed unless they name another one.
"""

from __future__ import annotations

from flask import Flask, current_app, g
from werkzeug.routing import BaseConverter

TARGETS = ("memory", "user")
TARGET_TITLES = {"memory": "Agent notes", "user": "User profile"}
# In a sentence: "Maintenance of memory done", "… of the user profile …" (never the bare name "user").
TARGET_PHRASES = {"memory": "memory", "user": "the user profile"}


class TargetConverter(BaseConverter):
    regex = "|".join(TARGETS)


def pop_target(endpoint, values) -> None:
    if values and "target" in values:
        g.target = values.pop("target")


def fill_target(endpoint, values) -> None:
    if "target" in values or not current_app.url_map.is_endpoint_expecting(endpoint, "target"):
        return
    values["target"] = g.get("target", "memory")


def init_targets(app: Flask) -> None:
    app.url_map.converters["target"] = TargetConverter
    app.url_value_preprocessor(pop_target)
    app.url_defaults(fill_target)
    app.jinja_env.globals.update(TARGETS=TARGETS, TARGET_TITLES=TARGET_TITLES, TARGET_PHRASES=TARGET_PHRASES)
