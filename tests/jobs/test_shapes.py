"""The OpenAPI document states the shapes a simulation job's ``result`` and ``summary``
really have (the TypedDicts of :mod:`baohuang.simulation.stats`; the web editor's types are
generated from the document)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from baohuang.editor.schemas import openapi_document
from baohuang.rules import load_bundled
from baohuang.simulation.runner import simulate


@pytest.fixture(scope="module")
def job() -> dict[str, Any]:
    """The document's schema of a simulation job."""
    schema: dict[str, Any] = openapi_document()["components"]["schemas"]["SimulationJob"]
    return schema


def test_a_real_result_and_summary_match_the_documented_shapes(job: dict[str, Any]) -> None:
    stats = simulate(load_bundled("baike-weihai"), 6, seed=3)
    result, summary = job["properties"]["result"], job["properties"]["summary"]

    jsonschema.validate(stats.to_dict(), result)
    jsonschema.validate(stats.summary(), summary)
    jsonschema.validate(None, summary)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**stats.summary(), "roles": {"emperor": {"n": 1}}}, summary)


def test_the_documented_summary_names_its_fields(job: dict[str, Any]) -> None:
    summary = job["properties"]["summary"]["oneOf"][0]["anyOf"][0]
    role = summary["properties"]["roles"]["additionalProperties"]

    assert set(role["required"]) == {"n", "win", "draw", "loss", "points", "ranks"}
    assert role["properties"]["loss"]["required"] == ["rate", "ci95"]
    assert "per_game" in summary["properties"]["rates"]["additionalProperties"]["properties"]
