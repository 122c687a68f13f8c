"""The language plumbing every translated string goes through."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext

from baohuang import i18n


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("zh", "zh"),
        ("zh-CN", "zh"),
        ("zh_Hans", "zh"),
        ("ZH-hans", "zh"),
        ("en-US", "en"),
        ("en", "en"),
        ("", "zh"),
        (None, "zh"),
        ("fr", "zh"),
    ],
)
def test_client_language_spellings_are_read(given: str | None, expected: str) -> None:
    assert i18n.short_lang(given) == expected


def test_unknown_language_falls_back_to_the_given_default() -> None:
    assert i18n.short_lang("de", default="en") == "en"


def test_in_both_speaks_each_language_in_turn() -> None:
    # Django ships this phrase translated; it proves the active language switches.
    both = i18n.in_both(lambda: gettext("This field is required."))
    assert both == {"zh": "该字段是必填项。", "en": "This field is required."}


def test_every_catalog_is_compiled_and_fresh() -> None:
    assert i18n.compile_catalogs(check=True) == []


def test_settings_list_every_package_catalog() -> None:
    from django.conf import settings

    assert [str(p) for p in i18n.locale_paths()] == settings.LOCALE_PATHS
    assert [code for code, _ in settings.LANGUAGES] == ["zh-hans", "en"]
