"""Chat at a table: the players write, everyone who may see the table reads — except
private messages, which name one other player and are shown to those two alone."""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from games.errors import Conflict, InvalidInput, NotAPlayer
from games.models import ChatMessage, Game
from games.play.locking import locked_game, one_transaction

CHAT_MAX_LENGTH = 500


def clean_chat_text(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidInput(_("Write a message first."))
    # Control characters (NUL in particular) have no place in chat; keep line breaks.
    text = "".join(
        ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs")
    ).strip()
    if not text:
        raise InvalidInput(_("Write a message first."))
    if len(text) > CHAT_MAX_LENGTH:
        raise InvalidInput(
            _("Keep messages under %(count)d characters.") % {"count": CHAT_MAX_LENGTH}
        )
    return text


def _recipient(game: Game, user, to: object):
    """The player that seat number ``to`` names, for a private message (None: the table)."""
    if to is None or to == "":
        return None
    if isinstance(to, str) and to.isdigit():
        to = int(to)
    if isinstance(to, bool) or not isinstance(to, int):
        raise InvalidInput(_("Choose a player at this table to write to."))
    seat = game.seats.filter(number=to, user__isnull=False).select_related("user").first()
    if seat is None:
        raise InvalidInput(_("Choose a player at this table to write to."))
    if seat.user_id == user.pk:
        raise InvalidInput(_("Choose another player to write to."))
    return seat.user


@one_transaction
def chat_post(*, game_id: int, user, text: str, to: object = None) -> ChatMessage:
    """A seated player writes to the table, or privately to the player in seat ``to``."""
    text = clean_chat_text(text)
    game = locked_game(game_id)
    if not game.seats.filter(user=user).exists():
        raise NotAPlayer(_("Only the players at this table can chat."))
    if game.status == Game.Status.CANCELLED:
        raise Conflict(_("This table was cancelled."))
    recipient = _recipient(game, user, to)
    return ChatMessage.objects.create(game=game, user=user, recipient=recipient, text=text)
