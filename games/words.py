"""The engines' English said in the reader's language.

Engines stay free of Django: they write English, and a sentence with parameters is a
``Said`` (``games.engine.vocabulary.say``) that keeps its message id and parameters, a
name is marked with ``term``. Here the active language's catalogue turns them into the
reader's words; a text without a message (old log lines, plain strings) and a translation
that does not fit its parameters are shown in English, never as an error.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext, ngettext

from games.engine.contract import Said, fill_names


def _english() -> bool:
    language = translation.get_language()
    return not language or language.startswith("en")


def translated(text: Any) -> str:
    """``text`` in the active language: a ``Said`` from its message, a name from the
    catalogue (a name nobody translated stays as it is)."""
    if text is None:
        return ""
    if _english():
        return str(text)
    return _translate(text)


def _translate(text: Any) -> str:
    if not isinstance(text, Said):
        return gettext(text) if isinstance(text, str) and text else str(text)
    args = {key: _argument(value) for key, value in text.args.items()}
    if text.plural is not None:
        template = ngettext(text.msgid, text.plural, text.count or 0)
    else:
        template = gettext(text.msgid)
    seats = {f"p{seat}": f"{{p{seat}}}" for seat in range(8)}
    try:
        return template.format(**seats, **args)
    except (KeyError, IndexError, ValueError):
        return str(text)  # a translation that does not fit its parameters: the English


def _argument(value: Any) -> Any:
    if isinstance(value, Said):
        return _translate(value)
    if isinstance(value, str) and value and not value.startswith("{p"):
        return gettext(value)  # a name marked with ``term``
    return value


def shown(text: Any, names: list[str] | tuple[str, ...]) -> str:
    """An engine's text as a reader sees it: in their language, players by name."""
    return fill_names(translated(text), names)
