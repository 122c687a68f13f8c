"""Writes of the rule catalog (HackSoft style): every change to a rule set goes through here.

Each function runs in one transaction, locks the rule set row (``select_for_update``) and
records an :class:`~baohuang.catalog.models.EditEvent`. Failures raise a
:class:`~baohuang.catalog.errors.CatalogError` whose message can be shown as is.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from baohuang.catalog import history
from baohuang.catalog.documents import from_yaml
from baohuang.catalog.errors import (
    CatalogError,
    DraftInvalid,
    InvalidSlug,
    NothingToPublish,
    PublishConflict,
    SlugTaken,
    StaleDraft,
    UnpublishableDraft,
    problem_text,
)
from baohuang.catalog.models import SLUG_PATTERN, EditEvent, RuleSet, RuleSetVersion
from baohuang.catalog.selectors import (
    check_definition,
    comparable,
    diff_definitions,
    highest_version,
    latest_version,
    next_version_number,
)
from baohuang.rules import Problem, Report, bundled_variant_paths, checksum, definition_of
from baohuang.rules.notes import pin_definition

__all__ = [
    "CatalogError",
    "DraftInvalid",
    "ImportResult",
    "InvalidSlug",
    "NothingToPublish",
    "PublishConflict",
    "SlugTaken",
    "StaleDraft",
    "clone_rule_set",
    "create_rule_set",
    "import_bundled_variants",
    "publish",
    "retire_version",
    "update_draft",
]

User = AbstractBaseUser | AnonymousUser | None

#: How many changed paths an edit event keeps (the summary names fewer).
MAX_EVENT_PATHS = 200


# --------------------------------------------------------------------------- helpers


def _user_or_none(user: User) -> Any:
    """The user to record, or None for anonymous/system changes."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return user


def _valid(definition: Any, slug: str) -> Report:
    """Validate ``definition`` for ``slug``; raise :class:`.DraftInvalid` if it has errors."""
    report = check_definition(definition, slug)
    if not report.valid:
        raise DraftInvalid(report.problems)
    try:  # a valid definition is JSON already; this catches exotic YAML values
        json.dumps(definition, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise DraftInvalid(
            [
                Problem(
                    "",
                    _("The definition holds a value JSON cannot store: %(reason)s.")
                    % {"reason": exc},
                    code="not_json",
                    params={"reason": str(exc)},
                )
            ]
        ) from exc
    return report


def _confirmed(definition: Any, report: Report, slug: str) -> tuple[Any, Report]:
    """``definition`` with every house note that names its rules (``about``) and has no
    fingerprint confirmed now (issue 34 §3): an editor confirms a note, or edits it, by
    leaving ``checked`` out. Notes that keep their fingerprint are compared, never changed."""
    if report.variant is None or not isinstance(definition, dict):
        return definition, report
    pinned = pin_definition(definition, report.variant)
    if pinned is definition:
        return definition, report
    return pinned, _valid(pinned, slug)


def _slug_taken(slug: str) -> str:
    return _("A rule set with the slug '%(slug)s' already exists.") % {"slug": slug}


def _published_checksum(report: Report) -> str:
    if report.variant is None:
        raise DraftInvalid(report.problems)
    return checksum(definition_of(report.variant))


def _check_slug(slug: str) -> None:
    if not isinstance(slug, str) or not re.fullmatch(SLUG_PATTERN, slug):
        raise InvalidSlug(
            _(
                "'%(slug)s' is not a valid slug: use 2 to 63 lower-case letters, digits and "
                "dashes, starting with a letter or digit (it is also the variant id)."
            )
            % {"slug": slug},
            params={"slug": slug},
        )


def _describe(changes: list[dict[str, Any]], limit: int = 3) -> str:
    """A short account of the changes for an event summary (English; the event also
    keeps every change's sentence in both languages)."""
    if not changes:
        return "no change to the definition"
    sentences = [c["text"]["en"] if "text" in c else c["path"] for c in changes]
    shown = "; ".join(sentences[:limit])
    more = f" (+{len(sentences) - limit} more)" if len(sentences) > limit else ""
    return f"changed: {shown}{more}"


@dataclass(frozen=True)
class Summary:
    """What an edit event says happened: a code of :mod:`baohuang.catalog.history` with its
    params (read in the reader's language), and the English sentence stored beside them."""

    code: str
    params: dict[str, Any]
    english: str


def _record(
    rule_set: RuleSet,
    action: EditEvent.Action,
    user: User,
    summary: Summary,
    changes: list[dict[str, Any]] | tuple[()] = (),
    version: RuleSetVersion | None = None,
) -> EditEvent:
    return EditEvent.objects.create(
        rule_set=rule_set,
        version=version,
        user=_user_or_none(user),
        action=action,
        revision=rule_set.draft_revision,
        summary=_clip(summary.english, 500),
        summary_code=summary.code,
        summary_params=summary.params,
        changed_paths=[c["path"] for c in changes][:MAX_EVENT_PATHS],
        change_texts=[{"path": c["path"], "text": c["text"]} for c in changes if "text" in c][
            :MAX_EVENT_PATHS
        ],
    )


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


_SYNCED_FIELDS = (
    "draft",
    "draft_revision",
    "draft_checksum",
    "name_zh",
    "name_en",
    "description",
    "updated_at",
)


def _sync(target: RuleSet, source: RuleSet) -> None:
    """Copy the saved state onto the caller's instance, so it is not left stale."""
    if target is not source:
        for name in _SYNCED_FIELDS:
            setattr(target, name, getattr(source, name))


def _locked(rule_set: RuleSet) -> RuleSet:
    """The rule set's row, locked until the end of the current transaction."""
    return RuleSet.objects.select_for_update().get(pk=rule_set.pk)


# --------------------------------------------------------------------------- rule sets


def create_rule_set(
    slug: str,
    name_zh: str,
    name_en: str,
    definition: dict[str, Any],
    user: User,
    *,
    description: str = "",
    based_on: RuleSetVersion | None = None,
    _action: EditEvent.Action = EditEvent.Action.CREATED,
    _summary: Summary | None = None,
) -> RuleSet:
    """Create a rule set whose draft is ``definition`` (no version is published).

    ``based_on`` is the published version it was cloned from (its origin), if any.

    Raises :class:`.InvalidSlug`, :class:`.SlugTaken`, or :class:`.DraftInvalid` (the
    definition has errors, or its ``id`` is not ``slug``).
    """
    _check_slug(slug)
    report = _valid(definition, slug)
    definition, report = _confirmed(definition, report, slug)
    try:
        with transaction.atomic():
            if RuleSet.objects.filter(slug=slug).exists():
                raise SlugTaken(_slug_taken(slug), params={"slug": slug})
            rule_set = RuleSet.objects.create(
                slug=slug,
                name_zh=name_zh,
                name_en=name_en,
                description=description,
                draft=definition,
                draft_checksum=_published_checksum(report),
                based_on=based_on,
            )
            created = Summary(history.CREATED, {"slug": slug}, f"created {slug}")
            _record(rule_set, _action, user, _summary or created)
    except IntegrityError as exc:
        raise SlugTaken(_slug_taken(slug), params={"slug": slug}) from exc
    return rule_set


def update_draft(
    rule_set: RuleSet,
    definition: dict[str, Any],
    expected_revision: int | None,
    user: User,
    *,
    name_zh: str | None = None,
    name_en: str | None = None,
    description: str | None = None,
    _action: EditEvent.Action = EditEvent.Action.DRAFT_SAVED,
    _summary: Summary | None = None,
) -> RuleSet:
    """Replace the draft (and optionally the names and description).

    ``expected_revision`` is the ``draft_revision`` the editor started from: if someone
    saved in between, :class:`.StaleDraft` is raised and nothing is saved (no lost update).
    None overwrites whatever is there (the API's ``If-Match: *``): compared under the row
    lock, so concurrent overwrites are saved one after the other, never refused.
    An invalid definition raises :class:`.DraftInvalid` and nothing is saved. On success the
    revision goes up by one (unless nothing changed) and the saved rule set is returned.
    """
    report = _valid(definition, rule_set.slug)
    definition, report = _confirmed(definition, report, rule_set.slug)
    with transaction.atomic():
        locked = _locked(rule_set)
        if expected_revision is not None and locked.draft_revision != expected_revision:
            raise StaleDraft(expected_revision, locked.draft_revision)
        changes = diff_definitions(comparable(locked.draft), comparable(definition))
        details = {
            name: value
            for name, value in (
                ("name_zh", name_zh),
                ("name_en", name_en),
                ("description", description),
            )
            if value is not None and getattr(locked, name) != value
        }
        if not changes and not details:
            return locked
        for name, value in details.items():
            setattr(locked, name, value)
        locked.draft = definition
        locked.draft_checksum = _published_checksum(report)
        locked.draft_revision += 1
        locked.save()
        english = _describe(changes)
        if details:
            english += "; " + ", ".join(details) + " edited"
        saved = Summary(
            history.DRAFT_SAVED, {"changes": len(changes), "edited": list(details)}, english
        )
        _record(locked, _action, user, _summary or saved, changes)
    _sync(rule_set, locked)
    return locked


def clone_rule_set(
    rule_set: RuleSet,
    new_slug: str,
    user: User,
    *,
    version: RuleSetVersion | None = None,
    name_zh: str | None = None,
    name_en: str | None = None,
) -> RuleSet:
    """A new rule set whose draft is a copy of ``version`` of ``rule_set`` (any published
    version, retired ones too), or of its draft when ``version`` is None (no versions are
    copied).

    The clone remembers its origin in ``based_on``: the version copied, or for a copy of
    the draft the latest published version the draft stands on (None if nothing is
    published; a diff against the origin then also shows the draft's unpublished edits,
    which the clone carries). The copy's ``id`` becomes ``new_slug``; its names default to
    the original's with "（副本）" / "(copy)" added. Raises :class:`.CatalogError` when
    ``version`` belongs to another rule set.
    """
    _check_slug(new_slug)
    zh = name_zh or f"{rule_set.name_zh}（副本）"
    en = name_en or f"{rule_set.name_en} (copy)"
    if version is not None:
        if version.rule_set_id != rule_set.pk:
            raise CatalogError(
                _("Version %(number)s is not a version of %(slug)s.")
                % {"number": version.number, "slug": rule_set.slug},
                params={"number": version.number, "slug": rule_set.slug},
            )
        definition = copy.deepcopy(version.definition)
        origin: RuleSetVersion | None = version
        summary = Summary(
            history.CLONED_VERSION,
            {"source": rule_set.slug, "number": version.number},
            f"cloned from {rule_set.slug} version {version.number}",
        )
    else:
        definition = copy.deepcopy(rule_set.draft)
        origin = latest_version(rule_set)
        english = f"cloned from {rule_set.slug} (draft revision {rule_set.draft_revision}"
        english += f", based on version {origin.number})" if origin is not None else ")"
        summary = Summary(
            history.CLONED_DRAFT,
            {
                "source": rule_set.slug,
                "revision": rule_set.draft_revision,
                "based_on": origin.number if origin is not None else None,
            },
            english,
        )
    if isinstance(definition, dict):
        definition["id"] = new_slug
        definition["name"] = {"zh": zh, "en": en}
    return create_rule_set(
        new_slug,
        zh,
        en,
        definition,
        user,
        description=rule_set.description,
        based_on=origin,
        _action=EditEvent.Action.CLONED,
        _summary=summary,
    )


# --------------------------------------------------------------------------- versions


def publish(rule_set: RuleSet, user: User, expected_revision: int | None = None) -> RuleSetVersion:
    """Publish the draft as the next version (number = highest + 1) in one transaction.

    Raises :class:`.DraftInvalid` (the draft has errors), :class:`.NothingToPublish` (the
    draft equals the latest version), :class:`.StaleDraft` (``expected_revision`` given and
    the draft changed since) or :class:`.PublishConflict` (another publish took the number).
    """
    with transaction.atomic():
        locked = _locked(rule_set)
        if expected_revision is not None and locked.draft_revision != expected_revision:
            raise StaleDraft(expected_revision, locked.draft_revision)
        report = check_definition(locked.draft, locked.slug)
        if not report.valid or report.variant is None:
            raise UnpublishableDraft(
                report.problems,
                message=_("The draft cannot be published until its errors are fixed: %(errors)s")
                % {"errors": _("; ").join(problem_text(p) for p in report.errors[:5])},
            )
        definition = definition_of(report.variant)
        digest = checksum(definition)
        latest = latest_version(locked)
        if latest is not None and latest.checksum == digest:
            raise NothingToPublish(
                _(
                    "The draft is identical to version %(number)s of %(slug)s; "
                    "there is nothing new to publish."
                )
                % {"number": latest.number, "slug": locked.slug},
                params={"number": latest.number, "slug": locked.slug},
            )
        number = next_version_number(locked)
        try:
            with transaction.atomic():
                version = RuleSetVersion.objects.create(
                    rule_set=locked,
                    number=number,
                    definition=definition,
                    checksum=digest,
                    published_by=_user_or_none(user),
                )
        except IntegrityError as exc:
            raise PublishConflict(
                _(
                    "Version %(number)s of %(slug)s was published by someone else at the same "
                    "moment; nothing was published. Reload the rule set and try again."
                )
                % {"number": number, "slug": locked.slug},
                params={"number": number, "slug": locked.slug},
            ) from exc
        if locked.draft_checksum != digest:
            locked.draft_checksum = digest
            locked.save(update_fields=["draft_checksum", "updated_at"])
        changes = diff_definitions(latest.definition, definition) if latest is not None else []
        where = f" ({_describe(changes)} since version {latest.number})" if latest else ""
        published = Summary(
            history.PUBLISHED,
            {
                "number": number,
                "since": latest.number if latest is not None else None,
                "changes": len(changes),
            },
            f"published version {number}{where}",
        )
        _record(locked, EditEvent.Action.PUBLISHED, user, published, changes, version=version)
    _sync(rule_set, locked)
    return version


def retire_version(version: RuleSetVersion, user: User) -> RuleSetVersion:
    """Retire a version: it is kept (and can still be fetched by number) but is never the
    latest. Retiring a retired version changes nothing."""
    with transaction.atomic():
        locked = _locked(version.rule_set)
        current = RuleSetVersion.objects.get(pk=version.pk)
        if current.retired:
            return current
        current.retired = True
        current.save(update_fields=["retired"])
        _record(
            locked,
            EditEvent.Action.RETIRED,
            user,
            Summary(
                history.RETIRED,
                {"number": current.number},
                f"retired version {current.number}",
            ),
            version=current,
        )
    version.retired = True
    return current


# --------------------------------------------------------------------------- import

ImportOutcome = Literal[
    "created", "unchanged", "draft_updated", "draft_pending", "published", "skipped", "invalid"
]


@dataclass(frozen=True)
class ImportResult:
    """What ``import_bundled_variants`` did with one file."""

    slug: str
    path: Path
    outcome: ImportOutcome
    message: str
    problems: tuple[Problem, ...] = field(default_factory=tuple)


def _import_one(path: Path, user: User, overwrite_drafts: bool) -> ImportResult:
    slug = path.stem
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        unreadable = Problem("", _("Cannot read the file: %(error)s.") % {"error": exc}, code="io")
        message = _("cannot read %(file)s") % {"file": path.name}
        return ImportResult(slug, path, "invalid", message, (unreadable,))
    data, problem = from_yaml(text)
    if problem is not None:
        message = _("%(file)s is not valid YAML") % {"file": path.name}
        return ImportResult(slug, path, "invalid", message, (problem,))
    try:
        _check_slug(slug)
        report = _valid(data, slug)
    except InvalidSlug as exc:
        return ImportResult(slug, path, "invalid", exc.message)
    except DraftInvalid as exc:
        return ImportResult(slug, path, "invalid", _("the file has errors"), exc.problems)
    if report.variant is None:
        raise DraftInvalid(report.problems)
    digest = _published_checksum(report)
    name = report.variant.name

    with transaction.atomic():
        rule_set = RuleSet.objects.select_for_update().filter(slug=slug).first()
        if rule_set is None:
            rule_set = create_rule_set(
                slug,
                name.zh,
                name.en,
                data,
                user,
                description=report.variant.source,
                _action=EditEvent.Action.IMPORTED,
                _summary=Summary(
                    history.IMPORTED,
                    {"file": f"variants/{path.name}"},
                    f"imported from variants/{path.name}",
                ),
            )
            version = publish(rule_set, user)
            message = _("created, version %(number)s") % {"number": version.number}
            return ImportResult(slug, path, "created", message)
        latest = latest_version(rule_set) or highest_version(rule_set)
        if latest is None:
            if rule_set.draft_checksum == digest:
                version = publish(rule_set, user)
                message = _("published version %(number)s") % {"number": version.number}
                return ImportResult(slug, path, "published", message)
            return ImportResult(
                slug,
                path,
                "skipped",
                _(
                    "exists with no published version and a draft that differs from the "
                    "file; left alone"
                ),
            )
        if latest.checksum == digest:
            message = _("unchanged (version %(number)s)") % {"number": latest.number}
            return ImportResult(slug, path, "unchanged", message)
        if rule_set.draft_checksum == digest:
            return ImportResult(
                slug,
                path,
                "draft_pending",
                _(
                    "the file differs from version %(number)s; the draft already holds it "
                    "(publish it in the admin)"
                )
                % {"number": latest.number},
            )
        draft_is_clean = rule_set.draft_checksum == latest.checksum
        if not draft_is_clean and not overwrite_drafts:
            return ImportResult(
                slug,
                path,
                "skipped",
                _(
                    "the file differs from version %(number)s, but the draft has unpublished "
                    "edits; left alone (use --overwrite-drafts to replace it)"
                )
                % {"number": latest.number},
            )
        update_draft(
            rule_set,
            data,
            rule_set.draft_revision,
            user,
            _action=EditEvent.Action.IMPORTED,
            _summary=Summary(
                history.DRAFT_REPLACED,
                {"file": f"variants/{path.name}"},
                f"draft replaced by variants/{path.name}",
            ),
        )
        return ImportResult(
            slug,
            path,
            "draft_updated",
            _(
                "the file differs from version %(number)s: it is now the draft (published "
                "versions are never edited; publish the draft in the admin)"
            )
            % {"number": latest.number},
        )


def import_bundled_variants(
    user: User = None,
    *,
    paths: Iterable[Path] | None = None,
    overwrite_drafts: bool = False,
) -> list[ImportResult]:
    """Load ``variants/*.yaml`` (or ``paths``) into the catalog; safe to run again.

    A new file becomes a rule set with published version 1. A file equal to the latest
    version changes nothing. A changed file becomes the rule set's new draft (a published
    version is never edited) unless the draft holds unpublished edits, which are kept unless
    ``overwrite_drafts``. A file with errors is reported and skipped.
    """
    files = list(paths) if paths is not None else bundled_variant_paths()
    return [_import_one(Path(path), user, overwrite_drafts) for path in files]
