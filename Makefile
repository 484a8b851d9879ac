# drezlab: `make` (= `make lab`) opens the lessons in JupyterLab; `make student` serves them to pupils
# without code (Voilà); `make class` adds the class server, where pupils play each other; `make test`
# runs what CI runs.
# Everything lives in .venv/ inside the checkout; it is (re)installed when pyproject.toml changes:
# what a teacher needs (the [lab] extra) for lab, student, class and the rest; the test tools
# (the [test] extra: pytest, Playwright, Dask, Fairy-Stockfish, JupyterLite...) only for `make test`.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.drezlab-installed
TEST_STAMP := $(VENV)/.drezlab-test-installed
CHROMIUM ?= /usr/bin/chromium
export DREZLAB_CHROMIUM := $(CHROMIUM)
NOTEBOOK_DIRS := lessons examples
# the tests outside tests/browser and the notebooks run on this many workers (pytest-xdist); the browser
# tests run one at a time (each drives its own Chromium and server)
TEST_WORKERS ?= 2

.DEFAULT_GOAL := lab
.PHONY: lab student class install test bench ladder lessons print site clean-artifacts

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab]'
	@touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab,test]'
	@touch $(TEST_STAMP)

install: $(STAMP)

# root (containers, CI boxes) needs --allow-root
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ALLOW_ROOT) lessons/

# Student mode: Voilà shows the lessons as pages of text, pictures and widgets, with no code
# cells (strip_sources); every browser tab that opens a lesson gets its own kernel, and the
# page cannot send code to it. student/voila.py prepares each lesson for pupils (the
# teacher's notes left out, a note on what works without code). Only this computer can reach
# 127.0.0.1. Voilà has no root check (no --allow-root), but root has no desktop browser to
# open: --no-browser there. The port is fixed (no silent retry on another one) so that the
# address printed is the one served; `make student STUDENT_PORT=8870` picks another.
STUDENT_PORT ?= 8866
STUDENT_URL  := http://127.0.0.1:$(STUDENT_PORT)/
NO_BROWSER   ?= $(if $(filter 0,$(shell id -u)),--no-browser)

student: $(STAMP)
	@$(BIN)/python -c 'import socket, sys; sys.exit(socket.socket().connect_ex(("127.0.0.1", $(STUDENT_PORT))) == 0)' || \
	  { echo "Port $(STUDENT_PORT) is busy: choose another, e.g.  make student STUDENT_PORT=$$(($(STUDENT_PORT) + 1))"; exit 1; }
	@echo "Student mode: pupils open $(STUDENT_URL) and pick a lesson (no code shown; each tab has its own kernel). Ctrl+C stops."
	$(BIN)/voila $(NO_BROWSER) --Voila.ip=127.0.0.1 --port=$(STUDENT_PORT) --Voila.port_retries=0 \
	  --strip_sources=True --show_tracebacks=False --Voila.config_file_paths=student lessons/

# The class room: the class server (python -m drezlab.classroom, one process holding every shared
# table in class.db) and student mode together, so that pupils play each other from their own
# screens, on the server's own page or on lessons/00-class.ipynb in Voilà (drezlab.classroom.join
# there finds the server through DREZLAB_CLASS_URL, exported to Voilà's kernels, which run on this
# computer). The teacher chooses where both listen: HOST=127.0.0.1 (default: this computer only) or
# HOST=0.0.0.0 (the school network). The server prints the pupils' address and the teacher's, with
# the secret (`pupils open:`, `teacher opens:`). Both ports are checked first; Ctrl+C stops both.
HOST       ?= 127.0.0.1
CLASS_PORT ?= 8765
CLASS_DB   ?= sqlite:///class.db
# more options of the class server, e.g. CLASS_ARGS="--teacher-secret S --language es"
CLASS_ARGS ?=
# where programs on this computer reach what listens on HOST
LOCAL_HOST := $(if $(filter 0.0.0.0 ::,$(HOST)),127.0.0.1,$(HOST))
CLASS_URL  := http://$(LOCAL_HOST):$(CLASS_PORT)

class: $(STAMP)
	@for port in $(CLASS_PORT) $(STUDENT_PORT); do \
	  $(BIN)/python -c 'import socket, sys; sys.exit(socket.socket().connect_ex(("$(LOCAL_HOST)", int(sys.argv[1]))) == 0)' $$port || \
	  { echo "Port $$port is busy: choose others, e.g.  make class CLASS_PORT=$$(($(CLASS_PORT) + 1)) STUDENT_PORT=$$(($(STUDENT_PORT) + 1))"; exit 1; }; \
	done
	@$(BIN)/python -m drezlab.classroom --db '$(CLASS_DB)' --host $(HOST) --port $(CLASS_PORT) $(CLASS_ARGS) & server=$$!; \
	trap 'kill $$server 2>/dev/null; wait $$server 2>/dev/null' EXIT; trap 'exit 130' INT TERM; \
	until $(BIN)/python -c 'import socket, sys; sys.exit(socket.socket().connect_ex(("$(LOCAL_HOST)", $(CLASS_PORT))) != 0)'; do \
	  kill -0 $$server 2>/dev/null || { echo "The class server did not start (see above)."; exit 1; }; sleep 0.2; \
	done; \
	lessons=$$($(BIN)/python -c 'from drezlab.classroom.server import addresses; print(addresses("$(HOST)", $(STUDENT_PORT), "")[0])'); \
	echo "  student mode:  $${lessons}voila/render/00-class.ipynb  (the class room page; every lesson at $$lessons)"; \
	if [ "$(LOCAL_HOST)" = "127.0.0.1" ] && [ "$(HOST)" = "127.0.0.1" ]; then \
	  echo "Only this computer can open these addresses. For the school network:  make class HOST=0.0.0.0"; \
	  echo "(then anyone on that network can open the pupils' pages, but only a pupil's code lets them play)."; \
	fi; \
	echo "Ctrl+C stops the class server and student mode."; \
	DREZLAB_CLASS_URL=$(CLASS_URL) $(BIN)/voila $(NO_BROWSER) --Voila.ip=$(HOST) --port=$(STUDENT_PORT) --Voila.port_retries=0 \
	  --strip_sources=True --show_tracebacks=False --Voila.config_file_paths=student lessons/

test: $(TEST_STAMP)
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
	echo "$(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=30 --ignore=tests/browser tests"; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=30 --ignore=tests/browser tests || status=1; \
	echo "$(BIN)/python -m pytest --durations=15 tests/browser"; \
	$(BIN)/python -m pytest --durations=15 tests/browser || status=1; \
	notebooks=$$(find $(NOTEBOOK_DIRS) -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort); \
	if [ -n "$$notebooks" ]; then \
	  echo "$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg" $$notebooks; \
	  $(BIN)/python -m pytest -p no:cacheprovider -n $(TEST_WORKERS) --dist loadfile --nbval --nbval-current-env \
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
	$(BIN)/python tools/lesson_times.py --write lessons

# print-and-play PDFs (decks, boards, NeuroDrez's tiles, worksheets, rules cards; A4 and Letter) into print/ (git-ignored)
print: $(STAMP)
	$(BIN)/python -m drezlab.printing print

# the zero-install lessons: a static JupyterLite folder for any web server or a USB stick
# (Pyodide from npm, wheels from PyPI; downloads kept in _site_cache/)
site: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[site]'
	$(BIN)/python tools/build_site.py --output _site --cache _site_cache

clean-artifacts:
	rm -rf test-artifacts
