"""Sphinx configuration of the Baohuang documentation site (`make docs`).

Why Sphinx (issue 36): the docstrings already cross-reference each other with ~400 Sphinx
roles (:class:`…`, :func:`…`, :mod:`…`); Sphinx's autodoc resolves them as they are, and
with `nitpicky` every one that does not resolve is an error. mkdocstrings would need each
rewritten to its own `[title][path]` syntax. The pages are Markdown (myst-parser), the
theme furo (maintained, light and dark, readable CJK). Some pages are generated at build
time from the code (docs/_ext/baohuang_docs.py): the rule language reference from the
pydantic model, the OpenAPI document, "where rule X lives" from the code's citations and
the Python reference. Built with warnings as errors: `make docs`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

# autodoc imports the Django apps: settings for a build, not a server (no secret needed, no
# database touched).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")
os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("BAOHUANG_CORE", "python")
import django  # noqa: E402

django.setup()

project = "Baohuang (保皇) rule-variant configurator"
author = "the Baohuang project"
copyright = "the Baohuang project"
language = "en"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "baohuang_docs",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated/*.md", "Thumbs.db", ".DS_Store"]
root_doc = "index"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

html_theme = "furo"
html_title = "Baohuang 保皇"
html_static_path: list[str] = []
html_show_sourcelink = False
html_copy_source = False

autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
    "ignore-module-all": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
# Defaults as written in the source (``COMMANDS``), not as the repr of their value.
autodoc_preserve_defaults = True
autoclass_content = "class"

# Every cross-reference must resolve (-n -W in `make docs`).
nitpicky = True
# No intersphinx: the build machines reach package registries only, never the Python,
# Django or pydantic sites, so references to names outside this project stay plain text.
# Listed by package, never by a name of ours.
nitpick_ignore_regex = [
    (r"py:.*", r"(typing|typing_extensions|collections|collections\.abc|abc|enum|types)\..*"),
    (r"py:.*", r"(pathlib|random|datetime|decimal|fractions|io|os|re|json|uuid|argparse)\..*"),
    (r"py:.*", r"(dataclasses|functools|itertools|contextlib|threading|multiprocessing)\..*"),
    (r"py:.*", r"(concurrent|logging|socket|subprocess|hashlib|http|email|zoneinfo)\..*"),
    (r"py:.*", r"(django|rest_framework|drf_spectacular|celery|kombu|pydantic|pydantic_core)\..*"),
    (r"py:.*", r"(numpy|scipy|yaml|pyspiel|open_spiel|gunicorn|whitenoise|redis)\..*"),
    (r"py:.*", r"(mypy_extensions)\..*"),
    (r"py:.*", r"(annotated_types|_frozen_importlib|importlib|timeit|np|numpy\.typing)(\..*)?"),
    # Names the type checkers' stubs define (django-stubs, typeshed), not importable at run time.
    (r"py:.*", r"(StrOrPromise|Promise|WSGIEnvironment|WSGIApplication|NDArray|NoneType)"),
    (r"py:.*", r"(PydanticUndefined|FieldInfo|BasePermission|CommandError|Ge|Le|MinLen|MaxLen)"),
    # autodoc cuts a written-out generic annotation (``dict[str, int]``) at its comma.
    (r"py:class", r"(dict|tuple|list)\[.*"),
    # Private helpers (a leading underscore) are not documented: a private base class or an
    # annotated validator that autodoc names in a signature stays plain text.
    (r"py:class", r"(.*\.)?_\w+"),
    # Type variables of generic helpers.
    (r"py:class", r".*\.T"),
    # Builtins and typing names written bare in annotations and docstrings.
    (r"py:.*", r"(int|str|float|bool|bytes|object|list|dict|set|frozenset|tuple|type|None)"),
    (r"py:.*", r"(Exception|ValueError|KeyError|TypeError|RuntimeError|LookupError|OSError)"),
    (r"py:.*", r"(Any|Callable|Iterator|Iterable|Sequence|Mapping|Literal|Final|ClassVar)"),
    (r"py:.*", r"(Self|TypeAlias|TypeVar|Generic|Protocol|NamedTuple|TypedDict|Annotated)"),
    (r"py:.*", r"(NotRequired|Required|Optional|Union|Collection|Container|Hashable)"),
]
