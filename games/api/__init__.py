"""The JSON API (``docs/api.md``): thin endpoints over ``games.play`` and ``games.read``.

May import: ``games.play``, ``games.read``, ``games.models``, ``games.errors``,
``games.engine``, ``accounts``; never web, tasks, receivers, mail, autoplay or clocks.
"""
