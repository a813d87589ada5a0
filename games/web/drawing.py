"""What the game pages and the boards draw by code rather than by template: the forms of
listed actions, log lines, the trade composer's steppers, players' links (docs/boards.md).
Used by the Jinja templates (games/web/jinja.py) and, for a few, by Django's."""

from __future__ import annotations

import functools
import json
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext as _
from markupsafe import Markup, escape

from games.web.jinja_output import escape_written
from games.words import translated


def url(name: str, *args: Any) -> str:
    """``reverse(name, args=args)``, remembered: a game page links the same few places on
    every drawing, and Django works each out anew (its URL settings are part of the key)."""
    return _reversed(get_urlconf() or settings.ROOT_URLCONF, get_script_prefix(), name, args)


@functools.lru_cache(maxsize=4096)
def _reversed(urlconf: Any, prefix: str, name: str, args: tuple) -> str:
    return reverse(name, args=args, urlconf=urlconf)


ACT_FORM = (
    '<form class="act-form" method="post" action="{url}" hx-post="{url}" hx-target="#play" '
    'hx-swap="outerHTML">{csrf}<input type="hidden" name="action" value="{action}">'
    '<input type="hidden" name="version" value="{version}">'
    '<button class="{cls}" data-action-type="{type}">{label}</button></form>'
)


def act_form_html(choice, cls: str, label: str, *, url: str, csrf_token, version) -> str:
    """One listed action as a board control: a plain form post that HTMX upgrades to a
    swap of #play. ``label`` is the button's content (HTML allowed when marked safe), else
    the choice's own label. Escaped by markupsafe: a board draws dozens on every move."""
    return Markup(
        ACT_FORM.format(
            url=escape_written(url),
            csrf=csrf_field(csrf_token),
            action=escape_written(choice.json),
            version=escape_written(version),
            cls=escape_written(cls or "btn"),
            type=escape_written(choice.type),
            label=escape_written(label or choice.label),
        )
    )


def csrf_field(token) -> str:
    """A form's CSRF field, as Django's ``{% csrf_token %}`` writes it (nothing without a
    token)."""
    if not token or token == "NOTPROVIDED":
        return ""
    return Markup('<input type="hidden" name="csrfmiddlewaretoken" value="%s">') % str(token)


def player_link(name: str, username: str | None) -> str:
    """A player's name, linked to their profile when a person (not a bot) sits there."""
    if not username:
        return escape(name)
    return Markup('<a class="player-link" href="%s">%s</a>') % (
        url("games:player", username),
        name,
    )


def log_items(lines, since_my_turn, seat, colours) -> str:
    """The game log's ``<li>`` items, newest first (the page draws up to 30 on every move:
    drawn here, not by a template per line). A line of the others since the viewer's last
    turn is marked "new", the viewer's own steps not yet final "draft"."""
    since = since_my_turn["since"] if since_my_turn else None
    draft_note = None
    items = []
    for line in reversed(lines):
        line_seat = line["seat"]
        if line.get("draft"):
            if draft_note is None:
                draft_note = escape_written(
                    _("(only you see this until your turn moves on: Undo takes it back)")
                )
            attrs, after = ' class="draft"', f" <small>{draft_note}</small>"
        else:
            new = since is not None and line["seq"] > since and line_seat != seat
            attrs = (' class="new"' if new else "") + f' data-seq="{line["seq"]}"'
            attrs += " data-mine" if line_seat == seat else ""
            after = ""
        items.append(
            f"<li{attrs}>{log_dot(line.get('by'), colours)}{escape_written(line['text'])}{after}</li>"
        )
    return Markup("\n".join(items))


def log_dot(by: int | None, colours) -> str:
    """The marker before a log line: the colour of the player whose deed it tells, or a
    neutral ring for a line the game wrote on its own (a round begins, a caravan
    resolves, a clock ran out), which no player's colour may claim."""
    if by is None:
        return Markup('<span class="swatch by-the-game"></span>')
    colour = escape_written(index(colours, by))
    return Markup(
        f'<span class="swatch seat-colour-{escape_written(by)}" style="--seat-colour: {colour}"></span>'
    )


def hx_action_attributes(choice, *, url: str, version) -> str:
    """Attributes that make any element play ``choice`` when clicked (the site's script
    clicks it for Enter and Space): they post the action JSON and the version the page
    shows to ``url`` and swap the play area with the answer."""
    values = json.dumps({"action": choice.json, "version": version})
    return Markup(
        'hx-post="{}" hx-vals="{}" hx-target="#play" hx-swap="outerHTML" '
        'hx-trigger="click" role="button" tabindex="0" aria-label="{}"'
    ).format(url, values, choice.label)


def poll_every(computer_to_move: bool = False) -> str:
    """How often the game page polls, for ``hx-trigger``: "5s" unless GAME_POLL_SECONDS;
    every second at most while a computer player is to move, so its answer shows soon."""
    seconds = settings.GAME_POLL_SECONDS
    if computer_to_move:
        seconds = min(seconds, settings.GAME_POLL_COMPUTER_SECONDS)
    return f"{seconds:g}s"


def index(sequence: Any, key: Any) -> Any:
    """``names|index(seat)`` — an item of a list or dict, or "" when there is none."""
    try:
        return sequence[key]
    except (IndexError, KeyError, TypeError):
        return ""


def for_card(choices: Any, card_id: Any) -> list[Any]:
    """``choices_by_type.buy|for_card(card.id)``: the choices about that card (a board
    draws the card as a target when there are some, else as a plain focusable card)."""
    return [c for c in choices or () if c.params.get("card") == card_id]


def by_param(choices: Any, name: str) -> dict[Any, list[Any]]:
    """``choices_by_type.place|by_param("space")``: the choices by the value of one of
    their parameters, grouped once, for a board that draws a target on each of many
    places (a map's spaces) instead of looking through every choice at each."""
    grouped: dict[Any, list[Any]] = {}
    for choice in choices or ():
        grouped.setdefault(choice.params.get(name), []).append(choice)
    return grouped


def humanize_kind(value: Any) -> str:
    """``"silk_cloth"`` → ``"Silk cloth"``: engine names as words."""
    return str(value).replace("_", " ").replace("-", " ").capitalize()


def changed_mark(marks, path) -> str:
    """ " changed" when ``path`` is among the board's ``marks`` of change, else ""."""
    if not marks:  # nothing changed (a board asks at each of its parts)
        return ""
    return " changed" if ".".join(map(str, path)) in marks else ""


STEPPER = (
    '<div class="stepper" data-label="{label}"{most_by}>\n'
    '  <label for="{name}">{label} <small>({most})</small></label>\n'
    '  <span class="stepper-controls">\n'
    '    <button type="button" class="stepper-step" data-step="-1" hidden>'
    '<span aria-hidden="true">−</span><span class="visually-hidden">{fewer}</span></button>\n'
    '    <select id="{name}" name="{name}">{options}</select>\n'
    '    <button type="button" class="stepper-step" data-step="1" hidden>'
    '<span aria-hidden="true">+</span><span class="visually-hidden">{more}</span></button>\n'
    "  </span>\n"
    "</div>"
)


def deal_stepper(stepper, side: str, *, gettext=_, english: bool = False) -> str:
    """One count of the trade composer (``games.web.deals.Stepper``): its label, how many
    there are, the −/+ steps and a ``<select>`` of every count. A composer has a few dozen,
    drawn on every move: built here, not by a template each. ``gettext`` is the drawing's
    own catalogue lookup and ``english`` says the reader's language is English
    (``games.web.jinja.render``), so a stepper asks for neither again."""
    label = escape_written(str(stepper.label) if english else translated(stepper.label))
    if side == "give":
        most = gettext("you have %(most)s")
    else:
        most = gettext("up to <span data-most>%(most)s</span>")
    most_by = ""
    if stepper.most_by:
        most_by = Markup(' data-most-by="{}"').format(stepper.most_by_text)
    # A translation is the page's own markup; the values in it are escaped.
    return Markup(
        STEPPER.format(
            label=label,
            most_by=most_by,
            name=escape_written(stepper.input_name),
            most=most % {"most": escape_written(stepper.most)},
            fewer=gettext("One fewer %(label)s") % {"label": label},
            more=gettext("One more %(label)s") % {"label": label},
            options="".join(f'<option value="{n:d}">{n:d}</option>' for n in stepper.counts),
        )
    )
