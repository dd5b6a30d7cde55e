"""The app factory: :func:`create_app` builds the dashboard of one memory home.

There is no global state: the store, the maintenance jobs and the secret key live on the app it
returns, and each area of the dashboard is the blueprint of its own module.
"""

from __future__ import annotations

import gc
import threading
from pathlib import Path
from typing import Any

from flask import Flask, redirect, url_for
from flask_htmx import HTMX
from jinja2 import StrictUndefined

from .adapter import MemoryStore, install_hint
from .archive import bp as archive
from .blocked import bp as blocked
from .contradictions import bp as contradictions
from .entries import bp as entries
from .errors import init_errors
from .hermes_queue import bp as hermes_queue
from .live import bp as live
from .maintenance import bp as maintenance
from .maintenance_jobs import MaintenanceJobs
from .background_drafts import BackgroundDrafts
from .overview import bp as overview
from .patterns import bp as patterns
from .presenters import init_presenters
from .promotions import bp as promotions
from .proposal_drafts import bp as proposal_drafts
from .review import bp as review
from .room import bp as room
from .search import bp as search
from .security import init_security, limit_streamed_bodies, load_or_create_secret, with_security_headers
from .targets import init_targets
from .transfer import allow_large_upload
from .transfer import bp as transfer
from .urls import url_with_args
from .verification import bp as verification

MAX_BODY_BYTES = 256 * 1024
REQUIRED_TEMPLATES = ("base.html", "error.html", "overview.html")
REQUIRED_STATIC = "dashboard.css"

__all__ = ["create_app", "MissingAssetsError", "asset_folders"]


class MissingAssetsError(RuntimeError):
    """The dashboard's templates or static files are not where the package expects them."""


def asset_folders() -> tuple[Path, Path]:
    """``(templates, static)``: inside the package in a wheel, at the top of a checkout otherwise.

    The wheel installs them as package data beside this file (``dialectical_memory/web/``); a
    checkout (and ``pip install -e .``) keeps them at the top of the repository.
    """
    here = Path(__file__).resolve().parent
    for root in (here, here.parent):
        templates, static = root / "templates", root / "static"
        if all((templates / name).is_file() for name in REQUIRED_TEMPLATES) and (static / REQUIRED_STATIC).is_file():
            return templates, static
    raise MissingAssetsError(
        f"the dashboard's templates are missing (looked in {here / 'templates'} and {here.parent / 'templates'}); "
        f"reinstall it (add --force-reinstall): {install_hint('web')}"
    )


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build a dashboard for one memory home; config keys: ``MEMORY_HOME``, ``TESTING``,
    ``MEMORY_CHAR_LIMIT`` / ``USER_CHAR_LIMIT`` (0 = unlimited), ``SERVER_HOST`` / ``SERVER_PORT``
    (the address the Host check accepts besides loopback names), ``CLOCK`` and ``DETECTOR``
    (passed to the store; for tests), ``JUDGE`` (the model maintenance consults, or None),
    ``FREEZE_LOADED_HEAP`` (see :func:`freeze_loaded_heap`; default: on unless ``TESTING``),
    ``HERMES_HOME`` (whose write-approval queue to review; default: the Hermes home whose
    ``memories`` folder ``MEMORY_HOME`` is)."""
    templates, static = asset_folders()
    # named after the package, dialectical_memory.web (the name its logger goes by), not this module
    app = Flask(__package__, template_folder=str(templates), static_folder=str(static))
    app.config.update(
        MEMORY_HOME=None,
        MEMORY_CHAR_LIMIT=0,
        USER_CHAR_LIMIT=0,
        SERVER_HOST="127.0.0.1",
        SERVER_PORT=None,
        EXTRA_HOSTS=(),
        CLOCK=None,
        DETECTOR=None,
        JUDGE=None,
        HERMES_HOME=None,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_NAME="dmem_dashboard",
    )
    app.config.update(config or {})
    app.config.setdefault("FREEZE_LOADED_HEAP", not app.config["TESTING"])
    if app.config["TESTING"]:
        app.jinja_env.undefined = StrictUndefined

    store = _build_store(app.config)
    app.extensions["dmem_store"] = store
    app.extensions["dmem_maintenance"] = MaintenanceJobs(lambda: _build_store(app.config))
    app.extensions["dmem_merge_drafts"] = BackgroundDrafts()
    app.extensions["dmem_proposal_drafts"] = BackgroundDrafts()
    app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or load_or_create_secret(store.home)

    HTMX(app)
    init_targets(app)
    init_security(app)
    init_errors(app)
    init_presenters(app)
    _register_blueprints(app)
    app.jinja_env.globals["url_with_args"] = url_with_args
    app.wsgi_app = one_request_at_a_time(app.wsgi_app)
    app.wsgi_app = limit_streamed_bodies(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])
    app.wsgi_app = with_security_headers(app.wsgi_app)
    app.add_url_rule("/", "home", lambda: redirect(url_for("overview.show", target="memory")))
    if app.config["FREEZE_LOADED_HEAP"]:
        freeze_loaded_heap()
    return app


def freeze_loaded_heap() -> None:
    """Keep the loaded store out of Python's full garbage collections.

    A store of 10,000 entries is ~90k long-lived objects; every full collection walks all of them,
    which paused one request in twenty by 25-40 ms (more than a page takes to render). Collected once
    and frozen here, they are skipped by the collector; they are still freed by reference counting
    when the store reloads a target (its state holds no reference cycles).
    """
    gc.collect()
    gc.freeze()


def one_request_at_a_time(wsgi_app):
    """Serialise requests: entry views share the store's live metadata, so no two requests interleave."""
    lock = threading.Lock()

    def serialised(environ, start_response):
        with lock:
            return wsgi_app(environ, start_response)

    return serialised


def _build_store(config):
    store = MemoryStore(**_store_options(config))
    store.load_from_disk(prepare_adds=False)  # serving, it warms up on a thread (server.py)
    return store


def _store_options(config) -> dict:
    options = {
        "home": config["MEMORY_HOME"],
        "memory_char_limit": int(config["MEMORY_CHAR_LIMIT"]),
        "user_char_limit": int(config["USER_CHAR_LIMIT"]),
    }
    if config["CLOCK"] is not None:
        options["clock"] = config["CLOCK"]
    if config["DETECTOR"] is not None:
        options["detector"] = config["DETECTOR"]
    if config.get("JUDGE") is not None:
        options["judge"] = config["JUDGE"]
    if config.get("DRAFTER") is not None:
        options["drafter"] = config["DRAFTER"]
    return options


def _register_blueprints(app: Flask) -> None:
    app.before_request_funcs.setdefault(None, []).insert(0, allow_large_upload)  # before the CSRF check reads the form
    for blueprint in (overview, review, room, maintenance, entries, contradictions, verification, promotions, patterns, proposal_drafts, archive, blocked, hermes_queue, transfer, search, live):
        app.register_blueprint(blueprint)
