# syntax=docker/dockerfile:1
# Baohuang's image (docs/containers.md): the web server (the default command), the Celery
# worker and the management commands, from one image. Six stages:
#
#   editor   Node.js builds the web editor (frontend/ → frontend/dist/)
#   wheel    Python builds the project's wheel with the editor's build, the bundled
#            variants and the compiled catalogs inside (setup.py's build step)
#   deps     slim Python with the pinned dependencies (requirements.lock, hashes checked)
#   native   deps + a C compiler and mypy (the dev lock's pins and hashes): the native engine
#            core compiled by mypyc (what `make native` builds) into /opt/baohuang/native
#   docs     deps + Sphinx (the dev lock's pins and hashes): the documentation site (what
#            `make docs` builds, warnings as errors) into /opt/baohuang/docs
#   runtime  deps + the wheel + the native core + the collected static files + the built
#            documentation (served at /docs/); no compiler, no Node.js, no Sphinx; checks that
#            it runs the native core; runs as the unprivileged user "baohuang"
#
# docker build -t baohuang .   ·   compose.yaml runs it as web, worker and migrate.
# The base images are build arguments: `make image` builds from bases made from Debian's
# packages on a machine that cannot pull these (deploy/bases.sh).
# tests/test_compose.py checks this file against the project (stages, paths, commands);
# tests/test_image.py builds it and runs the image (`make image`, `make stack-test`).

ARG PYTHON_IMAGE=python:3.11-slim-bookworm
ARG NODE_IMAGE=node:20-bookworm-slim

# --------------------------------------------------------------------------- editor
FROM ${NODE_IMAGE} AS editor
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# --------------------------------------------------------------------------- wheel
FROM ${PYTHON_IMAGE} AS wheel
WORKDIR /src
COPY pyproject.toml setup.py MANIFEST.in README.md gunicorn.conf.py requirements.lock ./
COPY baohuang/ baohuang/
COPY variants/ variants/
COPY --from=editor /src/frontend/dist/ frontend/dist/
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

# --------------------------------------------------------------------------- deps
FROM ${PYTHON_IMAGE} AS deps
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY requirements.lock /tmp/requirements.lock
RUN pip install --no-cache-dir --require-hashes -r /tmp/requirements.lock \
    && rm /tmp/requirements.lock

# --------------------------------------------------------------------------- native
FROM deps AS native
# A C compiler, and Python's headers where the base has none (Debian's python3 keeps them in
# python3-dev; the official python images ship theirs).
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && if [ ! -f "$(python -c 'import sysconfig; print(sysconfig.get_path("include"))')/Python.h" ]; then \
           apt-get install -y --no-install-recommends python3-dev; \
       fi \
    && rm -rf /var/lib/apt/lists/*
COPY deploy/locked.py requirements-dev.lock /tmp/
RUN python /tmp/locked.py /tmp/requirements-dev.lock mypy >/tmp/mypy.lock \
    && pip install --no-cache-dir --require-hashes -r /tmp/mypy.lock
WORKDIR /src
COPY baohuang/ baohuang/
RUN BAOHUANG_NATIVE_DIR=/opt/baohuang/native python -m baohuang.corebuild
# Debian's Python compiles extensions with -g: the debugging symbols are most of their size.
RUN find /opt/baohuang/native -name '*.so' -exec strip --strip-debug {} +

# --------------------------------------------------------------------------- docs
FROM deps AS docs
# autodoc imports every module, baohuang.openspiel included (hence OpenSpiel here, not in the
# image); the "where rule X lives" page reads the citations of the tests and the editor too.
COPY deploy/locked.py requirements-dev.lock /tmp/
RUN python /tmp/locked.py /tmp/requirements-dev.lock sphinx myst-parser furo open_spiel \
       >/tmp/docs.lock \
    && pip install --no-cache-dir --require-hashes -r /tmp/docs.lock
WORKDIR /src
COPY pyproject.toml README.md ./
COPY baohuang/ baohuang/
COPY variants/ variants/
COPY tests/ tests/
COPY frontend/src/ frontend/src/
COPY frontend/tests/ frontend/tests/
COPY docs/ docs/
RUN python -m sphinx -E -n -W --keep-going -q -b html docs /opt/baohuang/docs

# --------------------------------------------------------------------------- runtime
FROM deps AS runtime
ENV DJANGO_SETTINGS_MODULE=baohuang.project.settings \
    BAOHUANG_VAR_DIR=/var/lib/baohuang \
    BAOHUANG_NATIVE_DIR=/opt/baohuang/native \
    STATIC_ROOT=/opt/baohuang/static \
    BAOHUANG_DOCS_DIR=/opt/baohuang/docs \
    BIND=0.0.0.0:8000
RUN groupadd --system --gid 10001 baohuang \
    && useradd --system --uid 10001 --gid baohuang --home-dir /var/lib/baohuang \
       --create-home --shell /usr/sbin/nologin baohuang
COPY --from=wheel /dist/ /tmp/dist/
RUN pip install --no-cache-dir --no-deps /tmp/dist/*.whl \
    && rm -rf /tmp/dist
# The native core compiled from the same sources: used because their digest matches the
# installed package's (baohuang.native); the build fails here if it would not be.
COPY --from=native /opt/baohuang/native/ /opt/baohuang/native/
RUN BAOHUANG_CORE=native python -m baohuang.corebuild --which
# The documentation site, built in the docs stage; served at /docs/ (baohuang.editor.docs).
COPY --from=docs /opt/baohuang/docs/ /opt/baohuang/docs/
# Static files (admin, Swagger UI, the editor) go into the image; whitenoise serves them.
# The settings need a SECRET_KEY to load; this one exists only during this step.
RUN SECRET_KEY=collectstatic-only-not-a-secret baohuang-manage collectstatic --noinput -v 0 \
    && chown -R baohuang:baohuang /var/lib/baohuang
USER baohuang
WORKDIR /var/lib/baohuang
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-m", "baohuang.project.healthcheck"]
CMD ["gunicorn", "-c", "python:baohuang.project.gunicorn_conf"]
