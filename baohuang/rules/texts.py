"""Translation for the rules package, with or without Django.

The sentences of :mod:`baohuang.rules` (validation problems) and of the engine are written
in English and marked with these functions. Inside a Django process (the API, the admin, or
the CLI after :func:`baohuang.i18n.ensure_configured`) they are translated into the active
language when the problem is made; in a plain script, the engine benchmark or any process
whose Django settings are not configured they return the English.

This module never imports Django (an import-linter contract, docs/architecture.md
"Layers"): the translator is handed to it from above. :mod:`baohuang.i18n`, which every
Django process of the project imports (the settings do), calls :func:`install` with one
that asks Django once Django is set up; until then, and in a process without it, the
English is the answer.

The names are the standard ones (``gettext``, ``ngettext``, ``pgettext``), so Django's
``makemessages`` (and ``xgettext``) find the marked strings without extra options.
"""

from __future__ import annotations

from typing import Protocol


class Translator(Protocol):
    """What translates the marked sentences (:mod:`baohuang.i18n` installs Django's)."""

    def gettext(self, message: str) -> str:
        """``message`` in the active language."""
        ...

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        """The singular or plural form for ``number``, in the active language."""
        ...

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the active language, told apart by ``context``."""
        ...


_translator: Translator | None = None


def install(translator: Translator | None) -> None:
    """Translate the marked sentences with ``translator`` from now on (None: English)."""
    global _translator  # the one translator of the process, handed down from above
    _translator = translator


def gettext(message: str) -> str:
    """``message`` in the active language (English without a translator)."""
    translator = _translator
    if translator is None:
        return message
    return translator.gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The singular or plural form for ``number``, in the active language."""
    translator = _translator
    if translator is None:
        return singular if number == 1 else plural
    return translator.ngettext(singular, plural, number)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from equal text by ``context``."""
    translator = _translator
    if translator is None:
        return message
    return translator.pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated later)."""
    return message


class LazyText:
    """A marked message translated each time it is shown (:func:`str`), in the language
    active then: the rules package's own lazy text, usable without Django.

    Kept as ``(context, message)`` so that a reader (the editor's generated tables, the
    docs) can ask for it in any language.
    """

    __slots__ = ("context", "message")

    def __init__(self, context: str, message: str) -> None:
        self.context = context
        self.message = message

    def __str__(self) -> str:
        return pgettext(self.context, self.message)

    def __repr__(self) -> str:
        return f"LazyText({self.context!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LazyText):
            return NotImplemented
        return (self.context, self.message) == (other.context, other.message)

    def __hash__(self) -> int:
        return hash((self.context, self.message))


def pgettext_lazy(context: str, message: str) -> LazyText:
    """``message`` with ``context``, marked for the catalog and translated when shown."""
    return LazyText(context, message)
