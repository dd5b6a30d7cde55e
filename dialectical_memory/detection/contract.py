"""What a contradiction verdict says, as data: the one contract every page and door reads.

A family's verdict names its kind and the two phrases that clash (`family.contradiction`); the
runner (`rules.py`) completes its `reason_data` with what a reader needs, so no one has to parse
the reason string:

* ``kind``: the verdict kind (`registry.KINDS`); ``rule``: the family that found it;
* ``a`` / ``b``: the phrases of the first and the second entry that clash;
* ``holder``: whose claim it is ("" for the user, "person:sam", "machine:quill");
* ``predicate``: what both claim about (a slot such as "residence", a state such as
  "marriage", or the topic they share), "" when the family names none;
* ``language``: "en", "zh" or "mixed" (an English entry beside a Chinese one);
* a clash about a state (kind ``value``, ``negation`` or ``implicit``) between entries written on different days
  is stored as kind ``update`` (`as_change`), the family's kind kept as ``found_as``;
* for a change over time (kind ``temporal``): ``ended``, the side that says the state holds no
  more or not yet ("a" or "b": "left Google", "is single"; the other says it holds: "works at
  Google", "got engaged"); the store adds ``dates`` (the days each entry was written) and
  ``current``, the side written later (for ``update`` too) ("" when neither was): which of the two holds now is a
  matter of when each was said, never of the words; opposite poles of a life state's axis (`STATE_AXES`: "is
  single" / "got married in June") are a state too.

An edge written before this contract has only its reason string ("value: lives in Berlin↔Paris");
`from_reason_text` is the one reading of it, for every kind alike.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from .base import Verdict
from .text import is_cjk

CHANGE_KINDS = ("temporal", "update")
# Kinds of a clash about a state one can change (having, living, working, a diet, a count: a slot's
# value, a denied claim, a claim one rules out): written on different days, the later entry tells the change (kind
# ``update``). Opposite preferences and rates stay as found: a taste said twice is not a dated state.
STATE_KINDS = ("value", "negation", "implicit")
# Axes of the lexicon that are a state of one's life, not a taste: "is single" / "is married", "works
# remotely" / "goes to the office every day", written on different days, tell a change too.
STATE_AXES = ("marital", "employment", "workplace", "health")
# Predicates a life does not change: where and when one was born, what someone is called, how a
# past event went (a job's ending).
FIXED_PREDICATES = ("born", "birth", "name", "hometown", "native", "job ending")
DAY = 86400.0


def completed(verdict: Verdict, rule: str, holder: str, subject: str, texts: tuple[str, str], ended: str) -> Verdict:
    """`verdict` with its `reason_data` holding the whole contract (what the family said stays)."""
    data = dict(verdict.reason_data)
    data.setdefault("holder", holder)
    data["rule"] = rule
    data["predicate"] = str(data.get("slot") or data.get("family") or subject or "")
    data["language"] = language_of(*texts)
    if verdict.kind in CHANGE_KINDS:
        data["ended"] = ended
    return Verdict(verdict.label, verdict.score, verdict.reason, verdict.kind, verdict.source, data)


def language_of(a: str, b: str) -> str:
    """ "zh" when both texts hold Chinese, "en" when neither does, else "mixed"."""
    chinese = (is_cjk(a), is_cjk(b))
    return "zh" if all(chinese) else "mixed" if any(chinese) else "en"


def dated(data: Mapping, written: tuple[float, float]) -> dict:
    """The contract of a change over time with the days its two entries were written (``written``:
    seconds since the epoch, first entry's then second's) and which side holds now."""
    data = dict(data)
    if data.get("kind") not in CHANGE_KINDS:
        return data
    data["dates"] = [time.strftime("%Y-%m-%d", time.gmtime(at)) if at else "" for at in written]
    data["current"] = "a" if written[0] > written[1] else "b" if written[1] > written[0] else ""
    return data


def as_change(data: Mapping, written: tuple[float, float]) -> dict:
    """The contract of a clash about a changeable state whose entries were written on different
    days, told as the change it is: kind ``update``, the family's own kind kept as ``found_as``
    (dates and the current side follow from `dated`). A clash on one day, or about what a life does
    not change ("was born in …"), stays as found."""
    data = dict(data)
    predicate = str(data.get("predicate") or "").lower()
    if (not _a_state(data, predicate) or any(word in predicate for word in FIXED_PREDICATES)
            or not all(written) or abs(written[0] - written[1]) < DAY):
        return data
    data["found_as"] = data["kind"]
    data["kind"] = "update"
    return data


def _a_state(data: Mapping, predicate: str) -> bool:
    """A clash about a changeable state: a state kind, or opposite poles of a life state's axis."""
    return data.get("kind") in STATE_KINDS or (data.get("kind") in ("antonym", "scoped") and predicate in STATE_AXES)


def from_reason_text(reason: str) -> dict:
    """The contract, as far as an old edge's reason string carries it: "kind: a↔b" gives the kind
    and both phrases; anything else gives nothing (the reason is then shown as written)."""
    head, colon, body = (reason or "").partition(": ")
    left, arrow, right = body.partition("↔")
    if not (colon and arrow and head.strip().replace("_", "").isalpha()):
        return {}
    return {"kind": head.strip(), "a": left.strip(), "b": right.strip(), "from_reason_text": True}
