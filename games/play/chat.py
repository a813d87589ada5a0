"""Chat at a table: the players write, everyone who may see the table reads."""

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


@one_transaction
def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    """A seated player writes to the table."""
    text = clean_chat_text(text)
    game = locked_game(game_id)
    if not game.seats.filter(user=user).exists():
        raise NotAPlayer(_("Only the players at this table can chat."))
    if game.status == Game.Status.CANCELLED:
        raise Conflict(_("This table was cancelled."))
    return ChatMessage.objects.create(game=game, user=user, text=text)
