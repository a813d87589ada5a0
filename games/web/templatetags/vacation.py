"""``{% vacation_section %}``: the vacation part of the settings page."""

from __future__ import annotations

from django import template
from django.utils import timezone

from games.play import vacations
from games.read.clocks import duration_text

register = template.Library()


@register.inclusion_tag("games/_vacation.html", takes_context=True)
def vacation_section(context) -> dict:
    user = context["user"]
    now = timezone.now()
    vacation = vacations.current(user, now)
    return {
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
        "vacation": vacation,
        "available": duration_text(vacations.available(vacation, now)),
        "cap_days": vacations.CAP.days,
        "per_year_days": vacations.PER_YEAR.days,
    }
