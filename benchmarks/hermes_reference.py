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


# ---------------------------------------------------------------- the real Hermes, in its own venv

# Run by the Hermes venv's python with HERMES_HOME set: its memory tool's own ``MemoryStore.add``
# (scan, lock, re-read, append, temp + fsync + replace), timed in that process. Each line on stdin,
# ``<count> <prefix>``, asks for ``count`` adds; each add is followed by an untimed ``remove`` of the
# same text, so the home stays at its size. Answers one JSON line: seconds per add (wall and CPU: the
# CPU time of the process, which a loaded machine inflates far less), fsyncs per add.
# Its second argument, ``no-fsync``, makes every fsync a no-op (counted all the same).
HERMES_DRIVER = r"""
import json, os, sys, time
from tools.memory_tool import MemoryStore, get_memory_dir
assert str(get_memory_dir()) == sys.argv[1], (get_memory_dir(), sys.argv[1])
store = MemoryStore(memory_char_limit=10**9, user_char_limit=10**9)
store.load_from_disk()
real_fsync, fsyncs = (os.fsync if sys.argv[2] == "fsync" else (lambda fd: None)), [0]
def counting_fsync(fd):
    fsyncs[0] += 1
    real_fsync(fd)
print("ready", flush=True)
serial = 0
for line in sys.stdin:
    count, prefix = line.split(" ", 1)
    samples, cpu = [], []
    os.fsync = counting_fsync
    fsyncs[0] = 0
    for _ in range(int(count)):
        serial += 1
        text = f"{prefix.strip()} {serial} today"
        start, start_cpu = time.perf_counter(), time.process_time()
        result = store.add("memory", text)
        samples.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert result["success"], result
        os.fsync = real_fsync
        store.remove("memory", text)
        os.fsync = counting_fsync
    os.fsync = real_fsync
    print(json.dumps({"samples": samples, "cpu": cpu, "fsyncs": fsyncs[0] / max(1, int(count))}), flush=True)
"""


class RealHermes:
    """hermes-agent 0.19.0's memory tool in a process of its own, on ``memories/`` of ``hermes_home``."""

    def __init__(self, python: Path, hermes_home: Path, *, fsync: bool = True):
        import subprocess

        env = {**os.environ, "HERMES_HOME": str(hermes_home), "PYTHONPATH": ""}
        self.process = subprocess.Popen(
            [str(python), "-c", HERMES_DRIVER, str(hermes_home / "memories"), "fsync" if fsync else "no-fsync"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit("the Hermes driver did not start")

    def adds(self, count: int, prefix: str) -> tuple[list[float], float, list[float]]:
        """``count`` timed adds; their seconds, the fsyncs per add, their CPU seconds."""
        import json

        self.process.stdin.write(f"{count} {prefix}\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return answer["samples"], answer["fsyncs"], answer["cpu"]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)
