"""Each game's rules page: the decisions we made and our original designs, from docs/<slug>.md.

The pages are written once, as Markdown beside the code, and shown on the site; they are
the project's own text, never user input, so rendering them to HTML is safe.
"""

from __future__ import annotations

from functools import lru_cache

import markdown
from django.conf import settings

from games import engine


@lru_cache(maxsize=16)
def rules_html(slug: str) -> str | None:
    """The rendered rules page of a registered game, or None when it has none."""
    if slug not in engine.slugs():
        return None
    path = settings.BASE_DIR / "docs" / f"{slug}.md"
    if not path.is_file():
        return None
    return markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables", "toc"])
