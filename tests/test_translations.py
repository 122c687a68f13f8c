"""The Chinese catalogs are complete (issue #14, "Chinese first").

For every package catalog, ``baohuang/<package>/locale/zh_Hans/LC_MESSAGES/django.po``:

- no entry is untranslated or fuzzy (polib);
- Django's ``makemessages``, run over a copy of the package, finds no string that the
  catalog lacks (and the catalog keeps no string the code no longer has);
- the header says Chinese has one plural form.

A catalog may also hold the strings of modules outside its package (:data:`EXTRA_SOURCES`);
today none does (the CLI, once a module whose sentences lived in the rules catalog, is the
``baohuang/cli`` package with a catalog of its own).

Run ``python tests/test_translations.py PACKAGE`` to refresh that package's catalog from the
code (new strings come in untranslated, gone ones are dropped); then translate the new ones.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import polib
import pytest

PACKAGE_DIR = Path(__file__).resolve().parents[1] / "baohuang"
LOCALE = "zh_Hans"

#: Modules outside a package whose strings that package's catalog holds.
EXTRA_SOURCES: dict[str, tuple[str, ...]] = {}


def catalog_path(package: str) -> Path:
    return PACKAGE_DIR / package / "locale" / LOCALE / "LC_MESSAGES" / "django.po"


def packages_with_catalogs() -> list[str]:
    """Every package under ``baohuang/`` that has a zh-Hans catalog."""
    found = PACKAGE_DIR.glob(f"*/locale/{LOCALE}/LC_MESSAGES/django.po")
    return sorted(path.parents[3].name for path in found)


@contextmanager
def _cwd(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def extract(package: str) -> polib.POFile:
    """What ``makemessages -l zh_Hans`` finds in the package (and its extra sources).

    It runs over a copy, so the real catalog is not touched; the copy has no catalog, so
    the result is exactly the strings the code marks.
    """
    from django.core.management import call_command

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / package
        shutil.copytree(
            PACKAGE_DIR / package,
            root,
            ignore=shutil.ignore_patterns("locale", "__pycache__", "*.mo", "*.po", "static"),
        )
        for extra in EXTRA_SOURCES.get(package, ()):
            shutil.copy(PACKAGE_DIR / extra, root / f"_extra_{Path(extra).name}")
        (root / "locale").mkdir()
        with _cwd(root):
            call_command("makemessages", locale=[LOCALE], verbosity=0, no_location=False)
        out = root / "locale" / LOCALE / "LC_MESSAGES" / "django.po"
        po = polib.pofile(str(out)) if out.exists() else polib.POFile()
    # Locations as paths in the repository (the copy's names mean nothing to a translator).
    for entry in po:
        entry.occurrences = [(_real_path(package, name), line) for name, line in entry.occurrences]
    return po


def _real_path(package: str, name: str) -> str:
    if name.startswith("_extra_"):
        return f"baohuang/{name.removeprefix('_extra_')}"
    return f"baohuang/{package}/{name}"


def _key(entry: polib.POEntry) -> tuple[str, str]:
    return (entry.msgctxt or "", entry.msgid)


def _live(po: polib.POFile) -> dict[tuple[str, str], polib.POEntry]:
    return {_key(e): e for e in po if not e.obsolete}


# --------------------------------------------------------------------------- the tests


def test_the_rules_package_has_a_catalog() -> None:
    assert "rules" in packages_with_catalogs()


@pytest.mark.parametrize("package", packages_with_catalogs())
def test_the_catalog_is_fully_translated(package: str) -> None:
    po = polib.pofile(str(catalog_path(package)))

    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]

    assert untranslated == [], f"{package}: untranslated entries"
    assert fuzzy == [], f"{package}: fuzzy entries"
    assert po.metadata.get("Plural-Forms", "").replace(" ", "") == "nplurals=1;plural=0;"
    for entry in po:
        if entry.msgid_plural:
            assert set(entry.msgstr_plural) == {0}, f"{entry.msgid!r}: one form for Chinese"


@pytest.mark.parametrize("package", packages_with_catalogs())
def test_gnu_msgfmt_accepts_the_catalog(package: str) -> None:
    """A duplicate entry or a broken format compiles with polib but not with GNU gettext."""
    po = polib.pofile(str(catalog_path(package)))
    keys = [(e.msgctxt, e.msgid) for e in po]
    assert len(keys) == len(set(keys)), f"{package}: duplicate entries"
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return  # the duplicate check above is the part that matters
    run = subprocess.run(
        [msgfmt, "--check-format", "-o", os.devnull, str(catalog_path(package))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("package", packages_with_catalogs())
def test_makemessages_would_add_nothing(package: str) -> None:
    found = _live(extract(package))
    catalog = _live(polib.pofile(str(catalog_path(package))))

    missing = sorted(set(found) - set(catalog))
    gone = sorted(set(catalog) - set(found))

    assert missing == [], f"{package}: strings the catalog lacks (refresh it, then translate)"
    assert gone == [], f"{package}: strings the code no longer has"
    # A plural in the code is a plural in the catalog.
    for key, entry in found.items():
        assert catalog[key].msgid_plural == entry.msgid_plural, key


#: Strings two packages translate differently, known before this test existed: each needs
#: a context (pgettext) in one of them. Do not add to this list; give the string a context.
KNOWN_CLASHES = {
    ("", "Hidden solo, emperor %(place)s"),
    ("", "Open solo, emperor %(place)s"),
    ("outcome", "draw"),
}


def test_a_string_in_two_catalogs_reads_the_same() -> None:
    """Django merges the catalogs into one: the same msgid (and context) in two packages
    must have one translation, or one package silently gets the other's wording."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    for package in packages_with_catalogs():
        for entry in polib.pofile(str(catalog_path(package))).translated_entries():
            if entry.msgid_plural:
                continue
            key = _key(entry)
            if key in seen and key not in KNOWN_CLASHES:
                other, text = seen[key]
                assert text == entry.msgstr, (key, other, package)
            seen[key] = (package, entry.msgstr)


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


@pytest.mark.parametrize("package", packages_with_catalogs())
def test_translations_keep_every_placeholder(package: str) -> None:
    po = polib.pofile(str(catalog_path(package)))

    for entry in po.translated_entries():
        wanted = set(_PLACEHOLDER.findall(entry.msgid))
        if entry.msgid_plural:
            wanted |= set(_PLACEHOLDER.findall(entry.msgid_plural))
            translations = list(entry.msgstr_plural.values())
        else:
            translations = [entry.msgstr]
        for text in translations:
            # A plural form may leave out the count it is chosen by, nothing else.
            assert set(_PLACEHOLDER.findall(text)) >= wanted - {"count"}, entry.msgid
            assert set(_PLACEHOLDER.findall(text)) <= wanted, entry.msgid


# --------------------------------------------------------------------------- refreshing


def refresh(package: str) -> None:
    """Bring the package's catalog in line with the code, keeping existing translations."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    django.setup()
    found = extract(package)
    path = catalog_path(package)
    old = _live(polib.pofile(str(path))) if path.exists() else {}
    for entry in found:
        previous = old.get(_key(entry))
        if previous is not None:
            entry.msgstr = previous.msgstr
            entry.msgstr_plural = previous.msgstr_plural
            entry.flags = [f for f in previous.flags if f != "fuzzy"] or entry.flags
        elif entry.msgid_plural:
            entry.msgstr_plural = {0: ""}
    if path.exists():
        found.header = polib.pofile(str(path)).header
        found.metadata = polib.pofile(str(path)).metadata
        found.metadata_is_fuzzy = False
    path.parent.mkdir(parents=True, exist_ok=True)
    found.save(str(path))


if __name__ == "__main__":
    refresh(sys.argv[1])
