"""Error pages in the site's style: a 500 page that renders with nothing (no request, no
database), and a hidden attribute that no display rule can override."""

from django.template.loader import render_to_string


def test_the_server_error_page_renders_without_any_context():
    page = render_to_string("500.html")
    assert "Something went wrong" in page and "favicon.svg" in page


def test_hidden_elements_stay_hidden_whatever_their_display_rule():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/site.css").read_text()
    assert "[hidden] { display: none !important; }" in css
