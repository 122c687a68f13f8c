"""A play-test game session (thin; the logic is in :mod:`baohuang.play.services`).

The truth of a session is its seed and its list of actions (every seat's, in order): the
game is rebuilt by replaying the engine from them. The rules are a published version or a
draft as it was when the session began (kept in ``definition``), so a session plays on
unchanged whatever happens to the draft afterwards.
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from baohuang.catalog.models import RuleSet, RuleSetVersion


class GameSession(models.Model):
    """One seat of one game against four bots; stored so that it survives a reload."""

    id = models.UUIDField(
        verbose_name=_("id"), primary_key=True, default=uuid.uuid4, editable=False
    )
    rule_set = models.ForeignKey(
        RuleSet, verbose_name=_("rule set"), on_delete=models.CASCADE, related_name="games"
    )
    version = models.ForeignKey(
        RuleSetVersion,
        verbose_name=_("version"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        help_text=_("The published version played; empty when a draft is played."),
    )
    definition = models.JSONField(
        verbose_name=_("draft definition"),
        null=True,
        blank=True,
        help_text=_("The draft as it was when the game began (only when a draft is played)."),
    )
    checksum = models.CharField(verbose_name=_("checksum"), max_length=64)
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    policy = models.CharField(
        verbose_name=_("policy"), max_length=20, help_text=_("The policy of the four bots.")
    )
    seed = models.BigIntegerField(verbose_name=_("seed"))
    actions: Any = models.JSONField(
        verbose_name=_("actions"),
        default=list,
        help_text=_("Every seat's actions in order, as in a game record."),
    )
    finished = models.BooleanField(verbose_name=_("finished"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="game_sessions",
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(verbose_name=_("updated at"), auto_now=True)
    expires_at = models.DateTimeField(verbose_name=_("expires at"), db_index=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-created_at"]
        verbose_name = _("game session")
        verbose_name_plural = _("game sessions")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=models.Q(seat__lte=4), name="play_session_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.id} (seat {self.seat}, {len(self.actions)} actions)"

    @property
    def is_draft(self) -> bool:
        """Whether the session plays a draft (not a published version)."""
        return self.version_id is None
