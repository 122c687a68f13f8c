"""A cheap copy of a game for search: :meth:`Game.clone <baohuang.engine.game.Game.clone>`.

``copy.deepcopy`` of a game also copies its compiled variant (every table and rule object
the engine reads) — most of its cost — and walks every int and tuple. :func:`clone_game`
copies only the game's own mutable state and shares what never changes during a game:

- the compiled variant (frozen) and everything else that is immutable: ints, strings,
  tuples (the engine keeps only immutable values in tuples: plays, records), frozensets,
  the engine's immutable records (:class:`~baohuang.engine.frozen.Frozen`: a tribute plan,
  a settlement) and frozen dataclasses;
- lists, dicts and sets are copied (their items copied the same way), the engine's own
  objects (the table and one object per phase) are copied attribute by attribute, a bound
  method is bound again to the copy of its object, the random generator is copied with its
  state (so a clone draws the same redeal as the original would);
- an object reached twice is copied once (the game's phases all point back to the game).

The copy is independent: acting on it never changes the original, and the two continue
identically under the same actions. Any other kind of object (something a future engine
change adds) falls back to ``copy.deepcopy`` for that object, so a clone is never wrong,
only slower; ``tests/engine/test_clone.py`` checks both properties on every bundled variant.
"""

from __future__ import annotations

import copy
import random
import types
from typing import Any, TypeVar

from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.frozen import Frozen
from baohuang.engine.table import Table

#: The game (or any table) being copied; the copy is of the same class.
G = TypeVar("G", bound=Table)

_ATOMS: frozenset[type] = frozenset({int, float, str, bool, type(None), bytes, frozenset})
_PLAIN: frozenset[type] = _ATOMS | {tuple}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _is_frozen_dataclass(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def _attributes(obj: object) -> list[str]:
    """The instance attributes of an engine object (its ``__slots__`` and ``__dict__``)."""
    cls = type(obj)
    slotted = _FIELDS.get(cls)
    if slotted is None:
        found: list[str] = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            if isinstance(slots, str):
                slots = (slots,)
            found.extend(s for s in slots if s not in ("__dict__", "__weakref__"))
            # A class compiled by mypyc (the native core) lists its attributes here.
            found.extend(klass.__dict__.get("__mypyc_attrs__", ()))
        found = list(dict.fromkeys(a for a in found if a not in ("__dict__", "__weakref__")))
        slotted = _FIELDS[cls] = tuple(found)
    if hasattr(obj, "__dict__"):
        return [*slotted, *vars(obj)]
    return list(slotted)


def _is_engine_object(obj: object) -> bool:
    """An instance of one of the engine's own classes (copied attribute by attribute)."""
    return type(obj).__module__.startswith("baohuang.engine.") and not isinstance(obj, type)


class _Copier:
    """One clone: copies reachable state once each (``memo`` by object id)."""

    __slots__ = ("memo",)

    def __init__(self, shared: dict[int, Any]) -> None:
        self.memo: dict[int, Any] = shared

    def copy(self, obj: Any) -> Any:
        cls = type(obj)
        if cls in _ATOMS or cls is tuple:
            return obj
        found = self.memo.get(id(obj), self)
        if found is not self:
            return found
        if cls is list:
            if set(map(type, obj)) <= _PLAIN:  # the usual case: ints, cards, plays
                new_list: list[Any] = obj[:]
                self.memo[id(obj)] = new_list
                return new_list
            new_list = []
            self.memo[id(obj)] = new_list
            new_list.extend(map(self.copy, obj))
            return new_list
        if cls is dict:
            new_dict: dict[Any, Any] = {}
            self.memo[id(obj)] = new_dict
            for key, value in obj.items():
                new_dict[key] = self.copy(value)
            return new_dict
        if cls is set:
            new_set = {self.copy(item) for item in obj}
            self.memo[id(obj)] = new_set
            return new_set
        if cls is random.Random:
            rng = random.Random.__new__(random.Random)  # seeded by the state below
            rng.setstate(obj.getstate())
            self.memo[id(obj)] = rng
            return rng
        if cls is types.MethodType:
            bound = types.MethodType(obj.__func__, self.copy(obj.__self__))
            self.memo[id(obj)] = bound
            return bound
        if cls is types.BuiltinMethodType and _is_engine_object(obj.__self__):
            # A method of a class compiled by mypyc (the native core), bound to an engine
            # object: bound again, by name, to that object's copy.
            bound = getattr(self.copy(obj.__self__), obj.__name__)
            self.memo[id(obj)] = bound
            return bound
        if isinstance(obj, (CompiledVariant, Frozen)) or _is_frozen_dataclass(cls):
            return obj
        if _is_engine_object(obj):
            return self._copy_object(obj)
        return copy.deepcopy(obj, self.memo)

    def _copy_object(self, obj: Any) -> Any:
        cls: Any = type(obj)
        try:
            new = cls.__new__(cls)
            self.memo[id(obj)] = new
            for name in _attributes(obj):
                try:
                    value = getattr(obj, name)
                except AttributeError:
                    continue  # a slot never set
                object.__setattr__(new, name, self.copy(value))
        except TypeError:
            # An object that cannot be built field by field (e.g. a compiled extension
            # class): copy it the slow way, still sharing what the memo already holds.
            self.memo.pop(id(obj), None)
            return copy.deepcopy(obj, self.memo)
        return new


def clone_game(game: G) -> G:
    """An independent copy of `game` that shares its compiled variant (see module doc)."""
    copier = _Copier({id(game.cv): game.cv, id(game.cv.variant): game.cv.variant})
    new: G = copier.copy(game)
    return new
