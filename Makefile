# The README's two commands: `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
BIND ?= 0.0.0.0
# One virtualenv, two stamps: `make run` installs the runtime requirements (prod.txt), `make test`
# the test tools as well (dev.txt, which includes prod.txt). Each reinstalls only when a
# requirements file it reads changed.
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
# The suite runs in one process per core (pytest-xdist); PYTEST_ARGS="-n 0 -x" runs it in one.
PYTEST_ARGS ?= -n auto --dist loadfile

.PHONY: run test lint format bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): requirements/base.txt requirements/prod.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/prod.txt
	touch $(RUN_STAMP)

$(TEST_STAMP): requirements/base.txt requirements/prod.txt requirements/dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/dev.txt
	touch $(TEST_STAMP) $(RUN_STAMP)

# Serves the local network (BIND=127.0.0.1 for this machine only): see scripts/serve.sh.
run: $(RUN_STAMP)
	PORT=$(PORT) BIND=$(BIND) bash scripts/serve.sh

test: $(TEST_STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

format: $(TEST_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Figures for speed, printed (never asserted): each script in benchmarks/ in turn.
bench: $(TEST_STAMP)
	@for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) staticfiles
