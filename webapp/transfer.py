"""Export and import from the dashboard: download a home, upload an export, preview, then import.

The work is :mod:`dialectical_memory.features.transfer`'s (``transfer``, taken from the adapter);
this blueprint only moves files. An upload is checked and dry-run first: the preview page shows
what would change and nothing is written until the person confirms. The uploaded document waits
in memory (a few at most, for half an hour) under a random token that the confirm form carries.
"""

from __future__ import annotations

import secrets
import time

from flask import Blueprint, Response, abort, current_app, request, url_for

from .adapter import store, transfer
from .forms import FormError
from .responses import REFUSALS, refused, render, written

bp = Blueprint("transfer", __name__, url_prefix="/<target:target>/transfer")

MAX_UPLOAD_BYTES = 32 * 1024 * 1024
PENDING_LIMIT = 4
PENDING_SECONDS = 30 * 60
PAGE = "transfer/page.html"
PREVIEW = "transfer/preview.html"
SCOPES = {"all": ("memory", "user"), "memory": ("memory",), "user": ("user",)}
SIGNS = {"+": "becomes active", "-": "archived here", "~": "replaced", "a": "added to the archive", "!": "added as a contradiction", "b": "becomes an entry, blocked (it failed the safety check)"}


@bp.get("/")
def page():
    return render(PAGE)


@bp.get("/export")
def download():
    """The export as a file: ``?scope=all|memory|user`` and ``?format=json|md``."""
    scope = request.args.get("scope", "all")
    kind = request.args.get("format", "json")
    if scope not in SCOPES or kind not in ("json", "md"):
        abort(404, "Unknown export: scope must be all, memory or user and format json or md.")
    document = transfer.export_document(store(), SCOPES[scope])
    body = transfer.to_markdown(document) if kind == "md" else transfer.to_json(document)
    name = transfer.export_filename(store().now()).replace(".json", f"-{scope}.{kind}")
    mimetype = "text/markdown" if kind == "md" else "application/json"
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.post("/preview")
def preview():
    """Check the uploaded export and show what importing it would change (a dry run)."""
    mode = _mode()
    try:
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            raise FormError("Choose an export file to upload.")
        document = transfer.read_document(upload.read())
        plan = transfer.import_document(store(), document, mode=mode, dry_run=True)
    except REFUSALS as error:
        return refused(error, page=PAGE)
    token = _keep(document)
    changes = {target: section.changes() for target, section in plan.targets.items()}
    return render(PREVIEW, plan=plan, plan_changes=changes, SIGNS=SIGNS, token=token, mode=mode, filename=upload.filename)


@bp.post("/import")
def confirm():
    """Import the previewed document, in the mode shown on the preview."""
    mode = _mode()
    document = _pending().pop(request.form.get("token", ""), (None, 0))[0]
    if document is None:
        abort(404, "This upload is no longer waiting (it expired or was imported); upload the file again.")
    try:
        plan = transfer.import_document(store(), document, mode=mode, actor="person")
    except REFUSALS as error:
        return refused(error, page=PAGE)
    return written(plan.summary(), redirect_to=url_for("overview.show"))


def _mode() -> str:
    mode = request.form.get("mode", "merge")
    if mode not in ("merge", "replace"):
        abort(422, "The import mode must be merge or replace.")
    return mode


def _pending() -> dict:
    """Uploaded documents waiting for their confirmation, newest last; old ones are dropped."""
    pending = current_app.extensions.setdefault("dmem_pending_imports", {})
    now = time.monotonic()
    for token, (_document, at) in list(pending.items()):
        if now - at > PENDING_SECONDS:
            del pending[token]
    return pending


def _keep(document: dict) -> str:
    pending = _pending()
    while len(pending) >= PENDING_LIMIT:
        del pending[next(iter(pending))]
    token = secrets.token_urlsafe(24)
    pending[token] = (document, time.monotonic())
    return token


def allow_large_upload() -> None:
    """An export is larger than any form: its upload gets its own body limit (set before the CSRF
    check reads the form)."""
    if request.endpoint == "transfer.preview":
        request.max_content_length = MAX_UPLOAD_BYTES
