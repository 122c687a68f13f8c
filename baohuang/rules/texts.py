"""Translation for the rules package, with or without Django.

The sentences of :mod:`baohuang.rules` (validation problems) are written in English and
marked with these functions. Inside a Django process (the API, the admin, or the CLI after
:func:`baohuang.i18n.ensure_configured`) they are translated into the active language when
the problem is made; in a plain script, the engine benchmark or any process whose Django
settings are not configured they return the English, so the rules package never needs
Django to work.

The names are the standard ones (``gettext``, ``ngettext``, ``pgettext``), so Django's
``makemessages`` (and ``xgettext``) find the marked strings without extra options.
"""

from __future__ import annotations

import sys


def _django_ready() -> bool:
    """True when Django's translation machinery may be used in this process.

    Django is never imported from here: a process that has not imported it cannot have
    configured it, and then the English is the answer.
    """
    conf = sys.modules.get("django.conf")
    if conf is None or not conf.settings.configured:
        return False
    from django.apps import apps

    return apps.ready


def gettext(message: str) -> str:
    """``message`` in the active language (English when Django is not set up)."""
    if not _django_ready():
        return message
    from django.utils import translation

    return translation.gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The singular or plural form for ``number``, in the active language."""
    if not _django_ready():
        return singular if number == 1 else plural
    from django.utils import translation

    return translation.ngettext(singular, plural, number)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from equal text by ``context``."""
    if not _django_ready():
        return message
    from django.utils import translation

    return translation.pgettext(context, message)


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
