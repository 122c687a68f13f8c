"""Admin forms: the draft edited as YAML text, validated against the variant language."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from baohuang.catalog.documents import from_yaml, to_yaml
from baohuang.catalog.models import SLUG_PATTERN, RuleSet
from baohuang.catalog.selectors import check_definition
from baohuang.catalog.words import field_label
from baohuang.rules import Problem, validate_definition

YAML_HELP = (
    "The rule set in the variant language (YAML). It is checked when you save: every "
    "problem is listed above with its path, e.g. <code>deal.hand_sizes</code>. Nothing is "
    "saved until there are no errors; warnings are shown after saving."
)


def problem_line(problem: Problem) -> str:
    """One problem as a line an operator reads: where, then what."""
    where = problem.path or "the whole document"
    return f"{where}: {problem.message}"


def labelled_problem_line(problem: Problem) -> str:
    """A problem with the field's name in game terms as well as its path:
    ``deal.hand_sizes (Cards per seat): …``."""
    if not problem.path:
        return problem_line(problem)
    return f"{problem.path} ({field_label(problem.path)}): {problem.message}"


class RuleSetForm(forms.ModelForm):
    """Create or edit a rule set; the draft is a YAML textarea, the revision a hidden field.

    After ``is_valid()``, ``cleaned_data["definition"]`` is the parsed draft and
    ``warnings`` lists the language's warnings about it.
    """

    draft_yaml = forms.CharField(
        label="Draft (YAML)",
        widget=forms.Textarea(
            attrs={
                "rows": 40,
                "cols": 100,
                "spellcheck": "false",
                "style": "font-family: monospace; width: 100%;",
            }
        ),
        help_text=YAML_HELP,
        strip=False,
    )
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = RuleSet
        fields: ClassVar[list[str]] = ["slug", "name_zh", "name_en", "description"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.warnings: list[Problem] = []
        self.problems: list[Problem] = []
        if self.instance.pk is not None:
            self.fields["draft_yaml"].initial = to_yaml(self.instance.draft)
            self.fields["revision"].initial = self.instance.draft_revision
        if "slug" in self.fields:
            self.fields["slug"].widget.attrs["pattern"] = SLUG_PATTERN.strip("^$")

    @property
    def slug(self) -> str:
        """The slug the draft is checked against (the saved one when editing)."""
        if self.instance.pk is not None:
            return self.instance.slug
        return str(self.cleaned_data.get("slug") or "")

    def clean_revision(self) -> int | None:
        """The revision the editor started from; required when editing."""
        value = self.cleaned_data.get("revision")
        if self.instance.pk is not None and value is None:
            raise forms.ValidationError(
                "The form is missing the draft revision; reload the page and edit again."
            )
        return value

    def clean(self) -> dict[str, Any]:
        """Parse and check the YAML; list every problem as ``path: message``."""
        cleaned = super().clean() or {}
        text = cleaned.get("draft_yaml")
        if text is None:
            return cleaned
        data, problem = from_yaml(text)
        if problem is not None:
            self.problems = [problem]
        else:
            # Without a valid slug (its own error is shown) the id is not compared with it.
            slug = self.slug
            report = check_definition(data, slug) if slug else validate_definition(data)
            self.problems = report.errors
            self.warnings = report.warnings
            cleaned["definition"] = data
        if self.problems:
            count = len(self.problems)
            self.add_error(
                None,
                f"The draft was not saved: it has {count} problem{'s' if count != 1 else ''}.",
            )
            for item in self.problems:
                self.add_error(None, problem_line(item))
            self.add_error("draft_yaml", "Fix the problems listed at the top of the page.")
        self._check_revision(cleaned)
        return cleaned

    def _check_revision(self, cleaned: dict[str, Any]) -> None:
        """Refuse early when someone saved the draft since this form was loaded.

        The service checks again under a row lock; this check keeps the editor's text in
        the form with a clear message in the common case.
        """
        if self.instance.pk is None or cleaned.get("revision") is None:
            return
        current = (
            RuleSet.objects.filter(pk=self.instance.pk)
            .values_list("draft_revision", flat=True)
            .first()
        )
        if current is not None and current != cleaned["revision"]:
            self.add_error(
                None,
                f"Someone else saved this draft while you were editing it (you started from "
                f"revision {cleaned['revision']}; it is now at revision {current}). Your "
                "changes were not saved: copy them, reload the page and apply them again.",
            )


class CloneForm(forms.Form):
    """The new slug (and optionally names) of a cloned rule set."""

    slug = forms.RegexField(
        regex=SLUG_PATTERN,
        max_length=63,
        label="New slug",
        help_text="Lower-case letters, digits and dashes; it is also the new variant's id.",
        error_messages={
            "invalid": "Use 2 to 63 lower-case letters, digits and dashes, starting with a "
            "letter or digit."
        },
    )
    name_zh = forms.CharField(max_length=100, required=False, label="Chinese name")
    name_en = forms.CharField(max_length=100, required=False, label="English name")
    source = forms.ChoiceField(
        label="Copy",
        required=False,
        initial="draft",
        help_text="A published version (the clone remembers it as its origin), or the draft "
        "(the origin is then the latest published version).",
    )

    def __init__(self, *args: Any, versions: list[int] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        numbers = versions or []
        choices = [("draft", "the draft"), *((str(n), f"version {n}") for n in numbers)]
        self.fields["source"].choices = choices  # type: ignore[attr-defined]
        if numbers:
            self.fields["source"].initial = str(numbers[0])

    def clean_slug(self) -> str:
        """A slug no rule set has yet."""
        slug = str(self.cleaned_data["slug"])
        if RuleSet.objects.filter(slug=slug).exists():
            raise forms.ValidationError(f"A rule set with the slug '{slug}' already exists.")
        return slug


class PublishForm(forms.Form):
    """The draft revision being published (so a draft changed meanwhile is not published)."""

    revision = forms.IntegerField(widget=forms.HiddenInput)
