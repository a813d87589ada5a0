"""Silk Road, the free homebrew card game: caravans between China and Arabia.

``RULES`` is what the registry loads; the modules are ``data`` (cards and numbers),
``state`` (setup), ``choices``/``moves``/``turn`` (the phases), ``offers`` (free trade),
``view``, ``scoring`` and ``invariants``.
"""

from .rules import SilkRoadRules

RULES = SilkRoadRules()

__all__ = ["RULES", "SilkRoadRules"]
