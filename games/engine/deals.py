"""Generic deal action types (placeholder until the deal module lands)."""

OFFER = "offer"
ACCEPT = "accept"
DECLINE = "decline"
WITHDRAW = "withdraw"
ANSWERS = (ACCEPT, DECLINE)
DEAL_TYPES = (OFFER, ACCEPT, DECLINE, WITHDRAW)
