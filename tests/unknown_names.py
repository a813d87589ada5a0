"""Names a template cannot find, made visible: Django and the site's Jinja draw them as
nothing, so a misspelt name goes unnoticed (the archive's rows once linked to their games
with no text; a poll on a table once drew a play area with no board)."""

from __future__ import annotations

import re

from django.template import engines
from jinja2 import ChainableUndefined

MARKER = "@@unknown name: %s@@"
_FOUND = re.compile(re.escape(MARKER).replace("%s", "(.*?)"))


class _MarkedUndefined(ChainableUndefined):
    """Jinja's missing name (as the site's, chainable: ``a.b`` of a missing ``a``), drawn
    as ``MARKER``; still false in an ``{% if %}``, as the templates expect."""

    __slots__ = ()

    def __str__(self) -> str:
        return MARKER % self._undefined_name

    def __html__(self) -> str:
        return str(self)


def show_unknown_names(settings, monkeypatch) -> None:
    """Make the Django and the Jinja templates draw an unknown name as ``MARKER`` (with
    pytest-django's ``settings`` and pytest's ``monkeypatch``: undone after the test)."""
    templates = [dict(engine) for engine in settings.TEMPLATES]
    django_engine = next(t for t in templates if t["BACKEND"].endswith("DjangoTemplates"))
    django_engine["OPTIONS"] = {**django_engine.get("OPTIONS", {}), "string_if_invalid": MARKER}
    settings.TEMPLATES = templates  # the engines are made anew: the Jinja one after this
    monkeypatch.setattr(engines["jinja2"].env, "undefined", _MarkedUndefined)


def unknown_names(text: str) -> list[str]:
    """The unknown names drawn in ``text``."""
    return _FOUND.findall(text)
