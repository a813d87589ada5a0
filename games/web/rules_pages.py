"""Each game's rules page: the decisions we made and our original designs, from docs/<slug>.md
(or its translation, docs/<language>/<slug>.md, where there is one).

The pages are written once, as Markdown beside the code, and shown on the site; they are
the project's own text, never user input, so rendering them to HTML is safe.
"""

from __future__ import annotations

from functools import lru_cache

import markdown
from django.conf import settings

from games import engine


@lru_cache(maxsize=32)
def rules_html(slug: str, language: str = "") -> str | None:
    """The rendered rules page of a registered game, in ``language`` when it has been
    translated (else in English), or None when it has none."""
    if slug not in engine.slugs():
        return None
    docs = settings.BASE_DIR / "docs"
    path = docs / language.split("-")[0] / f"{slug}.md" if language else None
    if path is None or not path.is_file():
        path = docs / f"{slug}.md"
    if not path.is_file():
        return None
    return markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables", "toc"])


def translated_rules(slug: str, language: str) -> bool:
    """Whether the rules page of ``slug`` exists in ``language`` (English always does)."""
    code = language.split("-")[0]
    return code == "en" or (settings.BASE_DIR / "docs" / code / f"{slug}.md").is_file()
