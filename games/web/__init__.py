"""The pages: views, forms, template tags, urls. Thin: reads come from ``games.read``,
every change goes through ``games.play``; HTMX requests get a fragment, plain posts a
redirect, so every control works without JavaScript.

May import: ``games.play``, ``games.read``, ``games.models``, ``games.errors``,
``games.engine``, ``accounts``; never tasks, receivers, mail, autoplay or clocks.
"""
