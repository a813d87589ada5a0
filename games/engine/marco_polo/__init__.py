"""The Voyages of Marco Polo (Simone Luciani, Daniele Tascini): dice, contracts, travel."""

from .rules import MarcoPoloRules

RULES = MarcoPoloRules()

__all__ = ["RULES", "MarcoPoloRules"]
