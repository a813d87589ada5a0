"""Signals sent after a game change commits; ``games.notifications`` connects receivers.

All are sent with ``sender=Game`` from ``transaction.on_commit``, so a receiver never sees
a rolled-back change. Arguments are ids, not objects: receivers load what they need.
"""

from django.dispatch import Signal

# game_id, move_seq, acted_by_user_id (None for bots/timeouts), newly_waiting_user_ids
game_moved = Signal()
# game_id
game_started = Signal()
# game_id
game_finished = Signal()
# game_id, email_or_user_id (a user's id when the invitee has an account, else the email)
player_invited = Signal()
# game_id, move_seq, to_user_id
offer_made = Signal()
# game_id, event_id (the GameEvent saying who resigned or ran out of time)
seat_left = Signal()
