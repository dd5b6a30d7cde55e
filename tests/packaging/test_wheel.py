"""The wheel a user installs works away from the checkout: `pip install 'dist/dialectical_memory-0.1.0-py3-none-any.whl[web]'`.

Builds the wheel from a copy of the source tree, installs it with the web extra into a fresh venv,
then runs `dmem demo` and `dmem serve` from another folder and fetches pages, CSS and htmx.
Dependency wheels are cached in ``.cache/wheel-test/`` (keyed by the wheel's requirements), so
after the first run the install needs no network; the venv itself is always new.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "wheel-test"
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", ".cache", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
    ".hypothesis", "test-artifacts", ".demo-home", "benchmarks",
)  # fmt: skip
PAGES = ("/memory/", "/memory/entries/", "/memory/contradictions/", "/memory/reverify/", "/memory/promotions/",
         "/memory/archive", "/memory/history", "/user/")  # fmt: skip


def run(*args, cwd=None, env=None, timeout=300) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(map(str, args))} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the source (the checkout gets no build/ or egg-info)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE, symlinks=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", work / "dist", source)
    (built,) = (work / "dist").glob("dialectical_memory-*.whl")
    return built


def requirements(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = archive.read(name).decode("utf-8")
    return sorted(line for line in metadata.splitlines() if line.startswith("Requires-Dist:"))


def wheelhouse(wheel: Path) -> Path:
    """Wheels of every dependency of ``wheel[web]``, downloaded once per set of requirements."""
    key = hashlib.sha256("\n".join(requirements(wheel)).encode()).hexdigest()[:16]
    house = CACHE / f"wheelhouse-{key}"
    if not (house / ".complete").exists():
        shutil.rmtree(house, ignore_errors=True)
        run(sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--dest", house, f"{wheel}[web]")
        for own in house.glob("dialectical_memory-*.whl"):
            own.unlink()
        (house / ".complete").touch()
    return house


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel and its web extra; returns its bin/ folder."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    run(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet", "--no-index",
        "--find-links", wheelhouse(wheel), f"{wheel}[web]")  # fmt: skip
    return venv / "bin"


@pytest.fixture
def elsewhere(tmp_path) -> tuple[Path, dict]:
    """A folder far from the checkout and an environment without the project on any path."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    return folder, env


def test_the_wheel_holds_one_package_with_the_dashboard_inside(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top_level = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert top_level == {"dialectical_memory"}, "no generic top-level `webapp` package"
    expected = {f"dialectical_memory/web/{p.relative_to(ROOT).as_posix()}" for d in ("templates", "static")
                for p in (ROOT / d).rglob("*") if p.is_file()}  # fmt: skip
    assert expected <= set(names), sorted(expected - set(names))
    assert "dialectical_memory/web/__init__.py" in names and "dialectical_memory/web/server.py" in names
    assert not [n for n in names if "devdata" in n or n.endswith(".jsonl")], "test data stays in tests/, out of the wheel"
    detection = ROOT / "dialectical_memory" / "detection"
    tables = {f"dialectical_memory/detection/{p.relative_to(detection).as_posix()}" for p in detection.rglob("*")
              if p.suffix in (".tsv", ".json")}  # fmt: skip
    assert len(tables) >= 5 and tables <= set(names), sorted(tables - set(names))
    assert {"dialectical_memory/detection/lang/en/language.json", "dialectical_memory/detection/lang/zh/language.json"} <= tables
    assert not [n for n in names if "/tests/" in n or n.endswith(".pyc")]
    # What the bounds guard: no model, dataset or test data slips into the package (e5-small alone is
    # tens of MB). The tables are held apart (533 KB compressed at this writing), so code may grow
    # with features while the data may not grow unseen. The code had one bound with the tables, the
    # whole wheel < 1.26 MB, until the lazy entries, the packed index file and the judge's fuller-side
    # answer took it 1.6 KB past: the code (modules, templates, static files, compressed) now has its
    # own bound, 682 KB at this writing, and the tables keep theirs. The wheel's own metadata (the
    # README as its description, the list of files) is neither: counted as code, every paragraph of
    # the README took room from the modules (22 KB of the 700 when it was left out).
    infos = [info for info in zipfile.ZipFile(wheel).infolist() if ".dist-info/" not in info.filename]
    tables = sum(info.compress_size for info in infos if info.filename.endswith((".tsv", ".json")))
    # The tables' bound was 560 KB until the programs of the package's patterns joined them
    # (core/pattern_code.json, 158 KB compressed: a process builds its patterns from them instead of
    # compiling them, and a warm-up's compiles went from ~90 ms to ~3): 707 KB at this writing.
    assert tables < 730_000, tables
    code = sum(info.compress_size for info in infos if not info.filename.endswith((".tsv", ".json")))
    assert code < 720_000, code  # 700 KB until core/regex_code.py took it past (702 KB at this writing)
    assert not any("jinja2-fragments" in line for line in requirements(wheel))


def test_the_installed_wheel_serves_the_demo_from_another_folder(installed, elsewhere):
    folder, env = elsewhere
    dmem = installed / "dmem"
    run(dmem, "demo", "demo-home", cwd=folder, env=env)
    assert (folder / "demo-home" / "MEMORY.md").is_file()
    command = [dmem, "--home", "demo-home", "serve", "--port", "0"]
    with subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) as server:
        try:
            port = _announced_port(server)
            for path in PAGES:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
                    html = response.read().decode("utf-8")
                    assert response.status == 200 and "<html" in html, path
                    assert response.headers["Content-Security-Policy"], path
            css_link = re.search(r'href="(/static/dashboard\.css[^"]*)"', html).group(1)
            for path in (css_link, "/static/vendor/htmx-2.0.11.min.js"):
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
                    body = response.read()
                    assert response.status == 200 and len(body) > 1000, path
        finally:
            server.terminate()
            server.wait(timeout=10)


def _announced_port(server: subprocess.Popen) -> int:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = server.stderr.readline()
        if not line and server.poll() is not None:
            raise AssertionError(f"dmem serve exited: {server.stderr.read()}")
        if match := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
            return int(match.group(1))
    raise AssertionError("dmem serve never announced its address")


def test_the_installed_wheel_has_no_top_level_webapp(installed, elsewhere):
    folder, env = elsewhere
    result = subprocess.run([installed / "python", "-c", "import webapp"], cwd=folder, env=env, capture_output=True)
    assert result.returncode != 0
    run(installed / "python", "-c", "import dialectical_memory.web", cwd=folder, env=env)


def test_eval_detector_scores_the_users_own_pairs_outside_the_checkout(installed, elsewhere):
    folder, env = elsewhere
    pairs = folder / "my_pairs.jsonl"
    pairs.write_text(json.dumps({"a": "User lives in Berlin.", "b": "User lives in Paris.", "label": "contradiction", "type": "value", "lang": "en"}) + "\n",
                     encoding="utf-8")
    out = run(installed / "dmem", "eval-detector", str(pairs), cwd=folder, env=env).stdout
    assert next(line for line in out.splitlines() if line.startswith("overall"))
    refused = subprocess.run([installed / "dmem", "eval-detector"], cwd=folder, env=env, capture_output=True, text=True)
    assert refused.returncode == 2 and "file" in refused.stderr  # no bundled default: the wheel carries no test data


def test_the_installed_wheel_reads_its_bundled_tables(installed, elsewhere):
    """那不勒斯 is Naples and not Milan only through gazetteer.tsv, and transparent is opposed to opaque
    only through wordnet_axes.tsv: data the wheel must carry."""
    folder, env = elsewhere
    script = ("from dialectical_memory.detection import RuleDetector; d = RuleDetector(); "
              "print(d.compare('用户住在那不勒斯。', 'User lives in Milan.').label.value, "
              "d.compare('用户住在那不勒斯。', 'User lives in Naples.').label.value, "
              "d.compare('The garden pond is transparent.', 'The garden pond is opaque.').label.value, "
              "d.compare('ユーザーは肉を食べない', 'ユーザーは牛肉を食べる').label.value)")
    out = run(installed / "python", "-c", script, cwd=folder, env=env).stdout.split()
    assert out == ["contradiction", "compatible", "contradiction", "unread"]  # the last: lang/*/language.json


def test_the_installed_wheel_builds_its_patterns_from_the_program_table(installed, elsewhere):
    """core/pattern_code.json travels in the wheel and is read there: a warm-up compiles ~9
    patterns instead of ~220 (tests/core/test_regex_code.py; this Python is the one it names)."""
    folder, env = elsewhere
    script = ("import re._compiler as c; from dialectical_memory import MemoryStore; made = []; real = c.compile; "
              "c.compile = lambda p, f=0: made.append(p) or real(p, f); "
              "from dialectical_memory.store import warm_up; warm_up.prepare(); print(len(made))")
    assert int(run(installed / "python", "-c", script, cwd=folder, env=env).stdout.split()[-1]) < 20


def test_serve_without_its_templates_fails_with_one_clear_line(installed, elsewhere):
    folder, env = elsewhere
    site = Path(run(installed / "python", "-c", "import dialectical_memory.web as w; print(w.__file__)",
                    cwd=folder, env=env).stdout.strip()).parent  # fmt: skip
    overview = site / "templates" / "overview.html"
    saved = overview.read_bytes()
    overview.unlink()
    try:
        result = subprocess.run([installed / "dmem", "--home", "h", "--create", "serve", "--port", "0"], cwd=folder,
                                env=env, capture_output=True, text=True, timeout=30)  # fmt: skip
    finally:
        overview.write_bytes(saved)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "templates are missing" in result.stderr, result.stderr
    assert "Dashboard of" not in result.stderr
    assert os.path.exists(overview)
