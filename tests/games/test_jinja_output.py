"""What the site's Jinja drawings write out: escaped as markupsafe escapes it, through the
site's shorter paths for values and plain functions (games/web/jinja_output.py and
``SiteContext``), with the same text as Jinja's own."""

from django.template import engines
from django.utils.functional import lazy
from django.utils.safestring import mark_safe
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup, escape

from games.web.jinja_output import escape_written

TRICKY = "<script>alert('x' & \"y\")</script> é ✓ &amp;"


class Shown:
    def __html__(self):
        return "<b>shown as it is</b>"

    def __str__(self):
        return "<never used>"


@given(st.text())
def test_any_text_written_out_is_escaped_as_markupsafe_escapes_it(text):
    assert escape_written(text) == str(escape(text))


def test_every_kind_of_value_is_written_out_as_markupsafe_writes_it():
    values = [
        TRICKY,
        "",
        Markup("<i>kept</i>"),
        mark_safe("<i>Django's safe text</i>"),
        lazy(lambda: TRICKY, str)(),
        12,
        -1.5,
        True,
        None,
        Shown(),
        ChainableUndefined(name="missing"),
        ["<a>", 1],
    ]
    for value in values:
        assert escape_written(value) == str(escape(value)), value


def test_a_drawing_writes_what_jinjas_own_compiler_writes():
    """Values, macros, blocks kept in a variable, filter and call blocks, loops and
    translated texts: the site's environment writes each as a stock Jinja environment
    does (with the site's undefined, which writes nothing)."""
    source = (
        "{% macro cell(v) %}<td>{{ v }}</td>{{ caller() if caller }}{% endmacro %}"
        "{{ t }}|{{ m }}|{{ n }}|{{ f }}|{{ missing }}|{{ t|safe }}|{{ t ~ m }}|"
        "{% set kept %}<p>{{ t }}</p>{% endset %}{{ kept }}|{{ cell(t) }}|"
        "{% call cell(m) %}[{{ t }}]{% endcall %}|{% filter upper %}{{ t }}{% endfilter %}|"
        "{% for x in [t, m, n] %}{{ loop.index }}{{ x }}{% endfor %}|"
        "{{ plain(t) }}|{{ plain(t, more=m) }}|"
        "{% for x in [1] %}{% set y = x %}{{ plain(y) }}{% endfor %}"
    )

    def plain(*args, **named):
        return f"<{args} {sorted(named.items())}>"

    values = {"t": TRICKY, "m": Markup("<em>&amp;</em>"), "n": 7, "f": 2.5, "plain": plain}
    stock = Environment(autoescape=True, undefined=ChainableUndefined)
    site = engines["jinja2"].env
    assert site.from_string(source).render(values) == stock.from_string(source).render(values)
    assert "escape_written(" in site.compile(source, raw=True)  # the shorter path is taken


def test_a_plain_function_that_stops_an_iteration_writes_nothing_as_in_jinja():
    def stops():
        raise StopIteration

    drawn = engines["jinja2"].from_string("[{{ stops() }}]").render({"stops": stops})
    assert drawn == "[]"
