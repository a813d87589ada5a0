"""Samarkand: Routes to Riches (Peters & Wu): marry into merchant families, expand routes."""

from .rules import SamarkandRules

RULES = SamarkandRules()

__all__ = ["RULES", "SamarkandRules"]
