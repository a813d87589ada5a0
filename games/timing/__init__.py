"""Clock arithmetic for play over days: clock time with or without weekends (``calendar``)
and a seat's clock (``seat_clock``: start, stop, pause, resume, time left).

Computes on model instances and never saves them: the write path (``games.play``) saves,
the pages and mails (``games.read``, ``games.mail``) read. May import ``games.models``.
"""
