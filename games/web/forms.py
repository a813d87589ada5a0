"""Forms of the game pages: a new table (per game, from the engine's options, with any
seats for computer players) and invitations."""

from __future__ import annotations

import re

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.engine import GameRules
from games.engine.bots import LEVELS as BOT_LEVELS
from games.models import BOT_LEVEL_NAMES, TABLE_LANGUAGES, Game
from games.play.time_control import BANK_CAP_DAYS, CLOCK_DAYS
from games.read.names import BOT_LEVEL_CHOICES


def _days_text(days: int) -> str:
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}


def _bank_text(days: int) -> str:
    return ngettext(
        "Keep unused time, up to %(count)d day", "Keep unused time, up to %(count)d days", days
    ) % {"count": days}


# Choice labels with a number in them, translated when shown (in the request's language).
_days_lazy = lazy(_days_text, str)
_bank_lazy = lazy(_bank_text, str)

SEAT_ORDERS = (
    ("random", _("Random seat order")),
    ("joined", _("In the order players join (you go first)")),
)


class TableForm(forms.Form):
    players = forms.TypedChoiceField(coerce=int, label=_("Players"))
    public = forms.BooleanField(
        required=False,
        initial=True,
        label=_("List it in the lobby"),
        help_text=_("Untick for a private table only people with the invite link can join."),
    )
    rated = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Rated"),
        help_text=_("The result changes the players' ratings at this game."),
    )
    language = forms.ChoiceField(
        required=False,
        choices=[("", _("Any language")), *TABLE_LANGUAGES],
        label=_("Table language"),
        help_text=_("The language you would like to chat in; the lobby can filter by it."),
    )
    seat_order = forms.ChoiceField(
        choices=SEAT_ORDERS, initial="random", widget=forms.RadioSelect, label=_("Seat order")
    )
    invite = forms.CharField(
        required=False,
        max_length=1000,
        label=_("Invite (optional)"),
        help_text=_("Usernames or email addresses, separated by commas."),
    )
    entropy = forms.CharField(
        required=False,
        max_length=64,
        label=_("Your own randomness (optional)"),
        help_text=_(
            "Any words or numbers: mixed into the game's seed, so nobody chooses the dice alone."
        ),
    )
    # Time control (games.play.time_control): fields of the table, not engine options.
    clock_days = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=0,
        initial=0,
        label=_("Time per move"),
        choices=[
            (0, _("No time limit")),
            *((n, _days_lazy(n)) for n in CLOCK_DAYS),
        ],
    )
    bank_cap_days = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=0,
        initial=0,
        label=_("Time bank"),
        choices=[
            (0, _("No time bank")),
            *((n, _bank_lazy(n)) for n in BANK_CAP_DAYS),
        ],
        help_text=_("Each move adds the time per move to what you did not use, up to this."),
    )
    weekends_off = forms.BooleanField(
        required=False,
        label=_("Weekends off"),
        help_text=_("Saturdays and Sundays, in each player's own time zone, don't count."),
    )
    allow_vacation = forms.BooleanField(
        required=False, initial=True, label=_("A player's vacation pauses their clock")
    )
    timeout_policy = forms.ChoiceField(
        required=False,
        choices=Game.TimeoutPolicy.choices,
        initial=Game.TimeoutPolicy.AUTOPLAY,
        label=_("When a player's time runs out"),
    )
    timeout_bot_level = forms.ChoiceField(
        required=False,
        choices=[(level, BOT_LEVEL_NAMES.get(level, level.capitalize())) for level in BOT_LEVELS],
        initial="greedy",
        label=_("Bot that plays for them"),
        help_text=_("Only when a bot plays for players whose time ran out."),
    )

    def __init__(self, rules: GameRules, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        counts = range(rules.min_players, rules.max_players + 1)
        self.fields["players"].choices = [
            (n, ngettext("%(count)d player", "%(count)d players", n) % {"count": n}) for n in counts
        ]
        self.fields["players"].initial = rules.min_players
        chosen = self.chosen_players()
        for number in range(1, rules.max_players):
            field = forms.ChoiceField(
                label=gettext("Player %(number)d") % {"number": number + 1},
                choices=[("", gettext("A person (invite or from the lobby)")), *BOT_LEVEL_CHOICES],
                required=False,
                help_text=gettext("Players past the table's size are ignored.")
                if number == 1
                else "",
            )
            # The page shows the seats of the chosen count only (when scripts run:
            # static/js/table-form.js follows the choice); without scripts all stay.
            field.seat = number + 1
            field.past_count = number + 1 > chosen
            self.fields[f"bot_{number}"] = field
        for option in rules.options:
            self.fields[f"option_{option.name}"] = forms.ChoiceField(
                label=option.label,
                choices=option.choices,
                initial=option.default,
                help_text=option.help,
            )

    def chosen_players(self) -> int:
        """The player count the form shows: the one posted if it is one of the choices,
        else the initial one."""
        field = self.fields["players"]
        default = self.initial.get("players", field.initial)
        if not self.is_bound:
            return int(default)
        try:
            posted = int(self.data.get(self.add_prefix("players")))
        except (TypeError, ValueError):
            return int(default)
        return (
            posted if self.rules.min_players <= posted <= self.rules.max_players else int(default)
        )

    def game_options(self) -> dict[str, str]:
        return {o.name: self.cleaned_data[f"option_{o.name}"] for o in self.rules.options}

    def bot_seats(self) -> list[str | None]:
        """A level or None per seat; you take the first."""
        players = self.cleaned_data["players"]
        return [None] + [self.cleaned_data.get(f"bot_{n}") or None for n in range(1, players)]

    def invitees(self) -> list[str]:
        return split_invitees(self.cleaned_data.get("invite", ""))

    def time_control(self) -> dict:
        """The table's time control in the shape ``game_create`` takes."""
        data = self.cleaned_data
        control = {
            "days": data["clock_days"],
            "bank_cap_days": data["bank_cap_days"],
            "weekends_off": data["weekends_off"],
            "vacations": data["allow_vacation"],
            "on_timeout": data["timeout_policy"] or Game.TimeoutPolicy.AUTOPLAY,
        }
        if data["timeout_policy"] == Game.TimeoutPolicy.BOT:
            control["bot_level"] = data["timeout_bot_level"] or "greedy"
        return control


def split_invitees(text: str) -> list[str]:
    return [part for part in re.split(r"[,;\s]+", text or "") if part]


class InviteForm(forms.Form):
    invite = forms.CharField(
        max_length=1000,
        label=_("Invite by username or email"),
        help_text=_("Separate several with commas."),
    )
