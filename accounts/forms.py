"""Forms of the settings page."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

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
# The areas as the <select> names them, in the reader's language.
AREA_LABELS = {
    "Africa": pgettext_lazy("time zone area", "Africa"),
    "America": pgettext_lazy("time zone area", "America"),
    "Antarctica": pgettext_lazy("time zone area", "Antarctica"),
    "Asia": pgettext_lazy("time zone area", "Asia"),
    "Atlantic": pgettext_lazy("time zone area", "Atlantic"),
    "Australia": pgettext_lazy("time zone area", "Australia"),
    "Europe": pgettext_lazy("time zone area", "Europe"),
    "Indian": pgettext_lazy("time zone area", "Indian"),
    "Pacific": pgettext_lazy("time zone area", "Pacific"),
    "Other": pgettext_lazy("time zone area", "Other"),
}


@cache
def timezone_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Every time zone Python knows, grouped by area for a ``<select>`` (the areas' names
    are lazy: cached once, shown in each reader's language)."""
    groups: dict[str, list[tuple[str, str]]] = {area: [] for area in (*AREAS, "Other")}
    for name in sorted(zoneinfo.available_timezones()):
        area, _, place = name.partition("/")
        if area in AREAS and place:
            groups[area].append((name, place.replace("_", " ")))
        else:
            groups["Other"].append((name, name.replace("_", " ")))
    return [("", [("UTC", "UTC")]), *((AREA_LABELS[area], zones) for area, zones in groups.items())]


HOURS = [(hour, f"{hour:02d}:00") for hour in range(24)]


class PreferencesForm(forms.ModelForm):
    timezone = forms.ChoiceField(
        label=_("Time zone"),
        choices=timezone_choices,
        help_text=_("Times and deadlines are shown in this zone."),
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Send the digest at"),
        choices=HOURS,
        coerce=int,
        help_text=_("Local time, in your time zone."),
    )

    class Meta:
        model = User
        fields = [
            "language",
            "timezone",
            "turn_mail",
            "digest_hour",
            *NOTIFY_FIELDS.values(),
            "profile_hidden",
        ]
        labels = {"turn_mail": _("When it is your turn")}
        help_texts = {"language": _("Pages and the mails we send you. Blank: your browser’s.")}
        widgets = {"turn_mail": forms.RadioSelect}

    @property
    def notification_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in NOTIFY_FIELDS.values()]


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Token name"),
        max_length=60,
        help_text=_("What the token is for, e.g. “my bot”."),
        widget=forms.TextInput(attrs={"placeholder": _("my bot"), "autocomplete": "off"}),
    )
