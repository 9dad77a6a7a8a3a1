# MAG — the README's commands. `make demo` and `make test` do all the set-up.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.mag-installed
PYTHON ?= python3

.PHONY: install demo test bench serve clean

install: $(STAMP)
	@$(PY) -m mag_mcp.env.chromium >/dev/null

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check --upgrade pip 2>/dev/null
	@$(PY) -m pip install -q --disable-pip-version-check -e ".[dev,judge,train]"
	@touch $(STAMP)

demo: install
	@$(PY) -m mag_mcp.cli demo

test: install
	@$(PY) -m pytest -q

bench: install
	@$(PY) bench/bench_env.py --out bench/results.md

serve: install
	@$(PY) -m mag_mcp.cli serve --transport http --port 8000

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
