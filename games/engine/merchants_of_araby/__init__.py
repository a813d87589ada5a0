"""Merchants of Araby: negotiate for everything, invest camels in caravans, hide coins.

``RULES`` is what the registry loads; the modules are ``data`` (the designed components),
``state`` (setup and helpers), ``turn`` (the turn's frame and caravan resolution), ``moves``
(cards, tasks, camels, choices), ``offers`` (deals), ``view`` and ``checks``.
"""

from .rules import MerchantsOfArabyRules

RULES = MerchantsOfArabyRules()

__all__ = ["RULES", "MerchantsOfArabyRules"]
