"""Playing the seats that no person plays now: bot seats, and stand-ins for absent players.

One executor (``executor.play_seat``) for every such seat, whatever its level: ``default``
plays the engine's default move, ``random``, ``greedy`` and ``search`` play as those bots
(``games.engine.bots``). The write path names the seats due with each event
(``games.play.waiting.autoplay_due``); ``games.receivers`` queues one task per seat.

May import: ``games.play``, ``games.read``, ``games.models``, ``games.errors``,
``games.engine``; never web, api, mail, clocks, tasks or receivers.
"""
