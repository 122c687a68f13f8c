"""OpenAPI pieces of the catalog's endpoints: the variant and version parameters, the diff
sides and the draft's ``If-Match`` / ``ETag`` headers."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter

from baohuang.catalog.models import SLUG_PATTERN
from baohuang.catalog.selectors import MAX_VERSION
from baohuang.catalog.serializers import SIDE_PATTERN

#: ``from`` / ``to`` of ``GET /api/v1/diff/``.
DIFF_SIDE = {"type": "string", "pattern": SIDE_PATTERN}

VERSION_QUERY = OpenApiParameter(
    "version",
    {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
    OpenApiParameter.QUERY,
    required=False,
    description="A published version number; default: the latest published version. Unknown → 404.",
)

SLUG_PATH = OpenApiParameter(
    "slug",
    {"type": "string", "pattern": SLUG_PATTERN, "maxLength": 63},
    OpenApiParameter.PATH,
    description="The variant id, e.g. baike-common.",
)

#: ``"3"``, ``3``, ``W/"3"``, a comma-separated list of those, or ``*``.
IF_MATCH_PATTERN = r'^ *(\*|(W/)?"?[0-9]{1,10}"?( *, *(W/)?"?[0-9]{1,10}"?)*) *$'

IF_MATCH = OpenApiParameter(
    "If-Match",
    {"type": "string", "pattern": IF_MATCH_PATTERN},
    OpenApiParameter.HEADER,
    required=True,
    description='The ETag of the draft you edited, e.g. "3" (or * to overwrite whatever '
    "is there). Missing → 428; stale → 412.",
)

ETAG = OpenApiParameter(
    "ETag",
    str,
    OpenApiParameter.HEADER,
    response=[200, 201],
    description='The draft revision, quoted: "3".',
)
