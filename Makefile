# drezlab: `make` (= `make lab`) opens the lessons in JupyterLab; `make test` runs what CI runs.
# Everything lives in .venv/ inside the checkout; it is (re)installed when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.drezlab-installed
CHROMIUM ?= /usr/bin/chromium
export DREZLAB_CHROMIUM := $(CHROMIUM)
NOTEBOOK_DIRS := lessons examples

.DEFAULT_GOAL := lab
.PHONY: lab install test bench ladder lessons clean-artifacts

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab,test]'
	@touch $(STAMP)

install: $(STAMP)

# root (containers, CI boxes) needs --allow-root
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ALLOW_ROOT) lessons/

test: $(STAMP)
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$CI" = true ]; then \
	    echo "Chromium is missing at $(CHROMIUM): in CI the browser tests will FAIL."; \
	  else \
	    echo "Chromium is missing at $(CHROMIUM): the browser tests will be skipped."; \
	    echo "Get it with:  sudo apt-get install chromium fonts-dejavu-core"; \
	  fi; \
	fi
	@mkdir -p test-artifacts
	@status=0; \
	echo "$(BIN)/python -m pytest tests"; \
	$(BIN)/python -m pytest tests || status=1; \
	notebooks=$$(find $(NOTEBOOK_DIRS) -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort); \
	if [ -n "$$notebooks" ]; then \
	  echo "$(BIN)/python -m pytest --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg" $$notebooks; \
	  $(BIN)/python -m pytest -p no:cacheprovider --nbval --nbval-current-env \
	    --nbval-sanitize-with tests/nbval-sanitize.cfg $$notebooks || status=1; \
	else \
	  echo "no notebooks in $(NOTEBOOK_DIRS): nbval skipped"; \
	fi; \
	exit $$status

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	@found=; failed=; for script in bench/bench_*.py; do \
	  [ -e "$$script" ] || continue; found=1; \
	  echo "== $$script"; $(BIN)/python "$$script" || failed="$$failed $$script"; \
	done; \
	[ -n "$$found" ] || echo "no bench/bench_*.py yet"; \
	echo "== bench/ladder.py"; $(MAKE) --no-print-directory ladder || failed="$$failed bench/ladder.py"; \
	if [ -n "$$failed" ]; then echo "failed or missed their goals:$$failed"; exit 1; fi

# every game's strength ladder, measured (issue 14); LADDER_ARGS="--game brandubh --games 40 --workers 2"
LADDER_ARGS ?=
ladder: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	@mkdir -p test-artifacts
	$(BIN)/python bench/ladder.py --out test-artifacts/ladder.txt $(LADDER_ARGS)

lessons: $(STAMP)
	@notebooks=$$(find lessons -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort); \
	if [ -n "$$notebooks" ]; then \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace $$notebooks; \
	else \
	  echo "no lessons to execute"; \
	fi

clean-artifacts:
	rm -rf test-artifacts
