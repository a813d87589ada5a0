"""Forms of the game pages: a new table (per game, from the engine's options) and chat."""

from __future__ import annotations

import re

from django import forms

from games.engine import GameRules

SEAT_ORDERS = (
    ("random", "Random seat order"),
    ("joined", "In the order players join (you go first)"),
)


class TableForm(forms.Form):
    players = forms.TypedChoiceField(coerce=int, label="Players")
    public = forms.BooleanField(
        required=False,
        initial=True,
        label="List it in the lobby",
        help_text="Untick for a private table only people with the invite link can join.",
    )
    seat_order = forms.ChoiceField(
        choices=SEAT_ORDERS, initial="random", widget=forms.RadioSelect, label="Seat order"
    )
    invite = forms.CharField(
        required=False,
        max_length=1000,
        label="Invite (optional)",
        help_text="Usernames or email addresses, separated by commas.",
    )

    def __init__(self, rules: GameRules, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        counts = range(rules.min_players, rules.max_players + 1)
        self.fields["players"].choices = [(n, f"{n} players") for n in counts]
        self.fields["players"].initial = rules.min_players
        for option in rules.options:
            self.fields[f"option_{option.name}"] = forms.ChoiceField(
                label=option.label,
                choices=option.choices,
                initial=option.default,
                help_text=option.help,
            )

    def game_options(self) -> dict[str, str]:
        return {o.name: self.cleaned_data[f"option_{o.name}"] for o in self.rules.options}

    def invitees(self) -> list[str]:
        return split_invitees(self.cleaned_data.get("invite", ""))


def split_invitees(text: str) -> list[str]:
    return [part for part in re.split(r"[,;\s]+", text or "") if part]


class InviteForm(forms.Form):
    invite = forms.CharField(
        max_length=1000,
        label="Invite by username or email",
        help_text="Separate several with commas.",
    )
