"""Reading variant documents: YAML or JSON text, files, and the bundled `variants/` folder.

Every entry point returns a :class:`Report` instead of raising: a card-room operator sees
all problems of a document at once, each with its path.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from baohuang.rules.checks import check_variant, deck_composition, deck_size
from baohuang.rules.model import CalledGuard, Variant
from baohuang.rules.problems import Problem, problems_from_validation_error

#: The folder of bundled variants (one YAML file per variant; file name = id).
VARIANTS_DIR = Path(__file__).resolve().parents[2] / "variants"


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
    """Validate a parsed document (a dict from YAML or JSON): structure, then cross-field checks."""
    if not isinstance(data, dict):
        kinds = {list: "a list", str: "plain text", int: "a number", float: "a number"}
        kind = "empty" if data is None else kinds.get(type(data), type(data).__name__)
        return Report(
            None,
            (
                Problem(
                    "",
                    "A variant must be a set of named sections (schema_version, id, deck, "
                    f"deal, …); this document is {kind}.",
                    code="not_a_mapping",
                ),
            ),
        )
    version = data.get("schema_version")
    if version is not None and version != 1:
        return Report(
            None,
            (
                Problem(
                    "schema_version",
                    f"This tool reads schema_version 1; the document says {version!r}.",
                    code="schema_version",
                ),
            ),
        )
    try:
        variant = Variant.model_validate(data)
    except ValidationError as exc:
        return Report(None, tuple(problems_from_validation_error(exc, Variant)))
    return Report(variant, tuple(check_variant(variant)))


def parse_text(text: str) -> tuple[Any, Problem | None]:
    """Parse YAML (a superset of JSON) text; a syntax error becomes a problem with its line."""
    try:
        return yaml.safe_load(text), None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, Problem("", f"The document is not valid YAML{where}: {reason}.", code="yaml")


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
        return Report(None, (Problem("", f"Cannot read {p}: {exc.strerror or exc}.", code="io"),))
    except UnicodeDecodeError:
        return Report(None, (Problem("", f"{p} is not UTF-8 text.", code="io"),))
    report = validate_text(text)
    if report.variant is not None and p.suffix in (".yaml", ".yml") and p.stem != report.variant.id:
        extra = Problem(
            "id",
            f"The file is named {p.name} but the id is {report.variant.id}; bundled variant "
            "files are named after their id.",
            severity="warning",
            code="id_file_name",
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


def canonical_json(data: Any) -> str:
    """The canonical JSON text of a definition: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def checksum(data: Any) -> str:
    """The SHA-256 of a definition's canonical JSON: equal content, equal checksum."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def definition_of(variant: Variant) -> dict[str, Any]:
    """A variant as a plain JSON-ready dict, every default written out."""
    return variant.model_dump(mode="json")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the variant language."""
    schema = Variant.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:baohuang:variant:v1",
        **schema,
    }
