"""One memory on several devices: a memory home that is a git repository, synced with ``git``.

``dmem sync`` holds the store's and Hermes' locks of both targets while it folds the journal,
commits, fetches, merges (through the merge drivers of :mod:`dialectical_memory.storage.merge`, so a merge
never writes conflict markers), reconciles, checks what arrived for contradictions, commits and
pushes. Every step is a git command; a killed sync is finished or undone by the next one (see
``docs/sync.md``). Nothing here reads the environment: the CLI passes host name, limits and the
test-only stall point.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import stat
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..storage import merge
from ..core.errors import DialecticalMemoryError
from ..core.beliefs import SidecarDocument
from ..storage.paths import resolve_home
from ..storage import hermes_format
from ..storage.files import TARGET_FILES, TargetPaths, append_records, atomic_write, dumps_sidecar, read_records
from ..store.memory_store import MemoryStore

REMOTE = "origin"
DEFAULT_BRANCH = "main"
PUSH_ATTEMPTS = 5
STALE_INDEX_LOCK_AGE = 5.0  # seconds; git holds index.lock for far less
MERGE_MARKER = "dmem-sync-merging"  # in .git: names our commit while a merge writes the working tree
DRIVER_KINDS = ("md", "meta", "jsonl")

# What never leaves this device, by pattern (derived files beside a sidecar are dot files: an
# index, embeddings, verdicts, ``.MEMORY.*.json``/``.npz``). The allow-list below decides what is
# pushed; these patterns also refuse such a file arriving from a remote.
NEVER_SYNCED = (
    "*.lock", ".dashboard-secret", ".dmem-device", "*.tmp", "*.meta.journal",
    ".*.index.*", ".*.embeddings.*", ".*.json", ".*.jsonl", ".*.npz", "*.corrupt-*", "*.bak",
)  # fmt: skip
GITIGNORE = "# dialectical memory (dmem sync): what never leaves this device\n" + "\n".join(NEVER_SYNCED) + "\n"

# The files this product writes and syncs: nothing else is ever staged, whatever .gitignore says.
REPO_FILES = (".gitignore", ".gitattributes")
SYNCED_FILES = tuple(
    f"{stem}{suffix}" for stem in TARGET_FILES.values() for suffix in (".md", ".meta.json", ".history.jsonl", ".archive.jsonl")
) + REPO_FILES

GITATTRIBUTES = """\
# dialectical memory (dmem sync): merge entry by entry, never with conflict markers
MEMORY.md -text merge=dmem-md
USER.md -text merge=dmem-md
*.meta.json -text merge=dmem-meta
*.history.jsonl -text merge=dmem-jsonl
*.archive.jsonl -text merge=dmem-jsonl
"""

# .git/info/attributes outranks every .gitattributes a remote can commit: for every path, no
# encoding, filter, conversion, keyword or diff driver; the merge drivers for our files only.
PINNED_ATTRIBUTES = (
    "# dialectical memory (dmem sync): pinned here; a .gitattributes from a remote decides nothing\n"
    "* -text -eol -working-tree-encoding -filter -diff -merge -ident -export-subst\n"
    ".gitignore merge=union\n.gitattributes merge=union\n"
    + GITATTRIBUTES.split("\n", 1)[1]
)
CONFLICT_MARKER = re.compile(rb"^(?:<{7}|>{7}|\|{7})(?: |$)|^={7}$", re.MULTILINE)


class SyncError(DialecticalMemoryError):
    """A git step failed; the memory home is as it was before the sync (the message says why)."""


@dataclass
class TargetReport:
    arrived: list[str] = field(default_factory=list)  # texts
    left: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    conflicts: int = 0  # concurrent edits that became contradictions
    reverify: int = 0  # removed on one device, edited on another
    contradictions: int = 0  # found by the detector among what arrived
    usage: int = 0
    limit: int = 0


@dataclass
class SyncReport:
    host: str
    pushed: bool = False
    merged: bool = False
    recovered: list[str] = field(default_factory=list)
    targets: dict[str, TargetReport] = field(default_factory=dict)

    def lines(self) -> list[str]:
        out = [f"- {note}" for note in self.recovered]
        for target, report in self.targets.items():
            name = f"{TARGET_FILES[target]}.md"
            summary = (
                f"{name}: {len(report.arrived)} arrived, {len(report.changed)} changed, {len(report.left)} left, "
                f"{report.conflicts} concurrent edit(s) became contradictions"
            )
            out.append(summary)
            out += [f"  + {_short(text)}" for text in report.arrived]
            out += [f"  ~ {_short(text)}" for text in report.changed]
            out += [f"  - {_short(text)}" for text in report.left]
            if report.reverify:
                what = "entry" if report.reverify == 1 else "entries"
                out.append(f"  {report.reverify} {what} removed on one device and edited on another: kept, queued for re-verification")
            if report.contradictions:
                out.append(f"  {report.contradictions} new contradiction(s) found among what arrived")
            if report.limit and report.usage > report.limit:
                out.append(f"  warning: {name} is at {report.usage:,}/{report.limit:,} chars, over Hermes' limit; Hermes will refuse adds until entries are removed")
        out.append("pushed." if self.pushed else "nothing to push.")
        return out


def _short(text: str, width: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


# ---------------------------------------------------------------- git


def git(home: Path, *args: str, check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run ``git -C home ARGS``; a failure is a SyncError carrying git's own message."""
    try:
        done = subprocess.run(
            ["git", "-C", str(home), *SAFE_CONFIG, *args], capture_output=True, text=True,
            env={**os.environ, **(env or {}), "GIT_TERMINAL_PROMPT": "0"},
        )  # fmt: skip
    except FileNotFoundError as error:
        raise SyncError("git is not installed (dmem sync uses the git command line)") from error
    if check and done.returncode != 0:
        raise SyncError(f"git {_verb(args)} failed: {git_message(done)}")
    return done


# Settings given on every command: nothing a checkout writes is converted, and no symlink is made.
SAFE_CONFIG = ("-c", "core.symlinks=false", "-c", "core.autocrlf=false", "-c", "core.fsmonitor=false")


def _verb(args: tuple[str, ...]) -> str:
    return next((a for a in args if not a.startswith("-") and "=" not in a), args[0])


def git_message(done: subprocess.CompletedProcess) -> str:
    """Git's whole message (every line, in order), or its exit status when it said nothing."""
    lines = [line.strip() for line in (done.stderr or done.stdout or "").strip().splitlines() if line.strip()]
    return " / ".join(lines) if lines else f"exit status {done.returncode}"


def _out(home: Path, *args: str) -> str:
    return git(home, *args).stdout.strip()


def _ok(home: Path, *args: str) -> bool:
    return git(home, *args, check=False).returncode == 0


def is_repository(home: Path) -> bool:
    return (home / ".git").exists()


def driver_command(kind: str) -> str:
    """What git runs for a driver: this Python, so it works in a venv that is not on PATH."""
    return f"{shlex.quote(sys.executable)} -m dialectical_memory merge-driver --kind {kind} %O %A %B %P"


def install_drivers(home: Path) -> None:
    """Git does not clone merge-driver settings: every device installs its own (idempotent)."""
    for kind in DRIVER_KINDS:
        git(home, "config", f"merge.dmem-{kind}.name", f"dialectical memory ({kind}): merge entry by entry")
        git(home, "config", f"merge.dmem-{kind}.driver", driver_command(kind))
    info = home / ".git" / "info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "attributes").write_text(PINNED_ATTRIBUTES, encoding="utf-8")
    (info / "exclude").write_text(GITIGNORE, encoding="utf-8")


def _identity(home: Path, host: str) -> list[str]:
    """Commit as the configured user, else as ``dmem on HOST`` (a sync must not fail on this)."""
    name = git(home, "config", "user.name", check=False).stdout.strip()
    email = git(home, "config", "user.email", check=False).stdout.strip()
    flags = []
    if not name:
        flags += ["-c", f"user.name=dmem on {host}"]
    if not email:
        flags += ["-c", f"user.email=dmem@{host}"]
    return flags


def _commit(home: Path, host: str, message: str, allow_empty: bool = False) -> bool:
    """Commit the files this product syncs (and only those: the allow-list, not .gitignore, decides)."""
    _check_regular_files(home)
    tracked = set(git(home, "ls-files", "-z").stdout.split("\0"))
    present = [name for name in SYNCED_FILES if (home / name).exists() or name in tracked]
    if present:
        git(home, "add", "-A", "-f", "--", *(f":(literal){name}" for name in present))
    merging = (home / ".git" / "MERGE_HEAD").exists()
    if not merging and not allow_empty and _ok(home, "diff", "--cached", "--quiet"):
        return False
    git(home, *_identity(home, host), "commit", "-q", "--no-verify", "-m", message)
    return True


def _check_regular_files(home: Path) -> None:
    """The files sync commits must be regular files inside the home: a symlink is never followed."""
    for name in SYNCED_FILES:
        try:
            mode = os.lstat(home / name).st_mode
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(mode):
            kind = "a symlink" if stat.S_ISLNK(mode) else "not a regular file"
            raise SyncError(f"{home / name} is {kind}; dmem sync reads and writes only regular files in the home. Nothing was synced")


def _check_state(home: Path) -> None:
    """Refuse a home that git has left in the middle of something a sync did not start."""
    dot_git = home / ".git"
    ours = (dot_git / MERGE_MARKER).exists()  # a sync of ours was cut short: _recover finishes it
    doing = [what for name, what in (
        ("rebase-merge", "a rebase"), ("rebase-apply", "a rebase (or git am)"), ("CHERRY_PICK_HEAD", "a cherry-pick"),
        ("REVERT_HEAD", "a revert"), ("BISECT_LOG", "a bisect"),
    ) if (dot_git / name).exists()]  # fmt: skip
    if (dot_git / "MERGE_HEAD").exists() and not ours:
        doing.append("a merge that dmem sync did not start (finish it with git commit, or git merge --abort)")
    if doing:
        raise SyncError(f"{home}: {doing[0]} is in progress; finish or abort it first. Nothing was synced")
    if _has_commits(home) and not git(home, "symbolic-ref", "-q", "HEAD", check=False).stdout.strip():
        raise SyncError(f"{home}: HEAD is detached (not on a branch); git switch {DEFAULT_BRANCH} first. Nothing was synced")
    unmerged = sorted(set(line.split("\t", 1)[-1] for line in _out(home, "ls-files", "-u").splitlines()))
    if unmerged and not ours:
        raise SyncError(f"{home}: unmerged paths {', '.join(unmerged)}; resolve them (git add) or git merge --abort first. Nothing was synced")


def _check_remote(home: Path, remote: str, local: str | None) -> None:
    """What the remote's commit may bring: only the files this product syncs, each a regular file,
    no ``.md`` holding a conflict marker. A file outside the list that we already track unchanged
    is tolerated (an older version committed whatever was in the home)."""
    ours = _tree(home, local) if local else {}
    for path, (mode, blob) in _tree(home, remote).items():
        if mode == "120000":
            raise SyncError(f"the remote makes {path} a symlink; dmem sync never follows one. Nothing was synced")
        if mode not in ("100644", "100755"):
            raise SyncError(f"the remote holds {path} as something other than a file (mode {mode}). Nothing was synced")
        if path not in SYNCED_FILES and ours.get(path) != (mode, blob):
            never = any(fnmatch.fnmatchcase(Path(path).name, pattern) for pattern in NEVER_SYNCED)
            what = "a file that never leaves a device" if never else "a file dmem sync does not sync"
            raise SyncError(f"the remote brings {path}, {what}; remove it there. Nothing was synced")
        if path.endswith(".md") and ours.get(path) != (mode, blob):
            if CONFLICT_MARKER.search(_blob(home, remote, path)):
                raise SyncError(f"the remote's {path} holds a conflict marker (<<<<<<<, =======, >>>>>>>); resolve it there. Nothing was synced")


def _tree(home: Path, commit: str) -> dict[str, tuple[str, str]]:
    listing = git(home, "ls-tree", "-r", "-z", "--full-tree", commit).stdout
    tree = {}
    for record in filter(None, listing.split("\0")):
        info, path = record.split("\t", 1)
        mode, _kind, blob = info.split()
        tree[path] = (mode, blob)
    return tree


def _branch(home: Path) -> str:
    return git(home, "symbolic-ref", "--short", "HEAD", check=False).stdout.strip() or DEFAULT_BRANCH


def _has_commits(home: Path) -> bool:
    return _ok(home, "rev-parse", "--verify", "-q", "HEAD")


def _remote_head(home: Path, branch: str) -> str | None:
    done = git(home, "rev-parse", "--verify", "-q", f"refs/remotes/{REMOTE}/{branch}", check=False)
    return done.stdout.strip() or None


# ---------------------------------------------------------------- locks


@contextmanager
def home_locks(store: MemoryStore):
    """Every target's locks, the store's lock files then Hermes' ``MEMORY.md.lock`` /
    ``USER.md.lock`` (``MemoryStore.exclusive``): agents, the dashboard and Hermes wait for the
    sync, while this store's own calls inside the block proceed."""
    with store.exclusive():
        yield


# ---------------------------------------------------------------- init / join


def _write_repo_files(home: Path) -> None:
    for name, content in ((".gitignore", GITIGNORE), (".gitattributes", GITATTRIBUTES)):
        path = home / name
        existing = path.read_text(encoding="utf-8") if path.exists() else ""
        missing = [line for line in content.splitlines() if line and line not in existing.splitlines()]
        if missing:
            path.write_text(existing + ("\n" if existing and not existing.endswith("\n") else "") + "\n".join(missing) + "\n", encoding="utf-8")


def init(home, remote: str, *, host: str, limits: dict | None = None) -> str:
    """``dmem sync init REMOTE``: make the home a repository, commit it and push it to an empty remote."""
    home = resolve_home(home)
    if is_repository(home):
        raise SyncError(f"{home} is already a git repository; run `dmem sync` (or `dmem sync status`)")
    store = MemoryStore(home, **(limits or {}))
    with home_locks(store):
        with _undone_on_failure(home):
            git(home, "init", "-q", "-b", DEFAULT_BRANCH)
            git(home, "remote", "add", REMOTE, remote)
            install_drivers(home)
            if git(home, "ls-remote", "--heads", REMOTE, check=False).stdout.strip():
                raise SyncError(f"{remote} already holds a memory; use `dmem sync join {remote}` on this device")
            _write_repo_files(home)
            _fold(store)
            _commit(home, host, f"dmem sync init from {host}", allow_empty=True)
        done = git(home, "push", "-q", "-u", REMOTE, f"HEAD:{DEFAULT_BRANCH}", check=False)
        if done.returncode != 0:
            raise SyncError(f"committed here, but could not push to {remote} ({git_message(done)}); run `dmem sync` once it is reachable")
    return _out(home, "rev-parse", "--short", "HEAD")


@contextmanager
def _undone_on_failure(home: Path):
    """A refused init or join leaves no half-made repository behind (the memory files are untouched)."""
    try:
        yield
    except BaseException:
        shutil.rmtree(home / ".git", ignore_errors=True)
        raise


def join(home, remote: str, *, host: str, limits: dict | None = None, stall_at: str | None = None) -> SyncReport:
    """``dmem sync join REMOTE``: clone into an empty home, or merge the remote into an existing one."""
    home = resolve_home(home)
    if is_repository(home):
        raise SyncError(f"{home} is already a git repository; run `dmem sync`")
    home.mkdir(parents=True, exist_ok=True)
    with _undone_on_failure(home):
        git(home, "init", "-q", "-b", DEFAULT_BRANCH)
        git(home, "remote", "add", REMOTE, remote)
        install_drivers(home)
        git(home, "fetch", "-q", REMOTE)
        branch = _remote_default_branch(home)
        if branch != DEFAULT_BRANCH:
            git(home, "symbolic-ref", "HEAD", f"refs/heads/{branch}")
    return sync(home, host=host, limits=limits, stall_at=stall_at)


def _remote_default_branch(home: Path) -> str:
    heads = git(home, "ls-remote", "--symref", REMOTE, "HEAD", check=False).stdout
    for line in heads.splitlines():
        if line.startswith("ref: refs/heads/"):
            return line.split()[1].removeprefix("refs/heads/")
    branches = _out(home, "for-each-ref", "--format=%(refname:short)", f"refs/remotes/{REMOTE}").split()
    if f"{REMOTE}/{DEFAULT_BRANCH}" in branches or not branches:
        return DEFAULT_BRANCH
    return branches[0].removeprefix(f"{REMOTE}/")


# ---------------------------------------------------------------- sync


def _fold(store: MemoryStore) -> None:
    """Journal into sidecar, reconcile hand edits: the files git commits describe each other."""
    for target in TARGET_FILES:
        if store.paths(target).md.exists() or store.paths(target).sidecar.exists():
            store.compact(target)


def _snapshot(store: MemoryStore) -> dict[str, dict]:
    snap = {}
    for target in TARGET_FILES:
        entries = {e.entry_id: e.meta for e in store.entries(target)}
        edges = {e["edge_id"] for e in store.get_contradictions(target, include_resolved=True)}
        snap[target] = {"entries": {i: (m.text, m.status.value) for i, m in entries.items()}, "edges": edges}
    return snap


def _recover(home: Path, report: SyncReport) -> None:
    """Finish or undo what a killed sync left: a stale index lock, a merge in the working tree.

    A merge that git completed (``MERGE_HEAD`` and nothing unmerged) is finished. A merge or
    fast-forward cut short (the marker names our commit, ``HEAD`` is still there) may have written
    only some files: they are saved under ``refs/dmem/interrupted/…`` and the home returns to our
    commit, from which the merge is redone.
    """
    index_lock = home / ".git" / "index.lock"
    while (age := _age(index_lock)) is not None and age < STALE_INDEX_LOCK_AGE:
        time.sleep(0.1)  # a git that outlived a killed sync may still be finishing
    if _age(index_lock) is not None:
        index_lock.unlink(missing_ok=True)
        report.recovered.append("removed a stale .git/index.lock left by an interrupted git command")
    marker = home / ".git" / MERGE_MARKER
    local = marker.read_text(encoding="utf-8").strip() if marker.exists() else None
    merging = (home / ".git" / "MERGE_HEAD").exists()
    if merging and not _out(home, "diff", "--name-only", "--diff-filter=U"):
        report.recovered.append("finished a merge that an interrupted sync had left uncommitted")
    elif merging or (local and _out(home, "rev-parse", "HEAD") == local and _dirty(home)):
        saved = git(home, "stash", "create", check=False).stdout.strip()
        if saved:
            ref = f"refs/dmem/interrupted/{int(time.time())}"
            git(home, "update-ref", ref, saved)
            report.recovered.append(f"an interrupted merge left files half-written; saved them as {ref}")
        if merging:
            git(home, "merge", "--abort", check=False)
        git(home, "reset", "-q", "--hard", local or "HEAD")
        report.recovered.append("undid the interrupted merge (it is redone now)")
    elif local == "" and _has_commits(home):  # a join cut short while checking out the remote
        missing = _out(home, "ls-files", "--deleted").splitlines()
        if missing:
            git(home, "checkout", "-q", "--", *missing)
            report.recovered.append(f"finished checking out {len(missing)} file(s) of an interrupted join")
    marker.unlink(missing_ok=True)


def _age(path: Path) -> float | None:
    try:
        return time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return None


def _dirty(home: Path) -> bool:
    return bool(_out(home, "status", "--porcelain", "--untracked-files=no"))


def _stall(stall_at: str | None, step: str) -> None:
    """Test hook for the kill -9 tests: pause at a named step so the test can kill us there."""
    if stall_at == step:
        print(f"dmem sync: stalled at {step}", flush=True)
        time.sleep(3600)


def sync(home, *, host: str, limits: dict | None = None, stall_at: str | None = None) -> SyncReport:
    """``dmem sync``: commit here, merge what the remote has, push; under every lock of the home."""
    home = resolve_home(home)
    if not is_repository(home):
        raise SyncError(f"{home} is not synced yet; run `dmem sync init REMOTE` or `dmem sync join REMOTE`")
    if not git(home, "remote", "get-url", REMOTE, check=False).stdout.strip():
        raise SyncError(f"{home} has no remote {REMOTE!r}; add one with git remote add")
    install_drivers(home)
    _check_regular_files(home)
    store = MemoryStore(home, **(limits or {}))
    report = SyncReport(host=host)
    with home_locks(store):
        _check_state(home)
        _recover(home, report)
        if (home / ".git" / "MERGE_HEAD").exists():
            _arrivals(store, _out(home, "rev-parse", "HEAD"))
            _commit(home, host, f"dmem sync from {host}")
        _fold(store)
        before = _snapshot(store)
        _commit(home, host, f"dmem sync from {host}")
        _stall(stall_at, "committed")
        branch = _branch(home)
        local = _out(home, "rev-parse", "HEAD") if _has_commits(home) else None
        for _attempt in range(PUSH_ATTEMPTS):
            git(home, "fetch", "-q", REMOTE)
            remote = _remote_head(home, branch)
            if remote and remote != local:
                report.merged |= _merge(home, store, host, local, remote, stall_at)
            _stall(stall_at, "merged")
            head = _out(home, "rev-parse", "HEAD") if _has_commits(home) else None
            if head is None or remote == head:
                break  # nothing of ours to push
            if _ok(home, "push", "-q", "-u", REMOTE, f"HEAD:{branch}"):
                report.pushed = True
                break
            if local:  # someone pushed meanwhile: start again from our own commit
                atomic_write(home / ".git" / MERGE_MARKER, local.encode())
                git(home, "reset", "-q", "--hard", local)
                (home / ".git" / MERGE_MARKER).unlink()
        else:
            raise SyncError(f"the remote kept moving; gave up after {PUSH_ATTEMPTS} attempts (nothing is lost: run dmem sync again)")
        _describe(store, before, report)
    return report


def _merge(home: Path, store: MemoryStore, host: str, local: str | None, remote: str, stall_at) -> bool:
    """Bring ``remote`` in: check out, fast-forward or merge; reconcile; check arrivals; commit."""
    if local is not None and _ok(home, "merge-base", "--is-ancestor", remote, local):
        return False
    _check_remote(home, remote, local)
    marker = home / ".git" / MERGE_MARKER
    atomic_write(marker, (local or "").encode())
    if local is None:
        _adopt_remote(home, remote)
    elif _ok(home, "merge-base", "--is-ancestor", local, remote):
        git(home, "merge", "-q", "--ff-only", remote)
    else:
        # unrelated histories: a home that joined with memories of its own (the drivers need no base)
        done = git(home, *_identity(home, host), "merge", "-q", "--no-ff", "--no-commit", "--allow-unrelated-histories", remote, check=False)
        unmerged = _out(home, "diff", "--name-only", "--diff-filter=U")
        if done.returncode != 0 or unmerged:
            if (home / ".git" / "MERGE_HEAD").exists():
                git(home, "merge", "--abort")
            problem = (done.stderr or done.stdout).strip().splitlines()
            raise SyncError(
                f"could not merge {unmerged.split() or ''} from the remote ({problem[-1] if problem else 'git merge failed'}); "
                "the home is as it was"
            )
    _stall(stall_at, "merging")
    if local is not None:
        _keep_what_left(home, local, store.now())
    _arrivals(store, local)
    _commit(home, host, f"dmem sync from {host}")
    marker.unlink(missing_ok=True)
    return True


def _keep_what_left(home: Path, local: str, now: float) -> None:
    """Nothing is lost to a remote: a record of our history or archive that the merge dropped
    (a remote that rewrote the file, taken whole by a fast-forward) is put back, and an entry that
    left both the ``.md`` and the sidecar without an archive record (a plain ``git commit``) is
    archived with its metadata."""
    for stem in TARGET_FILES.values():
        for suffix in (".history.jsonl", ".archive.jsonl"):
            _put_back_lines(home / f"{stem}{suffix}", _blob(home, local, f"{stem}{suffix}"))
        archive_path = home / f"{stem}.archive.jsonl"
        records, _warnings = read_records(archive_path)
        archived = {r["meta"].get("entry_id") for r in records if isinstance(r.get("meta"), dict)}
        now_meta = merge.parse_sidecar(_read(home / f"{stem}.meta.json")).entries
        now_texts = set(hermes_format.loads(_read(home / f"{stem}.md").decode("utf-8", "replace")))
        ours = merge.parse_sidecar(_blob(home, local, f"{stem}.meta.json")).entries
        vanished = [meta for entry_id, meta in ours.items()
                    if entry_id not in now_meta and entry_id not in archived and meta.text not in now_texts]  # fmt: skip
        if vanished:
            reason = "removed on another device without an archive record (dmem sync kept it here)"
            append_records(archive_path, [
                {"op": "archive", "at": now, "actor": "sync", "reason": reason, "meta": meta.to_dict()} for meta in vanished
            ])  # fmt: skip


def _put_back_lines(path: Path, ours: bytes) -> None:
    now = _read(path)
    present = set(now.splitlines())
    missing = [line for line in ours.splitlines() if line.strip() and line not in present]
    if missing:
        atomic_write(path, now + (b"\n" if now and not now.endswith(b"\n") else b"") + b"\n".join(missing) + b"\n")


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""


def _adopt_remote(home: Path, remote: str) -> None:
    """An empty home joins: its branch starts at the remote's (untracked files are kept)."""
    git(home, "reset", "-q", remote)
    git(home, "checkout", "-q", "--", ".")


def _arrivals(store: MemoryStore, local: str | None) -> None:
    """Reconcile what git wrote, then run the contradiction check on every entry that arrived."""
    home = store.home
    store.load_from_disk()
    for target in TARGET_FILES:
        paths = TargetPaths(home, target)
        ours = _blob(home, local, paths.sidecar.name) if local else b""
        known = merge.parse_sidecar(ours).entries if ours else {}
        arrived = [e.entry_id for e in store.entries(target) if e.entry_id not in known or known[e.entry_id].text != e.text]
        store.check_arrived(target, arrived)


def _blob(home: Path, commit: str, name: str) -> bytes:
    done = subprocess.run(["git", "-C", str(home), "show", f"{commit}:{name}"], capture_output=True)
    return done.stdout if done.returncode == 0 else b""


def _describe(store: MemoryStore, before: dict, report: SyncReport) -> None:
    after = _snapshot(store)
    for target in TARGET_FILES:
        was, now = before[target]["entries"], after[target]["entries"]
        edges = {e["edge_id"]: e for e in store.get_contradictions(target, include_resolved=True)}
        new_edges = [edges[i] for i in after[target]["edges"] - before[target]["edges"]]
        usage = store.counts(target)["usage_chars"]
        report.targets[target] = TargetReport(
            arrived=[text for i, (text, _s) in now.items() if i not in was],
            left=[text for i, (text, _s) in was.items() if i not in now],
            changed=[text for i, (text, _s) in now.items() if i in was and was[i][0] != text],
            conflicts=sum(1 for e in new_edges if e["reason"] == merge.CONFLICT_REASON),
            reverify=sum(1 for i, (_t, s) in now.items() if s == "decayed" and (i not in was or was[i][1] != "decayed")),
            contradictions=sum(1 for e in new_edges if e["reason"] != merge.CONFLICT_REASON),
            usage=usage,
            limit=store.limits[target],
        )


# ---------------------------------------------------------------- status


def status(home, *, fetch: bool = False) -> list[str]:
    """``dmem sync status``: remote, last sync, what is waiting to go out or come in."""
    home = resolve_home(home)
    if not is_repository(home):
        return [f"{home} is not synced (dmem sync init REMOTE, or dmem sync join REMOTE)"]
    lines = [f"home:    {home}", f"remote:  {git(home, 'remote', 'get-url', REMOTE, check=False).stdout.strip() or '(none)'}"]
    branch = _branch(home)
    if fetch:
        git(home, "fetch", "-q", REMOTE, check=False)
    if _has_commits(home):
        lines.append(f"last commit: {_out(home, 'log', '-1', '--format=%cd  %s', '--date=iso')}")
    remote = _remote_head(home, branch)
    if remote and _has_commits(home):
        ahead, behind = _out(home, "rev-list", "--left-right", "--count", f"HEAD...{remote}").split()
        lines.append(f"branch:  {branch}: {ahead} commit(s) to push, {behind} to merge (as of the last fetch)")
    changed = [line[3:] for line in _out(home, "status", "--porcelain").splitlines()]
    journals = [p.name for p in home.glob("*.meta.journal") if p.stat().st_size]
    lines.append(f"local changes: {', '.join(changed + journals) if changed or journals else 'none'}")
    missing = [k for k in DRIVER_KINDS if git(home, "config", f"merge.dmem-{k}.driver", check=False).stdout.strip() != driver_command(k)]
    lines.append("merge drivers: " + ("installed" if not missing else f"missing {', '.join(missing)} (dmem sync installs them)"))
    if (home / ".git" / "MERGE_HEAD").exists():
        lines.append("an interrupted sync left a merge; the next `dmem sync` finishes or redoes it")
    return lines


# ---------------------------------------------------------------- merge driver


def run_driver(kind: str, base: str, ours: str, theirs: str, path: str) -> int:
    """What git runs: merge the three versions into ``ours`` (the %A file). Exit 1 writes nothing."""
    base_b, ours_b, theirs_b = (Path(p).read_bytes() for p in (base, ours, theirs))
    if kind == "md":
        merged = merge.merge_md(base_b, ours_b, theirs_b, _sidecars_for(path, base_b, ours_b, theirs_b))
    elif kind == "meta":
        merged = dumps_sidecar(merge.merge_sidecars(base_b, ours_b, theirs_b).document)
    elif kind == "jsonl":
        merged = merge.merge_jsonl(base_b, ours_b, theirs_b)
    else:
        raise ValueError(f"unknown merge-driver kind {kind!r}")
    atomic_write(Path(ours), merged, sync_dir=False)
    return 0


def _sidecars_for(path: str, *blobs: bytes) -> tuple[SidecarDocument, ...] | None:
    """Sidecars of the three commits being merged, when git's blobs prove these are the commits:
    ours is HEAD, theirs the ``GITHEAD_<sha>`` git sets, base their merge base."""
    theirs = [key.removeprefix("GITHEAD_") for key in os.environ if key.startswith("GITHEAD_")]
    if len(theirs) != 1:
        return None
    cwd = Path.cwd()
    done = subprocess.run(["git", "merge-base", "--all", "HEAD", theirs[0]], capture_output=True, text=True, cwd=cwd)
    bases = done.stdout.split()
    commits = [bases[0] if len(bases) == 1 else None, "HEAD", theirs[0]]
    sidecar = str(Path(path).with_name(Path(path).name.removesuffix(".md") + ".meta.json"))
    docs = []
    for commit, blob in zip(commits, blobs):
        if commit is None or _blob(cwd, commit, path) != blob:
            if commit is not None or blob:
                return None
            docs.append(SidecarDocument())  # no common ancestor: both sides added the file
            continue
        docs.append(merge.parse_sidecar(_blob(cwd, commit, sidecar)))
    return tuple(docs)
