"""Merchant Lord (2-4 players): dice, villages and two-sided merchant cards."""

from .rules import MerchantLordRules

RULES = MerchantLordRules()
