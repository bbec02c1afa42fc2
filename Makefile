# Every target sets itself up: a fresh machine needs only python3 (3.11+) and make.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## run: the main job: the Discord bot if DISCORD_TOKEN is set; else a game at this
## terminal (quicksilver play); with no terminal (CI), a short game-controlled demo
run: $(STAMP)
	@if [ -n "$$DISCORD_TOKEN" ]; then $(BIN)/quicksilver bot; \
	elif [ -t 0 ]; then $(BIN)/quicksilver play; \
	else $(BIN)/quicksilver play --demo; fi

## test: lint, type-check and the whole test suite
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

## bench: every benchmark script with a size that finishes in minutes (soak: pass --games)
bench: $(STAMP)
	for b in engine geometry render bot replay taps; do $(BIN)/python benchmarks/bench_$$b.py; done
	$(BIN)/python benchmarks/bench_players.py 30
	$(BIN)/python benchmarks/bench_scale.py
	$(BIN)/python benchmarks/soak.py --games 200

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
