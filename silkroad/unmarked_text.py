"""Find text in the project's templates that a person reads but nobody marked for
translation: the check behind ``tests/test_templates_marked.py``, also run by hand
(``python -m silkroad.unmarked_text [template ...]``) while marking.

Marked text is what ``{% translate %}`` or ``{% blocktranslate %}…{% endblocktranslate %}``
holds, and in the Jinja templates (``games/jinja2/``, ``templates/jinja2/``) ``_()`` or
``{% trans %}…{% endtrans %}``. Everything else of the template language (variables, tags,
comments) is replaced by a neutral placeholder; what is left is parsed as HTML, and any
word in the page's text or in an attribute a person reads (``title``, ``alt``,
``placeholder``, ``aria-label``…) is unmarked text. The content of ``<style>`` and ``<script>`` is code, not text.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_FOLDERS = (
    ROOT / "templates",
    ROOT / "games" / "templates",
    ROOT / "accounts" / "templates",
    ROOT / "games" / "jinja2",
)
READ_ATTRIBUTES = frozenset(
    {"title", "alt", "placeholder", "aria-label", "aria-description", "aria-roledescription"}
)
# Attributes whose value a script shows to a person (a confirmation, a label it swaps in).
READ_DATA_ATTRIBUTES = frozenset({"data-confirm", "data-label", "data-busy-label"})
PLACEHOLDER = "\u2063"  # invisible separator: not a letter, so not a word
WORD = re.compile(r"[^\W\d_]{2,}")

_BLOCK = re.compile(
    r"{%\s*blocktrans(?:late)?\b.*?%}.*?{%\s*endblocktrans(?:late)?\s*%}"
    r"|{%-?\s*trans\b.*?%}.*?{%-?\s*endtrans\s*-?%}",  # Jinja's
    re.DOTALL,
)
_TAG = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.DOTALL)
_ATTRIBUTES = re.compile(r'[\w-]+="[^"]*"')
_COMMENT = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.DOTALL)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._code = 0  # inside <style> or <script>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._code += 1
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or name in READ_DATA_ATTRIBUTES):
                self._check(value, f'{name}="{value}"')

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("style", "script"):
            self._code -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._code = max(0, self._code - 1)

    def handle_data(self, data: str) -> None:
        if not self._code:
            # A block that fills in attributes of a parent's tag (``hx-sync="…"``) is markup.
            self._check(_ATTRIBUTES.sub("", data), data.strip())

    def _check(self, text: str, shown: str) -> None:
        if WORD.search(text):
            self.found.append(" ".join(shown.replace(PLACEHOLDER, " ").split())[:80])


def unmarked(source: str) -> list[str]:
    """The unmarked pieces of text a person would read in a template's ``source``."""
    text = _COMMENT.sub(PLACEHOLDER, source)
    text = _BLOCK.sub(PLACEHOLDER, text)
    text = _TAG.sub(PLACEHOLDER, text)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    reader = _Reader()
    reader.feed(text)
    reader.close()
    return reader.found


def templates() -> list[Path]:
    return sorted(p for folder in TEMPLATE_FOLDERS for p in folder.rglob("*") if p.is_file())


def report(paths: list[Path]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        pieces = unmarked(path.read_text(encoding="utf-8"))
        if pieces:
            found[str(path.relative_to(ROOT))] = pieces
    return found


if __name__ == "__main__":
    chosen = [Path(arg).resolve() for arg in sys.argv[1:]] or templates()
    result = report(chosen)
    for name, pieces in result.items():
        print(f"{name}: {len(pieces)}")
        for piece in pieces:
            print(f"    {piece}")
    print(f"{sum(len(p) for p in result.values())} unmarked pieces in {len(result)} templates")
    sys.exit(1 if result else 0)
