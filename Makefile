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
.PHONY: lab install test bench lessons print site clean-artifacts

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
	if [ -n "$$failed" ]; then echo "failed or missed their goals:$$failed"; exit 1; fi

lessons: $(STAMP)
	@notebooks=$$(find lessons -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort); \
	if [ -n "$$notebooks" ]; then \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace $$notebooks; \
	else \
	  echo "no lessons to execute"; \
	fi

# print-and-play PDFs (decks, boards, worksheets; A4 and Letter) into print/ (git-ignored)
print: $(STAMP)
	$(BIN)/python -m drezlab.printing print

# the zero-install lessons: a static JupyterLite folder for any web server or a USB stick
# (Pyodide from npm, wheels from PyPI; downloads kept in _site_cache/)
site: $(STAMP)
	$(BIN)/python tools/build_site.py --output _site --cache _site_cache

clean-artifacts:
	rm -rf test-artifacts
