# Baohuang — developer commands. GNU make; needs only python3.11 (with pip and venv).
#
#   make run     install, migrate, import variants, operator account, serve 127.0.0.1:8000 (/admin/)
#                with a Celery worker for simulation jobs in the background (log: var/worker.log)
#   make test    ruff, ruff format --check, mypy, web editor build + vitest, docs, pytest (incl. browser)
#   make docs    the documentation site: docs/ → docs/_build/html (Sphinx, warnings are errors),
#                served by the server at /docs/ (run and serve build it when its sources changed)
#   make serve   production-style: migrate, collectstatic, gunicorn (needs SECRET_KEY; docs/operations.md "Production")
#   make frontend  build the web editor (frontend/ → frontend/dist/, served at /editor/)
#   make types   regenerate the editor's TypeScript shapes (frontend/src/generated/) from the server's
#   make messages  compile the translation catalogs (baohuang/*/locale/*/LC_MESSAGES/django.po → .mo)
#   make lock    refresh requirements.lock / requirements-dev.lock (pinned, hashed) from pyproject.toml
#   make lint    ruff check + format check + mypy + import contracts (lint-imports), no tests
#   make native  build the native engine core (mypyc; docs/development.md "Performance"); run and test do it
#   make fmt     ruff format + ruff check --fix
#   make soak    the slow (soak / fuzz / statistical / load curve) tests only; GAMES=N per variant
#                (and 10,000 differential games per variant: NATIVE_SOAK_GAMES)
#   make multihost  root: PostgreSQL+Redis, gunicorn and two Celery workers on four network-namespace
#                hosts; a 20,000-game job survives a worker host torn down mid-job (prints figures)
#   make image   root: the container image (Dockerfile) with podman, from base images made from
#                Debian's packages (deploy/bases.sh); then checks it (tests/test_image.py: non-root,
#                no compiler or Node.js, the native core) and prints its size. IMAGE=name:tag
#   make stack-test  root, slow: README "Containers" for real: the base images, the image, then
#                compose.yaml's whole stack on podman (deploy/compose.py), a 20,000-game job on two
#                worker containers, one killed mid-job; everything removed afterwards
#   make mutation  mutmut on the engine, rules and stats (one worker; slow, not in `make test`);
#                MODULES="baohuang/engine/beats.py ..." to choose, MUTATION_ARGS=--report-only
#                or "--sample K" (K random mutants a module, with a 95% interval)
#   make clean   caches and build leftovers;  make distclean  also .venv, var/, node_modules, dist

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
ADDR   ?= 127.0.0.1:8000
PYTEST_ARGS ?=
# pytest processes for `make test` (this machine has two cores); 0 runs in one process.
PYTEST_WORKERS ?= 2
# The Celery worker `make run` starts next to the server (simulation jobs).
WORKER_LOG ?= var/worker.log
WORKER_ARGS ?=
GAMES ?= 2000
# `make mutation`: files or folders to mutate (default: [tool.mutmut] only_mutate).
MODULES ?=
MUTATION_ARGS ?=
# The web editor needs Node.js (>= 20.19) and npm; without them it is skipped with a note.
NPM    := $(shell command -v npm 2>/dev/null)
FRONT_STAMP := frontend/node_modules/.installed

.PHONY: help venv lock messages native core test lint fmt run serve soak multihost image stack-test mutation clean distclean frontend frontend-test types docs

help:
	@sed -n 's/^#   //p' $(firstword $(MAKEFILE_LIST))

# The virtualenv is (re)installed whenever pyproject.toml or the lock file is newer than the
# stamp: the exact versions and hashes of requirements-dev.lock, then the project itself
# (editable, no dependencies of its own). `make lock` refreshes the lock files.
# setuptools announces every editable install of a flat layout with a boxed "Editable
# installation … folders with the same name as your package" note (a Python warning of its
# build backend, which pip shows even with --quiet); it is information, not a problem here,
# so that one message is filtered out.
$(STAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements-dev.lock
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

venv: $(STAMP)

# Re-resolve the pinned versions (with hashes) from pyproject.toml's ranges: requirements.lock
# (what the package needs to run) and requirements-dev.lock (plus the dev tools). Run it after
# changing a dependency, or to take newer releases within the ranges; commit both files.
LOCK_FLAGS := --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \
              --no-emit-find-links --upgrade
lock: $(STAMP)
	$(BIN)/python -m pip install --quiet 'pip-tools>=7.5,<8'
	$(BIN)/pip-compile $(LOCK_FLAGS) --output-file requirements.lock pyproject.toml
	$(BIN)/pip-compile $(LOCK_FLAGS) --extra dev --output-file requirements-dev.lock pyproject.toml

messages: $(STAMP)
	$(BIN)/python -m baohuang.i18n compile

# The native engine core: the hot modules (baohuang.native.COMPILED_MODULES) compiled by mypyc
# into build/native/ (never beside the .py files), used only while their sources are unchanged.
# `native` fails without a C compiler; `core` (run by `make run` and `make test`) then says the
# pure-Python core runs instead. Either way the last line names the core in use.
native: $(STAMP)
	$(BIN)/python -m baohuang.corebuild
	@$(BIN)/python -m baohuang.corebuild --which

core: $(STAMP)
	@$(BIN)/python -m baohuang.corebuild --optional
	@$(BIN)/python -m baohuang.corebuild --which

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy baohuang
	$(BIN)/lint-imports --no-cache

# node_modules is (re)installed from the lock file whenever it changes.
$(FRONT_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

frontend:
ifeq ($(NPM),)
	@echo "frontend: npm not found, the web editor is not built (install Node.js >= 20.19)"
else
	$(MAKE) --no-print-directory $(FRONT_STAMP)
	cd frontend && npm run build
endif

# The editor's TypeScript shapes come from the server's (one source): the variant JSON Schema,
# the OpenAPI document and the language's word lists, dumped by Python into a temporary folder,
# then turned into frontend/src/generated/{variant,api,vocabulary,fields}.ts by json-schema-to-typescript
# and openapi-typescript (frontend/scripts/types.mjs). Run it after changing the variant model,
# a serializer or an endpoint, and commit the result: `make test` fails while they are stale
# (tests/editor/test_generated_types.py).
# node_modules is a prerequisite, not a sub-make: `make -o frontend/node_modules/.installed
# types` then really skips `npm ci` (a sub-make does not inherit -o).
ifneq ($(NPM),)
types: $(FRONT_STAMP)
endif
types: $(STAMP)
ifeq ($(NPM),)
	@echo "types: npm not found; the generators need Node.js (>= 20.19) and npm" >&2; exit 1
else
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(BIN)/python -m baohuang.editor.schemas "$$tmp" >/dev/null; \
	cd frontend && node scripts/types.mjs "$$tmp" src/generated
endif

# The documentation site (docs/, Sphinx + myst-parser + furo; docs/conf.py says why): every
# page, the rule language reference, the OpenAPI document and the Python reference generated
# from the code, built from scratch (-E) with every warning an error (-W, --keep-going lists
# them all) and every cross-reference checked (-n). `make docs` always rebuilds; `run` and
# `serve` rebuild only when a source changed (docs/, the package, the variants).
DOCS_HTML := docs/_build/html/index.html
DOCS_SOURCES := $(shell find docs -path docs/_build -prune -o -path docs/_generated -prune -o -type f -print 2>/dev/null) \
                $(shell find baohuang variants -name '*.py' -o -name '*.yaml' 2>/dev/null)
SPHINX_FLAGS := -E -j auto -n -W --keep-going -q -d docs/_build/doctrees
docs: $(STAMP)
	$(BIN)/sphinx-build $(SPHINX_FLAGS) -b html docs docs/_build/html
	@echo "Documentation: docs/_build/html/index.html (served at /docs/ by make run and make serve)"

# A failed build does not stop `run` or `serve`: /docs/ keeps the last good build (or says
# how to build it) and the next run tries again; `make docs` and `make test` fail on it.
$(DOCS_HTML): $(STAMP) $(DOCS_SOURCES)
	@if $(BIN)/sphinx-build $(SPHINX_FLAGS) -b html docs docs/_build/html; then touch $@; \
	else echo "docs: the documentation did not build (make docs shows why); going on"; fi

# vitest colours its output even into a file or a pipe: NO_COLOR unless on a terminal.
frontend-test: frontend
ifneq ($(NPM),)
	cd frontend && if [ -t 1 ]; then npm test; else NO_COLOR=1 npm test; fi
endif

# pytest runs on PYTEST_WORKERS processes (pytest-xdist; each its own test database, Celery
# queues and caches); tests that share something outside the process name an xdist_group.
test: lint messages core frontend-test docs
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

fmt: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Local development: DEBUG on (the development SECRET_KEY, static files from the apps) and the
# local operator account operator / operator, both given here explicitly; the settings and
# ensure_operator default to production-safe behaviour without them.
run: export DEBUG ?= true
run: export OPERATOR_USERNAME ?= operator
run: export OPERATOR_PASSWORD ?= operator
run: $(STAMP) messages core frontend $(DOCS_HTML)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py import_variants
	$(BIN)/python manage.py ensure_operator
	@echo "Editor: http://$(ADDR)/editor/  Help: http://$(ADDR)/docs/  Admin: http://$(ADDR)/admin/  (operator account: $$OPERATOR_USERNAME / $$OPERATOR_PASSWORD; DEBUG=$$DEBUG)"
	@echo "Celery worker (simulation jobs) in the background, log in $(WORKER_LOG); it stops with the server."
# The worker runs while the server does: stopping the server (Ctrl-C) stops it (warm shutdown).
# As root (a container, a VM) the worker runs as root too, like the server: Celery's
# superuser warning is then filtered out of its log and one line here says so instead
# (--uid would need a user that may write var/; `make run` is for local development).
	@if [ "$$(id -u)" = 0 ]; then echo "Running as root: so does the Celery worker (local development only)."; fi
	@PYTHONWARNINGS="ignore:You're running the worker with superuser privileges" \
	$(BIN)/celery -A baohuang.project worker --loglevel=INFO \
	    --without-gossip --without-mingle --without-heartbeat $(WORKER_ARGS) >>$(WORKER_LOG) 2>&1 & worker=$$!; \
	trap 'kill -TERM $$worker 2>/dev/null; wait $$worker 2>/dev/null; echo "Celery worker stopped."' EXIT; \
	$(BIN)/python manage.py runserver $(ADDR)

# Production-style, on this machine: gunicorn (gunicorn.conf.py: BIND, WEB_CONCURRENCY …) with
# DEBUG off, after migrate and collectstatic. Needs SECRET_KEY (and OPERATOR_PASSWORD for the
# first operator account) in the environment; docs/operations.md "Production".
serve: $(STAMP) messages core frontend $(DOCS_HTML)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python manage.py import_variants
	$(BIN)/python manage.py ensure_operator
	$(BIN)/gunicorn

# Placeholder: the soak/statistical tests are those marked @pytest.mark.slow.
# pytest exits 5 when none are selected yet; that is not a failure here.
soak: $(STAMP) core
	SOAK_GAMES=$(GAMES) SIM_SOAK_GAMES=$(GAMES) $(BIN)/pytest -m slow $(PYTEST_ARGS) || { rc=$$?; [ $$rc -eq 5 ] && echo "soak: no slow tests yet"; [ $$rc -eq 5 ]; }

# The multi-host test (docs/reports/multihost.md): not in `make test` (about two
# minutes); CI runs it on a line of its own, as root with iproute2. Its figures are printed.
# MULTIHOST_GAMES=N to change the job's size, MULTIHOST_KEEP=1 to keep the hosts' folders and
# logs of a failed run.
multihost: $(STAMP)
	$(BIN)/pytest -m multihost -s -p no:cacheprovider tests/test_multihost.py $(PYTEST_ARGS)

# The image (docs/containers.md): podman builds the Dockerfile (docker format, so that its
# HEALTHCHECK is kept) from the base images deploy/bases.sh makes from Debian's packages (these
# machines cannot pull python:… or node:…; PYTHON_IMAGE= and NODE_IMAGE= choose others), then
# tests/test_image.py runs it: a user of its own, no compiler or Node.js, the native core, and
# its size. Needs root (podman here).
IMAGE ?= baohuang:latest
BASE_PREFIX ?= localhost/baohuang-base
PYTHON_IMAGE ?= $(BASE_PREFIX)/python:3.11
NODE_IMAGE ?= $(BASE_PREFIX)/node:20
image: $(STAMP)
	@bases=(); [[ "$(PYTHON_IMAGE)" != $(BASE_PREFIX)/* ]] || bases+=(python); \
	[[ "$(NODE_IMAGE)" != $(BASE_PREFIX)/* ]] || bases+=(node); \
	[ $${#bases[@]} -eq 0 ] || BASE_PREFIX=$(BASE_PREFIX) deploy/bases.sh "$${bases[@]}"
	@started=$$SECONDS; \
	deploy/podman.sh build --format docker --network host --layers --jobs 2 \
	    --build-arg PYTHON_IMAGE=$(PYTHON_IMAGE) --build-arg NODE_IMAGE=$(NODE_IMAGE) \
	    --tag $(IMAGE) . ; \
	echo "image: $(IMAGE) built in $$((SECONDS - started))s"
	BAOHUANG_IMAGE=$(IMAGE) $(BIN)/pytest -m image -s -p no:cacheprovider tests/test_image.py $(PYTEST_ARGS)

# The stack test (docs/containers.md, run word for word from there: tests/test_stack.py).
stack-test: $(STAMP)
	$(BIN)/pytest -m stack -s -p no:cacheprovider tests/test_stack.py $(PYTEST_ARGS)

# Mutation testing (docs/development.md "Mutation testing"): mutmut works in mutants/, one worker;
# prints killed / equivalent (tests/mutation/equivalent.txt) / unreviewed per module.
mutation: $(STAMP)
	$(BIN)/python tests/mutation/mutation.py $(MUTATION_ARGS) $(MODULES)

clean:
	rm -rf build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis test-artifacts mutants
	rm -rf docs/_build docs/_generated
	find . -path ./.venv -prune -o -path ./node_modules -prune -o \
	       -type d -name __pycache__ -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV) var frontend/node_modules frontend/dist
