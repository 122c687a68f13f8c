"""The product's languages: Chinese (zh-Hans) first, English as the source text.

Every user-facing string on the server is written in English and marked for Django's
translation (``gettext`` / ``gettext_lazy``); the Chinese lives in per-package catalogs,
``baohuang/<package>/locale/zh_Hans/LC_MESSAGES/django.po``. The catalogs are compiled to
``.mo`` files by the build (``make messages``, i.e. ``python -m baohuang.i18n compile``).

Outside a Django process (the CLI), :func:`ensure_configured` sets up just enough of Django
for translations to work.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Literal, TypeVar

from baohuang.rules import texts

#: The package directory, ``<repo>/baohuang``.
PACKAGE_DIR = Path(__file__).resolve().parent

#: The short language codes clients use (``?lang=zh``), and Django's codes for them.
Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")
DJANGO_CODES: dict[str, str] = {"zh": "zh-hans", "en": "en"}
#: Django's LANGUAGES setting: the languages the product speaks, Chinese first.
LANGUAGES: list[tuple[str, str]] = [("zh-hans", "简体中文"), ("en", "English")]

T = TypeVar("T")


def django_ready() -> bool:
    """True when Django's translation machinery may be used in this process.

    Django is never imported from here: a process that has not imported it cannot have
    configured it, and then the English is the answer.
    """
    conf = sys.modules.get("django.conf")
    if conf is None or not conf.settings.configured:
        return False
    from django.apps import apps

    return apps.ready


class DjangoTranslator:
    """Django's translation for the sentences of the rules and the engine
    (:mod:`baohuang.rules.texts`), once Django is set up; the English before."""

    def gettext(self, message: str) -> str:
        """``message`` in the active language."""
        if not django_ready():
            return message
        from django.utils import translation

        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        """The singular or plural form for ``number``, in the active language."""
        if not django_ready():
            return singular if number == 1 else plural
        from django.utils import translation

        return translation.ngettext(singular, plural, number)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the active language, told apart by ``context``."""
        if not django_ready():
            return message
        from django.utils import translation

        return translation.pgettext(context, message)


# The rules and the engine never import Django; every Django process of the project imports
# this module (the settings do, the CLI sets Django up through it), which hands them Django.
texts.install(DjangoTranslator())


def locale_paths() -> list[Path]:
    """Every package's ``locale`` directory (Django's ``LOCALE_PATHS``)."""
    return sorted(path for path in PACKAGE_DIR.glob("*/locale") if path.is_dir())


def short_lang(value: str | None, default: Lang = "zh") -> Lang:
    """Read a language as a client writes it (``zh``, ``zh-CN``, ``zh-Hans``, ``en-US`` …).

    Anything Chinese is ``zh``, anything English is ``en``; blank or unknown gives ``default``.
    """
    text = (value or "").strip().lower().replace("_", "-")
    if text.startswith("zh"):
        return "zh"
    if text.startswith("en"):
        return "en"
    return default


def grouped(number: int) -> str:
    """A whole number with the active language's digit grouping (``100,000``), by Django."""
    from django.utils.formats import number_format

    return str(number_format(number, force_grouping=True))


def refresh_catalogs() -> None:
    """Compile catalogs whose ``.mo`` is missing or stale, where the package is writable.

    A source checkout then never speaks English silently because nobody ran
    ``make messages``; an installed package ships its ``.mo`` files and compiles nothing.
    """
    with suppress(OSError):  # a read-only installation: use what was shipped
        compile_catalogs()


def ensure_configured() -> None:
    """Make Django's translation usable in a process that is not a Django project (the CLI)."""
    from django.conf import settings

    if not settings.configured:
        refresh_catalogs()
        settings.configure(
            USE_I18N=True,
            LANGUAGE_CODE="en",
            LANGUAGES=LANGUAGES,
            LOCALE_PATHS=[str(path) for path in locale_paths()],
            INSTALLED_APPS=[],
        )
    import django
    from django.apps import apps

    if not apps.ready:
        django.setup()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Translate everything inside the block into ``lang`` (``zh``/``en`` or a Django code)."""
    from django.utils import translation

    ensure_configured()
    code = DJANGO_CODES.get(lang) or DJANGO_CODES[short_lang(lang)]
    with translation.override(code):
        yield


def in_both(make: Callable[[], T]) -> dict[str, T]:
    """``{"zh": make(), "en": make()}``, each made while speaking that language."""
    out: dict[str, T] = {}
    for lang in LANGS:
        with speaking(lang):
            out[lang] = make()
    return out


def compile_catalogs(check: bool = False) -> list[Path]:
    """Compile every ``django.po`` under the package to its ``django.mo``.

    With ``check``, compile nothing and return the catalogs whose ``.mo`` is missing or
    older than the ``.po``.
    """
    import polib

    stale: list[Path] = []
    for root in locale_paths():
        for po_path in sorted(root.glob("*/LC_MESSAGES/django.po")):
            mo_path = po_path.with_suffix(".mo")
            if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                continue
            stale.append(po_path)
            if not check:
                # Write beside, then rename: a process starting at the same moment (a web
                # worker, a Celery worker) never reads a half-written catalog.
                partial = mo_path.with_suffix(f".mo.{os.getpid()}")
                polib.pofile(str(po_path)).save_as_mofile(str(partial))
                os.replace(partial, mo_path)
    return stale


def main(argv: list[str] | None = None) -> int:
    """``python -m baohuang.i18n compile``: the build step that compiles the catalogs."""
    args = sys.argv[1:] if argv is None else argv
    if args != ["compile"]:
        print("usage: python -m baohuang.i18n compile", file=sys.stderr)
        return 2
    for path in compile_catalogs():
        print(f"compiled {path.relative_to(PACKAGE_DIR.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
