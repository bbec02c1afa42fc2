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

## run: the main job (renders the ship to quicksilver.png for now)
run: $(STAMP)
	$(BIN)/quicksilver map check
	$(BIN)/quicksilver render --out quicksilver.png

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
