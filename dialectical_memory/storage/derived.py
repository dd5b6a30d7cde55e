"""Derived files of a home (a judge's verdicts, a model's drafts): JSON this package wrote, read as
untrusted. A file that is missing, too large, damaged or not of its format reads as nothing (with a
warning for the last three), and its owner starts empty and rebuilds it; nothing here raises.
Each owner then checks the document field by field (`detection/verdicts.py`, `store/drafts.py`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def read_document(path: Path, *, max_bytes: int, format: object, field: str, kind: str) -> dict[str, Any] | None:
    """The file's JSON object when it is ours: its ``format`` is ``format`` and ``field`` holds an
    object; read only when it is at most ``max_bytes`` (a planted file is never read whole). None
    otherwise; ``kind`` names the file in the warning ("verdict", "drafts")."""
    try:
        if path.stat().st_size > max_bytes:
            raise ValueError("too large")
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        _warn("%s is damaged; it is discarded and rebuilt", path.name)
        return None
    if not isinstance(data, dict) or data.get("format") != format or not isinstance(data.get(field), dict):
        _warn("%s is not a %s file of this version; it is discarded and rebuilt", path.name, kind)
        return None
    return data


def _warn(message: str, *args) -> None:
    import logging  # on demand: rare

    logging.getLogger(__name__).warning(message, *args)


def daily_count(value) -> dict[str, Any]:
    """A per-day counter, ``{"day": "YYYY-MM-DD", "count": n}`` (n a whole number ≥ 0), or empty:
    nothing counted today."""
    if not isinstance(value, dict) or not isinstance(value.get("day"), str) or not DAY.fullmatch(value["day"]):
        return {}
    count = value.get("count")
    if type(count) is not int or count < 0:
        return {}
    return {"day": value["day"], "count": count}
