"""A rule set's identifier from its name: a Chinese name is enough (issue 34 §4).

A slug is the variant id, lower-case letters, digits and dashes (``SLUG_PATTERN``). An
operator who names his rules 我们的威海 should not have to invent ``women-de-weihai``: the
slug is made from the name's pinyin (pypinyin, tone marks dropped), words joined by dashes,
and made unique among the rule sets by a number (``weihai-2``). He may still edit it.
"""

from __future__ import annotations

import re
import unicodedata

#: The longest slug the pattern allows.
MAX_LENGTH = 63
#: What a name with no letter or digit at all becomes.
FALLBACK = "house-rules"


def _romanised(name: str) -> list[str]:
    """The name's words in Latin letters: pinyin for Chinese characters, the rest as is."""
    from pypinyin import Style, lazy_pinyin  # imported here: only naming needs it

    # Full-width letters and digits (ＡＢ１) become plain ones first.
    text = unicodedata.normalize("NFKC", name)
    return lazy_pinyin(text, style=Style.NORMAL, errors="default", v_to_u=False)


def slug_from_name(name: str) -> str:
    """A valid slug made from ``name`` (not checked against the catalog): one word per
    Chinese character's syllable, Latin words and numbers as they are.

    >>> slug_from_name("我们的威海 ×4 造反")
    'wo-men-de-wei-hai-4-zao-fan'
    """
    words: list[str] = []
    for piece in _romanised(name):
        plain = unicodedata.normalize("NFKD", piece).encode("ascii", "ignore").decode()
        words.extend(re.findall(r"[a-z0-9]+", plain.lower()))
    slug = ""
    for word in words:
        longer = f"{slug}-{word}" if slug else word
        if len(longer) > MAX_LENGTH:
            break
        slug = longer
    # Words of [a-z0-9] joined by dashes, at most 63 long: valid once it has two characters.
    if len(slug) >= 2:
        return slug
    return f"{slug}-{FALLBACK}" if slug else FALLBACK


def free_slug(name: str) -> str:
    """The slug of ``name``, with ``-2``, ``-3`` … added when a rule set already has it."""
    from baohuang.catalog.models import RuleSet

    base = slug_from_name(name)
    taken = set(RuleSet.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while True:
        suffix = f"-{number}"
        candidate = base[: MAX_LENGTH - len(suffix)].rstrip("-") + suffix
        if candidate not in taken:
            return candidate
        number += 1
