"""The rule catalog: rule sets with an editable draft and immutable published versions.

Writes go through :mod:`baohuang.catalog.services`, reads through
:mod:`baohuang.catalog.selectors`; models and the admin stay thin (docs/design.md §6).
"""
