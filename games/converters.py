"""URL converter for game ids: digits that fit a database integer, so a huge id is a 404."""

from django.urls import register_converter


class GameIdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(GameIdConverter, "game_id")
