"""The Django admin for tables, seats, moves, chat and vacations.

Moves and log notes are the game's record: read-only here like everywhere else. While a
game is in play its seed and snapshot stay hidden, even from staff: the seed decides every
die and shuffle still to come.
"""

from __future__ import annotations

from django.contrib import admin

from accounts.admin import ReadOnlyAdmin
from games.models import ChatMessage, Game, LogNote, Move, OutboxEvent, Seat, Vacation


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = (
        "number",
        "user",
        "controller",
        "controller_level",
        "controller_since",
        "must_act",
        "deadline",
        "resigned_at",
    )
    readonly_fields = fields


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ("seq", "seat", "action", "created_at")
    readonly_fields = fields
    ordering = ("-seq",)
    max_num = 0
    show_change_link = True


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "players", "is_public", "version", "created_at")
    list_filter = ("status", "game", "is_public")
    search_fields = ("id", "invite_code", "seats__user__username")
    readonly_fields = (
        "game",
        "options",
        "players",
        "creator",
        "status",
        "version",
        "state_format",
        "created_at",
        "started_at",
        "finished_at",
        "result",
        "revealed_seed",
        "snapshot_shown",
    )
    fields = (
        "game",
        "options",
        "players",
        "creator",
        "is_public",
        "random_seat_order",
        "status",
        "version",
        "state_format",
        "clock_days",
        "bank_cap_days",
        "weekends_off",
        "allow_vacation",
        "timeout_policy",
        "timeout_bot_level",
        "created_at",
        "started_at",
        "finished_at",
        "result",
        "revealed_seed",
        "snapshot_shown",
    )
    inlines = [SeatInline, MoveInline]

    def has_add_permission(self, request):
        return False  # tables are opened by players, through the write path

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="seed")
    def revealed_seed(self, game: Game) -> str:
        return str(game.seed) if game.status == Game.Status.FINISHED else "hidden until the end"

    @admin.display(description="snapshot")
    def snapshot_shown(self, game: Game) -> str:
        if game.status == Game.Status.FINISHED:
            return str(game.state)
        return "hidden while the game is in play"


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "seat", "created_at")
    search_fields = ("game__id",)
    readonly_fields = ("game", "seq", "seat", "action", "log", "created_at")


@admin.register(LogNote)
class LogNoteAdmin(MoveAdmin):
    list_display = ("game", "seq", "kind", "text", "created_at")
    list_filter = ("kind",)
    readonly_fields = ("game", "seq", "seat", "kind", "text", "created_at")


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "text", "created_at")
    search_fields = ("text", "user__username", "game__id")
    readonly_fields = ("game", "user", "text", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # moderators may delete a message, never rewrite one


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "left", "started_at", "ends_at")
    readonly_fields = ("user", "left", "accrued_at", "started_at", "ends_at")

    def has_add_permission(self, request):
        return False


@admin.register(OutboxEvent)
class OutboxEventAdmin(MoveAdmin):
    list_display = ("name", "created_at", "delivered_at", "attempts")
    list_filter = ("name", "delivered_at")
    search_fields = ("name",)
    readonly_fields = ("name", "payload", "created_at", "delivered_at", "attempts")
