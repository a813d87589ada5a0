"""``{% board board_template %}``: a game's board in a Django page, drawn by Jinja when its
template is one (games/jinja2/, a ``.jinja`` name), else included as ``{% include %}``
would."""

from django import template
from django.utils.safestring import mark_safe

from games.web import jinja

register = template.Library()


@register.simple_tag(takes_context=True)
def board(context, name: str) -> str:
    if name.endswith(".jinja"):
        return mark_safe(jinja.render(name, context.flatten()))
    return context.template.engine.get_template(name).render(context)
