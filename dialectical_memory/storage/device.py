"""This device's own key: what makes a decision taken here recognisable as taken here.

A person's "keep" of a blocked entry, and the safety scan of a whole target, are decisions of this
device: a sidecar that arrives from elsewhere (a sync, an import, a copied file) carries another
device's marks, which must not switch the check off here. The key is a random secret in
``.dmem-device`` in the memory home, created once (0600, atomically) and never synced, exported or
written anywhere else. Losing it only means the marks it made are not recognised any more: each
kept entry asks to be confirmed again and every entry is scanned once more.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

DEVICE_FILE_NAME = ".dmem-device"
KEY_BYTES = 32


def device_key(home: Path, *, create: bool = True) -> str | None:
    """The home's device key; created when missing (``create``) and the home can be written, else None."""
    path = Path(home) / DEVICE_FILE_NAME
    key = _read(path)
    if key is None and create:
        _create(path)
        key = _read(path)
    return key


def _read(path: Path) -> str | None:
    try:
        key = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return key if len(key) >= 2 * KEY_BYTES and all(c in "0123456789abcdef" for c in key) else None


def _create(path: Path) -> None:
    """Hard-link a finished temp file into place: two processes starting together end up with the
    same complete key, and a reader never sees half of one."""
    temp = path.with_name(f"{path.name}.{secrets.token_hex(8)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except OSError:
        return  # a read-only home: decisions are not remembered, nothing is switched off
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        os.link(temp, path)
    except OSError:
        pass  # another process created it first, or the home refused: read what is there
    finally:
        temp.unlink(missing_ok=True)
