"""``{{ text|tr }}``: an engine's English (a name marked with ``term``, a sentence built
with ``say``) in the reader's language."""

from django import template

from games.words import translated

register = template.Library()


@register.filter
def tr(text):
    return translated(text)
