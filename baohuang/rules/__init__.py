"""The variant language of 保皇 house rules: models, cross-field checks, loading, schema.

Import from here: ``from baohuang.rules import Variant, validate_definition``. This package
never imports the engine or Django.
"""

from baohuang.rules.checks import CHECKS, check_variant, deck_composition, deck_size
from baohuang.rules.loader import (
    VARIANTS_DIR,
    Report,
    bundled_variant_paths,
    canonical_json,
    checksum,
    definition_of,
    json_schema,
    load_bundled,
    parse_text,
    validate_definition,
    validate_file,
    validate_text,
)
from baohuang.rules.model import SCHEMA_VERSION, Variant
from baohuang.rules.problems import Problem

__all__ = [
    "CHECKS",
    "SCHEMA_VERSION",
    "VARIANTS_DIR",
    "Problem",
    "Report",
    "Variant",
    "bundled_variant_paths",
    "canonical_json",
    "check_variant",
    "checksum",
    "deck_composition",
    "deck_size",
    "definition_of",
    "json_schema",
    "load_bundled",
    "parse_text",
    "validate_definition",
    "validate_file",
    "validate_text",
]
