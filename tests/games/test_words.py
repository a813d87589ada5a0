"""The engines' English in the reader's language: sentences with parameters, counts and
names, kept through the stored log, and English whenever a translation does not fit."""

from django.utils import translation

from games import words
from games.engine.contract import LogEntry, Said, say, say_count, term

GERMAN = {
    "{p0} buys {good} for {price} coins": "{p0} kauft {good} für {price} Münzen",
    "Tea": "Tee",
    "{p0} pays {amount}": "{p0} zahlt {amount}",
    "{p0} is confused": "{p0} ist {oops}",
}


def _german(monkeypatch):
    monkeypatch.setattr(words, "gettext", lambda text: GERMAN.get(text, text))
    monkeypatch.setattr(
        words,
        "ngettext",
        lambda one, many, n: (
            ("{n} Münze" if n == 1 else "{n} Münzen")
            if one == "{n} coin"
            else (one if n == 1 else many)
        ),
    )


def test_a_sentence_is_said_in_english_and_remembers_how():
    said = say("{p0} buys {good} for {price} coins", good=term("Tea"), price=2)
    assert said == "{p0} buys Tea for 2 coins" and isinstance(said, Said)
    assert said.msgid.format(p0="{p0}", **said.args) == said


def test_in_german_the_sentence_its_names_and_its_counts_are_translated(monkeypatch):
    _german(monkeypatch)
    with translation.override("de"):
        buys = say("{p0} buys {good} for {price} coins", good=term("Tea"), price=2)
        assert words.translated(buys) == "{p0} kauft Tee für 2 Münzen"
        pays = say("{p0} pays {amount}", amount=say_count(1, "{n} coin", "{n} coins"))
        assert words.translated(pays) == "{p0} zahlt 1 Münze"
        assert words.translated("Tea") == "Tee"  # a name from the board's view


def test_in_english_nothing_is_looked_up(monkeypatch):
    _german(monkeypatch)
    with translation.override("en-gb"):
        assert words.translated(say("{p0} pays {amount}", amount="3")) == "{p0} pays 3"


def test_a_translation_that_does_not_fit_its_parameters_shows_the_english(monkeypatch):
    _german(monkeypatch)
    with translation.override("de"):
        assert words.translated(say("{p0} is confused")) == "{p0} is confused"


def test_a_log_line_keeps_its_message_through_the_stored_json(monkeypatch):
    _german(monkeypatch)
    entry = LogEntry(
        say("{p0} buys {good} for {price} coins", good="Tea", price=2),
        ((0, say("{p0} pays {amount}", amount=say_count(3, "{n} coin", "{n} coins"))),),
    )
    back = LogEntry.from_json(entry.to_json())
    assert back == entry or (back.text == entry.text and back.private == entry.private)
    with translation.override("de"):
        assert words.translated(back.for_viewer(1)) == "{p0} kauft Tee für 2 Münzen"
        assert words.translated(back.for_viewer(0)) == "{p0} zahlt 3 Münzen"


def test_an_old_log_line_without_a_message_is_shown_as_it_was(monkeypatch):
    _german(monkeypatch)
    old = LogEntry.from_json({"text": "{p0} bought tea.", "private": {}})
    with translation.override("de"):
        assert words.translated(old.for_viewer(None)) == "{p0} bought tea."
