"""Forms of the settings page."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django import forms

from accounts.models import NOTIFY_FIELDS, User

# IANA areas people pick from; everything else (legacy aliases, Etc/…) goes under "Other".
AREAS = (
    "Africa",
    "America",
    "Antarctica",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)


@cache
def timezone_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every time zone Python knows, grouped by area for a ``<select>``."""
    groups: dict[str, list[tuple[str, str]]] = {area: [] for area in (*AREAS, "Other")}
    for name in sorted(zoneinfo.available_timezones()):
        area, _, place = name.partition("/")
        if area in AREAS and place:
            groups[area].append((name, place.replace("_", " ")))
        else:
            groups["Other"].append((name, name.replace("_", " ")))
    return [("", [("UTC", "UTC")]), *((area, zones) for area, zones in groups.items())]


HOURS = [(hour, f"{hour:02d}:00") for hour in range(24)]


class PreferencesForm(forms.ModelForm):
    timezone = forms.ChoiceField(
        label="Time zone",
        choices=timezone_choices,
        help_text="Times and deadlines are shown in this zone.",
    )
    digest_hour = forms.TypedChoiceField(
        label="Send the digest at",
        choices=HOURS,
        coerce=int,
        help_text="Local time, in your time zone.",
    )

    class Meta:
        model = User
        fields = ["timezone", "turn_mail", "digest_hour", *NOTIFY_FIELDS.values(), "profile_hidden"]
        labels = {"turn_mail": "When it is your turn"}
        widgets = {"turn_mail": forms.RadioSelect}

    @property
    def notification_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in NOTIFY_FIELDS.values()]


class TokenForm(forms.Form):
    name = forms.CharField(
        label="Token name",
        max_length=60,
        help_text="What the token is for, e.g. “my bot”.",
        widget=forms.TextInput(attrs={"placeholder": "my bot", "autocomplete": "off"}),
    )
