"""Hermes' character limits, when the memory home is Hermes' own.

In ``$HERMES_HOME/memories`` or ``~/.hermes/memories`` the Hermes agent writes the same files, with
the limits of its ``config.yaml`` (``memory.memory_char_limit`` / ``memory.user_char_limit``,
defaults 2200 / 1375). A file pushed past them makes Hermes refuse every add and even a remove, so
in a Hermes home this store never allows more than Hermes does.

Why a reader of our own instead of PyYAML: we need two integers from one block mapping, and the
project's core has two small dependencies; YAML 1.1 as PyYAML reads it also has octal ``0755``,
sexagesimal ``1:00`` and anchors, which a limit should not silently become. The reader is strict:
it understands the block style that Hermes itself writes (comments, any indentation, quotes refused)
and for anything else says so in a warning and uses Hermes' defaults, never a guess.
``tests/storage/test_hermes_config.py`` checks it against Hermes' own loader, in Hermes' venv.

Semantics differ on purpose: our ``0`` means "unlimited", Hermes' ``0`` means "no entry fits". A
Hermes value of 0 or less is reported and replaced by the Hermes default (Hermes itself would refuse
every write, which is never what a person meant).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Mapping, NamedTuple

HERMES_DEFAULT_LIMITS = {"memory": 2200, "user": 1375}
_KEYS = {"memory_char_limit": "memory", "user_char_limit": "user"}
_TOP_KEY = re.compile(r"^([^\s#:][^:#]*?)\s*:(?:\s+(.*?))?\s*$")
_SUB_KEY = re.compile(r"^(\s+)([^\s#:][^:#]*?)\s*:(?:\s+(.*?))?\s*$")
_INTEGER = re.compile(r"^\+?(0|[1-9][0-9_]*)$")


class HermesLimits(NamedTuple):
    """The limits Hermes applies in this home, where they came from, and what could not be read."""

    config: Path
    limits: dict[str, int]
    warnings: tuple[str, ...] = ()


def hermes_home_for(home: Path, environ: Mapping[str, str] | None = None) -> Path | None:
    """The Hermes home whose ``memories`` folder ``home`` is, or None."""
    environ = os.environ if environ is None else environ
    candidates = [Path(environ["HERMES_HOME"]).expanduser()] if environ.get("HERMES_HOME") else []
    candidates.append(Path("~/.hermes").expanduser())
    for candidate in candidates:
        if (candidate / "memories").resolve() == Path(home).resolve():
            return candidate
    return None


def hermes_limits(home: Path, environ: Mapping[str, str] | None = None) -> HermesLimits | None:
    """Hermes' limits when ``home`` is a Hermes home (from its ``config.yaml``), else None."""
    hermes_home = hermes_home_for(home, environ)
    if hermes_home is None:
        return None
    config = hermes_home / "config.yaml"
    try:
        text = config.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return HermesLimits(config, dict(HERMES_DEFAULT_LIMITS))
    except (OSError, UnicodeDecodeError) as error:
        return HermesLimits(config, dict(HERMES_DEFAULT_LIMITS), (f"{config}: unreadable ({error}); using Hermes' default limits",))
    values, problems = parse_memory_limits(text)
    limits = dict(HERMES_DEFAULT_LIMITS)
    warnings = [f"{config}: {problem}" for problem in problems]
    for target, value in values.items():
        if value < 1:
            warnings.append(f"{config}: {target} limit {value} would refuse every entry in Hermes; using its default {limits[target]}")
        else:
            limits[target] = value
    return HermesLimits(config, limits, tuple(warnings))


def parse_memory_limits(text: str) -> tuple[dict[str, int], list[str]]:
    """``memory.memory_char_limit`` / ``memory.user_char_limit`` from block-style YAML, and problems.

    A key that is absent is simply not returned; anything this reader does not understand is a
    problem (that key falls back to the default), never a guess.
    """
    values: dict[str, int] = {}
    problems: list[str] = []
    in_memory, indent, seen_content = False, None, False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line.startswith(("---", "...")) and not line[3:].strip():
            if seen_content and line.startswith("---"):
                return {}, [f"line {number}: a second YAML document; cannot read the memory limits"]
            continue
        seen_content = True
        if "\t" in line[: len(line) - len(line.lstrip())]:
            return {}, [f"line {number}: a tab in the indentation is not YAML"]
        if not line[0].isspace():
            top = _TOP_KEY.match(line)
            in_memory = bool(top) and top.group(1) in ("memory", "'memory'", '"memory"')
            indent = None
            if in_memory:  # a repeated key replaces the earlier one, as in PyYAML
                values, problems = {}, []
            if in_memory and _uncommented(top.group(2)) not in ("", "~", "null"):
                return {}, [f"line {number}: 'memory:' is not a block mapping; cannot read the limits"]
            continue
        if not in_memory:
            continue
        sub = _SUB_KEY.match(line)
        if sub is None:
            continue
        if indent is None:
            indent = len(sub.group(1))
        if len(sub.group(1)) != indent or sub.group(2) not in _KEYS:
            continue
        target, raw = _KEYS[sub.group(2)], _uncommented(sub.group(3))
        if _INTEGER.match(raw):
            values[target] = int(raw.replace("_", ""))
        else:
            values.pop(target, None)
            problems.append(f"line {number}: memory.{sub.group(2)} is not a plain whole number; using Hermes' default")
    return values, problems


def _uncommented(value: str | None) -> str:
    if not value:
        return ""
    if value.startswith("#"):
        return ""
    return re.split(r"\s+#", value, maxsplit=1)[0].strip()
