"""The texts the Jinja templates (``games/jinja2/``) mark for translation, for the
project's ``makemessages`` and the catalogue's tests."""

from __future__ import annotations

from jinja2 import Environment


def messages(source: str) -> list[tuple[int, str, tuple[str | None, ...]]]:
    """The texts a Jinja template marks for translation: (line, gettext function, its
    arguments), as Jinja's i18n extension reads ``{% trans %}`` blocks and ``_()``."""
    found = Environment(extensions=["jinja2.ext.i18n"]).extract_translations(source)
    return [
        (line, function, args if isinstance(args, tuple) else (args,))
        for line, function, args in found
    ]


def messages_as_python(source: str) -> str:
    """A template's texts as the Python calls xgettext reads, each on its template's line
    (``makemessages`` turns a Django template into the same, so the catalogue points at
    the template's own lines)."""
    lines = [""] * (source.count("\n") + 1)
    for line, function, args in messages(source):
        function = "gettext" if function == "_" else function
        texts = ", ".join(repr(arg) for arg in args if arg is not None)
        number = ", 0" if function in ("ngettext", "npgettext") else ""
        lines[line - 1] += f"{function}({texts}{number}); "
    return "\n".join(lines) + "\n"
