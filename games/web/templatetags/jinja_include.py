"""``{% jinja_include name %}``: a Jinja template (games/jinja2/, a ``.jinja`` name) drawn
in a Django page with the page's context, as ``{% include %}`` would draw a Django one
(which it also does, for a name that is not ``.jinja``)."""

from django import template
from django.utils.safestring import mark_safe

from games.web import jinja

register = template.Library()


@register.simple_tag(takes_context=True)
def jinja_include(context, name: str) -> str:
    if name.endswith(".jinja"):
        return mark_safe(jinja.render(name, context.flatten()))
    return context.template.engine.get_template(name).render(context)
