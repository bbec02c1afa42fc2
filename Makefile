# Every target sets itself up: a fresh machine needs only python3 (3.11+) and make.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PG_INITDB ?= /usr/lib/postgresql/*/bin/initdb

.PHONY: run test bench clean postgres-server browser

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## run: the main job: the Discord bot if DISCORD_TOKEN is set; else a game at this
## terminal (quicksilver play, its page on localhost too); with no terminal (CI), a
## short game-controlled demo
run: $(STAMP)
	@if [ -n "$$DISCORD_TOKEN" ]; then $(BIN)/quicksilver bot; \
	elif [ -t 0 ]; then $(BIN)/quicksilver play --web; \
	else $(BIN)/quicksilver play --demo; fi

## test: lint, type-check and the whole test suite (the store's tests start a throwaway
## PostgreSQL server from the distribution's binaries: postgres-server installs them; the
## web companion's tests drive the distribution's headless Chromium: browser installs it)
test: $(STAMP) postgres-server browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

## bench: every benchmark script with a size that finishes in minutes (soak: pass --games)
bench: $(STAMP)
	for b in engine geometry render bot replay taps rules_help reliability ratings web; do $(BIN)/python benchmarks/bench_$$b.py; done
	$(BIN)/python benchmarks/bench_players.py 30 --skip expert
	$(BIN)/python benchmarks/bench_scale.py
	$(BIN)/python benchmarks/soak.py --games 200

## postgres-server: PostgreSQL's server binaries (initdb, postgres) for the store's tests;
## where missing, the distribution's package when root with apt-get, else a printed reason
## (those tests then skip, or fail where QUICKSILVER_REQUIRE_PG=1, as in CI)
postgres-server:
	@if command -v initdb >/dev/null || ls $(PG_INITDB) >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "PostgreSQL server binaries missing: apt-get install -y postgresql"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } \
	    || echo "apt-get could not install postgresql: the PostgreSQL tests will skip"; \
	else echo "PostgreSQL server binaries missing and not installable here (needs root and \
	apt-get): the PostgreSQL tests will skip; install the 'postgresql' package to run them"; \
	fi

## browser: the distribution's Chromium for the web companion's browser tests; where
## missing, installed when root with apt-get, else a printed reason (those tests then
## skip, or fail where QUICKSILVER_REQUIRE_BROWSER=1, as in CI)
browser:
	@if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Chromium missing: apt-get install -y chromium"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
	    || echo "apt-get could not install chromium: the browser tests will skip"; \
	else echo "Chromium missing and not installable here (needs root and apt-get): the \
	browser tests will skip; install the 'chromium' package to run them"; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .artifacts
