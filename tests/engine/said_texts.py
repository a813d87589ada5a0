"""What the engines' texts say, for the tests that check every text is a message."""

from __future__ import annotations

from games.engine.contract import Said

# Player names are parameters {p0}, {p1}…: spelled as themselves.
SEATS = {f"p{seat}": f"{{p{seat}}}" for seat in range(8)}


def spelled(text):
    """The English a text's message id (or plural, by its count) and parameters make."""
    if not isinstance(text, Said):
        return text
    template = text.plural if text.plural is not None and text.count != 1 else text.msgid
    args = {key: spelled(value) for key, value in text.args.items()}
    return template.format(**SEATS, **args)


def says_itself(text) -> bool:
    """A message whose English is the text shown: nothing was lost on the way."""
    return isinstance(text, Said) and spelled(text) == text


def strings_in(value):
    """Every string in a nested state, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)
