"""Reading variant documents: YAML or JSON text, files, and the bundled `variants/` folder.

Every entry point returns a :class:`Report` instead of raising: a card-room operator sees
all problems of a document at once, each with its path.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import TypeAdapter, ValidationError

from baohuang.rules.checks import Unparsed, check_variant, deck_composition, deck_size
from baohuang.rules.model import CalledGuard, Variant
from baohuang.rules.problems import (
    Problem,
    json_value,
    problem,
    problems_from_validation_error,
)
from baohuang.rules.texts import gettext, pgettext

#: Where an installed package (a wheel) carries the bundled variants: the build copies
#: ``variants/*.yaml`` here (setup.py); a source checkout never has this folder.
PACKAGED_VARIANTS_DIR = Path(__file__).resolve().parents[1] / "variants_data"
#: The one source of truth: the top-level ``variants/`` folder of a source checkout.
CHECKOUT_VARIANTS_DIR = Path(__file__).resolve().parents[2] / "variants"
#: The folder of bundled variants (one YAML file per variant; file name = id).
VARIANTS_DIR = PACKAGED_VARIANTS_DIR if PACKAGED_VARIANTS_DIR.is_dir() else CHECKOUT_VARIANTS_DIR


#: How deeply sections and lists may nest in a document. A variant needs fewer than 10;
#: the bound keeps every reader (YAML's composer, JSON's decoder, the validation and any
#: recursive walk after it) far from Python's recursion limit.
MAX_DEPTH = 64


def too_deep_problem() -> Problem:
    """The problem of a document nested deeper than :data:`MAX_DEPTH` (code ``too_deep``)."""
    return problem(
        "",
        gettext(
            "The document nests sections and lists more than %(limit)s levels deep; a variant "
            "needs fewer than 10. Look for a bracket that is never closed or an indentation "
            "that keeps growing."
        ),
        code="too_deep",
        params={"limit": MAX_DEPTH},
    )


def _children(value: Any) -> Iterator[Any]:
    return iter(value.values()) if isinstance(value, dict) else iter(value)


def nesting_depth(data: Any, limit: int = MAX_DEPTH) -> int:
    """How many containers (mappings, lists) nest in ``data``: a scalar is 0, ``{}`` is 1.

    Counted without recursion and at most to ``limit + 1`` (anything deeper, and a structure
    that contains itself through YAML aliases, is ``limit + 1``). A container reached twice
    through aliases is measured once, so a document of repeated aliases costs no more than
    its distinct parts.
    """
    if not isinstance(data, dict | list):
        return 0
    heights: dict[int, int] = {}
    active = {id(data)}
    stack: list[tuple[Any, Iterator[Any], int]] = [(data, _children(data), 0)]
    while stack:
        node, children, best = stack[-1]
        descended = False
        for child in children:
            if not isinstance(child, dict | list):
                continue
            known = heights.get(id(child))
            if known is not None:
                best = max(best, known)
                continue
            if id(child) in active or len(stack) >= limit:
                return limit + 1
            stack[-1] = (node, children, best)
            active.add(id(child))
            stack.append((child, _children(child), 0))
            descended = True
            break
        if descended:
            continue
        stack.pop()
        active.discard(id(node))
        height = heights[id(node)] = best + 1
        if height > limit:
            return limit + 1
        if not stack:
            return height
        parent, siblings, parent_best = stack[-1]
        stack[-1] = (parent, siblings, max(parent_best, height))
    return 0  # not reached


class _TooDeep(Exception):
    """Raised by :class:`_BoundedLoader` when the document nests too deeply."""


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, whose (recursive) composer stops at :data:`MAX_DEPTH` levels."""

    _depth = 0

    def compose_sequence_node(self, anchor: Any) -> Any:
        return self._bounded(super().compose_sequence_node, anchor)

    def compose_mapping_node(self, anchor: Any) -> Any:
        return self._bounded(super().compose_mapping_node, anchor)

    def _bounded(self, compose: Any, anchor: Any) -> Any:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooDeep
            return compose(anchor)
        finally:
            self._depth -= 1


@dataclass(frozen=True)
class Report:
    """The result of validating one document: the variant if valid, and every problem."""

    variant: Variant | None
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    @property
    def errors(self) -> list[Problem]:
        """Problems that make the document unusable."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """Problems worth a look that do not stop the variant from being used."""
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def valid(self) -> bool:
        """True when there is a variant and no error."""
        return self.variant is not None and not self.errors

    def summary(self) -> dict[str, Any]:
        """A few facts an operator checks at a glance (empty when the document is broken)."""
        v = self.variant
        if v is None:
            return {}
        guard = v.bidding.guard
        return {
            "id": v.id,
            "name": v.name.model_dump(),
            "deck_size": deck_size(v),
            "deck": {rank: n for rank, n in deck_composition(v).items() if n},
            "hand_sizes": list(v.deal.hand_sizes),
            "guard": guard.by,
            "callable_ranks": list(guard.callable_ranks) if isinstance(guard, CalledGuard) else [],
            "flow": [step.step for step in v.bidding.flow],
            "hold_back": [h.rank for h in v.play.hold_back],
            "end": v.end.when,
            "multipliers": [f"{m.event} ×{m.factor}" for m in v.scoring.multipliers],
            "tribute_rules": len(v.tribute.rules),
        }


def validate_definition(data: Any) -> Report:
    """Validate a parsed document (a dict from YAML or JSON): structure, then cross-field checks.

    Every problem findable in one pass is reported: all structural errors, and when some
    sections did not parse, the cross-field checks that need only the sections that did.
    """
    if nesting_depth(data) > MAX_DEPTH:
        return Report(None, (too_deep_problem(),))
    if not isinstance(data, dict):
        kind = _kind_of(data)
        text = {
            "empty": gettext(
                "A variant must be a set of named sections ('schema_version', 'id', 'deck', "
                "'deal' …); this document is empty."
            ),
            "list": gettext(
                "A variant must be a set of named sections ('schema_version', 'id', 'deck', "
                "'deal' …); this document is a list."
            ),
            "text": gettext(
                "A variant must be a set of named sections ('schema_version', 'id', 'deck', "
                "'deal' …); this document is plain text."
            ),
            "number": gettext(
                "A variant must be a set of named sections ('schema_version', 'id', 'deck', "
                "'deal' …); this document is a number."
            ),
        }.get(
            kind,
            gettext(
                "A variant must be a set of named sections ('schema_version', 'id', 'deck', "
                "'deal' …); this document is something else (%(kind)s)."
            ),
        )
        return Report(None, (problem("", text, code="not_a_mapping", params={"kind": kind}),))
    version = data.get("schema_version")
    if version is not None and version != 1:
        return Report(
            None,
            (
                problem(
                    "schema_version",
                    gettext("This tool reads schema_version 1; the document says %(version)s."),
                    code="schema_version",
                    params={"version": json_value(version), "supported": 1},
                    shown={"version": repr(version)},
                ),
            ),
        )
    try:
        variant = Variant.model_validate(data)
    except ValidationError as exc:
        structural = problems_from_validation_error(exc, Variant)
        partial = _partial_variant(data, _failed_sections(exc))
        return Report(None, (*structural, *check_variant(partial)))
    return Report(variant, tuple(check_variant(variant)))


def _failed_sections(exc: ValidationError) -> set[str]:
    """The top-level fields (sections) that hold at least one of the structural errors."""
    fields = Variant.model_fields
    return {str(err["loc"][0]) for err in exc.errors() if err["loc"] and err["loc"][0] in fields}


@cache
def _field_adapter(name: str) -> TypeAdapter[Any]:
    """A validator for one top-level field of :class:`Variant`, with its constraints."""
    info = Variant.model_fields[name]
    return TypeAdapter(Annotated[info.annotation, info])  # type: ignore[arg-type]


def _partial_variant(data: dict[str, Any], failed: set[str]) -> Variant:
    """The document's variant with every section that failed as :class:`Unparsed`.

    Each other top-level section is validated on its own against its model (or takes its
    default when absent), so :func:`check_variant` can run the cross-field checks that need
    only sections that parsed: a misspelt key in one section does not hide hand sizes that
    do not add up in another. Never a usable variant: only the checks see it.
    """
    values: dict[str, Any] = {}
    for name, info in Variant.model_fields.items():
        if name in failed:
            values[name] = Unparsed(name)
        elif name in data:
            try:
                values[name] = _field_adapter(name).validate_python(data[name])
            except ValidationError:  # not expected: the whole reported no error here
                values[name] = Unparsed(name)
        else:
            values[name] = info.get_default(call_default_factory=True)
    return Variant.model_construct(**values)


def _kind_of(data: Any) -> str:
    """What a document that is not a mapping is: empty, list, text, number, or a type name."""
    if data is None:
        return "empty"
    if isinstance(data, list):
        return "list"
    if isinstance(data, str):
        return "text"
    if isinstance(data, int | float) and not isinstance(data, bool):
        return "number"
    return type(data).__name__


def parse_text(text: str) -> tuple[Any, Problem | None]:
    """Parse YAML (a superset of JSON) text; a syntax error becomes a problem with its line.

    The reason is PyYAML's own (English) phrase; it is in the params as ``reason``. A document
    nested deeper than :data:`MAX_DEPTH` (also through aliases) is a ``too_deep`` problem.
    """
    try:
        data = yaml.load(text, Loader=_BoundedLoader)  # noqa: S506 (_BoundedLoader is a yaml.SafeLoader (with a depth bound))
    except (_TooDeep, RecursionError):
        return None, too_deep_problem()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if mark is None:
            return None, problem(
                "",
                gettext("The document is not valid YAML: %(reason)s."),
                code="yaml",
                params={"line": None, "column": None, "reason": reason},
            )
        return None, problem(
            "",
            gettext(
                "The document is not valid YAML (line %(line)s, column %(column)s): %(reason)s."
            ),
            code="yaml",
            params={"line": mark.line + 1, "column": mark.column + 1, "reason": reason},
        )
    if nesting_depth(data) > MAX_DEPTH:
        return None, too_deep_problem()
    return data, None


def validate_text(text: str) -> Report:
    """Validate YAML or JSON text."""
    data, problem = parse_text(text)
    if problem is not None:
        return Report(None, (problem,))
    return validate_definition(data)


def validate_file(path: str | Path) -> Report:
    """Validate a file; an unreadable file is a problem, not an exception."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return Report(
            None,
            (
                problem(
                    "",
                    gettext("Cannot read %(file)s: %(reason)s."),
                    code="io",
                    params={"file": str(p), "reason": reason, "errno": exc.errno},
                ),
            ),
        )
    except UnicodeDecodeError:
        return Report(
            None,
            (
                problem(
                    "",
                    gettext("%(file)s is not UTF-8 text."),
                    code="io",
                    params={"file": str(p), "reason": "not_utf8", "errno": None},
                ),
            ),
        )
    report = validate_text(text)
    if report.variant is not None and p.suffix in (".yaml", ".yml") and p.stem != report.variant.id:
        extra = problem(
            "id",
            gettext(
                "The file is named %(file)s but the id is %(id)s; bundled variant files are "
                "named after their id."
            ),
            severity="warning",
            code="id_file_name",
            params={"file": p.name, "id": report.variant.id},
        )
        return Report(report.variant, (*report.problems, extra))
    return report


def bundled_variant_paths() -> list[Path]:
    """The bundled variant files, sorted by id."""
    return sorted(VARIANTS_DIR.glob("*.yaml"))


def load_bundled(variant_id: str) -> Variant:
    """Load one bundled variant by id; raises KeyError or ValueError with a plain message."""
    path = VARIANTS_DIR / f"{variant_id}.yaml"
    if not path.is_file():
        known = ", ".join(p.stem for p in bundled_variant_paths())
        raise KeyError(f"No bundled variant '{variant_id}'. Known: {known}.")
    report = validate_file(path)
    if not report.valid or report.variant is None:
        raise ValueError("; ".join(str(p) for p in report.errors))
    return report.variant


def _is_file(path: Path) -> bool:
    """Whether ``path`` names a file; one that cannot even be looked at (a folder on the way
    that the user may not enter) counts as a file, so that reading it says why it cannot."""
    try:
        return path.is_file()
    except OSError:
        return True


def load_variant(spec: str) -> tuple[Variant | None, list[str]]:
    """A variant from a bundled id or a file path; (None, messages) when it cannot be used."""
    path = Path(spec)
    bundled = {p.stem: p for p in bundled_variant_paths()}
    if spec in bundled and not _is_file(path):
        path = bundled[spec]
    elif not _is_file(path):
        known = ", ".join(sorted(bundled))
        return None, [
            gettext("'%(spec)s' is neither a bundled variant id nor a file. Known ids: %(known)s.")
            % {"spec": spec, "known": known}
        ]
    report = validate_file(path)
    if not report.valid or report.variant is None:
        return None, [
            f"{path}: {p.path or gettext('(document)')}: {pgettext('severity', 'error')}: "
            f"{p.message}"
            for p in report.errors
        ]
    return report.variant, []


def canonical_json(data: Any) -> str:
    """The canonical JSON text of a definition: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def checksum(data: Any) -> str:
    """The SHA-256 of a definition's canonical JSON: equal content, equal checksum."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def definition_of(variant: Variant) -> dict[str, Any]:
    """A variant as a plain JSON-ready dict, every default written out."""
    return variant.model_dump(mode="json")


def _tags_required(node: Any, defs: dict[str, Any]) -> None:
    """Mark each discriminated union's tag (``step``, ``by``) required in its models.

    pydantic lists a tag with a default (``step: "redeal"``) as optional, yet a definition
    without it is refused (``union_tag_not_found``): the schema says so too.
    """
    if isinstance(node, list):
        for item in node:
            _tags_required(item, defs)
    elif isinstance(node, dict):
        discriminator = node.get("discriminator")
        if isinstance(discriminator, dict):
            tag = discriminator["propertyName"]
            for ref in discriminator.get("mapping", {}).values():
                model = defs[ref.rsplit("/", 1)[-1]]
                if tag not in model.setdefault("required", []):
                    model["required"].insert(0, tag)
        for value in node.values():
            _tags_required(value, defs)


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the variant language."""
    schema = Variant.model_json_schema()
    _tags_required(schema, schema.get("$defs", {}))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:baohuang:variant:v1",
        **schema,
    }
