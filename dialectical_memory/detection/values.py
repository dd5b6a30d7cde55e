"""Single-valued slots: two values of one thing that has one value at a time, per holder.

"Lives in Berlin" / "lives in Paris", employer, job, name, age, versions, a product of a kind in
use, a named machine's system (the slots are read by `slots.py`). A tool one may use for one part of
life and another for another is no clash when the settings differ.
"""

from __future__ import annotations

import re

from . import lexicon
from .analysis import Analysis
from .base import Verdict
from .family import Family, contradiction
from .pairing import settings_apart
from .slots import Slot, clash


_SLOT_LABELS = {"residence": "lives in", "employer": "works at", "job": "works as",
                "reply language": "replies in"}


# Tools one may use one for one part of life and another for another: "工作上喜欢用Mac" /
# "打游戏的时候用Windows电脑" (a home or an employer is one, whatever the occasion).
_TOOL_SLOTS = frozenset(("os", "mobile os", "editor", "browser", "reply language", "notes app", "music service",
                         "password manager", "computer", "database", "cloud", "ci", "issue tracker", "frontend"))


def _value_conflict(a: Analysis, b: Analysis) -> Verdict | None:
    """Two values of a single-valued slot: "lives in Berlin" vs "lives in Paris"."""
    for left in a.slots:
        for right in b.slots:
            if (left.name == right.name and left.holder == right.holder
                    and (clash(left, right) or _one_system(left, a.text, right, b.text))
                    and not (left.name in _TOOL_SLOTS and settings_apart(a.text, b.text))):
                score = 0.9 if left.kind != "other" else 0.7
                return contradiction("value", score, _slot_text(left), right.display, slot=left.name,
                                     holder=left.holder, values=[left.display, right.display],
                                     a=left.display, b=right.display)
    return None


def _one_system(left: Slot, text_a: str, right: Slot, text_b: str) -> bool:
    """A named machine runs one system: "quill runs Fedora 40" / "quill runs Ubuntu now", "basalt:
    Windows 11" / "basalt 上装的是 Windows 10" clash, where the user's "uses Linux" / "uses Ubuntu"
    name a family and one of it (the user may have several machines). A guest system or a second
    one ("WSL2 with Ubuntu", "dual-boots") is no other system."""
    if (left.name != "os" or left.value != right.value or "also" in (left.kind, right.kind)
            or not left.holder.startswith(("machine:", "thing:"))):
        return False
    (name_a, version_a), (name_b, version_b) = _system(left.display, text_a), _system(right.display, text_b)
    if not name_a or not name_b:
        return False
    return name_a != name_b or bool(version_a and version_b and version_a != version_b)


def _system(display: str, text: str) -> tuple[str, str]:
    """A system as named, with its major version when one follows ("ubuntu", "24"); no name for a
    family ("Linux")."""
    name = display.lower()
    version = re.search(rf"{re.escape(display)}\s*(\d+)", text, re.IGNORECASE)
    if lexicon.OPERATING_SYSTEMS.get(name) == name and not version:
        return "", ""  # "Linux", "Windows": a family, unless a version names one of it
    return name, version[1] if version else ""


def _slot_text(slot: Slot) -> str:
    """"lives in Berlin", "deadline Friday"; counts and versions read on their own."""
    if slot.name.startswith(("count:", "version:")):
        return slot.display
    label = _SLOT_LABELS.get(slot.name, slot.name)
    holder = slot.holder.split(":", 1)[-1]  # "person:anna" reads "anna"
    return f"{holder} {label} {slot.display}" if holder else f"{label} {slot.display}"


def _has_slots(analysis: Analysis) -> bool:
    return bool(analysis.slots)


def _slot_terms(analysis: Analysis) -> set[str]:
    """The slots an entry fills: "lives in Paris" meets "住在柏林" ($residence)."""
    return {f"${slot.name}" for slot in analysis.slots}


# Timed: "deadline is Friday" / "deadline is Monday" name their times, and clash.
FAMILY = Family("value", kinds=("value",), priority=20, compare=_value_conflict, cue=_has_slots,
                index_terms=_slot_terms, timed=True)
