# Every target works from a fresh clone: `make install` creates .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test bench screenshots lint

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/ogames

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist load

bench: $(STAMP)
	$(BIN)/python -m bench.run

screenshots: $(STAMP)
	$(BIN)/python -m bench.screenshots

lint: $(STAMP)
	$(BIN)/ruff check ogames tests bench
