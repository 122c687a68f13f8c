"""The hot read endpoints from a cache: ``ETag``, ``Cache-Control``, 304 and a server cache.

Published versions never change (only their ``retired`` flag may be set), so what the read
endpoints answer about them is a function of a few things: the URL, the query parameters
the view reads, the language, what the caller may see, and the state of the rule set.
:func:`cached_get` keys the rendered answer by all of them and keeps it in Django's default
cache (``CACHE_URL``: Redis, shared by every process; else each process's memory):

- **state**: a *stamp* read with one small SQL query per request (:func:`rule_set_stamp`,
  :func:`catalog_stamp`): the rule set's ``updated_at`` (names, description, draft) and
  how many of its versions are published and retired. Publishing, retiring, renaming
  change it, so no process ever serves the old answer after a change, whichever process
  made it (nothing to invalidate; old entries expire);
- **language**: the active language (``?lang=``, cookie, ``Accept-Language``) and the
  ``Accept-Language`` header's (the rulebook reads it itself);
- **visibility**: whether the caller may read drafts. Nothing that shows a draft is ever
  cached (the rulebook of ``?version=draft`` is built for each request); the key keeps
  the two kinds of reader apart all the same;
- the query parameters the view reads (``version``, ``format``, ``lang``), no others, so
  random parameters cannot fill the cache.

Every answer has a strong ``ETag`` (a digest of its bytes) and ``Cache-Control``: a version
named by number is ``max-age`` (:data:`PINNED_MAX_AGE`; its definition never changes, its
``retired`` flag may lag that long in a client's cache), everything that moves on
(the latest version, lists) ``no-cache`` (a client revalidates each time). Both are
``public`` for anonymous readers when ``BAOHUANG_API_PUBLIC_READ`` is on, else ``private``.
``If-None-Match`` with a current ETag is a **304** without a body.

Permissions and throttles run before (DRF's ``initial``): the cache saves the database
queries, the serializers and the rendering, never a check.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import metadata

from django.core.cache import cache as default_cache
from django.db import connection
from django.http import HttpResponse, HttpResponseNotModified
from django.http.response import HttpResponseBase
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from baohuang.api.permissions import authenticated, public_read
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.catalog.permissions import can_read_drafts
from baohuang.i18n import short_lang

logger = logging.getLogger(__name__)

#: Seconds a client (or a proxy) may keep an answer about a version named by its number.
PINNED_MAX_AGE = 300
#: Seconds an answer stays in the server's cache (a changed stamp makes a new key anyway).
TIMEOUT = 600
#: Headers of a built answer kept with it in the cache.
KEPT_HEADERS = ("Content-Language", "Content-Disposition")


@dataclass(frozen=True)
class Entry:
    """A rendered 200 answer: its bytes, content type, strong ETag and kept headers."""

    content: bytes
    content_type: str
    etag: str
    headers: tuple[tuple[str, str], ...]


@cache
def _code_version() -> str:
    """The installed version of the package: a new release never reads an old entry."""
    try:
        return metadata.version("baohuang")
    except metadata.PackageNotFoundError:
        return "dev"


# --------------------------------------------------------------------------- stamps


def rule_set_stamp(slug: str) -> str | None:
    """What a rule set's published answers depend on, as a string; None if there is no
    such rule set (the view then answers its 404). One query, no ORM."""
    rule_sets = connection.ops.quote_name(RuleSet._meta.db_table)
    versions = connection.ops.quote_name(RuleSetVersion._meta.db_table)
    sql = (
        f"SELECT r.id, r.updated_at, "  # noqa: S608 (table names from the models, values as parameters)
        f"(SELECT COUNT(*) FROM {versions} v WHERE v.rule_set_id = r.id), "
        f"(SELECT COUNT(*) FROM {versions} v WHERE v.rule_set_id = r.id AND v.retired = %s) "
        f"FROM {rule_sets} r WHERE r.slug = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [True, slug])
        row = cursor.fetchone()
    return None if row is None else "|".join(str(value) for value in row)


def catalog_stamp() -> str:
    """What the list of rule sets depends on: how many rule sets, versions and retired
    versions there are, the newest rule set and the last change to any. One query."""
    rule_sets = connection.ops.quote_name(RuleSet._meta.db_table)
    versions = connection.ops.quote_name(RuleSetVersion._meta.db_table)
    sql = (
        f"SELECT (SELECT COUNT(*) FROM {rule_sets}), (SELECT MAX(id) FROM {rule_sets}), "  # noqa: S608 (table names from the models)
        f"(SELECT MAX(updated_at) FROM {rule_sets}), (SELECT COUNT(*) FROM {versions}), "
        f"(SELECT COUNT(*) FROM {versions} WHERE retired = %s)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [True])
        row = cursor.fetchone()
    return "|".join(str(value) for value in row)


# --------------------------------------------------------------------------- answers


def visibility(request: Request) -> str:
    """``drafts`` for callers who may read drafts, else ``published``."""
    return "drafts" if can_read_drafts(request.user) else "published"


def cache_key(request: Request, stamp: str, params: Iterable[str]) -> str:
    """The cache key of a GET: path, the named query parameters, languages, visibility,
    state and the code's version."""
    query = [(name, request.query_params.getlist(name)) for name in sorted(params)]
    parts = (
        _code_version(),
        request.path,
        repr(query),
        translation.get_language() or "",
        short_lang(request.headers.get("Accept-Language")),
        visibility(request),
        stamp,
    )
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    return f"api-get:{digest}"


def rendered(response: HttpResponseBase) -> Entry:
    """A built 200 answer as a cache entry (a DRF ``Response`` rendered as DRF would)."""
    if isinstance(response, Response):
        content = JSONRenderer().render(response.data)
        content_type = "application/json"
    elif isinstance(response, HttpResponse):
        content = response.content
        content_type = response["Content-Type"]
    else:  # a streaming answer: nothing of ours streams a cached read
        raise TypeError(f"cannot cache a {type(response).__name__}")
    headers = tuple((name, response[name]) for name in KEPT_HEADERS if response.has_header(name))
    tag = '"' + hashlib.sha256(content).hexdigest()[:32] + '"'
    return Entry(content, content_type, tag, headers)


def cache_control(request: Request, pinned: bool) -> str:
    """``public`` or ``private``, with ``max-age`` for a pinned version, else ``no-cache``."""
    scope = "public" if public_read() and not authenticated(request.user) else "private"
    return f"{scope}, max-age={PINNED_MAX_AGE}" if pinned else f"{scope}, no-cache"


def matches(request: Request, tag: str) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (weak comparison, as RFC 9110 says) or is ``*``."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = parse_etags(header)
    return "*" in tags or tag in (t.removeprefix("W/") for t in tags)


def answer(request: Request, entry: Entry, pinned: bool) -> HttpResponseBase:
    """The entry as a 200, or a 304 when the client has it already."""
    response: HttpResponseBase
    if matches(request, entry.etag):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(entry.content, content_type=entry.content_type)
        for name, value in entry.headers:
            response[name] = value
    response["ETag"] = entry.etag
    response["Cache-Control"] = cache_control(request, pinned)
    patch_vary_headers(response, ("Accept-Language", "Cookie", "Authorization"))
    return response


def cached_get(
    request: Request,
    build: Callable[[], HttpResponseBase],
    *,
    stamp: str | None,
    params: Iterable[str] = (),
    pinned: bool = False,
) -> HttpResponseBase:
    """The answer of ``build()`` from the cache, built (and kept) when it is not there.

    ``stamp`` is the state the answer depends on (None: do not cache, e.g. an unknown rule
    set, whose 404 ``build`` raises); ``params`` the query parameters ``build`` reads;
    ``pinned`` whether the answer is about a version named by its number. Only 200 answers
    are kept; a cache that fails is skipped (the answer is built), never an error.
    """
    if stamp is None:
        return build()
    key = cache_key(request, stamp, params)
    entry: Entry | None
    try:
        entry = default_cache.get(key)
    except Exception:  # a cache outage must not take the reads with it
        logger.warning("cache read failed; answering without it", exc_info=True)
        entry = None
    if entry is None:
        response = build()
        if response.status_code != 200:
            return response
        entry = rendered(response)
        try:
            default_cache.set(key, entry, TIMEOUT)
        except Exception:
            logger.warning("cache write failed", exc_info=True)
    return answer(request, entry, pinned)


def uncacheable(response: HttpResponseBase) -> HttpResponseBase:
    """Mark an answer that must never be stored (a draft's): ``private, no-store``."""
    response["Cache-Control"] = "private, no-store"
    return response


__all__ = [
    "PINNED_MAX_AGE",
    "Entry",
    "cached_get",
    "catalog_stamp",
    "rule_set_stamp",
    "uncacheable",
]
