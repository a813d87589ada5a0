"""The English catalogue: every message of the German one, translated as itself.

English needs no translation, but Django looks up every text in the reader's catalogues:
for British English those are the en_GB and en catalogues of Django and of each installed
app, chained one behind the other, and a text of ours is in none of them, so each lookup
walked all eight before giving the English back (8.6 µs, against 0.6 µs for a German
text found at once). With our texts in a catalogue of our own, which Django puts first,
each is found at the first try. A text missing from it is still shown in English, only
found more slowly; ``tests/test_translations.py`` checks that it lists every message.

    uv run python -m silkroad.english_catalogue

after updating the German catalogue (``docs/translations.md``) writes
``locale/en_GB/LC_MESSAGES/django.po`` and its ``.mo``.
"""

from __future__ import annotations

from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"
SOURCE = LOCALE / "de" / "LC_MESSAGES" / "django.po"
TARGET = LOCALE / "en_GB" / "LC_MESSAGES" / "django.po"


def english(source: polib.POFile) -> polib.POFile:
    """``source``'s messages, each translated as itself (plurals: singular, then plural)."""
    made = polib.POFile(wrapwidth=source.wrapwidth)
    made.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Language": "en_GB",
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
    }
    made.header = "English: every message as itself (python -m silkroad.english_catalogue)."
    for entry in source:
        if entry.obsolete:
            continue
        copy = polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid)
        if entry.msgid_plural:
            copy.msgid_plural = entry.msgid_plural
            copy.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
        else:
            copy.msgstr = entry.msgid
        if "python-format" in entry.flags:
            copy.flags.append("python-format")
        made.append(copy)
    return made


def main() -> None:
    made = english(polib.pofile(str(SOURCE)))
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    made.save(str(TARGET))
    made.save_as_mofile(str(TARGET.with_suffix(".mo")))
    print(f"{TARGET.relative_to(LOCALE.parent)}: {len(made)} messages")


if __name__ == "__main__":
    main()
