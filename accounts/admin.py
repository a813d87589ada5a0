"""The Django admin for players, their API tokens and the mail sent to them."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import ApiToken, MailOptOut, SentNotification, User


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records that are facts (mail sent): looked at, never edited in the admin."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "email", "is_active", "turn_mail", "timezone", "date_joined")
    list_filter = ("is_active", "is_staff", "turn_mail")
    fieldsets = (
        *UserAdmin.fieldsets,
        (
            "Preferences",
            {
                "fields": (
                    "timezone",
                    "turn_mail",
                    "digest_hour",
                    "notify_invited",
                    "notify_started",
                    "notify_offer",
                    "notify_opponent_left",
                    "notify_game_over",
                    "notify_reminder",
                    "notify_vacation_ending",
                )
            },
        ),
    )


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are shown by name and prefix; the key itself was never stored, only its hash."""

    list_display = ("name", "user", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "prefix", "user__username")
    fields = ("user", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    readonly_fields = fields
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False  # a token is issued to its owner on the settings page, shown once

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request, queryset):
        for token in queryset:
            token.revoke()


@admin.register(SentNotification)
class SentNotificationAdmin(ReadOnlyAdmin):
    list_display = ("kind", "email", "user", "game", "key", "sent_at")
    list_filter = ("kind",)
    search_fields = ("email", "user__username", "key")
    date_hierarchy = "sent_at"


@admin.register(MailOptOut)
class MailOptOutAdmin(admin.ModelAdmin):
    list_display = ("email", "created_at")
    search_fields = ("email",)
