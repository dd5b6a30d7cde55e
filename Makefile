# Two commands matter: `make test` (installs everything, runs the whole suite) and `make run` / `make demo`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
DMEM := $(VENV)/bin/dmem
PORT ?= 5000
DEMO_HOME ?= .demo-home
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The real Hermes agent, pinned, in a venv of its own: it installs top-level modules named
# agent, tools, plugins, utils and cli, which must never shadow anything in the project's venv.
HERMES_VERSION := 0.19.0
HERMES_VENV ?= .cache/hermes-agent-$(HERMES_VERSION)
export DMEM_HERMES_PYTHON := $(abspath $(HERMES_VENV))/bin/python

.PHONY: install install-web browser hermes test test-fast run demo bench bench-life wheel clean

# Everything, for the tests; `make run` / `make demo` need only the dashboard's extra.
install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m compileall -q dialectical_memory webapp >/dev/null  # bytecode, as pip writes for a wheel
	touch $@ $(VENV)/.installed-web

install-web: $(VENV)/.installed-web

$(VENV)/.installed-web: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[web]'
	touch $@

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here) with a CJK font;
# wordnet-base is the source the bundled antonym table is checked against (tools/make_antonyms.py).
browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s fonts-wqy-microhei >/dev/null 2>&1 || ! dpkg -s wordnet-base >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium fonts-wqy-microhei wordnet-base; \
	fi

hermes: $(HERMES_VENV)/.installed

$(HERMES_VENV)/.installed:
	$(PYTHON) -m venv $(HERMES_VENV)
	$(HERMES_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(HERMES_VENV)/bin/python -m pip install --quiet 'hermes-agent==$(HERMES_VERSION)'
	touch $@

test: install browser hermes
	DMEM_REQUIRE_BROWSER=1 DMEM_REQUIRE_HERMES=1 DMEM_REQUIRE_MCP=1 DMEM_REQUIRE_WORDNET=1 $(PY) -m pytest

test-fast: install
	$(PY) -m pytest -m "not browser and not slow"

run: install-web
	$(DMEM) serve --port $(PORT)

# Served with Hermes' limits: the demo's USER.md is near them, so the overview shows make-room.
demo: install-web
	$(DMEM) demo $(DEMO_HOME) --force
	$(DMEM) --home $(DEMO_HOME) serve --port $(PORT) --memory-char-limit 2200 --user-char-limit 1375

# make bench BENCH_ARGS='--sizes 1000,10000 --repeat 11'; the 100,000-entry home (minutes): BENCH_ARGS='--scale 100000'
BENCH_ARGS ?=
bench: install  # beside the real Hermes: make bench HERMES_VENV=/path/to/hermes-agent-0.19.0
	$(PY) benchmarks/run.py $(BENCH_ARGS)
	@if [ -d $(LIFE_DIR) ]; then $(MAKE) --no-print-directory bench-life; else echo "bench-life: $(LIFE_DIR) is not beside the clone; skipped"; fi

# The life replay: real notes (LoCoMo, research data read where it lies, never copied here) replayed
# as their README says and scored against the labelled pairs (benchmarks/life/replay.py).
LIFE_DIR ?= ../shared/data/life_dev
bench-life: install
	$(PY) benchmarks/life/replay.py $(LIFE_DIR) --json benchmarks/results/life.json
	$(PY) benchmarks/life/patterns.py $(LIFE_DIR) --json benchmarks/results/life-patterns.json
	$(PY) benchmarks/life/restatement_curve.py $(LIFE_DIR)
	$(PY) benchmarks/life/hermes_door.py $(LIFE_DIR)
	$(PY) benchmarks/life/limited.py $(LIFE_DIR) --json benchmarks/results/life-limited.json

# The wheel users install: dist/dialectical_memory-<version>-py3-none-any.whl (tests/packaging
# installs and serves one). Needs only pip: the build runs in pip's own isolated environment.
wheel:
	$(PYTHON) -m pip wheel --quiet --no-deps --wheel-dir dist .

clean:
	rm -rf $(VENV) .cache build dist *.egg-info .pytest_cache .hypothesis test-artifacts $(DEMO_HOME)
