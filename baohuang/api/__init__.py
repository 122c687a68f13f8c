"""The platform of the REST API v1 (docs/design.md §7): what every app's endpoints share.

The error shape and the one place errors are mapped (:mod:`baohuang.api.errors`: DRF's
exceptions and every app's :class:`~baohuang.errors.DomainError`), base views
(:mod:`~baohuang.api.base`), the building blocks of permissions and serializers, throttling,
authentication, the request's language, the OpenAPI schema and its error responses
(:mod:`~baohuang.api.docs`), and the URLs (:mod:`~baohuang.api.urls`, the one module here
that imports the apps). Each app keeps its own views, serializers and permissions:
:mod:`baohuang.catalog.views` (rule sets, versions, diffs), :mod:`baohuang.catalog.rules_views`
(validation and rules-engine questions), :mod:`baohuang.catalog.rulebook_views`,
:mod:`baohuang.jobs.views`, :mod:`baohuang.play.views`, :mod:`baohuang.tokens.views`.
"""
