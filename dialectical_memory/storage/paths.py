"""Where the memory home is: explicit, ``DMEM_HOME``, ``$HERMES_HOME/memories``, ``~/.hermes/memories``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

from ..core.errors import InvalidInputError

TARGET_FILES = {"memory": "MEMORY", "user": "USER"}  # target → the stem of its files


def resolve_home(home: str | os.PathLike | None = None, environ: Mapping[str, str] | None = None) -> Path:
    environ = os.environ if environ is None else environ
    if home is None or home == "":
        if environ.get("DMEM_HOME"):
            home = environ["DMEM_HOME"]
        elif environ.get("HERMES_HOME"):
            home = Path(environ["HERMES_HOME"]) / "memories"
        else:
            home = Path.home() / ".hermes" / "memories"
    if not isinstance(home, (str, os.PathLike)):
        raise InvalidInputError(f"memory home must be a path, not {type(home).__name__}")
    text = os.fspath(home)
    if "\x00" in text:
        raise InvalidInputError("memory home contains a NUL byte")
    return Path(text).expanduser().resolve()
