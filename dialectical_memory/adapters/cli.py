"""``dmem``: the command line over :class:`MemoryStore`. A thin layer: parse, call, print."""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.version import __version__
from ..core.install_hint import install_hint
from ..core.errors import AmbiguousMatchError, CharLimitError, DialecticalMemoryError, InvalidInputError, NotFoundError
from ..core.kinds import BeliefStatus, KnowledgeType, MaturityLevel, SourceKind
from ..storage.paths import TARGET_FILES

if TYPE_CHECKING:
    from ..store.memory_store import MemoryStore

TARGETS = tuple(TARGET_FILES)


def _default_limits() -> dict[str, int]:
    """Hermes' limits; the store module is imported by the commands that use a store, not by the
    parser (`dmem --help` starts without it)."""
    from ..store.memory_store import DEFAULT_LIMITS

    return DEFAULT_LIMITS


def _when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%d %H:%M")


# Control characters (C0 but newline and tab, DEL, C1) and the invisible bidirectional overrides:
# stored or staged text may carry ESC/OSC sequences that would rewrite the terminal's lines.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _terminal(text: str) -> str:
    """``text`` safe to print: every control character shown as its escape (``\\x1b``)."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


def _short(text: str, width: int = 72) -> str:
    flat = _terminal(" ".join(text.split()))
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _limits(args, default: dict[str, int]) -> dict[str, int]:
    """Hermes' limits for the agent's files unless given; the dashboard is unlimited by default."""
    return {
        "memory_char_limit": default["memory"] if args.memory_char_limit is None else args.memory_char_limit,
        "user_char_limit": default["user"] if args.user_char_limit is None else args.user_char_limit,
    }


def _check_home(args) -> None:
    """An explicit ``--home`` must exist unless ``--create`` says to start one there.

    A mistyped path would otherwise look like an empty memory. The default home (no ``--home``:
    ``$DMEM_HOME``, Hermes' folder) is created on first use, as Hermes does.
    """
    if args.home is None:
        return
    home = Path(args.home).expanduser()
    if home.is_dir():
        return
    if home.exists():
        raise InvalidInputError(f"memory home {args.home} is not a directory")
    if not getattr(args, "create", False):
        raise InvalidInputError(f"memory home {args.home} does not exist (pass --create to start a new one there)")
    home.mkdir(parents=True, exist_ok=True)  # two processes may start one home at once


def _models() -> dict:
    """The judge and the drafting model of the environment or judge.toml (``[judge]``, ``[draft]``;
    ``DMEM_DRAFTS=off`` drafts nothing)."""
    from ..detection.drafts import drafter_from_env
    from ..detection.judge import judge_from_env

    return {"judge": judge_from_env(os.environ), "drafter": drafter_from_env(os.environ)}


def _store(args, targets: tuple[str, ...] = TARGETS) -> MemoryStore:
    """The store over ``--home``, with the targets a command works on read (both by default; a
    one-shot write to one target skips reading the other)."""
    from ..store.memory_store import MemoryStore

    _check_home(args)
    store = MemoryStore(args.home, **_models(), **_limits(args, _default_limits()))
    if targets == TARGETS:
        store.load_from_disk(prepare_adds=False)  # a one-shot add prepares what it needs; a read needs none of it
    for target in targets:
        for warning in store.warnings(target):
            print(f"dmem: warning: {warning}", file=sys.stderr)
    return store


def _targets(target: str | None) -> tuple[str, ...]:
    return TARGETS if target in (None, "all") else (target,)


def _find_entry(store: MemoryStore, target: str | None, prefix: str) -> tuple[str, str]:
    """``(target, entry_id)`` for a full id or a unique prefix, active or archived, in ``target``
    or (without one) in both targets; several matches are an error that lists them."""
    if not prefix.strip():
        raise InvalidInputError("an entry id must not be empty")
    matches = [(t, e) for t in _targets(target) for e in store.entries(t) + store.archived(t) if e.entry_id.startswith(prefix)]
    matches = [(t, e) for t, e in matches if e.entry_id == prefix] or matches
    if len(matches) == 1:
        return matches[0][0], matches[0][1].entry_id
    where = "" if target in (None, "all") else f"{target} "
    if not matches:
        raise NotFoundError(f"no {where}entry id starts with {prefix!r}" + ("" if where else " (looked in memory and user)"))
    raise AmbiguousMatchError(
        f"{len(matches)} {where}entry ids start with {prefix!r}; give more characters",
        [f"{t:<6} {e.entry_id}  {_short(e.text, 50)}" for t, e in matches[:10]],
    )


def _find_entries(store: MemoryStore, target: str | None, prefixes) -> tuple[str, list[str]]:
    """Several ids that must all be in one target (a synthesis, a link, keeping a side)."""
    found = [_find_entry(store, target, prefix) for prefix in prefixes]
    if len({t for t, _ in found}) > 1:
        raise InvalidInputError("these entries are in different targets; all must be in memory or all in user")
    return found[0][0], [entry_id for _, entry_id in found]


def _find_edge(store: MemoryStore, target: str | None, prefix: str) -> tuple[str, str]:
    """``(target, edge_id)`` of an unresolved contradiction by id or unique prefix."""
    if not prefix.strip():
        raise InvalidInputError("a contradiction id must not be empty")
    matches = [(t, e) for t in _targets(target) for e in store.get_contradictions(t) if e["edge_id"].startswith(prefix)]
    if len(matches) == 1:
        return matches[0][0], matches[0][1]["edge_id"]
    if not matches:
        raise NotFoundError(f"no unresolved contradiction id starts with {prefix!r}")
    raise AmbiguousMatchError(
        f"{len(matches)} unresolved contradiction ids start with {prefix!r}; give more characters",
        [f"{t:<6} {e['edge_id']}  {_why(e, 100)}" for t, e in matches[:10]],
    )


def _print_json(data) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _print_result(result, args=None, type_read: str | None = None) -> None:
    """The outcome of a write: a few readable lines, or (``--json``) its one JSON document;
    ``type_read``: the knowledge type a new entry was given from its text."""
    if getattr(args, "json", False):
        _print_json(result.to_dict())
        return
    print(_short(result.message, 1000))
    if result.entry_id:
        print(f"  id: {result.entry_id}")
    if type_read:
        print(f"  type: {type_read} (read from the text)")
    for edge in result.contradictions:
        print(f"  ⚡ contradicts: {_short(edge['from_text'] or '', 60)}  ({_why(edge, 120)})")
    usage = result.usage
    if usage.get("limit"):
        print(f"  usage: {usage['chars']:,}/{usage['limit']:,} chars ({usage['percent']}%)")


# ---------------------------------------------------------------- commands


def _naming_room(store: MemoryStore, call):
    """Run a write; a refusal for the limit names what could go or merge (ids and sizes)."""
    try:
        return call()
    except CharLimitError as error:
        from ..store import make_room  # only for a refusal: a write that goes through never needs it

        message = make_room.refusal_message(error, store.refusal_plan(error))
        raise CharLimitError(message, error.usage, error.limit, target=error.target, needed=error.needed) from None


def cmd_add(args) -> int:
    store = _store(args, (args.target,))
    result = _naming_room(store, lambda: store.add(args.target, args.text, source_kind=args.source,
                                                   knowledge_type=args.type, actor="cli"))  # fmt: skip
    read = result.extra.get("knowledge_type") if args.type is None and not args.json else None  # the type the reader gave it
    _print_result(result, args, type_read=read)
    possibly = result.extra.get("possibly_same")
    if possibly and not args.json:  # the message names it by its words
        print(f"  the same fact? dmem review same {result.entry_id[:8]} {possibly[:8]} --target {args.target}")
    return 0


def cmd_replace(args) -> int:
    store = _store(args, (args.target,))
    _print_result(_naming_room(store, lambda: store.replace(args.target, args.old, args.new, actor="cli")), args)
    return 0


def cmd_make_room(args) -> int:
    """The make-room plan of each target at or above 80 % of its limit; ``--policy auto`` (or
    ``--archive ID…``) carries out what could go, ``--need N`` plans for a write of N more chars."""
    store = _store(args)
    targets = _targets(args.target)
    if args.archive:
        target, ids = _find_entries(store, None if args.target == "all" else args.target, args.archive)
        targets = (target,)
    before = {t: store.make_room_plan(t, needed=args.need) for t in targets}
    results = {}
    for target in targets:
        if args.archive:
            results[target] = store.make_room(target, ids, actor="cli")
        elif args.policy == "auto" and before[target].due:
            results[target] = store.make_room(target, policy="auto", needed=args.need, actor="cli")
    after = {t: store.make_room_plan(t) for t in results}
    if args.json:
        _print_json({t: {"plan": before[t].to_dict(), **({"applied": results[t].to_dict(), "after": after[t].to_dict()}
                                                           if t in results else {})} for t in targets})  # fmt: skip
        return 0
    for target in targets:
        _print_plan(before[target], applied=results[target].extra.get("archived", []) if target in results else None)
        if target in results:
            result, now = results[target], after[target]
            print(f"  {result.message} {before[target].usage:,} → {now.usage:,}/{now.limit:,} chars ({now.percent}%).")
            if result.extra.get("history_id"):
                print(f"  undo: dmem review undo {result.extra['history_id'][:12]} --target {target}; "
                      f"restore one: dmem restore ID")
    return 0


def cmd_reflect(args) -> int:
    """``dmem reflect``: the reflection layer's proposals for a person (pattern proposals today);
    ``approve ID… [--text T]`` writes each as one PATTERN (undoable), ``reject ID`` never again."""
    store = _store(args)
    action = getattr(args, "reflect_command", None)
    if action is None:
        if args.json:
            _print_json({t: store.proposals_with_drafts(t) for t in _targets(args.target)})
            return 0
        proposals = {t: store.pattern_proposals(t) for t in _targets(args.target)}
        for target, found in proposals.items():
            _print_proposals(target, found)
        return 0
    if action == "approve" and args.text is not None and len(args.ids) != 1:
        raise InvalidInputError("--text edits one proposal; approve several with their starting texts")
    for prefix in dict.fromkeys(args.ids):
        target, proposal = _find_proposal(store, args.target, prefix)
        if action == "approve":
            result = store.approve_pattern(target, proposal.proposal_id, text=args.text, actor="cli")
        else:
            result = store.reject_pattern(target, proposal.proposal_id, actor="cli")
        _print_result(result, args)
        if result.extra.get("history_id") and not args.json:
            print(f"  undo: dmem review undo {result.extra['history_id'][:12]} --target {target}")
    return 0


def _find_proposal(store: MemoryStore, target: str | None, prefix: str):
    """``(target, proposal)`` for a proposal id or a unique prefix, in ``target`` or both."""
    found, missing = [], None
    for name in _targets(target):
        try:
            found.append((name, store.pattern_proposal(name, prefix)))
        except NotFoundError as error:
            missing = error
    if len(found) > 1:
        raise InvalidInputError(f"proposal {prefix!r} is in both targets; give --target")
    if not found:
        raise missing or NotFoundError(f"no pattern proposal {prefix!r}")
    return found[0]


def _print_proposals(target: str, proposals) -> None:
    if not proposals:
        print(f"{target}: no pattern proposals")
        return
    print(f"{target}: {len(proposals)} pattern proposal{'' if len(proposals) == 1 else 's'} "
          f"(approve: dmem reflect approve ID [--text \"…\"]; reject: dmem reflect reject ID)")
    for p in proposals:
        flag = "  ⚡ holds a contested entry" if p.contested else ""
        print(f"  {p.proposal_id[:12]}  {p.kind}: {_short(p.reason, 90)}{flag}")
        for entry_id, text in zip(p.entry_ids, p.texts):
            print(f"    {entry_id[:8]}  {_short(text, 76)}")
        print(f"    starting text ({p.drafted_by}): {_short(p.draft, 70)}")


def _print_plan(plan, *, applied: list[str] | None = None) -> None:
    """The plan in lines; ``applied``: the ids just archived (marked ✓), None when nothing was applied."""
    from ..store.make_room import ROOM_THRESHOLD

    if not plan.limit:
        print(f"{plan.target}: {plan.usage:,} chars, no limit: nothing to make room for")
        return
    print(f"{plan.target}: {plan.usage:,}/{plan.limit:,} chars ({plan.percent}%)", end="")
    if not plan.due:
        print(f", below {ROOM_THRESHOLD:.0%}: nothing to do")
        return
    print(f"; to free: {plan.goal:,} chars" + (f" (a write needs {plan.needed:,})" if plan.needed else f" (to below {ROOM_THRESHOLD:.0%})"))
    could_go, rest = plan.could_go, [c for c in plan.candidates if c not in plan.could_go]
    if could_go:
        print(f"  could go ({sum(c.chars for c in could_go):,} chars; {'✓ = archived now' if applied is not None else 'apply with --policy auto'}, best first):")
        for c in could_go:
            flag = "  ⚡ contested: a person decides" if c.contested_with else ""
            mark = "✓ " if applied and c.entry_id in applied else "  "
            print(f"  {mark}{c.entry_id[:8]}  {c.chars:>4} chars  {c.tier:<13} {_short(c.text, 44)}{flag}")
            print(f"              {_short(c.why, 90)}")
    else:
        print("  could go: nothing (no superseded, decayed or low-authority entries)")
    for m in plan.merges:
        print(f"  could merge into one {m.level.lower()} (frees ~{m.frees:,} chars; write it: dmem merge "
              f"{' '.join(i[:8] for i in m.entry_ids)} --text \"…\"):")
        for entry_id, text in zip(m.entry_ids, m.texts):
            print(f"    {entry_id[:8]}  {_short(text, 70)}")
    if rest:
        print(f"  least worth otherwise (only a person lets these go: --archive ID):")
        for c in rest[:5]:
            flag = "  ⚡ contested" if c.contested_with else ""
            print(f"    {c.entry_id[:8]}  {c.chars:>4} chars  {_short(c.text, 56)}{flag}")
    if plan.protected:
        print(f"  kept: {plan.protected} principle/wisdom entr{'y' if plan.protected == 1 else 'ies'} (never candidates)")


def cmd_merge(args) -> int:
    store = _store(args)
    target, ids = _find_entries(store, args.target, args.ids)
    if args.draft:
        draft = store.draft_merge(target, ids)
        if draft is None:
            raise InvalidInputError("no judge model is configured (DMEM_JUDGE_URL or judge.toml), or it gave no draft")
        print(draft)
        return 0
    if not args.text:
        raise InvalidInputError("give the merged text with --text (or --draft to have the judge model draft it)")
    _print_result(store.merge_entries(target, ids, args.text, knowledge_type=args.type, actor="cli"), args)
    return 0


def cmd_remove(args) -> int:
    _print_result(_store(args, (args.target,)).remove(args.target, args.old, actor="cli"), args)
    return 0


def cmd_list(args) -> int:
    store = _store(args)
    tiers = [MaturityLevel[args.tier.upper()]] if args.tier else list(MaturityLevel)
    pages = {level: store.query_entries(args.target, maturity=level, status=args.status, search=args.search, limit=args.limit) for level in tiers}
    if args.json:
        _print_json({level.name: {"total": page.total, "entries": [e.to_dict() for e in page.items]} for level, page in pages.items()})
        return 0
    for level, page in pages.items():
        print(f"\n{level.name} ({page.total})")
        for entry in page.items:
            meta = entry.meta
            flags = " ⚡contested" if entry.contested else ""
            flags += f" ⬆{MaturityLevel(meta.pending_promotion).name}?" if meta.pending_promotion is not None else ""
            print(
                f"  {entry.entry_id[:8]}  {entry.effective_confidence:.2f}  {meta.status.value:<12} "
                f"{meta.source_kind.value:<17} {_short(entry.text, 60)}{flags}"
            )
        if page.has_more:
            print(f"  … {page.total - len(page.items)} more (use --limit)")
    return 0


def cmd_search(args) -> int:
    """Entries that answer a question, best first, with why each matched (``store.search``)."""
    store = _store(args)
    target = None if args.target == "all" else args.target
    found = store.search(args.query, target, limit=args.limit, offset=args.offset,  # whole: no thread outlives us
                         maturity=args.tier.upper() if args.tier else None, status=args.status, whole=True)
    if args.json:
        _print_json({"query": args.query, "total": found.total, "offset": found.offset, "ranked": found.ranked,
                     "meaning_coverage": found.meaning_coverage, "results": [{**hit.entry.to_dict(), "score": None if hit.score is None else round(hit.score, 4),
                                  "matched": hit.why()} for hit in found.items]})
        return 0
    if not found.items:
        print(f"nothing in memory answers {args.query!r}" if found.ranked else "no entries")
        return 0
    for hit in found.items:
        entry = hit.entry
        score = "" if hit.score is None else f"{hit.score:5.2f}  "
        flags = " ⚡contested" if entry.contested else ""
        print(f"  {score}{entry.target:<6} {entry.entry_id[:8]}  {_short(entry.text, 70)}{flags}")
        why = hit.why()
        if why:
            parts = ([f"words: {', '.join(why['words'])}"] if "words" in why else []) + (
                [f"meaning {why['meaning']:+.2f}"] if "meaning" in why else [])
            print(f"           {'; '.join(parts)}")
    if found.has_more:
        print(f"  … {found.total - found.offset - len(found.items)} more (use --offset {found.offset + len(found.items)})")
    for note in found.notes:
        print(f"  ({note})")
    return 0


def cmd_show(args) -> int:
    store = _store(args)
    target, entry_id = _find_entry(store, args.target, args.id)
    entry = store.get_entry(target, entry_id)
    if args.json:
        print(json.dumps(entry.to_dict(), ensure_ascii=False, indent=2))
        return 0
    meta = entry.meta
    text = _terminal(entry.text)
    import textwrap  # on demand: show only

    print(textwrap.fill(text, 88) if "\n" not in text else text)
    print()
    rows = [
        ("id", meta.entry_id),
        ("target", target),
        ("state", "archived" if entry.archived else meta.status.value),
        ("maturity", meta.maturity.name),
        ("knowledge type", meta.knowledge_type.value),
        ("source", meta.source_kind.value),
        ("confidence", f"{entry.effective_confidence:.3f} effective, {meta.confidence:.3f} stored"),
        ("authority", f"{meta.authority:.2f}  conviction {meta.conviction:.2f}  importance {meta.importance:.2f}"),
        ("signals", f"{meta.hit_count} hits, {meta.observed_behavior_count} observed, {meta.surface_count} surfaced, {meta.ignore_count} ignored"),
        ("created", _when(meta.created_at)),
        ("validated", _when(meta.last_validated_at)),
    ]
    if entry.archived:
        rows.append(("archived", f"{_when(entry.archived_at or 0)}: {_short(entry.archive_reason or '', 200)}"))
    if meta.original_text:
        rows.append(("original text", _short(meta.original_text)))
    if meta.parent_ids:
        rows.append(("parents", ", ".join(i[:8] for i in meta.parent_ids)))
    if meta.child_ids:
        rows.append(("children", ", ".join(i[:8] for i in meta.child_ids)))
    if meta.pending_promotion is not None:
        rows.append(("pending", f"promotion to {MaturityLevel(meta.pending_promotion).name}"))
    if meta.provenance.get("origin"):
        rows.append(("written by", _short(f"Hermes, {meta.provenance['origin'].replace('_', ' ')}")))
    if meta.says_again:
        first = store.get_entry_meta(target, meta.says_again)
        rows.append(("says again", f"{meta.says_again[:8]}: {_short(first.text, 60)}" if first else meta.says_again[:8]))
    for said in reversed(meta.restated):
        rows.append(("also said as", _short(said["text"])))
    for label, value in rows:
        print(f"  {label:<15} {value}")
    history = store.history(target, entry_id=meta.entry_id, limit=10)
    _print_history_warnings(store)
    if history:
        print("\n  history (newest first)")
        for record in history:
            note = _history_note(store, record)
            print(f"    {_when(record['at'])}  {record['actor']:<11} {record['action']}" + (f"  {note}" if note else ""))
    return 0


def _history_note(store: MemoryStore, record: dict) -> str:
    """What one of an entry's history rows did, in a few words: the wording said again, the entry
    it was folded into, the pair a contradiction names and why, the level a promotion went to."""
    detail, action = record.get("detail") or {}, record.get("action")
    if action == "reinforce" and isinstance(detail.get("wording"), str):
        return f"said as “{_short(detail['wording'], 70)}”"
    if action == "restated" and isinstance(detail.get("kept"), str):
        kept = store.get_entry_meta(record["target"], detail["kept"])
        return f"folded into “{_short(kept.text, 60)}”" if kept else f"folded into {detail['kept'][:8]}"
    if action == "contradiction":
        edge = store.recorded_contradiction(record)
        return f"⚡ {_why(edge, 100)}" if edge else ""
    if isinstance(detail.get("detail_to"), str):
        return f"to {_short(detail['detail_to'], 20)}"
    return ""


def cmd_contradictions(args) -> int:
    store = _store(args)
    edges = store.get_contradictions(args.target, include_resolved=args.all)
    if args.json:
        print(json.dumps(edges, ensure_ascii=False, indent=2))
        return 0
    if not edges:
        print("No unresolved contradictions." if not args.all else "No contradictions.")
        return 0
    for edge in edges:
        state = f"resolved ({edge['resolution']})" if edge["resolved"] else "UNRESOLVED"
        print(f"{edge['edge_id'][:8]}  {state}  {_why(edge, 200)}  [{_short(edge['author'], 40)}, {edge['confidence']:.2f}]")
        for side in ("from", "to"):
            mark = "★" if edge["preferred_id"] == edge[f"{side}_id"] else " "
            print(f"  {mark} {edge[f'{side}_id'][:8]}  {edge[f'{side}_source']:<17} {_short(edge[f'{side}_text'] or '', 60)}")
    groups = store.contradiction_groups(args.target)
    print(f"\n{len(groups)} open group(s) of linked entries (a stale entry and those that changed it are one)")
    print("★ = the side with more authority (observed behaviour first)")
    return 0


def _why(edge: dict, width: int) -> str:
    """Why a pair was flagged, in the plain words the dashboard shows (escaped for the terminal)."""
    from ..store.reason_words import plain_reason

    return _short(plain_reason(edge), width)


def cmd_synthesize(args) -> int:
    store = _store(args)
    target, ids = _find_entries(store, args.target, args.ids)
    _print_result(store.synthesize(target, ids, args.text, knowledge_type=args.type, actor="cli"), args)
    return 0


def cmd_dismiss(args) -> int:
    store = _store(args)
    target, edge_id = _find_edge(store, args.target, args.edge)
    _print_result(store.dismiss_contradiction(target, edge_id, actor="cli"), args)
    return 0


def cmd_restore(args) -> int:
    store = _store(args)
    _print_result(store.restore(*_find_entry(store, args.target, args.id), actor="cli"), args)
    return 0


def cmd_maintain(args) -> int:
    store = _store(args)
    reports = {target: store.run_maintenance(target, policy=args.policy, actor="cli") for target in _targets(args.target)}
    for target in reports:  # what the journal holds since, folded in: a reader of the sidecar alone sees it
        if store.current_state(target).journal_lines:
            store.compact(target)
    if args.json:
        _print_json(reports)
        return 0
    for target, report in reports.items():
        counts = ", ".join(f"{key.replace('_', ' ')} {len(report[key])}" for key in
                           ("decayed", "promotions_proposed", "promoted", "superseded", "demoted", "contradictions_found"))  # fmt: skip
        patterns = report.get("patterns_proposed", 0)
        print(f"{target}: {counts}" + (f"; {patterns} pattern proposal{'' if patterns == 1 else 's'} wait (dmem reflect)" if patterns else ""))
    return 0


def cmd_history(args) -> int:
    store = _store(args)
    target = None if args.target == "all" else args.target
    if args.entry:
        target, entry_id = _find_entry(store, target, args.entry)
    else:
        entry_id = None
    records = store.history(target, entry_id=entry_id, actor=args.actor, limit=args.limit)
    _print_history_warnings(store)
    if args.json:
        _print_json(records)
        return 0
    texts = _texts_by_id(store)
    for record in records:
        entry = (record.get("entry_id") or "")[:8]
        print(f"{_when(record['at'])}  {record.get('id', '')[:8]:<8}  {record['target']:<6} {record['actor']:<11} {record['action']:<18} {entry}  {_record_text(record, texts, store)}")
    if not records:
        print("No history yet.")
    return 0


def cmd_review_undo(args) -> int:
    """Undo a person's review action by its history id (shown by `dmem history`); a new record."""
    store = _store(args)
    targets = TARGETS if args.target == "all" else (args.target,)
    found = [t for t in targets if _has_record(store, t, args.history_id)]
    if len(found) != 1:
        where = "both targets" if found else "no target"
        raise InvalidInputError(f"history id {args.history_id!r} is in {where}; pass --target or more characters")
    _print_result(store.undo(found[0], args.history_id, actor="cli"))
    return 0


def _has_record(store: MemoryStore, target: str, history_id: str) -> bool:
    try:
        store.history_record(target, history_id)
    except NotFoundError:
        return False
    except InvalidInputError:
        return True  # several records start with it: undo says so
    return True


def _print_history_warnings(store: MemoryStore) -> None:
    for warning in store.history_warnings():
        print(f"dmem: warning: {warning}", file=sys.stderr)


def _texts_by_id(store: MemoryStore) -> dict[str, str]:
    return {e.entry_id: e.text for t in TARGETS for e in store.archived(t) + store.entries(t)}


def _record_text(record: dict, texts: dict[str, str], store: MemoryStore) -> str:
    """What a history row is about: the text it wrote, else the entry's text now, and the detail
    that rows without a before/after carry (a contradiction's reason, in plain words; a rejected level)."""
    text = (record.get("after") or record.get("before") or {}).get("text") or texts.get(record.get("entry_id") or "", "")
    detail = record.get("detail") or {}
    if record.get("action") == "contradiction" and isinstance(detail.get("other"), str) and detail["other"] in texts:
        edge = store.recorded_contradiction(record)
        note = f"vs. {_short(texts[detail['other']], 30)}" + (f" ({_why(edge, 120)})" if edge else "")
        return f"{_short(text, 40)}  ⚡ {note}"
    if record.get("action") == "reject_promotion" and detail.get("detail_to"):
        return f"{_short(text, 50)}  (not to {_short(str(detail['detail_to']), 20)})"
    return _short(text, 50)


def cmd_demo(args) -> int:
    from ..features.demo import HERMES_LIMITS, seed_demo

    positional = getattr(args, "demo_home", None)
    if positional and args.home and Path(positional).expanduser().resolve() != Path(args.home).expanduser().resolve():
        raise InvalidInputError(f"two different homes given ({positional} and --home {args.home}); give one")
    chosen = positional or args.home
    if not chosen:
        raise InvalidInputError("say where to seed the demo: dmem demo DIR")
    home = seed_demo(Path(chosen), replace=args.force)
    print(f"Seeded a demo memory home at {home}")
    limits = f"--memory-char-limit {HERMES_LIMITS['memory']} --user-char-limit {HERMES_LIMITS['user']}"
    print(f"  browse it:  dmem serve --home {home} {limits}")
    print("  (with Hermes' limits: its MEMORY.md is near them, so the overview shows how to make room)")
    return 0


def cmd_eval_detector(args) -> int:
    from ..detection import RuleDetector, evaluate, format_report, load_pairs
    from ..detection.home_evaluation import is_home_file

    path = args.file
    try:
        if is_home_file(path):
            return _eval_home(args, path)
        rows = load_pairs(path)
    except FileNotFoundError:
        raise InvalidInputError(f"no such file: {path}") from None
    except ValueError as error:
        raise InvalidInputError(str(error)) from None
    if args.split:
        rows = [r for r in rows if r.get("split") == args.split]
    detector = _semantic_detector() if args.semantic else RuleDetector()
    if args.judge:
        from ..detection.judge import JudgedDetector
        from ..detection.scripted_judge import judge_from_pairs

        detector = JudgedDetector(detector, judge_from_pairs(rows) if args.judge == "labels" else _configured_judge())
    report = evaluate(detector, rows)
    if args.judge:
        report["judge"] = {"name": detector.judge.name, "pairs_asked": detector.asked, "pairs": len(rows)}
    if not args.failures:
        report.pop("failures")
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json
          else format_report(report, failures=args.failures))
    return 0


def _eval_home(args, path) -> int:
    """A populated home: built in a temporary folder, checked by maintenance, then each probe added
    to a fresh copy of it (see features/trial.py)."""
    from ..detection.home_evaluation import format_home_report, load_home, score_home
    from ..features.trial import run_home

    try:
        home = load_home(path)
    except ValueError as error:
        raise InvalidInputError(f"{path}: {error}") from None
    judge = None
    if args.judge:
        from ..detection.scripted_judge import judge_from_home

        judge = judge_from_home(home) if args.judge == "labels" else _configured_judge()
    report = score_home(home, run_home(home, _semantic_detector() if args.semantic else None, judge=judge))
    if not args.failures:
        report.pop("failures")
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json
          else format_home_report(report, failures=args.failures))
    return 0


def _configured_judge():
    """The endpoint judge of the environment or the config file (``detection.judge.judge_from_env``)."""
    from ..detection.judge import judge_from_env

    judge = judge_from_env(os.environ)
    if judge is None:
        raise InvalidInputError("--judge needs a judge: set DMEM_JUDGE_URL (and DMEM_JUDGE_MODEL) or write "
                                "[judge] url = … in ~/.config/dialectical-memory/judge.toml; "
                                "--judge labels answers from the file's own labels")
    return judge


def _semantic_detector():
    try:
        from ..detection.semantic import SemanticDetector
    except ImportError:
        raise InvalidInputError(f"--semantic needs the semantic extra: {install_hint('semantic')}") from None
    return SemanticDetector()


def cmd_serve(args) -> int:
    _check_home(args)
    try:
        from dialectical_memory.web import MissingAssetsError, SecretFileError, serve
    except ImportError:
        raise InvalidInputError(f"the dashboard needs the web extra: {install_hint('web')}") from None
    try:
        serve(args.home, host=args.host, port=args.port, allow_remote=args.allow_remote,
              **_models(), **_limits(args, {"memory": 0, "user": 0}))  # fmt: skip
    except (MissingAssetsError, SecretFileError) as error:
        raise DialecticalMemoryError(str(error)) from None
    return 0


# ---------------------------------------------------------------- several devices (dmem sync)


def _sync_host() -> str:
    import socket

    return os.environ.get("DMEM_SYNC_HOST") or socket.gethostname()


def cmd_sync(args) -> int:
    from ..features import sync

    limits = _limits(args, _default_limits())
    host, stall = _sync_host(), os.environ.get("DMEM_SYNC_STALL")  # the stall point is for kill -9 tests
    if args.action == "status":
        print("\n".join(sync.status(args.home, fetch=args.fetch)))
        return 0
    if args.action in ("init", "join") and not args.remote:
        raise InvalidInputError(f"dmem sync {args.action} needs a REMOTE (a path or URL git accepts)")
    if args.action is None and args.remote:
        raise InvalidInputError("dmem sync takes no REMOTE; did you mean `dmem sync init REMOTE` or `dmem sync join REMOTE`?")
    if args.action == "init":
        commit = sync.init(args.home, args.remote, host=host, limits=limits)
        print(f"Memory home is now synced with {args.remote} (commit {commit}).")
        return 0
    if args.action == "join":
        report = sync.join(args.home, args.remote, host=host, limits=limits, stall_at=stall)
    else:
        report = sync.sync(args.home, host=host, limits=limits, stall_at=stall)
    print(f"dmem sync from {report.host}")
    print("\n".join(report.lines()))
    return 0


def cmd_merge_driver(args) -> int:
    """Called by git, never by hand: merge %O %A %B of %P into %A, or fail leaving %A untouched."""
    from ..features.sync import run_driver

    try:
        return run_driver(args.kind, args.base, args.ours, args.theirs, args.path)
    except Exception as error:  # git shows stderr; a failed driver leaves the merge for dmem sync to undo
        print(f"dmem merge-driver: cannot merge {args.path}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1


def _add_sync_commands(command) -> None:
    p = command("sync", help="one memory on several devices, through git (init REMOTE, join REMOTE, status)")
    p.add_argument("action", nargs="?", choices=["init", "join", "status"], help="omit to sync now")
    p.add_argument("remote", nargs="?", help="for init and join: any remote git accepts (a bare repository path, a URL)")
    p.add_argument("--fetch", action="store_true", help="for status: fetch first")
    p.set_defaults(func=cmd_sync)

    p = command("merge-driver", help="run by git during a merge (installed by dmem sync; see docs/sync.md)")
    p.add_argument("--kind", required=True, choices=["md", "meta", "jsonl"], help="which file format git hands over")
    p.add_argument("base", help="git's %%O: the common ancestor")
    p.add_argument("ours", help="git's %%A: our version, replaced by the merge")
    p.add_argument("theirs", help="git's %%B: their version")
    p.add_argument("path", help="git's %%P: the file's path in the repository")
    p.set_defaults(func=cmd_merge_driver)


# ---------------------------------------------------------------- review (what the dashboard does)


def cmd_review_promotions(args) -> int:
    store = _store(args)
    items = [(t, item) for t in _targets(args.target) for item in store.pending_promotions(t)]
    if args.json:
        _print_json([_promotion_dict(t, item) for t, item in items])
        return 0
    if not items:
        print("No promotions waiting.")
    for target, item in items:
        c, need = item.check, item.check.threshold
        evidence = f"hits {c.hits}/{need.hits}  age {c.age_days:.0f}/{need.age_days:.0f}d  confidence {c.confidence:.2f}/{need.confidence:.2f}"
        print(f"{item.entry.entry_id[:8]}  {target:<6} {c.current.name}→{c.target.name}  {evidence}  {_short(item.entry.text, 50)}")
    return 0


def _promotion_dict(target: str, item) -> dict:
    c, need = item.check, item.check.threshold
    return {
        "target": target, "entry_id": item.entry.entry_id, "text": item.entry.text,
        "from": c.current.name, "to": c.target.name,
        "hits": c.hits, "age_days": round(c.age_days, 2), "confidence": round(c.confidence, 4),
        "required": {"hits": need.hits, "age_days": need.age_days, "confidence": need.confidence},
    }  # fmt: skip


# What each kind of decision is called, and the command that lists it and says how to decide.
_WAITING = {
    "blocked": ("blocked text{s} (failed the safety check)", "dmem serve: the Blocked page (its text is not printed)"),
    "contradiction": ("group{s} of contradicting entries", "dmem contradictions --target {target}"),
    "reverify": ("belief{s} to re-verify", "dmem review queue --target {target}"),
    "promotion": ("promotion{s} to approve", "dmem review promotions --target {target}"),
    "pattern": ("pattern proposal{s} to decide", "dmem reflect --target {target}"),
}


def cmd_review_waiting(args) -> int:
    """``dmem review`` alone: what waits for a person in both files, by kind, and the next decision
    (the dashboard's review inbox, in its order: the most urgent first)."""
    from ..store import decisions

    store = _store(args)
    inbox = decisions.waiting(store)
    if args.json:
        first = inbox.next
        _print_json({"total": inbox.total, "by_target": inbox.by_target, "by_kind": inbox.by_kind,
                     "next": None if first is None else {"kind": first.kind, "target": first.target, "key": first.key}})
        return 0
    if not inbox.total:
        print("Nothing waits for review.")
        return 0
    print(f"{inbox.total} decision{'s' if inbox.total != 1 else ''} wait: "
          + ", ".join(f"{count} in {target.upper()}.md" for target, count in inbox.by_target.items()) + ".")
    for target in TARGETS:
        for kind, by_target in inbox.by_kind.items():
            count = by_target.get(target, 0)
            if count and kind in _WAITING:
                words, command = _WAITING[kind]
                print(f"  {target:<6} {count:>4} {words.format(s='' if count == 1 else 's'):<42} {command.format(target=target)}")
    first = inbox.next
    if first is not None and first.kind in _NEXT:
        print()
        _NEXT[first.kind](first)
    return 0


def _next_group(decision) -> None:
    from ..store.reason_words import found_by

    group = decision.subject
    print(f"Next: {len(group.members)} entries of {decision.target.upper()}.md contradict each other; keep one:")
    for entry in group.members:
        print(f"  {entry.entry_id[:8]}  {_short(entry.text, 90)}")
    for edge in group.edges:
        print(f"  why {edge['from_id'][:8]}↔{edge['to_id'][:8]}: {_why(edge, 110)}  [{_short(found_by(edge), 30)}]")
    if group.more_edges:
        print(f"  and {group.more_edges} more (dmem contradictions --target {decision.target})")
    dismiss = f"   dmem review dismiss {group.edges[0]['edge_id'][:8]} --target {decision.target}" if group.edges else ""
    print(f"  dmem review keep ID --target {decision.target}{dismiss}")


def _next_reverify(decision) -> None:
    from ..store.reason_words import reverify_question, reverify_state

    entry = decision.subject.entry
    question = reverify_question(entry.meta.knowledge_type)
    print(f"Next: {question[0].lower()}{question[1:]} “{_short(entry.text, 80)}” ({reverify_state(decision.subject)})")
    print(f"  dmem review confirm|retire {decision.key[:8]}   dmem review revise {decision.key[:8]} \"NEW TEXT\"")


def _next_promotion(decision) -> None:
    check = decision.subject.check
    print(f"Next: promote “{_short(decision.subject.entry.text, 80)}” to {check.target.name}?")
    if check.threshold:  # its evidence against the thresholds, as the dashboard's card words it
        from ..store.reason_words import promotion_evidence

        print(f"  {promotion_evidence(check)}")
    print(f"  dmem review approve|reject {decision.key[:8]}")


def _next_pattern(decision) -> None:
    proposal = decision.subject
    print(f"Next: one pattern? {_short(proposal.reason, 90)}")
    for entry_id, text in zip(proposal.entry_ids, proposal.texts):
        print(f"  {entry_id[:8]}  {_short(text, 90)}")
    print(f"  dmem reflect approve {proposal.proposal_id[:12]} [--text \"…\"]   dmem reflect reject {proposal.proposal_id[:12]}")


def _next_blocked(decision) -> None:
    print(f"Next: a blocked entry of {decision.target.upper()}.md ({decision.key[:8]}); its text is not printed here.")
    print("  dmem serve: the Blocked page shows it, to keep or to remove")


# The next decision of each kind, as `dmem review` prints it: what is at stake and the commands
_NEXT = {"blocked": _next_blocked, "contradiction": _next_group, "reverify": _next_reverify,
         "promotion": _next_promotion, "pattern": _next_pattern}


def cmd_review_same(args) -> int:
    """Two entries of one file state one fact: a person's fold (``store.same_fact``)."""
    store = _store(args)
    target, entry_id = _find_entry(store, args.target, args.id)
    _target_again, other_id = _find_entry(store, target, args.other)
    _print_result(store.same_fact(target, entry_id, other_id, actor="cli"), args)
    return 0


def cmd_review_queue(args) -> int:
    store = _store(args)
    items = [(t, item) for t in _targets(args.target) for item in store.reverification_queue(t)]
    if args.json:
        _print_json([{"target": t, "entry_id": i.entry.entry_id, "text": i.entry.text, "reason": i.reason,
                      "days_left": round(i.days_left, 2), "raw_confidence": round(i.raw_confidence, 4)} for t, i in items])  # fmt: skip
        return 0
    if not items:
        print("Nothing to re-verify.")
    for target, item in items:
        when = "expired" if item.days_left <= 0 else f"{item.days_left:.0f}d left"
        print(f"{item.entry.entry_id[:8]}  {target:<6} {when:<9} {item.raw_confidence:.2f}  {_short(item.entry.text, 60)}")
    return 0


def _entry_action(method: str, **options):
    """A review command on one entry: find it in either target, call ``store.<method>``."""

    def run(args) -> int:
        store = _store(args)
        target, entry_id = _find_entry(store, args.target, args.id)
        values = {name: getattr(args, attr) for name, attr in options.items()}
        _print_result(getattr(store, method)(target, entry_id, **values, actor="cli"), args)
        return 0

    return run


def cmd_review_keep(args) -> int:
    """Keep ID: the other side of its contradiction is archived as superseded."""
    store = _store(args)
    target, keep = _find_entry(store, args.target, args.id)
    if args.over:
        target, (keep, drop) = _find_entries(store, target, [keep, args.over])
    else:
        others = [e["to_id"] if e["from_id"] == keep else e["from_id"] for e in store.get_contradictions(target)
                  if keep in (e["from_id"], e["to_id"])]  # fmt: skip
        if not others:
            raise NotFoundError(f"entry {keep[:8]} has no unresolved contradiction; use --over ID to supersede another entry")
        if len(others) > 1:
            texts = {e.entry_id: e.text for e in store.entries(target)}
            raise AmbiguousMatchError(
                f"entry {keep[:8]} contradicts {len(others)} entries; say which one loses with --over ID",
                [f"{other}  {_short(texts.get(other, ''), 50)}" for other in others],
            )
        drop = others[0]
    _print_result(store.supersede(target, keep, drop, actor="cli"), args)
    return 0


def cmd_review_link(args) -> int:
    store = _store(args)
    target, (first, second) = _find_entries(store, args.target, args.ids)
    _print_result(store.mark_contradiction(target, first, second, reason=args.reason or "", actor="cli"), args)
    return 0


# ---------------------------------------------------------------- export / import


def cmd_export(args) -> int:
    from ..features.transfer import export_document, to_json, to_markdown

    store = _store(args)
    document = export_document(store, _targets(args.target))
    _print_history_warnings(store)
    text = to_markdown(document) if args.format == "md" else to_json(document)
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8")
        counts = ", ".join(f"{t} {len(document['targets'][t]['entries'])}" for t in document["targets"])
        print(f"Exported {counts} entries to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args) -> int:
    from ..features.transfer import import_document, read_document

    store = _store(args)
    try:
        raw = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInputError(f"no such file: {args.file}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInputError(f"cannot read {args.file}: {error}") from None
    plan = import_document(store, read_document(raw), mode="replace" if args.replace else "merge", dry_run=args.dry_run, actor="cli")
    if args.json:
        _print_json(plan.to_dict())
        return 0
    print(plan.summary())
    return 0


# ---------------------------------------------------------------- agents: Hermes and MCP (issue 9)


def cmd_hermes_install(args) -> int:
    from ..hermes import install_plugin
    from ..hermes.install import ACTIVATE_COMMAND, hermes_imports_package, hermes_python, install_into_hermes

    hermes_home = args.hermes_home or os.environ.get("HERMES_HOME") or Path.home() / ".hermes"
    plugin = install_plugin(hermes_home)
    print(f"Installed the Hermes memory provider plugin in {plugin}")
    python = hermes_python()
    if python and hermes_imports_package(python):
        print(f"Hermes' Python ({python}) imports dialectical_memory already.")
    else:
        print("Hermes' Python must be able to import dialectical_memory; install it there:")
        print(f"  {install_into_hermes(python)}")
    print("Activate it with:")
    print(f"  {ACTIVATE_COMMAND}")
    return 0


def _hermes_queue(args):
    """The store and the Hermes home of ``dmem hermes pending|approve|reject``. ``--hermes-home``
    alone names both: Hermes applies its queue to ``<Hermes home>/memories``."""
    from ..features.hermes_pending import hermes_home_of

    if args.hermes_home and args.home is None:
        args.home, args.create = str(Path(args.hermes_home).expanduser() / "memories"), True
    store = _store(args)
    return store, hermes_home_of(store, args.hermes_home)


def _ago(seconds: float) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return "just now"


def cmd_hermes_pending(args) -> int:
    from ..features.hermes_pending import pending

    store, hermes_home = _hermes_queue(args)
    queue = pending(store, hermes_home)
    if args.json:
        _print_json(queue.to_dict())
        return 0
    if not queue.count:
        print(f"No staged memory writes in {hermes_home}.")
        return 0
    print(f"{queue.count} staged memory write{'s' if queue.count != 1 else ''} in {_terminal(str(hermes_home))}:")
    for item in queue.items:
        _print_pending_item(item)
    for unreadable in queue.unreadable:
        print(f"\n{_short(unreadable.name, 80)}  refused: {_short(unreadable.reason, 300)}")
    print("\nApprove: dmem hermes approve ID --expect FINGERPRINT   Reject: dmem hermes reject ID")
    return 0


def _print_pending_item(item) -> None:
    write = item.write
    what = f"batch of {len(write.operations)}" if write.batch else write.action
    print(f"\n{write.pending_id}  {what} · {write.target} · {write.origin.replace('_', ' ')} · {_ago(item.age_seconds)}"
          f" · fingerprint {write.fingerprint}")
    shown = item.preview.operations if item.preview else []
    for number, op in enumerate(write.operations):
        preview = shown[number] if number < len(shown) else None
        if op.action == "add":
            print(f"  + “{_short(op.content, 90)}”" + ("  (already there: reinforces it)" if preview and preview.duplicate_of else ""))
            if preview and preview.says_again:
                print(f"    = says again “{_short(preview.says_again['text'], 60)}” in other words: approving it reinforces that entry")
        elif op.action == "replace":
            old = preview.replaces["text"] if preview and preview.replaces else op.old_text
            print(f"  ~ “{_short(old, 50)}” → “{_short(op.content, 60)}”")
        else:
            old = preview.removes["text"] if preview and preview.removes else op.old_text
            print(f"  - “{_short(old, 90)}”")
        for found in preview.contradicts if preview else []:
            print(f"    ⚡ would contradict “{_short(found['text'], 60)}”: {_why(found, 120)}")
    if item.refused:
        print(f"  refused: {_short(item.refused, 300)}")
    elif item.preview and item.preview.usage_after.get("limit"):
        usage = item.preview.usage_after
        print(f"  after it: {usage['chars']:,}/{usage['limit']:,} chars ({usage['percent']}%)")


def cmd_hermes_decide(args) -> int:
    from ..features.hermes_pending import approve, reject

    store, hermes_home = _hermes_queue(args)
    if args.hermes_command == "approve":
        decision = approve(store, hermes_home, args.id, actor="cli", expect=_expected_fingerprint(args, store, hermes_home))
    else:
        decision = reject(store, hermes_home, args.id, actor="cli")
    if args.json:
        _print_json(decision.to_dict())
        return 0
    print(_short(decision.message, 1000))
    if decision.result is not None:
        for edge in decision.result.contradictions:
            print(f"  ⚡ contradicts: {_short(edge['from_text'] or '', 60)}  ({_why(edge, 120)})")
    return 0


def _expected_fingerprint(args, store, hermes_home) -> str:
    """What ``dmem hermes approve`` may apply: the write whose fingerprint ``--expect`` gives (as
    ``dmem hermes pending`` showed it). Without it, a terminal shows the write as it is now and
    asks; anything else (a script, a pipe) is refused, since a file rewritten after it was looked
    at would otherwise be applied unseen."""
    if args.expect:
        return args.expect
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InvalidInputError(f"approving {_short(args.id, 20)} needs --expect FINGERPRINT, as `dmem hermes pending` shows it "
                                "(so that what is applied is what was seen)")
    from ..features.hermes_pending import pending

    item = next((i for i in pending(store, hermes_home).items if i.pending_id == args.id), None)
    if item is None:
        raise NotFoundError(f"no readable pending memory write {_short(args.id, 20)}")
    _print_pending_item(item)
    if input("\nApply it? [y/N] ").strip().lower() not in ("y", "yes"):
        raise InvalidInputError("not approved: nothing was applied")
    return item.write.fingerprint


def cmd_mcp(args) -> int:
    try:
        from .mcp_server import serve_mcp
    except ImportError as error:
        raise InvalidInputError(f"the MCP server needs the mcp extra: {install_hint('mcp')} ({error})") from None
    _check_home(args)
    serve_mcp(args.home, http_port=args.http, **_models(), **_limits(args, _default_limits()))
    return 0


def _add_agent_commands(command) -> None:
    p = command("hermes", help="plug into the Hermes agent as its memory provider")
    hermes = p.add_subparsers(dest="hermes_command", required=True, metavar="ACTION")
    p = hermes.add_parser("install", help="write the 'dialectical' plugin into Hermes' plugins folder")
    p.add_argument("--hermes-home", metavar="DIR", help="Hermes' home (default: $HERMES_HOME, else ~/.hermes)")
    p.set_defaults(func=cmd_hermes_install)
    queue_home = "Hermes' home (default: the one whose memories folder is the memory home)"
    p = hermes.add_parser("pending", help="memory writes Hermes staged for approval, and what each would do")
    p.add_argument("--hermes-home", metavar="DIR", help=queue_home)
    _json_option(p, "the queue")
    p.set_defaults(func=cmd_hermes_pending)
    for name, what in (("approve", "apply a staged write as Hermes' /memory approve would, then remove it"),
                       ("reject", "remove a staged write as Hermes' /memory reject does")):  # fmt: skip
        p = hermes.add_parser(name, help=what)
        p.add_argument("id", help="the staged write's id (dmem hermes pending lists them)")
        p.add_argument("--hermes-home", metavar="DIR", help=queue_home)
        if name == "approve":
            p.add_argument("--expect", metavar="FINGERPRINT",
                           help="the fingerprint `dmem hermes pending` showed: refused if the file changed since. "
                                "Without it a terminal shows the write and asks; a script is refused")
        _json_option(p)
        p.set_defaults(func=cmd_hermes_decide)

    p = command("mcp", help="serve the memory to MCP clients (stdio; --http PORT for streamable HTTP)")
    p.add_argument("--http", type=int, metavar="PORT", help="streamable HTTP on 127.0.0.1:PORT instead of stdio")
    p.set_defaults(func=cmd_mcp)


# ---------------------------------------------------------------- parser

TARGET_HELP = {
    "one": "which file: memory = MEMORY.md (agent notes), user = USER.md (user profile)",
    "any": "look only in this target (default: both)",
    "all": "which target, or all for both",
}


def _target_option(parser, allow_all: bool = False, *, default: str | None = "memory") -> None:
    """``--target``: one file (default ``memory``), ``all`` allowed, or (``default=None``) both
    targets searched for an id."""
    if default is None:
        parser.add_argument("--target", "-t", choices=TARGETS, default=None, help=TARGET_HELP["any"])
    elif allow_all:
        parser.add_argument("--target", "-t", choices=TARGETS + ("all",), default="all", help=TARGET_HELP["all"] + " (default: all)")
    else:
        parser.add_argument("--target", "-t", choices=TARGETS, default=default, help=TARGET_HELP["one"] + f" (default: {default})")


def _json_option(parser, what: str = "the result") -> None:
    parser.add_argument("--json", action="store_true", help=f"print {what} as one JSON document")


# The global options that take a value (what follows them is never the command's name)
_VALUED_OPTIONS = frozenset(("--home", "--memory-char-limit", "--user-char-limit"))


class _Unbuilt:
    """A command's parser not built (:func:`build_parser` for another command): takes every call."""

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: self


def command_in(argv: list[str]) -> str | None:
    """The word of ``argv`` in a command's place (after the global options and their values; an
    option may be abbreviated, as argparse allows)."""
    values = iter(argv)
    for word in values:
        if word.startswith("--") and any(option.startswith(word) for option in _VALUED_OPTIONS):
            next(values, None)
        elif not word.startswith("-"):
            return word
    return None


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` reads it: $COLUMNS, the terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, told the width as argparse would work it out: argparse asks ``shutil``
    once per argument (a formatter checks each), whose import (with bz2 and lzma) a one-shot command
    paid for a width only a help text reads."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _RawDescriptionFormatter(_Formatter, argparse.RawDescriptionHelpFormatter):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser with :class:`_Formatter` (its subcommands' parsers are of its class)."""

    def __init__(self, *args, formatter_class=_Formatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``dmem`` parser; with ``only``, that command's alone (of some sixty parsers and three
    hundred arguments, built in ~15 ms: a tenth of a one-shot `dmem list`). When ``only`` names no
    command, every one (so that the error lists them)."""
    parser = _Parser(prog="dmem", description="Dialectical memory: review and steer an assistant's long-term memory.")
    parser.add_argument("--version", action="version", version=f"dmem {__version__}")
    parser.add_argument("--home", help="memory home (default: $DMEM_HOME, $HERMES_HOME/memories, ~/.hermes/memories); must exist unless --create")
    parser.add_argument("--create", action="store_true", help="create the --home folder when it does not exist yet")
    parser.add_argument("--memory-char-limit", type=int, metavar="N", help="MEMORY.md limit (0 = unlimited; default: Hermes' 2200, but `dmem serve` has its own, see `dmem serve --help`)")
    parser.add_argument("--user-char-limit", type=int, metavar="N", help="USER.md limit (0 = unlimited; default: Hermes' 1375, but `dmem serve` has its own, see `dmem serve --help`)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # `dmem serve --home DIR` and `dmem --home DIR serve` both work.
    home_after_command = _Parser(add_help=False)
    home_after_command.add_argument("--home", default=argparse.SUPPRESS, help="memory home (overrides the global --home)")
    home_after_command.add_argument("--create", action="store_true", default=argparse.SUPPRESS, help="create the --home folder when it does not exist yet")

    def command(name: str, help: str, into=sub) -> argparse.ArgumentParser:
        if into is sub and only is not None and name != only:
            return _Unbuilt()  # type: ignore[return-value]
        return into.add_parser(name, help=help, description=help[:1].upper() + help[1:] + ".", parents=[home_after_command])

    for add_group in (_entry_commands, _review_commands, _transfer_commands, _tool_commands, _add_sync_commands, _add_agent_commands):
        add_group(command)
    if only is not None and only not in sub.choices:
        return build_parser()
    return parser


def _entry_commands(command) -> None:
    """Write, read and resolve entries (the agent's actions, from a terminal)."""
    p = command("add", help="add an entry (re-adding reinforces it)")
    p.add_argument("text", help="the memory, one entry")
    _target_option(p)
    p.add_argument("--source", choices=[s.value for s in SourceKind], default=SourceKind.USER_EXPLICIT.value,
                   help="where the knowledge came from; sets its authority (default: user_explicit)")  # fmt: skip
    p.add_argument("--type", choices=[k.value for k in KnowledgeType], help="knowledge type; sets how fast it decays (default: read from the text: a dated event is a memory, a lasting fact a fact, a current situation a state, an instruction a rule, anything else a belief)")
    _json_option(p)
    p.set_defaults(func=cmd_add)

    p = command("replace", help="replace the entry containing OLD with NEW")
    p.add_argument("old", help="a unique substring of the entry to replace")
    p.add_argument("new", help="the new text")
    _target_option(p)
    _json_option(p)
    p.set_defaults(func=cmd_replace)

    p = command("remove", help="remove the entry containing OLD (it goes to the archive)")
    p.add_argument("old", help="a unique substring of the entry to remove")
    _target_option(p)
    _json_option(p)
    p.set_defaults(func=cmd_remove)

    p = command("list", help="entries by maturity tier")
    _target_option(p)
    p.add_argument("--tier", choices=[m.name.lower() for m in MaturityLevel], help="only this tier (default: all four)")
    p.add_argument("--status", choices=[s.value for s in BeliefStatus], help="only entries with this status")
    p.add_argument("--search", help="only entries containing this text")
    p.add_argument("--limit", type=int, default=50, help="entries per tier (default: 50)")
    _json_option(p, "the tiers")
    p.set_defaults(func=cmd_list)

    p = command("search", help="entries that answer a question, best first, in English or Chinese")
    p.add_argument("query", help="a question or a few words (empty: every entry in file order)")
    _target_option(p, allow_all=True)
    p.add_argument("--tier", choices=[m.name.lower() for m in MaturityLevel], help="only this tier")
    p.add_argument("--status", choices=[s.value for s in BeliefStatus], help="only entries with this status")
    p.add_argument("--limit", type=int, default=10, help="results (default: 10)")
    p.add_argument("--offset", type=int, default=0, help="skip this many results (paging)")
    _json_option(p, "the results")
    p.set_defaults(func=cmd_search)

    p = command("show", help="one entry with its metadata and history")
    p.add_argument("id", help="entry id or a unique prefix (active or archived, either target)")
    _target_option(p, default=None)
    _json_option(p, "the entry")
    p.set_defaults(func=cmd_show)

    p = command("contradictions", help="contradictions and which side has more authority")
    _target_option(p)
    p.add_argument("--all", action="store_true", help="include resolved ones")
    _json_option(p, "the contradictions")
    p.set_defaults(func=cmd_contradictions)

    p = command("synthesize", help="resolve contradicting entries with your own synthesis")
    p.add_argument("ids", nargs="+", help="two or more entry ids (or unique prefixes)")
    p.add_argument("--text", required=True, help="the synthesis, in your words")
    _target_option(p, default=None)
    p.add_argument("--type", choices=[k.value for k in KnowledgeType], help="knowledge type of the synthesis (default: the first entry's)")
    _json_option(p)
    p.set_defaults(func=cmd_synthesize)

    p = command("make-room", help="what could go and what could merge when a file nears its limit (80 %%)")
    _target_option(p, allow_all=True)
    p.add_argument("--policy", choices=["auto"], help="auto: archive what could go (superseded, decayed, low authority; "
                   "never a merge, a principle or a contested side) until the goal is freed")
    p.add_argument("--archive", nargs="+", metavar="ID", help="archive these entries (ids or unique prefixes) from the plan")
    p.add_argument("--need", type=int, default=0, metavar="N", help="plan for a write that needs N more chars")
    _json_option(p, "the plans (one object keyed by target)")
    p.set_defaults(func=cmd_make_room)

    p = command("merge", help="merge entries about one holder and topic into one entry you write")
    p.add_argument("ids", nargs="+", help="two or more entry ids (or unique prefixes)")
    p.add_argument("--text", help="the merged entry, in your words")
    p.add_argument("--draft", action="store_true", help="print the judge model's draft to edit (nothing is written)")
    _target_option(p, default=None)
    p.add_argument("--type", choices=[k.value for k in KnowledgeType], help="knowledge type (default: the first entry's)")
    _json_option(p)
    p.set_defaults(func=cmd_merge)

    p = command("reflect", help="what the reflection layer proposes: incidents to compress into patterns")
    _target_option(p, allow_all=True)
    _json_option(p, "the proposals (one list per target)")
    p.set_defaults(func=cmd_reflect)
    decide = p.add_subparsers(dest="reflect_command", required=False, metavar="ACTION")
    for name, help_text in (("approve", "write each proposal as one PATTERN entry (its members archived; undoable)"),
                            ("reject", "never propose this group again")):
        q = command(name, help=help_text, into=decide)
        q.add_argument("ids", nargs="+", metavar="ID", help="proposal id or a unique prefix")
        q.add_argument("--target", "-t", choices=TARGETS + ("all",), default=argparse.SUPPRESS, help=TARGET_HELP["all"])
        q.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print each result as JSON")
        if name == "approve":
            q.add_argument("--text", help="the pattern in your words (default: the starting text)")
        q.set_defaults(func=cmd_reflect)

    p = command("dismiss", help="mark a flagged contradiction as a false alarm")
    p.add_argument("edge", help="contradiction id or a unique prefix")
    _target_option(p, default=None)
    _json_option(p)
    p.set_defaults(func=cmd_dismiss)

    p = command("restore", help="bring an archived entry back")
    p.add_argument("id", help="archived entry id or a unique prefix (either target)")
    _target_option(p, default=None)
    _json_option(p)
    p.set_defaults(func=cmd_restore)

    p = command("maintain", help="run the reflection layer: decay, promotions, demotions")
    _target_option(p, allow_all=True)
    p.add_argument("--policy", choices=["review", "auto"], help="review: propose promotions for a person; auto: apply them (default: review)")
    _json_option(p, "the reports (one object keyed by target)")
    p.set_defaults(func=cmd_maintain)

    p = command("history", help="what changed, who changed it")
    _target_option(p, allow_all=True)
    p.add_argument("--entry", help="only this entry (id or unique prefix)")
    p.add_argument("--actor", choices=["agent", "person", "maintenance", "cli", "sync"], help="only changes made by this actor")
    p.add_argument("--limit", type=int, default=30, help="newest N changes (default: 30)")
    _json_option(p, "the records")
    p.set_defaults(func=cmd_history)


def _review_commands(command) -> None:
    """``dmem review ACTION``: everything the dashboard's review pages do."""
    review = command("review", help="review work: what waits (no ACTION), promotions, re-verification, contradictions")
    _json_option(review, "what waits")
    review.set_defaults(func=cmd_review_waiting)
    actions = review.add_subparsers(dest="review_command", required=False, metavar="ACTION")

    def action(name: str, help: str) -> argparse.ArgumentParser:
        return command(name, help, into=actions)

    def on_entry(name: str, help: str, id_help: str = "entry id or a unique prefix") -> argparse.ArgumentParser:
        """An action on one entry: its id, ``--target`` to narrow the lookup, ``--json``."""
        p = action(name, help)
        p.add_argument("id", help=id_help)
        _target_option(p, default=None)
        _json_option(p)
        return p

    p = action("promotions", help="proposed promotions with their evidence against the thresholds")
    _target_option(p, allow_all=True)
    _json_option(p, "the promotions")
    p.set_defaults(func=cmd_review_promotions)

    p = on_entry("approve", help="approve a proposed promotion")
    p.add_argument("--principle", metavar="TEXT", help="a shorter principle that replaces the entry's text")
    p.set_defaults(func=_entry_action("approve_promotion", principle_text="principle"))

    p = on_entry("reject", help="reject a proposed promotion (not proposed again until new evidence)")
    p.set_defaults(func=_entry_action("reject_promotion"))

    p = action("queue", help="expired and soon-expiring beliefs to re-verify, most important first")
    _target_option(p, allow_all=True)
    _json_option(p, "the queue")
    p.set_defaults(func=cmd_review_queue)

    p = on_entry("confirm", help="re-verified: the belief is still true")
    p.set_defaults(func=_entry_action("confirm"))

    p = on_entry("revise", help="the belief changed: new text, counted as a user correction")
    p.add_argument("text", help="the revised text")
    p.set_defaults(func=_entry_action("revise", new_text="text"))

    p = on_entry("retire", help="no longer true: archive the entry (restorable)")
    p.set_defaults(func=_entry_action("retire"))

    p = on_entry("same", help="two entries state one fact: the later is folded into the earlier (a hit; undoable)")
    p.add_argument("other", help="the other entry's id or a unique prefix")
    p.set_defaults(func=cmd_review_same)

    p = on_entry("keep", help="keep this side of a contradiction; the other is archived as superseded", id_help="the entry to keep (id or unique prefix)")
    p.add_argument("--over", metavar="ID", help="the entry that loses (needed when ID contradicts several)")
    p.set_defaults(func=cmd_review_keep)

    p = action("dismiss", help="not a contradiction: never flag this pair again")
    p.add_argument("edge", help="contradiction id or a unique prefix")
    _target_option(p, default=None)
    _json_option(p)
    p.set_defaults(func=cmd_dismiss)

    p = action("link", help="mark two entries as contradicting, by hand")
    p.add_argument("ids", nargs=2, metavar="ID", help="the two entries (ids or unique prefixes)")
    p.add_argument("--reason", help="why they contradict (shown beside the edge)")
    _target_option(p, default=None)
    _json_option(p)
    p.set_defaults(func=cmd_review_link)

    p = action("undo", help="undo a review action by its history id (see `dmem history`)")
    p.add_argument("history_id", help="history id or a unique prefix (at least 4 characters)")
    _target_option(p, allow_all=True)
    p.set_defaults(func=cmd_review_undo)


def _transfer_commands(command) -> None:
    """Move a memory between machines, or keep a portable backup."""
    p = command("export", help="write entries, metadata, contradictions, archive and history to one file")
    _target_option(p, allow_all=True)
    p.add_argument("--format", choices=["json", "md"], default="json", help="json: complete and importable; md: for reading (default: json)")
    p.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    p.set_defaults(func=cmd_export)

    p = command("import", help="bring in an export: ids kept, nothing lost, conflicts become contradictions")
    p.add_argument("file", help="a JSON export (dmem export), or - for standard input")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--merge", action="store_true", help="add what is new, keep what is here (the default)")
    mode.add_argument("--replace", action="store_true", help="make the home match the export; what it replaces is archived")
    p.add_argument("--dry-run", action="store_true", help="show what would change and write nothing")
    _json_option(p, "the plan")
    p.set_defaults(func=cmd_import)


def _tool_commands(command) -> None:
    """Demo, detector evaluation and the dashboard."""
    p = command("demo", help="seed a realistic bilingual demo home")
    p.add_argument("demo_home", nargs="?", metavar="DIR", help="where to seed it (or give --home); must be new or an earlier demo")
    p.add_argument("--force", action="store_true", help="replace an earlier demo home at that path")
    p.set_defaults(func=cmd_demo)

    p = command("eval-detector", help="score the contradiction detector on labelled pairs or in a populated home")
    p.add_argument("file", help="your labelled pairs, one JSON object a line ({a, b, label}), "
                   "or a home: one JSON object of memory and user entries and probes")
    p.add_argument("--split", help="only rows whose 'split' field has this value")
    p.add_argument("--failures", action="store_true", help="list the pairs the detector got wrong")
    p.add_argument("--semantic", action="store_true", help="the rules plus the embedding classifier (the semantic extra)")
    p.add_argument("--judge", nargs="?", const="configured", choices=("configured", "labels"),
                   help="also ask a model about the pairs the rules leave open, at the default budgets, and count "
                   "the pairs asked: the configured endpoint (default), or 'labels', a scripted judge answering from the file's labels")
    _json_option(p, "the report")
    p.set_defaults(func=cmd_eval_detector)

    p = command("serve", help="start the review dashboard")
    p.epilog = SERVE_LIMITS
    p.formatter_class = _RawDescriptionFormatter
    for target, file in (("memory", "MEMORY.md"), ("user", "USER.md")):
        p.add_argument(f"--{target}-char-limit", type=int, metavar="N", default=argparse.SUPPRESS, help=f"{file} limit (0 = none; see below)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=5000, help="port (default: 5000; 0 picks a free one)")
    p.add_argument("--allow-remote", action="store_true", help="allow binding to a non-loopback address")
    p.set_defaults(func=cmd_serve)


SERVE_LIMITS = """\
character limits, in this order:
  1. In a Hermes home ($HERMES_HOME/memories or ~/.hermes/memories, the default home), the
     limits of Hermes' config.yaml (memory.memory_char_limit, memory.user_char_limit; Hermes'
     defaults 2200 and 1375 where it sets none). A flag can only lower them, never raise them past what Hermes accepts.
  2. Elsewhere, --memory-char-limit and --user-char-limit.
  3. Without them, no limit.
The limits it uses are printed when it starts."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(command_in(argv)).parse_args(argv)
    try:
        return args.func(args)
    except AmbiguousMatchError as error:
        print(f"dmem: error: {_terminal(str(error))}", file=sys.stderr)
        for preview in error.previews:
            print(f"  - {_terminal(str(preview))}", file=sys.stderr)
        return 1
    except DialecticalMemoryError as error:
        print(f"dmem: error: {_terminal(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


# Commands that do one bounded piece of work and leave: nearly every object they make (modules, word
# tables, the loaded home) lives until the exit, so the cyclic collector's young collections over
# them (a hundred in a one-shot add, ~13 ms of its ~330) could free next to nothing before it.
WITHOUT_COLLECTOR = frozenset(("add", "replace", "remove", "list", "search", "show"))


def pause_collector_for(argv: list[str]) -> bool:
    """Turn the cyclic collector off for the rest of the process when ``argv`` runs one of
    :data:`WITHOUT_COLLECTOR` (a long-lived or long-running command keeps it); returns whether it did."""
    if command_in(argv) not in WITHOUT_COLLECTOR:
        return False
    gc.disable()
    return True


def run() -> None:
    """The ``dmem`` command: :func:`main`, then leave without tearing the heap down. A command over a
    10,000-entry home holds hundreds of thousands of objects, and releasing them one by one at
    interpreter exit took ~120 ms, more than its write. Every file is written and closed by the
    time ``main`` returns (each commit waits for its fsyncs); what the exit handlers would still do
    (flush the output, end logging, join idle fsync threads) is done or not needed."""
    pause_collector_for(sys.argv[1:])
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # output piped into `head` and the like
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if "logging" in sys.modules:
        sys.modules["logging"].shutdown()
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


if __name__ == "__main__":
    run()
