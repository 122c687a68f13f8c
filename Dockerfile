# syntax=docker/dockerfile:1
# Baohuang's image (docs/containers.md): the web server (the default command), the Celery
# worker and the management commands, from one image. Three stages:
#
#   editor   Node.js builds the web editor (frontend/ → frontend/dist/)
#   wheel    Python builds the project's wheel with the editor's build, the bundled
#            variants and the compiled catalogs inside (setup.py's build step)
#   runtime  slim Python: the pinned dependencies (requirements.lock, hashes checked), the
#            wheel, the collected static files; runs as the unprivileged user "baohuang"
#
# docker build -t baohuang .   ·   compose.yaml runs it as web, worker and migrate.
# tests/test_compose.py checks this file against the project (stages, paths, commands).

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

# --------------------------------------------------------------------------- runtime
FROM ${PYTHON_IMAGE} AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=baohuang.project.settings \
    BAOHUANG_VAR_DIR=/var/lib/baohuang \
    STATIC_ROOT=/opt/baohuang/static \
    BIND=0.0.0.0:8000
RUN groupadd --system --gid 10001 baohuang \
    && useradd --system --uid 10001 --gid baohuang --home-dir /var/lib/baohuang \
       --create-home --shell /usr/sbin/nologin baohuang
COPY requirements.lock /tmp/requirements.lock
RUN pip install --no-cache-dir --require-hashes -r /tmp/requirements.lock \
    && rm /tmp/requirements.lock
COPY --from=wheel /dist/ /tmp/dist/
RUN pip install --no-cache-dir --no-deps /tmp/dist/*.whl \
    && rm -rf /tmp/dist
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
