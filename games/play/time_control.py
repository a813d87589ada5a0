"""A table's time control, as chosen when it is created (form or API)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engine.bots import LEVELS
from games.errors import InvalidInput
from games.models import Game

CLOCK_DAYS = (1, 2, 3, 5, 7, 14)
BANK_CAP_DAYS = (7, 14, 21, 30)
KEYS = {"days", "bank_cap_days", "weekends_off", "vacations", "on_timeout", "bot_level"}


def _flag(data: Mapping, name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise InvalidInput(_("'%(name)s' must be true or false.") % {"name": name})
    return value


def _days(data: Mapping, name: str, allowed: tuple[int, ...]) -> int:
    value = data.get(name) or 0
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, *allowed):
        choices = ", ".join(str(n) for n in allowed)
        raise InvalidInput(
            _("'%(name)s' is 0 (none) or one of %(choices)s.") % {"name": name, "choices": choices}
        )
    return value


def clean_time_control(data: object) -> dict[str, Any]:
    """``Game`` fields from ``{"days": 3, "bank_cap_days": 14, "weekends_off": true,
    "vacations": true, "on_timeout": "autoplay", "bot_level": "greedy"}`` (all optional;
    no ``days`` means no time limit)."""
    data = {} if data is None else data
    if not isinstance(data, Mapping) or set(data) - KEYS:
        raise InvalidInput(
            _("A time control is an object with the keys %(keys)s.")
            % {"keys": ", ".join(sorted(KEYS))}
        )
    days = _days(data, "days", CLOCK_DAYS)
    cap = _days(data, "bank_cap_days", BANK_CAP_DAYS)
    if cap and not days:
        raise InvalidInput(_("A time bank needs a time per move."))
    if cap and cap <= days:
        raise InvalidInput(_("The time bank must hold more than the time for one move."))
    policy = data.get("on_timeout") or Game.TimeoutPolicy.AUTOPLAY
    if policy not in Game.TimeoutPolicy.values:
        raise InvalidInput(
            _("'on_timeout' is one of %(choices)s.")
            % {"choices": ", ".join(Game.TimeoutPolicy.values)}
        )
    level = data.get("bot_level") or ""
    if policy == Game.TimeoutPolicy.BOT:
        level = level or "greedy"
        if level not in tuple(LEVELS):
            raise InvalidInput(
                _("'bot_level' is one of %(choices)s.") % {"choices": ", ".join(tuple(LEVELS))}
            )
    elif level:
        raise InvalidInput(_('\'bot_level\' goes with "on_timeout": "bot".'))
    return {
        "clock_days": days,
        "bank_cap_days": cap,
        "weekends_off": _flag(data, "weekends_off", False),
        "allow_vacation": _flag(data, "vacations", True),
        "timeout_policy": policy,
        "timeout_bot_level": level,
    }
