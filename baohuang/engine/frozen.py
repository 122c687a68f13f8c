"""The engine's immutable records (a score, a result, a tribute plan, a settlement, a seat's
view): plain classes compiled with the engine, compared, hashed, copied and shown field by
field like frozen dataclasses.

A dataclass's generated initialiser runs as Python even in the native core
(:mod:`baohuang.native`): building the settlement of a finished game cost a search player
about 7 % of its time in those initialisers alone (issue 35). A :class:`Frozen` subclass
writes its ``__init__`` out and names its fields in ``FIELDS``, in the initialiser's order.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self


class Frozen:
    """Base of a record whose fields never change once built (``Final`` in the subclass).

    Two records are equal when they are of the same class and every field is equal; a
    copy (shallow or deep) is the record itself; pickling rebuilds it through its
    initialiser; :meth:`replace` makes a changed copy.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The field names, in the order the initialiser takes them."""

    def astuple(self) -> tuple[Any, ...]:
        """Every field, in order."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def replace(self, **changes: Any) -> Self:
        """A copy with the named fields changed."""
        values = dict(zip(self.FIELDS, self.astuple(), strict=True))
        values.update(changes)
        return type(self)(**values)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.astuple() == other.astuple()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.astuple())

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(self.FIELDS, self.astuple(), strict=True))
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self.astuple())

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


__all__ = ["Frozen"]
