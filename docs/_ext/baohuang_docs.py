"""Pages of the documentation site generated from the code when the site is built.

Written into ``docs/_generated/`` (ignored by git) before Sphinx reads the sources:

- ``language-fields.md``: every field of the rule language, from the pydantic model's JSON
  Schema (``Variant.model_json_schema()``): its path, type, default, description, and,
  from the field's metadata on the model (``baohuang.rules.fields``, the one place a
  field's words are written, read by the rulebook and the editor too), its kind (play /
  settlement / descriptive) and its words in both languages; then the values the bundled
  variants give it.
- ``citations.md``: "where rule X lives": each section of docs/rules.md with the code, the
  tests and the variants that cite it.
- ``openapi.yaml`` and ``variant.schema.json``: the API's OpenAPI document
  (drf-spectacular) and the variant JSON Schema, as the server publishes them.
- ``reference/*.md``: one page per package of ``baohuang``, an ``automodule`` for each of
  its modules (migrations excepted), found by walking the package, so that a new module
  is documented without editing the site.
"""

from __future__ import annotations

import json
import os
import pkgutil
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from sphinx.application import Sphinx

DOCS = Path(__file__).resolve().parents[1]
ROOT = DOCS.parent
OUT = DOCS / "_generated"

#: The packages of the Python reference, in the order a reader meets them.
PACKAGES = [
    "rules",
    "engine",
    "bots",
    "simulation",
    "rulebook",
    "cli",
    "catalog",
    "api",
    "jobs",
    "play",
    "tokens",
    "editor",
    "project",
]
#: Modules not documented: generated or run-only code.
SKIPPED_MODULES = re.compile(
    r"\.migrations(\.|$)|\.__main__$|^baohuang\.project\.(settings|manage)$"
)


def write(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (keeps incremental builds cheap)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- language


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = defs[node["$ref"].rsplit("/", 1)[1]]
    return node


def _nullable(node: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``(the non-null alternative, whether null is allowed)`` of an ``anyOf [X, null]``."""
    options = node.get("anyOf")
    if options and len(options) == 2 and {"type": "null"} in options:
        other = next(o for o in options if o != {"type": "null"})
        return {**other, **{k: v for k, v in node.items() if k != "anyOf"}}, True
    return node, False


def _is_object(node: dict[str, Any], defs: dict[str, Any]) -> bool:
    return "properties" in _resolve(node, defs)


def _type_text(node: dict[str, Any], defs: dict[str, Any]) -> str:
    node, nullable = _nullable(node)
    node = _resolve(node, defs) if "$ref" in node else node
    if "const" in node:
        text = f"always `{node['const']}`"
    elif "enum" in node:
        text = "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    elif node.get("type") == "array":
        items = node.get("items", {})
        text = "list of " + (_type_text(items, defs) if items else "values")
        if "minItems" in node or "maxItems" in node:
            text += f" ({node.get('minItems', 0)} to {node.get('maxItems', 'any')} items)"
    elif node.get("type") == "object" and "additionalProperties" in node:
        text = "mapping"
    else:
        text = str(node.get("type", "value"))
        bounds = [
            f"≥ {node['minimum']}" if "minimum" in node else "",
            f"≤ {node['maximum']}" if "maximum" in node else "",
            f"at least {node['minLength']} characters" if "minLength" in node else "",
        ]
        if any(bounds):
            text += " (" + ", ".join(b for b in bounds if b) + ")"
    return text + (" or null" if nullable else "")


def _fields(
    node: dict[str, Any], path: str, defs: dict[str, Any], member: str = ""
) -> Iterator[tuple[str, str, dict[str, Any], bool]]:
    """``(path, member, schema, is_section)`` for every field under ``node``, in order."""
    obj = _resolve(node, defs)
    for name, prop in obj.get("properties", {}).items():
        sub = f"{path}.{name}" if path else name
        inner, _ = _nullable(prop)
        if inner.get("type") == "array" and "items" in inner:
            items = inner["items"]
            if "oneOf" in items:
                yield sub, member, prop, True
                for option in items["oneOf"]:
                    target = _resolve(option, defs)
                    tag = items["discriminator"]["propertyName"]
                    kind = target["properties"][tag].get("const") or target["properties"][tag].get(
                        "default"
                    )
                    yield from _fields(option, f"{sub}[]", defs, f"{tag}: {kind}")
                continue
            if _is_object(items, defs):
                yield sub, member, prop, True
                yield from _fields(items, f"{sub}[]", defs, member)
                continue
        if "oneOf" in inner:
            yield sub, member, prop, True
            tag = inner["discriminator"]["propertyName"]
            for option in inner["oneOf"]:
                target = _resolve(option, defs)
                kind = target["properties"][tag].get("default")
                yield from _fields(option, sub, defs, f"{tag}: {kind}")
            continue
        if _is_object(inner, defs):
            yield sub, member, prop, True
            yield from _fields(inner, sub, defs, member)
            continue
        yield sub, member, prop, False


def _values_at(document: Any, parts: list[str]) -> Iterator[Any]:
    """The values a definition gives at a path (``[]`` steps into every list item)."""
    if not parts:
        yield document
        return
    head, rest = parts[0], parts[1:]
    if head.endswith("[]"):
        key = head[:-2]
        if isinstance(document, dict) and isinstance(document.get(key), list):
            for item in document[key]:
                yield from _values_at(item, rest)
    elif isinstance(document, dict) and head in document:
        yield from _values_at(document[head], rest)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


def language_page() -> str:
    """The rule language reference, field by field (Markdown)."""
    from baohuang.i18n import speaking
    from baohuang.rulebook.labels import value_text
    from baohuang.rules.fields import language_fields
    from baohuang.rules.model import Variant

    fields = {field.path: field for field in language_fields()}

    def words_of(path: str) -> str:
        label = fields[path].label
        with speaking("zh"):
            zh = str(label)
        with speaking("en"):
            en = str(label)
        return f"Words: {zh} / {en}"

    schema = Variant.model_json_schema()
    defs = schema["$defs"]
    bundled = {
        path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "variants").glob("*.yaml"))
    }
    out: list[str] = []
    section = ""
    for path, member, prop, is_section in _fields(schema, "", defs):
        top = path.split(".")[0].split("[")[0]
        if top != section:
            section = top
            target = _resolve(_nullable(prop)[0], defs)
            title = (target.get("description") or prop.get("description") or "").split("\n")[0]
            out += [f"## `{top}`", "", title, ""]
        where = f" ({member})" if member else ""
        description = prop.get("description") or _resolve(_nullable(prop)[0], defs).get(
            "description", ""
        )
        if is_section:
            if path == top:
                out += [words_of(path), ""]
            else:
                out += [f"### `{path}`{where}", "", description.strip(), "", words_of(path), ""]
            continue
        kind = fields[path].kind or ""
        facts = [f"*{kind}*" if kind else "", _type_text(prop, defs)]
        if "default" in prop:
            facts.append(f"default `{_short(prop['default'])}`")
        elif path in schema.get("required", []) or path.split(".")[-1] in _resolve(
            _nullable(prop)[0], defs
        ).get("required", []):
            facts.append("required")
        out += [f"### `{path}`{where}", "", " · ".join(f for f in facts if f), ""]
        if description:
            out += [description.strip(), ""]
        out += [words_of(path), ""]
        inner = _nullable(prop)[0]
        enum = _resolve(inner, defs).get("enum") if "$ref" in inner else inner.get("enum")
        if enum and len(enum) <= 12:
            words = []
            for value in enum:
                with speaking("zh"):
                    vz = value_text(path, value)
                with speaking("en"):
                    ve = value_text(path, value)
                words.append(f"`{value}` {vz} / {ve}")
            out += ["Values: " + "; ".join(words) + ".", ""]
        examples = [_short(e) for e in prop.get("examples", [])]
        seen: Counter[str] = Counter()
        for document in bundled.values():
            for value in set(map(_short, _values_at(document, path.split(".")))):
                seen[value] += 1
        if examples:
            out += ["Examples: " + ", ".join(f"`{e}`" for e in examples) + ".", ""]
        if seen:
            common = ", ".join(f"`{v}` ({n})" for v, n in seen.most_common(6))
            more = f", and {len(seen) - 6} other values" if len(seen) > 6 else ""
            out += [f"In the bundled variants (files writing it): {common}{more}.", ""]
        else:
            out += ["No bundled variant writes it (the default applies).", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- citations

_HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)[.\s]+(.*)$", re.MULTILINE)
_CITATION = re.compile(r"docs/rules\.md((?:\s*(?:,|;|–|-|and|or)?\s*§\s?\d+(?:\.\d+)?)*)")
_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")
_SCANNED = {".py", ".ts", ".tsx", ".yaml"}
_SKIPPED = {"node_modules", "dist", "build", "mutants", "var", "__pycache__", "generated"}


def citations_page() -> str:
    """Each section of docs/rules.md with what cites it (Markdown table)."""
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    titles = {m[2]: m[3].strip() for m in _HEADING.finditer(rules)}
    cited: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for top in ("baohuang", "frontend/src", "frontend/tests", "tests", "variants"):
        for folder, dirs, files in os.walk(ROOT / top):
            dirs[:] = sorted(d for d in dirs if d not in _SKIPPED)
            for name in files:
                path = Path(folder) / name
                if path.suffix not in _SCANNED or path.name == "test_docs_citations.py":
                    continue
                rel = path.relative_to(ROOT).as_posix()
                group = (
                    "variants"
                    if rel.startswith("variants/")
                    else "tests"
                    if rel.startswith(("tests/", "frontend/tests/"))
                    else "code"
                )
                text = path.read_text(encoding="utf-8", errors="replace")
                for match in _CITATION.finditer(text):
                    numbers = _SECTION.findall(match[1])
                    if len(numbers) == 2 and "–" in match[1]:
                        numbers = _expand(numbers[0], numbers[1], titles)
                    for number in numbers:
                        label = path.stem if group == "variants" else rel
                        cited[number][group].add(label)
    lines = ["| § | rule | code | tests | variants |", "|---|---|---|---|---|"]
    for number, title in titles.items():
        groups = cited.get(number, {})
        cells = [
            " ".join(f"`{f}`" for f in sorted(groups.get(g, ()))) or "—"
            for g in ("code", "tests", "variants")
        ]
        lines.append(f"| {number} | {title} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _expand(first: str, last: str, titles: dict[str, str]) -> list[str]:
    """The top-level sections of a range ``§4–§7``."""
    lo, hi = int(first.split(".")[0]), int(last.split(".")[0])
    return [n for n in titles if "." not in n and lo <= int(n) <= hi]


# --------------------------------------------------------------------------- reference


def _modules(package: str) -> list[str]:
    module = __import__(package, fromlist=["__path__"])
    names = [package]
    for info in pkgutil.walk_packages(module.__path__, prefix=package + "."):
        if not SKIPPED_MODULES.search(info.name):
            names.append(info.name)
    return names


def reference_pages() -> dict[str, str]:
    """``{file name: Markdown}``: the Python reference, one page per package."""
    pages = {}
    for short in PACKAGES:
        package = f"baohuang.{short}"
        parts = [f"# `{package}`", ""]
        for name in _modules(package):
            if name != package:
                parts += [f"## `{name}`", ""]
            parts += ["```{eval-rst}", ".. automodule:: " + name, "```", ""]
        pages[f"{package}.md"] = "\n".join(parts)
    top = ["# `baohuang` (top-level modules)", "", "```{eval-rst}", ".. automodule:: baohuang"]
    top += ["```", ""]
    root = ROOT / "baohuang"
    for path in sorted(root.glob("*.py")):
        if path.stem != "__init__":
            top += [f"## `baohuang.{path.stem}`", "", "```{eval-rst}"]
            top += [".. automodule:: baohuang." + path.stem]
            top += ["```", ""]
    pages["baohuang.md"] = "\n".join(top)
    return pages


# --------------------------------------------------------------------------- schemas


def openapi_document() -> str:
    """The OpenAPI document as the server publishes it at ``/api/schema/`` (YAML)."""
    from drf_spectacular.generators import SchemaGenerator
    from drf_spectacular.renderers import OpenApiYamlRenderer

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return OpenApiYamlRenderer().render(schema, renderer_context={}).decode("utf-8")


def generate(app: Sphinx) -> None:
    """Write every generated page before Sphinx reads the sources."""
    from baohuang.rules.model import Variant

    write(OUT / "language-fields.md", language_page())
    write(OUT / "citations.md", citations_page())
    write(OUT / "openapi.yaml", openapi_document())
    schema = json.dumps(Variant.model_json_schema(), ensure_ascii=False, indent=1)
    write(OUT / "variant.schema.json", schema + "\n")
    for name, text in reference_pages().items():
        write(OUT / "reference" / name, text)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the generator."""
    app.connect("builder-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
