"""``manage.py import_variants``: load ``variants/*.yaml`` into the catalog (idempotent)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from baohuang.catalog.services import import_bundled_variants
from baohuang.rules import bundled_variant_paths

#: How each outcome is labelled in the output (translated when printed).
LABELS = {
    "created": gettext_lazy("created"),
    "published": gettext_lazy("published"),
    "unchanged": gettext_lazy("unchanged"),
    "draft_updated": gettext_lazy("NEW DRAFT"),
    "draft_pending": gettext_lazy("draft pending"),
    "skipped": gettext_lazy("SKIPPED"),
    "invalid": gettext_lazy("INVALID"),
}


class Command(BaseCommand):
    help = (
        "Load the bundled variants (variants/*.yaml) as rule sets with a published version 1. "
        "Running it again changes nothing; a file changed since the latest version becomes "
        "the rule set's new draft (published versions are never edited)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files",
            nargs="*",
            type=Path,
            help="Variant files to import (default: every variants/*.yaml).",
        )
        parser.add_argument(
            "--user",
            help="Username recorded as the publisher and in the edit history (default: none).",
        )
        parser.add_argument(
            "--overwrite-drafts",
            action="store_true",
            help="Replace drafts that hold unpublished edits when their file changed.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user = None
        if options["user"]:
            try:
                user = get_user_model().objects.get(username=options["user"])
            except get_user_model().DoesNotExist as exc:
                raise CommandError(
                    _("No user named '%(user)s'.") % {"user": options["user"]}
                ) from exc
        files: list[Path] = options["files"] or bundled_variant_paths()
        if not files:
            self.stdout.write(_("No variant files found."))
            return
        results = import_bundled_variants(
            user, paths=files, overwrite_drafts=options["overwrite_drafts"]
        )
        width = max(len(r.slug) for r in results)
        for result in results:
            line = f"{result.slug:<{width}}  {result.message}"
            if result.outcome == "invalid":
                self.stderr.write(self.style.ERROR(line))
                for problem in result.problems:
                    self.stderr.write(f"    {problem}")
            elif result.outcome in ("draft_updated", "skipped", "draft_pending"):
                self.stdout.write(self.style.WARNING(line))
            else:
                self.stdout.write(line)
        counts: dict[str, int] = {}
        for result in results:
            counts[result.outcome] = counts.get(result.outcome, 0) + 1
        summary = pgettext("import summary", ", ").join(
            _("%(count)s %(outcome)s") % {"count": n, "outcome": LABELS[k]}
            for k, n in counts.items()
        )
        self.stdout.write(
            ngettext(
                "import_variants: %(count)s file: %(summary)s.",
                "import_variants: %(count)s files: %(summary)s.",
                len(results),
            )
            % {"count": len(results), "summary": summary}
        )
        invalid = [r.slug for r in results if r.outcome == "invalid"]
        if invalid:
            raise CommandError(
                ngettext(
                    "%(count)s file has errors: %(slugs)s.",
                    "%(count)s files have errors: %(slugs)s.",
                    len(invalid),
                )
                % {"count": len(invalid), "slugs": ", ".join(invalid)}
            )
