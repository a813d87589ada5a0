"""The hx_action helper and the filters that boards use (docs/boards.md), and the index
filter the Django pages use too."""

import html
import json

import pytest
from django.template import Context, Template, engines

from games.engine import Action
from games.read.game_page import Choice

pytestmark = pytest.mark.django_db


def test_hx_action_posts_the_action_and_version(duo):
    choice = Choice.from_action(Action.make("play", label='Play "red" <now>', card="red"))
    board = engines["jinja2"].from_string("<b {{ hx_action(c) }}></b>")
    out = board.render({"c": choice, "game": duo, "version": 7})
    assert f'hx-post="/games/{duo.pk}/act"' in out
    assert 'hx-target="#play"' in out and 'role="button"' in out and 'tabindex="0"' in out
    assert 'aria-label="Play &#34;red&#34; &lt;now&gt;"' in out
    vals = html.unescape(out.split('hx-vals="')[1].split('"', 1)[0])
    data = json.loads(vals)
    assert data["version"] == 7
    assert json.loads(data["action"]) == {"type": "play", "card": "red"}


def test_choice_exposes_type_label_params_and_json():
    choice = Choice.from_action(Action.make("buy", label="Buy 2 Tea", good="tea", count=2))
    assert (choice.type, choice.label, choice.params) == (
        "buy",
        "Buy 2 Tea",
        {"count": 2, "good": "tea"},
    )
    assert json.loads(choice.json) == {"type": "buy", "good": "tea", "count": 2}


def test_index_and_humanize_kind_filters():
    board = engines["jinja2"].from_string(
        "{{ names|index(1) }}|{{ names|index(9) }}|{{ 'silk_cloth'|humanize_kind }}"
    )
    assert board.render({"names": ["ana", "<ben>"]}) == "&lt;ben&gt;||Silk cloth"
    page = Template("{% load play %}{{ names|index:1 }}|{{ names|index:9 }}")
    assert page.render(Context({"names": ["ana", "<ben>"]})) == "&lt;ben&gt;|"


def test_a_translated_text_escapes_the_values_filled_in_and_keeps_its_percent_signs():
    from games.web.jinja import _bound_translations

    text = engines["jinja2"].from_string(
        "{% trans name=name %}<b>{{ name }}</b> to play{% endtrans %}|"
        "{% trans n=n %}{{ n }} % done{% endtrans %}|{{ _('Skip to content') }}|"
        "{% trans counter=n %}{{ counter }} card{% pluralize %}{{ counter }} cards{% endtrans %}"
    )
    out = text.render({"name": "<img src=x>", "n": 3, **_bound_translations("en")})
    assert out == "<b>&lt;img src=x&gt;</b> to play|3 % done|Skip to content|3 cards"


def test_a_board_names_things_in_the_readers_language_from_its_catalogue():
    """``|tr`` looks a name up in the drawing's own catalogue; an engine's sentence is
    translated with its parts; a name nobody translated stays as it is."""
    from django.utils import translation

    from games.engine.vocabulary import say
    from games.web.jinja import _bound_translations

    board = engines["jinja2"].from_string(
        "{{ 'Silk'|tr }}|{{ 'Unheard of'|tr }}|{{ none|tr }}|{{ sold|tr }}|{{ '<Tea>'|tr }}"
    )
    sold = say("{good} sold", good="Tea")
    with translation.override("de"):
        german = board.render({"sold": sold, **_bound_translations("de"), "_english": False})
    assert german == "Seide|Unheard of||Tee sold|&lt;Tea&gt;"
    english = board.render({"sold": sold, **_bound_translations("en"), "_english": True})
    assert english == "Silk|Unheard of||Tea sold|&lt;Tea&gt;"


def test_a_drawings_texts_looked_up_again_read_as_their_catalogue_gives_them(settings):
    """The drawing's gettext and ngettext remember each answer (a page looks up the same
    texts every time): asked again, in either language, they give what the catalogue
    gives; a catalogue Django loads anew gets lookups of its own."""
    from django.utils.translation import trans_real

    from games.web.jinja import _bound_translations

    texts = ["Round", "Skip to content", "Not a text of the site", "Silk"]
    for language in ("de", "en", "de"):
        catalogue = trans_real.translation(language)
        found = _bound_translations(language)
        for _ in range(2):
            assert [found["_catalogue_gettext"](t) for t in texts] == [
                catalogue.gettext(t) for t in texts
            ]
            for number in (1, 2, 1):
                assert found["ngettext"]("%(num)s card", "%(num)s cards", number) == (
                    catalogue.ngettext("%(num)s card", "%(num)s cards", number) % {"num": number}
                )
    assert _bound_translations("de")["_"]("Round") == "Runde"
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS]  # Django loads its catalogues anew
    assert trans_real.translation("de") is not catalogue
    assert _bound_translations("de")["_"]("Round") == "Runde"


def test_a_helper_called_in_a_loop_that_sets_a_variable_reads_the_drawings_values():
    """The site's helpers that read only the drawing's values are handed its context as
    it is, inside loops that set variables too; any other function that takes the context
    still sees the loop's variables, as Jinja gives them."""
    from jinja2 import pass_context

    @pass_context
    def seen(context, name):
        return context.get(name)

    board = engines["jinja2"].from_string(
        "{% for n in [1, 2] %}{% set doubled = n * 2 %}"
        "[{{ changed_class('seats', n) }}|{{ seen('doubled') }}|{{ csrf_input() }}]{% endfor %}"
    )
    out = board.render({"changed": frozenset({"seats.2"}), "csrf_token": "t", "seen": seen})
    field = '<input type="hidden" name="csrfmiddlewaretoken" value="t">'
    assert out == f"[|2|{field}][ changed|4|{field}]"


def test_a_templates_dotted_names_read_dicts_and_objects_as_jinja_does():
    class Seat:
        name = "object's"

    class Holder(dict):
        name = "subclass attribute"

    text = engines["jinja2"].from_string(
        "{{ d.name }}|{{ d.missing }}|{{ d.missing.deeper }}|{{ d.items()|list|length }}|"
        "{{ d.keys is callable }}|{{ s.name }}|{{ h.name }}|{{ h.other }}|{{ d[1] }}"
    )
    out = text.render(
        {
            "d": {"name": "<ana>", "keys": "a key", 1: "one"},
            "s": Seat(),
            "h": Holder(name="subclass key", other="held"),
        }
    )
    # keys as keys (escaped), a missing one empty all the way down, dict methods still
    # methods though a key shares their name, objects and dict subclasses as before
    assert out == "&lt;ana&gt;|||3|True|object&#39;s|subclass attribute|held|one"
