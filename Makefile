# Every target sets itself up: a fresh machine needs only python3 (3.11+) and make.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

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

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
