"""What we replace: the Hermes agent's own ``add`` (tools/memory_tool.py, 0.19.0), reduced to its
file work, as the reference a small home's add is compared with in the same run.

Under a lock file: read the whole ``.md``, split on the delimiter, strip, refuse a duplicate, check
the limit, append, join, write a temp file in the same folder, fsync it, ``os.replace``. (Hermes
fsyncs neither the folder nor anything else; its injection scan is left out here as ours is timed
inside ``add``, which makes this reference slightly fast.)
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path

ENTRY_DELIMITER = "\n§\n"


def hermes_add(path: Path, content: str, limit: int = 0) -> bool:
    """Append ``content`` the way Hermes does; False when it is a duplicate or over ``limit``."""
    content = content.strip()
    with open(path.with_name(path.name + ".lock"), "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            raw = path.read_text(encoding="utf-8") if path.exists() else ""
            entries = [e.strip() for e in raw.split(ENTRY_DELIMITER)] if raw.strip() else []
            entries = [e for e in entries if e]
            if content in entries:
                return False
            entries.append(content)
            joined = ENTRY_DELIMITER.join(entries)
            if limit and len(joined) > limit:
                return False
            fd, tmp = tempfile.mkstemp(dir=str(path.parent), suffix=".tmp", prefix=".mem_")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    handle.write(joined)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(tmp, path)
            except BaseException:
                os.unlink(tmp)
                raise
            return True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
