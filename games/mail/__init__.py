"""Mail: who is told what, at most once per recipient and key.

``delivery`` (one mail, sent once), ``table`` (a game as mails describe it),
``game_mails`` (started, your move, a deal for you, game over, invited, someone left),
``clock_mails`` (reminder, digest, vacation ending). Called by ``games.tasks`` only.

May import: ``games.play`` (to claim a reminder under its lock), ``games.read``,
``games.timing``, ``games.models``, ``games.engine``, ``accounts``.
"""
