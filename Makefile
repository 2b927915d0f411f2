# Every target works from a fresh clone: `make install` creates .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The exact version and the hashes of everything `make install` puts in .venv: the app's
# dependencies, those of the test and dev extras, all of theirs, and pip, setuptools and
# wheel, which build the project itself. Nothing unpinned is fetched, so an install made
# next year gets the Textual the snapshots were drawn with.
LOCK := requirements.lock
LOCK_TOOLS := $(VENV)/lock-tools

.PHONY: install lock run test bench screenshots lint

$(STAMP): $(LOCK) pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

install: $(STAMP)

# Deliberate only: writes requirements.lock again from pyproject.toml (dependencies, extras
# and build-system requires, plus pip). Pins that still fit the bounds are kept, so after
# adding or changing a dependency only that one moves; `make lock UPGRADE=1` moves every pin
# to the newest release within the bounds (then run the snapshot tests, and commit the lock
# with any redrawn snapshots). pip-tools runs from its own venv, never the app's.
lock:
	test -x $(LOCK_TOOLS)/bin/pip-compile || { $(PYTHON) -m venv $(LOCK_TOOLS) && \
	  $(LOCK_TOOLS)/bin/python -m pip install --quiet 'pip-tools>=7.4,<8'; }
	$(PYTHON) -c 'import tomllib; print("\n".join(["pip", *tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]]))' | \
	  CUSTOM_COMPILE_COMMAND='make lock' $(LOCK_TOOLS)/bin/pip-compile --quiet --generate-hashes \
	  --allow-unsafe --strip-extras --extra test --extra dev --no-emit-index-url \
	  --no-emit-find-links $(if $(UPGRADE),--upgrade) \
	  --output-file $(LOCK) pyproject.toml -

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
