"""Every text a person reads is marked for translation, the German catalogue is complete
and compiled, and the English one lists every text as itself."""

from pathlib import Path

import polib
import pytest

from silkroad import jinja_messages, unmarked_text

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/django.po"))


def test_no_template_holds_text_nobody_marked_for_translation():
    found = unmarked_text.report(unmarked_text.templates())
    listing = "\n".join(f"{name}: {pieces[:3]}" for name, pieces in found.items())
    assert not found, f"unmarked text (python -m silkroad.unmarked_text lists it):\n{listing}"


def test_the_checker_sees_text_attributes_and_ignores_code_and_marked_text():
    source = """{% load i18n %}<style>.a { color: red }</style><script>let x = "word";</script>
    <p title="{% translate "Close" %}">{% translate "Lobby" %} {{ name }}</p>
    {% blocktranslate trimmed with n=count %}{{ n }} players{% endblocktranslate %} 3 · →"""
    assert unmarked_text.unmarked(source) == []
    assert unmarked_text.unmarked("<p>Hello {{ name }}</p>") == ["Hello"]
    assert unmarked_text.unmarked('<img alt="A map">') == ['alt="A map"']


def test_the_checker_reads_the_jinja_boards_marks_too():
    source = """{# A note. #}<p title="{{ _("Close") }}">{{ pgettext("game round", "Round") }}</p>
    {% trans trimmed n=count %}{{ n }} player{% pluralize n %}{{ n }} players{% endtrans %}"""
    assert unmarked_text.unmarked(source) == []
    assert unmarked_text.unmarked("{% if a %}<p>Hello {{ name }}</p>{% endif %}") == ["Hello"]


def test_every_text_of_the_jinja_templates_has_its_german():
    """The Jinja templates' texts (the boards, the game page, the site's header and foot)
    reach the catalogue through the project's ``makemessages``; a text written after the
    catalogue was last made has none."""
    german = polib.pofile(str(ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"))
    translated = {(e.msgctxt, e.msgid) for e in german.translated_entries()}
    folders = (ROOT / "games" / "jinja2", ROOT / "templates" / "jinja2")
    boards = sorted(path for folder in folders for path in folder.rglob("*.jinja"))
    assert any(path.is_relative_to(folders[1]) for path in boards)
    assert boards
    missing = []
    for board in boards:
        for _, function, args in jinja_messages.messages(board.read_text(encoding="utf-8")):
            context = args[0] if function.startswith(("pgettext", "npgettext")) else None
            message = args[1] if context is not None else args[0]
            if (context, message) not in translated:
                missing.append((board.name, context, message))
    assert not missing, f"run makemessages (docs/translations.md): {missing[:5]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_no_translation_brings_markup_its_english_does_not_have(path):
    """A Jinja drawing puts a translation into the page as it is (the page's own markup,
    as Django's blocktranslate does): one that brought a quote, an ampersand or a tag of
    its own could break an attribute or the page."""
    added = []
    for entry in polib.pofile(str(path)).translated_entries():
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:
            pairs = [(entry.msgid_plural, text) for text in entry.msgstr_plural.values()]
        for english, translation in pairs:
            if any(translation.count(c) > english.count(c) for c in '<>&"'):
                added.append((entry.msgid, translation))
    assert not added, added[:5]


def test_there_are_a_german_and_an_english_catalogue():
    assert [p.parent.parent.name for p in CATALOGUES] == ["de", "en_GB"]


def test_the_english_catalogue_gives_every_message_of_the_german_one_as_itself():
    """English pages find each text in the first catalogue Django tries
    (``silkroad.english_catalogue`` says why, and remakes it)."""
    german = polib.pofile(str(ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"))
    english = polib.pofile(str(ROOT / "locale" / "en_GB" / "LC_MESSAGES" / "django.po"))
    wanted = {(e.msgctxt, e.msgid, e.msgid_plural) for e in german if not e.obsolete}
    have = {(e.msgctxt, e.msgid, e.msgid_plural) for e in english}
    assert have == wanted, "run: uv run python -m silkroad.english_catalogue"
    for entry in english:
        if entry.msgid_plural:
            assert entry.msgstr_plural == {0: entry.msgid, 1: entry.msgid_plural}
        else:
            assert entry.msgstr == entry.msgid


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_every_message_of_the_catalogue_is_translated_and_none_is_fuzzy(path):
    catalogue = polib.pofile(str(path))
    missing = [e.msgid for e in catalogue.untranslated_entries()]
    fuzzy = [e.msgid for e in catalogue.fuzzy_entries()]
    assert not missing, f"{len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_the_compiled_catalogue_matches_its_source(path):
    """The .mo the site loads is committed; it must say what the .po says
    (``python manage.py compilemessages`` after editing the .po)."""
    source = polib.pofile(str(path))
    compiled = polib.mofile(str(path.with_suffix(".mo")))
    wanted = {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in source.translated_entries()
    }
    have = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in compiled if e.msgid}
    assert have == wanted


_PLACEHOLDER = __import__("re").compile(r"%\([a-z_0-9]+\)[sd]|\{[a-z_0-9]*\}|<[^>]*>")


def _placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_every_translation_keeps_the_placeholders_and_markup_of_its_english(path):
    """A translation that lost ``%(name)s``, ``{p0}`` or a tag would break the page."""
    wrong = []
    for entry in polib.pofile(str(path)).translated_entries():
        if entry.msgid_plural:
            pairs = [(entry.msgid_plural, text) for text in entry.msgstr_plural.values()]
            # a singular form may leave out the count (German "eine Münze")
            pairs = [(e, t) for e, t in pairs if _placeholders(t) != _placeholders(e)]
            pairs = [
                (e, t)
                for e, t in pairs
                if not set(_placeholders(t)) <= set(_placeholders(e) + _placeholders(entry.msgid))
            ]
        else:
            pairs = [(entry.msgid, entry.msgstr)]
            pairs = [(e, t) for e, t in pairs if _placeholders(t) != _placeholders(e)]
        wrong += [f"{e!r} -> {t!r}" for e, t in pairs]
    assert not wrong, "\n".join(wrong[:10])


@pytest.mark.slow
def test_the_german_catalogue_holds_every_text_the_code_marks(tmp_path):
    """Nothing marked since the catalogue was last made is left without its German:
    ``makemessages`` over a copy of the project adds no untranslated message."""
    import os
    import shutil
    import subprocess
    import sys

    if not shutil.which("xgettext"):
        pytest.skip("xgettext (Debian's gettext) is not installed")
    copy = tmp_path / "project"
    skipped = shutil.ignore_patterns(".*", "node_modules", "staticfiles", "var", "__pycache__")
    shutil.copytree(ROOT, copy, ignore=skipped)
    ignored = ["bench/*", "tests/*", "docs/*"]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "-v", "0"]
        + [f"--ignore={pattern}" for pattern in ignored],
        cwd=copy,
        check=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "silkroad.settings.dev"},
    )
    made = polib.pofile(str(copy / "locale" / "de" / "LC_MESSAGES" / "django.po"))
    new = [e.msgid for e in made.untranslated_entries() + made.fuzzy_entries()]
    assert not new, f"{len(new)} texts without German (docs/translations.md), e.g. {new[:5]}"
