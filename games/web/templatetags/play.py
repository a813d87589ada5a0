"""The game pages' tags for Django's templates. The boards and the play area are Jinja's
(games/web/jinja.py); both draw with the helpers of ``games.web.drawing``."""

from django import template

from games.web import drawing

register = template.Library()
register.filter("index", drawing.index)
register.simple_tag(drawing.log_dot, name="log_dot")
register.simple_tag(drawing.player_link, name="player_link")
