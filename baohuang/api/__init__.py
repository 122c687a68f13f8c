"""REST API v1 (docs/design.md §7): rule sets, versions, validation and rules-engine questions.

Views stay thin: reads go through the catalog selectors (:mod:`baohuang.catalog.selectors`),
writes through :mod:`baohuang.catalog.services`, engine questions straight to
:mod:`baohuang.engine`. Every error has one shape (:mod:`baohuang.api.errors`).
"""
