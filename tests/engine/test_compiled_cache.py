"""The one cache of compiled variants (engine/compiled.py), keyed by the definition's checksum."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from baohuang.engine import compiled
from baohuang.engine.compiled import _CompiledCache, compile_definition, compile_variant
from baohuang.rules import checksum, load_bundled
from tests.fixtures import load_variant


def test_equal_definitions_share_one_compiled_variant() -> None:
    definition = load_variant()
    first = compile_definition(definition)

    assert compile_definition(copy.deepcopy(definition)) is first
    assert compile_definition(definition, checksum(definition)) is first  # a stored checksum
    assert compile_variant(first.variant) is first


def test_an_invalid_definition_is_refused_and_not_kept() -> None:
    broken: dict[str, Any] = {**load_variant(), "deal": {"hand_sizes": [1, 2, 3, 4, 5]}}
    before = len(compiled._CACHE)

    with pytest.raises(ValueError, match="hand_sizes"):
        compile_definition(broken)
    assert len(compiled._CACHE) == before


def test_the_cache_keeps_the_most_recently_used() -> None:
    built = {
        name: compile_variant(load_bundled(name)) for name in ("baike-common", "tcy-bie3", "hd")
    }
    cache = _CompiledCache(2)

    cache.get_or_build("a", lambda: built["baike-common"])
    cache.get_or_build("b", lambda: built["tcy-bie3"])
    cache.get_or_build("a", lambda: pytest.fail("a is kept"))
    cache.get_or_build("c", lambda: built["hd"])  # b was used least recently: it goes

    assert len(cache) == 2
    assert cache.get_or_build("a", lambda: pytest.fail("a is kept")) is built["baike-common"]
    assert cache.get_or_build("b", lambda: built["hd"]) is built["hd"]  # built again
