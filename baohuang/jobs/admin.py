"""Read-only admin pages of the simulation jobs (start them through the API or
``manage.py simulate``)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib import admin
from django.http import HttpRequest

from baohuang.jobs.models import SimulationChunk, SimulationJob


class ChunkInline(admin.TabularInline):
    model = SimulationChunk
    fields = ("index", "start", "stop", "status", "done", "attempts", "worker", "heartbeat_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(SimulationJob)
class SimulationJobAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "version",
        "other_label",
        "games",
        "seed",
        "policy",
        "status",
        "done",
        "created_at",
    )
    list_filter = ("kind", "status", "policy")
    readonly_fields = (
        "id",
        "kind",
        "version",
        "other_version",
        "other_label",
        "games",
        "seed",
        "policy",
        "chunk_games",
        "status",
        "done",
        "error",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
    )
    exclude = ("result", "other_definition")
    inlines: ClassVar[list[Any]] = [ChunkInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
