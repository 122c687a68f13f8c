"""Compiling a definition: cases found by mutation testing (`make mutation`, README
"Mutation testing")."""

from __future__ import annotations

import copy

import pytest

from baohuang.engine.compiled import compile_definition
from baohuang.rules import definition_of, load_bundled, validate_definition


def test_an_invalid_definition_is_refused_with_every_error_separated_by_semicolons():
    definition = copy.deepcopy(definition_of(load_bundled("jj-standard")))
    definition["players"] = 4
    definition["deal"]["first_dealer"] = 9
    errors = [str(p) for p in validate_definition(definition).errors]
    assert len(errors) >= 2
    with pytest.raises(ValueError, match="first_dealer") as caught:
        compile_definition(definition)
    assert str(caught.value) == "; ".join(errors)
