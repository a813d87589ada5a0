"""Names a Django template cannot find, made visible: Django draws them as nothing, so a
misspelt name goes unnoticed (the archive's rows once linked to their games with no text)."""

from __future__ import annotations

import re

MARKER = "@@unknown name: %s@@"
_FOUND = re.compile(re.escape(MARKER).replace("%s", "(.*?)"))


def show_unknown_names(settings) -> None:
    """Make the Django templates draw an unknown name as ``MARKER`` (pytest-django's
    ``settings``: undone after the test)."""
    templates = [dict(engine) for engine in settings.TEMPLATES]
    django_engine = next(t for t in templates if t["BACKEND"].endswith("DjangoTemplates"))
    django_engine["OPTIONS"] = {**django_engine.get("OPTIONS", {}), "string_if_invalid": MARKER}
    settings.TEMPLATES = templates


def unknown_names(text: str) -> list[str]:
    """The unknown names drawn in ``text``."""
    return _FOUND.findall(text)
