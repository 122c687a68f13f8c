"""Rule sets, their immutable published versions, and the edit history (thin models).

The logic lives in :mod:`baohuang.catalog.services` (writes) and
:mod:`baohuang.catalog.selectors` (reads). What the models themselves guarantee is that a
published version never changes: ``save()``, ``QuerySet.update()`` and ``delete()`` refuse
anything except retiring it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from baohuang.catalog import history
from baohuang.catalog.errors import VersionImmutable
from baohuang.rules import checksum

#: The variant id pattern of the language (``Variant.id``): a rule set's slug is its id.
SLUG_PATTERN = r"^[a-z0-9][a-z0-9-]{1,62}$"

slug_validator = RegexValidator(
    SLUG_PATTERN,
    "Use 2 to 63 lower-case letters, digits and dashes, starting with a letter or digit.",
)


class RuleSet(models.Model):
    """A named house rule with an editable draft; publishing turns the draft into a version."""

    slug = models.CharField(
        verbose_name=_("slug"),
        max_length=63,
        unique=True,
        validators=[slug_validator],
        help_text=_("The variant id (e.g. baike-weihai); it never changes once created."),
    )
    name_zh = models.CharField(_("Chinese name"), max_length=100)
    name_en = models.CharField(_("English name"), max_length=100)
    description = models.TextField(verbose_name=_("description"), blank=True)
    draft = models.JSONField(
        verbose_name=_("draft"), default=dict, help_text=_("The definition being edited (a dict).")
    )
    draft_revision = models.PositiveIntegerField(
        verbose_name=_("draft revision"),
        default=1,
        help_text=_("Concurrency version of the draft, bumped on every save."),
    )
    draft_checksum = models.CharField(
        verbose_name=_("draft checksum"),
        max_length=64,
        blank=True,
        help_text=_("Checksum of the draft as it would be published (blank if it is invalid)."),
    )
    based_on = models.ForeignKey(
        "RuleSetVersion",
        verbose_name=_("based on"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="clones",
        help_text=_("The published version this rule set was cloned from (its origin), if any."),
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(verbose_name=_("updated at"), auto_now=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["slug"]
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        permissions = (("publish_ruleset", "Can publish a rule set's draft and retire versions"),)

    def __str__(self) -> str:
        return f"{self.slug} ({self.name_zh} / {self.name_en})"


#: The only field of a published version that may change (through ``retire_version``).
MUTABLE_VERSION_FIELDS = frozenset({"retired"})
_FROZEN_VERSION_FIELDS = (
    "rule_set_id",
    "number",
    "definition",
    "checksum",
    "published_by_id",
    "published_at",
)


class RuleSetVersionQuerySet(models.QuerySet["RuleSetVersion"]):
    """Refuses bulk changes to published content and bulk deletes."""

    def update(self, **kwargs: Any) -> int:
        """Update rows; only ``retired`` may change on a published version."""
        frozen = sorted(set(kwargs) - MUTABLE_VERSION_FIELDS)
        if frozen:
            raise VersionImmutable(
                f"Published versions cannot be changed ({', '.join(frozen)}); publish a new "
                "version instead. Only 'retired' may be set."
            )
        return super().update(**kwargs)

    update.queryset_only = True  # type: ignore[attr-defined]

    def delete(self) -> tuple[int, dict[str, int]]:
        """Refused: published versions are kept for ever (retire one to hide it)."""
        raise VersionImmutable(
            "Published versions are never deleted: games and clients refer to them. "
            "Retire a version to hide it from 'latest'."
        )

    delete.queryset_only = True  # type: ignore[attr-defined]


class RuleSetVersion(models.Model):
    """One published, immutable definition of a rule set: "variant X, version N"."""

    rule_set = models.ForeignKey(
        RuleSet, verbose_name=_("rule set"), on_delete=models.PROTECT, related_name="versions"
    )
    number = models.PositiveIntegerField(
        verbose_name=_("number"),
    )
    definition = models.JSONField(
        verbose_name=_("definition"),
        help_text=_("The published definition, every default written."),
    )
    checksum = models.CharField(
        verbose_name=_("checksum"), max_length=64, help_text=_("SHA-256 of the canonical JSON.")
    )
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("published by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="published_rule_set_versions",
    )
    published_at = models.DateTimeField(verbose_name=_("published at"), auto_now_add=True)
    retired = models.BooleanField(
        verbose_name=_("retired"),
        default=False,
        help_text=_("A retired version is kept but is never the latest."),
    )

    objects = RuleSetVersionQuerySet.as_manager()

    class Meta:
        ordering: ClassVar[list[str]] = ["rule_set__slug", "-number"]
        verbose_name = _("published version")
        verbose_name_plural = _("published versions")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["rule_set", "number"], name="catalog_version_unique_number"
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1), name="catalog_version_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rule_set.slug} v{self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Insert a new version, or save a change to ``retired`` only.

        Raises :class:`~baohuang.catalog.errors.VersionImmutable` when the definition,
        number, checksum, rule set, publisher or publication time of an existing version
        would change.
        """
        if self._state.adding:
            expected = checksum(self.definition)
            if not self.checksum:
                self.checksum = expected
            elif self.checksum != expected:
                raise VersionImmutable(
                    "The checksum does not match the definition; leave it empty to compute it."
                )
            return super().save(*args, **kwargs)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and set(update_fields) <= MUTABLE_VERSION_FIELDS:
            return super().save(*args, **kwargs)
        stored = type(self).objects.filter(pk=self.pk).values(*_FROZEN_VERSION_FIELDS).first()
        if stored is not None:
            changed = [
                name.removesuffix("_id")
                for name in _FROZEN_VERSION_FIELDS
                if name != "definition" and stored[name] != getattr(self, name)
            ]
            if checksum(stored["definition"]) != checksum(self.definition):
                changed.insert(0, "definition")
            if changed:
                raise VersionImmutable(
                    f"Version {stored['number']} is published and cannot be changed "
                    f"({', '.join(changed)}). Publish a new version instead; retiring is the "
                    "only change allowed."
                )
        return super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        """Refused: published versions are kept for ever (retire one to hide it)."""
        raise VersionImmutable(
            f"Version {self.number} of {self.rule_set.slug} is published and is never deleted. "
            "Retire it to hide it from 'latest'."
        )


class EditEvent(models.Model):
    """One entry of a rule set's history: who did what, when, and which paths changed."""

    class Action(models.TextChoices):
        CREATED = "created", _("created")
        DRAFT_SAVED = "draft_saved", _("draft saved")
        PUBLISHED = "published", _("published")
        RETIRED = "retired", _("version retired")
        CLONED = "cloned", _("cloned")
        IMPORTED = "imported", _("imported from file")

    rule_set = models.ForeignKey(
        RuleSet, verbose_name=_("rule set"), on_delete=models.CASCADE, related_name="events"
    )
    version = models.ForeignKey(
        RuleSetVersion,
        verbose_name=_("version"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="events",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rule_set_events",
    )
    action = models.CharField(verbose_name=_("action"), max_length=20, choices=Action.choices)
    revision = models.PositiveIntegerField(
        verbose_name=_("revision"),
        null=True,
        blank=True,
        help_text=_("The draft revision after this event."),
    )
    summary = models.CharField(
        verbose_name=_("summary as recorded"),
        max_length=500,
        help_text=_(
            "The English sentence written when the event was recorded (for logs and older "
            "clients); pages show the summary in the reader's language."
        ),
    )
    summary_code = models.CharField(
        verbose_name=_("summary code"),
        max_length=40,
        blank=True,
        default="",
        help_text=_(
            "What happened, as a stable code (see baohuang.catalog.history); empty for old "
            "events whose summary is only known in English."
        ),
    )
    summary_params = models.JSONField(
        verbose_name=_("summary values"),
        default=dict,
        blank=True,
        help_text=_("The values of the summary's sentence (slug, version numbers, file …)."),
    )
    changed_paths = models.JSONField(verbose_name=_("changed paths"), default=list, blank=True)
    change_texts = models.JSONField(
        verbose_name=_("change texts"),
        default=list,
        blank=True,
        help_text=_(
            "The changes as sentences, each {path, text: {zh, en}} (empty for events "
            "recorded before sentences existed: their summary names the paths)."
        ),
    )
    created_at = models.DateTimeField(
        verbose_name=_("created at"), auto_now_add=True, db_index=True
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["-created_at", "-id"]
        verbose_name = _("edit event")
        verbose_name_plural = _("edit events")

    def __str__(self) -> str:
        return f"{self.rule_set.slug}: {self.get_action_display()} — {self.summary_text()}"

    def summary_text(self) -> str:
        """What happened, in the active language (the stored English for an old event
        that has no summary code)."""
        return history.summary_text(
            self.summary_code,
            self.summary_params or {},
            self.summary,
            changed_paths=self.changed_paths or [],
            change_texts=self.change_texts or [],
        )

    @property
    def summary_translated(self) -> bool:
        """Whether :meth:`summary_text` speaks the reader's language (False: an old event
        known only by its English summary)."""
        return history.is_translated(self.summary_code)
