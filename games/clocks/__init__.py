"""Play over days, the periodic side: the beat scans that find what is due.

``scans`` finds clocks that ran out (and applies the table's policy through
``games.play.timeouts``), reminders and digests due and vacations ending, and publishes
them as domain events; it changes state only through ``games.play``.

May import: ``games.play``, ``games.events``, ``games.models``, ``accounts.models``.
"""
