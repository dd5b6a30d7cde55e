"""``dmem``: the command line over :class:`MemoryStore`. A thin layer: parse, call, print."""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path

from . import __version__
from .errors import AmbiguousMatchError, DialecticalMemoryError, InvalidInputError
from .model import KnowledgeType, MaturityLevel, SourceKind
from .storage import TARGET_FILES
from .store import DEFAULT_LIMITS, MemoryStore

TARGETS = tuple(TARGET_FILES)


def _when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%d %H:%M")


def _short(text: str, width: int = 72) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _limits(args, default: dict[str, int]) -> dict[str, int]:
    """Hermes' limits for the agent's files unless given; the dashboard is unlimited by default."""
    return {
        "memory_char_limit": default["memory"] if args.memory_char_limit is None else args.memory_char_limit,
        "user_char_limit": default["user"] if args.user_char_limit is None else args.user_char_limit,
    }


def _store(args) -> MemoryStore:
    store = MemoryStore(args.home, **_limits(args, DEFAULT_LIMITS))
    store.load_from_disk()
    for target in TARGETS:
        for warning in store.warnings(target):
            print(f"dmem: warning: {warning}", file=sys.stderr)
    return store


def _resolve_id(store: MemoryStore, target: str, prefix: str) -> str:
    """Accept a full id or a unique prefix of one (active or archived)."""
    known = [e.entry_id for e in store.entries(target)] + [e.entry_id for e in store.archived(target)]
    matches = [i for i in known if i.startswith(prefix)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise InvalidInputError(f"no {target} entry id starts with {prefix!r}")
    raise InvalidInputError(f"{len(matches)} {target} entry ids start with {prefix!r}; give more characters")


def _print_result(result) -> None:
    print(result.message)
    if result.entry_id:
        print(f"  id: {result.entry_id}")
    for edge in result.contradictions:
        print(f"  ⚡ contradicts: {_short(edge['from_text'] or '', 60)}  ({edge['reason']})")
    usage = result.usage
    if usage.get("limit"):
        print(f"  usage: {usage['chars']:,}/{usage['limit']:,} chars ({usage['percent']}%)")


# ---------------------------------------------------------------- commands


def cmd_add(args) -> int:
    store = _store(args)
    _print_result(store.add(args.target, args.text, source_kind=args.source, knowledge_type=args.type, actor="cli"))
    return 0


def cmd_replace(args) -> int:
    _print_result(_store(args).replace(args.target, args.old, args.new, actor="cli"))
    return 0


def cmd_remove(args) -> int:
    _print_result(_store(args).remove(args.target, args.old, actor="cli"))
    return 0


def cmd_list(args) -> int:
    store = _store(args)
    tiers = [MaturityLevel[args.tier.upper()]] if args.tier else list(MaturityLevel)
    for level in tiers:
        page = store.query_entries(args.target, maturity=level, status=args.status, search=args.search, limit=args.limit)
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


def cmd_show(args) -> int:
    store = _store(args)
    entry = store.get_entry(args.target, _resolve_id(store, args.target, args.id))
    if args.json:
        print(json.dumps(entry.to_dict(), ensure_ascii=False, indent=2))
        return 0
    meta = entry.meta
    print(textwrap.fill(entry.text, 88) if "\n" not in entry.text else entry.text)
    print()
    rows = [
        ("id", meta.entry_id),
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
        rows.append(("archived", f"{_when(entry.archived_at or 0)}: {entry.archive_reason}"))
    if meta.original_text:
        rows.append(("original text", _short(meta.original_text)))
    if meta.parent_ids:
        rows.append(("parents", ", ".join(i[:8] for i in meta.parent_ids)))
    if meta.child_ids:
        rows.append(("children", ", ".join(i[:8] for i in meta.child_ids)))
    if meta.pending_promotion is not None:
        rows.append(("pending", f"promotion to {MaturityLevel(meta.pending_promotion).name}"))
    for label, value in rows:
        print(f"  {label:<15} {value}")
    history = store.history(args.target, entry_id=meta.entry_id, limit=10)
    if history:
        print("\n  history (newest first)")
        for record in history:
            print(f"    {_when(record['at'])}  {record['actor']:<11} {record['action']}")
    return 0


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
        print(f"{edge['edge_id'][:8]}  {state}  {edge['reason']}  [{edge['author']}, {edge['confidence']:.2f}]")
        for side in ("from", "to"):
            mark = "★" if edge["preferred_id"] == edge[f"{side}_id"] else " "
            print(f"  {mark} {edge[f'{side}_id'][:8]}  {edge[f'{side}_source']:<17} {_short(edge[f'{side}_text'] or '', 60)}")
    print("\n★ = the side with more authority (observed behaviour first)")
    return 0


def cmd_synthesize(args) -> int:
    store = _store(args)
    ids = [_resolve_id(store, args.target, i) for i in args.ids]
    _print_result(store.synthesize(args.target, ids, args.text, knowledge_type=args.type, actor="cli"))
    return 0


def cmd_dismiss(args) -> int:
    store = _store(args)
    edges = [e["edge_id"] for e in store.get_contradictions(args.target) if e["edge_id"].startswith(args.edge)]
    if len(edges) != 1:
        raise InvalidInputError(f"{len(edges)} unresolved contradictions match {args.edge!r}; expected exactly one")
    _print_result(store.dismiss_contradiction(args.target, edges[0], actor="cli"))
    return 0


def cmd_restore(args) -> int:
    store = _store(args)
    _print_result(store.restore(args.target, _resolve_id(store, args.target, args.id), actor="cli"))
    return 0


def cmd_maintain(args) -> int:
    store = _store(args)
    targets = TARGETS if args.target == "all" else (args.target,)
    for target in targets:
        report = store.run_maintenance(target, policy=args.policy, actor="cli")
        if args.json:
            print(json.dumps(report, ensure_ascii=False, indent=2))
            continue
        counts = ", ".join(f"{key.replace('_', ' ')} {len(report[key])}" for key in
                           ("decayed", "promotions_proposed", "promoted", "superseded", "demoted", "contradictions_found"))  # fmt: skip
        print(f"{target}: {counts}")
    return 0


def cmd_history(args) -> int:
    store = _store(args)
    entry_id = _resolve_id(store, args.target, args.entry) if args.entry else None
    records = store.history(args.target if args.target != "all" else None, entry_id=entry_id, actor=args.actor, limit=args.limit)
    for record in records:
        after = (record.get("after") or record.get("before") or {}).get("text", "")
        entry = (record.get("entry_id") or "")[:8]
        print(f"{_when(record['at'])}  {record['target']:<6} {record['actor']:<11} {record['action']:<18} {entry}  {_short(after, 50)}")
    if not records:
        print("No history yet.")
    return 0


def cmd_demo(args) -> int:
    from .demo import seed_demo

    home = seed_demo(Path(args.home), replace=args.force)
    print(f"Seeded a demo memory home at {home}")
    print(f"  browse it:  dmem serve --home {home}")
    return 0


def cmd_eval_detector(args) -> int:
    from .detection import RuleDetector, evaluate, format_report, load_pairs

    try:
        rows = load_pairs(args.file)
    except FileNotFoundError:
        raise InvalidInputError(f"no such file: {args.file}") from None
    except ValueError as error:
        raise InvalidInputError(str(error)) from None
    if args.split:
        rows = [r for r in rows if r.get("split") == args.split]
    report = evaluate(RuleDetector(), rows)
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else format_report(report))
    return 0


def cmd_serve(args) -> int:
    try:
        from webapp import serve
    except ImportError:
        raise InvalidInputError("the dashboard needs the web extra: pip install 'dialectical-memory[web]'") from None
    serve(args.home, host=args.host, port=args.port, allow_remote=args.allow_remote,
          **_limits(args, {"memory": 0, "user": 0}))  # fmt: skip
    return 0


# ---------------------------------------------------------------- several devices (dmem sync)


def _sync_host() -> str:
    import socket

    return os.environ.get("DMEM_SYNC_HOST") or socket.gethostname()


def cmd_sync(args) -> int:
    from . import sync

    limits = _limits(args, DEFAULT_LIMITS)
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
    from .sync import run_driver

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
    p.add_argument("--kind", required=True, choices=["md", "meta", "jsonl"])
    p.add_argument("base")
    p.add_argument("ours")
    p.add_argument("theirs")
    p.add_argument("path")
    p.set_defaults(func=cmd_merge_driver)


# ---------------------------------------------------------------- agents: Hermes and MCP (issue 9)


def cmd_hermes_install(args) -> int:
    from .hermes import install_plugin
    from .hermes.install import ACTIVATE_COMMAND

    hermes_home = args.hermes_home or os.environ.get("HERMES_HOME") or Path.home() / ".hermes"
    plugin = install_plugin(hermes_home)
    print(f"Installed the Hermes memory provider plugin in {plugin}")
    print("Hermes' Python must be able to import dialectical_memory (pip install dialectical-memory there).")
    print("Activate it with:")
    print(f"  {ACTIVATE_COMMAND}")
    return 0


def cmd_mcp(args) -> int:
    try:
        from .mcp_server import serve_mcp
    except ImportError as error:
        raise InvalidInputError(f"the MCP server needs the mcp extra: pip install 'dialectical-memory[mcp]' ({error})") from None
    serve_mcp(args.home, http_port=args.http, **_limits(args, DEFAULT_LIMITS))
    return 0


def _add_agent_commands(command) -> None:
    p = command("hermes", help="plug into the Hermes agent as its memory provider")
    hermes = p.add_subparsers(dest="hermes_command", required=True, metavar="ACTION")
    p = hermes.add_parser("install", help="write the 'dialectical' plugin into Hermes' plugins folder")
    p.add_argument("--hermes-home", metavar="DIR", help="Hermes' home (default: $HERMES_HOME, else ~/.hermes)")
    p.set_defaults(func=cmd_hermes_install)

    p = command("mcp", help="serve the memory to MCP clients (stdio; --http PORT for streamable HTTP)")
    p.add_argument("--http", type=int, metavar="PORT", help="streamable HTTP on 127.0.0.1:PORT instead of stdio")
    p.set_defaults(func=cmd_mcp)


# ---------------------------------------------------------------- parser


def _target_option(parser, allow_all: bool = False) -> None:
    choices = TARGETS + ("all",) if allow_all else TARGETS
    parser.add_argument("--target", "-t", choices=choices, default="all" if allow_all else "memory")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dmem", description="Dialectical memory: review and steer an assistant's long-term memory.")
    parser.add_argument("--version", action="version", version=f"dmem {__version__}")
    parser.add_argument("--home", help="memory home (default: $DMEM_HOME, $HERMES_HOME/memories, ~/.hermes/memories)")
    parser.add_argument("--memory-char-limit", type=int, metavar="N", help="MEMORY.md limit (default 2200 as Hermes; 0 = unlimited)")
    parser.add_argument("--user-char-limit", type=int, metavar="N", help="USER.md limit (default 1375 as Hermes; 0 = unlimited)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # `dmem serve --home DIR` and `dmem --home DIR serve` both work.
    home_after_command = argparse.ArgumentParser(add_help=False)
    home_after_command.add_argument("--home", default=argparse.SUPPRESS, help="memory home (overrides the global --home)")

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, parents=[home_after_command])

    p = command("add", help="add an entry (re-adding reinforces it)")
    p.add_argument("text")
    _target_option(p)
    p.add_argument("--source", choices=[s.value for s in SourceKind], default=SourceKind.USER_EXPLICIT.value)
    p.add_argument("--type", choices=[k.value for k in KnowledgeType])
    p.set_defaults(func=cmd_add)

    p = command("replace", help="replace the entry containing OLD with NEW")
    p.add_argument("old")
    p.add_argument("new")
    _target_option(p)
    p.set_defaults(func=cmd_replace)

    p = command("remove", help="remove the entry containing OLD (it goes to the archive)")
    p.add_argument("old")
    _target_option(p)
    p.set_defaults(func=cmd_remove)

    p = command("list", help="entries by maturity tier")
    _target_option(p)
    p.add_argument("--tier", choices=[m.name.lower() for m in MaturityLevel])
    p.add_argument("--status")
    p.add_argument("--search")
    p.add_argument("--limit", type=int, default=50)
    p.set_defaults(func=cmd_list)

    p = command("show", help="one entry with its metadata and history")
    p.add_argument("id", help="entry id or a unique prefix")
    _target_option(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)

    p = command("contradictions", help="contradictions and which side has more authority")
    _target_option(p)
    p.add_argument("--all", action="store_true", help="include resolved ones")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_contradictions)

    p = command("synthesize", help="resolve contradicting entries with your own synthesis")
    p.add_argument("ids", nargs="+", help="two or more entry ids (or unique prefixes)")
    p.add_argument("--text", required=True, help="the synthesis, in your words")
    _target_option(p)
    p.add_argument("--type", choices=[k.value for k in KnowledgeType])
    p.set_defaults(func=cmd_synthesize)

    p = command("dismiss", help="mark a flagged contradiction as a false alarm")
    p.add_argument("edge", help="contradiction id or a unique prefix")
    _target_option(p)
    p.set_defaults(func=cmd_dismiss)

    p = command("restore", help="bring an archived entry back")
    p.add_argument("id")
    _target_option(p)
    p.set_defaults(func=cmd_restore)

    p = command("maintain", help="run the reflection layer: decay, promotions, demotions")
    _target_option(p, allow_all=True)
    p.add_argument("--policy", choices=["review", "auto"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_maintain)

    p = command("history", help="what changed, who changed it")
    _target_option(p, allow_all=True)
    p.add_argument("--entry")
    p.add_argument("--actor", choices=["agent", "person", "maintenance", "cli", "sync"])
    p.add_argument("--limit", type=int, default=30)
    p.set_defaults(func=cmd_history)

    p = command("demo", help="seed a realistic bilingual demo home")
    p.add_argument("home")
    p.add_argument("--force", action="store_true", help="replace an earlier demo home at that path")
    p.set_defaults(func=cmd_demo)

    p = command("eval-detector", help="precision / recall / F1 of the contradiction detector on a JSONL file")
    p.add_argument("file")
    p.add_argument("--split", help="only rows whose 'split' field has this value")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_detector)

    p = command("serve", help="start the review dashboard")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument("--allow-remote", action="store_true", help="allow binding to a non-loopback address")
    p.set_defaults(func=cmd_serve)

    _add_sync_commands(command)
    _add_agent_commands(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except AmbiguousMatchError as error:
        print(f"dmem: error: {error}", file=sys.stderr)
        for preview in error.previews:
            print(f"  - {preview}", file=sys.stderr)
        return 1
    except DialecticalMemoryError as error:
        print(f"dmem: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
