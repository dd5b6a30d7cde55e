"""How the review inbox shows and decides each kind of decision (the core counts and orders them:
store/decisions.py). A kind is a partial that draws what is at stake with its actions, and the
actions themselves: ``name -> decide(target, key) -> (message, undo)``, each one store call."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask import request

from .adapter import check_etags, decisions, hermes_home, hermes_pending, store
from .forms import FormError, optional_text, required_text
from .presenters import short


@dataclass(frozen=True)
class ReviewKind:
    partial: str
    actions: dict[str, Callable[[str, str], tuple[str, object]]]


def etag() -> str | None:
    return request.form.get("etag") or None


def quoted(target: str, entry_id: str) -> str:
    return f"“{short(store().get_entry(target, entry_id).text, 60)}”"


# ---------------------------------------------------------------- blocked entries


def remove_blocked(target: str, key: str):
    text = quoted(target, key)
    return f"Removed {text} to the archive.", store().retire(target, key, expected_etag=etag())


def keep_blocked(target: str, key: str):
    result = store().keep_blocked(target, key, expected_etag=etag())
    return f"Kept {quoted(target, key)}: it is back in the assistant's prompt from the next session.", result


# ---------------------------------------------------------------- a group of contradicting entries


def group_members(target: str, key: str) -> list[str]:
    """The open group ``key`` belongs to, as the store groups it now."""
    for group in decisions.contradiction_groups(store(), target):
        if key in group:
            return group
    raise FormError("These entries no longer contradict each other; the next decision is shown.")


def shown_etags(members: list[str]) -> dict[str, str]:
    return {i: request.form[f"etag-{i}"] for i in members if request.form.get(f"etag-{i}")}


def keep_one(target: str, key: str):
    """Keep the chosen entry; every other entry of its group is archived as superseded by it."""
    members = group_members(target, key)
    keep_id = request.form.get("keep_id", "")
    if keep_id not in members:
        raise FormError("Choose which entry to keep.")
    check_etags(target, shown_etags(members))  # all of them as shown, before the first is archived
    results = [store().supersede(target, keep_id, other) for other in members if other != keep_id]
    others = len(results)
    return f"Kept {quoted(target, keep_id)}; archived {others} entr{'y' if others == 1 else 'ies'} as superseded.", list(reversed(results))


def synthesize_group(target: str, key: str):
    """One synthesis that replaces every entry of the group."""
    members = group_members(target, key)
    text = required_text("text", "The synthesis")
    result = store().synthesize(target, members, text, expected_etags=shown_etags(members))
    return f"Synthesis written: “{short(text, 60)}”; the {len(members)} entries are archived as its parents.", result


def not_a_contradiction(target: str, key: str):
    """Every open link inside the group is a false alarm."""
    members = set(group_members(target, key))
    edges = [edge for edge, a, b, resolved in store().contradiction_links(target) if not resolved and a in members and b in members]
    results = [store().dismiss_contradiction(target, edge) for edge in edges]
    return "Marked as not a contradiction.", list(reversed(results))


# ---------------------------------------------------------------- re-verification, promotions, patterns


def confirm(target: str, key: str):
    return f"Confirmed {quoted(target, key)} is still true.", store().confirm(target, key, expected_etag=etag())


def revise(target: str, key: str):
    text = required_text("text", "The revised text")
    result = store().revise(target, key, text, expected_etag=etag())
    return f"Revised into “{short(text, 60)}”; it now counts as a user correction.", result


def retire(target: str, key: str):
    text = quoted(target, key)
    return f"Retired {text} to the archive.", store().retire(target, key, expected_etag=etag())


def approve_promotion(target: str, key: str):
    text = quoted(target, key)
    result = store().approve_promotion(target, key, principle_text=optional_text("principle_text"), expected_etag=etag())
    return f"Promoted {text}.", result


def reject_promotion(target: str, key: str):
    return f"Left {quoted(target, key)} where it is.", store().reject_promotion(target, key, expected_etag=etag())


def approve_pattern(target: str, key: str):
    result = store().approve_pattern(target, key, text=optional_text("text"))
    return "Pattern written; its incidents are in the archive.", result if result.extra.get("history_id") else None


def reject_pattern(target: str, key: str):
    store().reject_pattern(target, key)
    return "Proposal rejected; this group will not be proposed again.", None


# ---------------------------------------------------------------- Hermes' staged writes


def approve_staged(target: str, key: str):
    shown = request.form.get("fingerprint", "").strip()
    if not shown:
        raise FormError("This page did not say what it showed; reload it and approve again.")
    return hermes_pending.approve(store(), hermes_home(), key, actor="person", expect=shown).message, None


def reject_staged(target: str, key: str):
    return hermes_pending.reject(store(), hermes_home(), key, actor="person").message, None


KINDS = {
    "blocked": ReviewKind("review/_blocked.html", {"remove": remove_blocked, "keep": keep_blocked}),
    "contradiction": ReviewKind("review/_group.html", {"keep": keep_one, "synthesize": synthesize_group, "dismiss": not_a_contradiction}),
    "reverify": ReviewKind("review/_reverify.html", {"confirm": confirm, "revise": revise, "retire": retire}),
    "promotion": ReviewKind("review/_promotion.html", {"approve": approve_promotion, "reject": reject_promotion}),
    "pattern": ReviewKind("review/_pattern.html", {"approve": approve_pattern, "reject": reject_pattern}),
    "hermes": ReviewKind("review/_hermes.html", {"approve": approve_staged, "reject": reject_staged}),
}
