"""Reads: what pages, the API and mails show, computed from rows and the engine's views.

``names`` (who sits where, who may see a table), ``tables`` (lists: my games, the lobby),
``game_page`` (one game for one viewer: view, choices, log, result), ``clocks`` (time
left and deadlines as shown), ``replay``. Nothing here writes a row.

May import: ``games.timing``, ``games.models``, ``games.errors``, ``games.engine``.
"""
