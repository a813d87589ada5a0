"""Negotiation on the generic deals (``games.engine.deals``): everything the rules let change
hands, as binding offers.

What a side may hold:

* ``coins`` (secret: outsiders learn neither the amount nor the tents' contents),
* ``cards``: hand cards by card (outsiders see how many),
* ``entourage``: Merchants and Allies from one entourage to the other (personas stay),
* ``products``: products handed over now, from the giver's pool or made on the spot by
  tasking its untasked producers (so a standing order "Spices for 2 coins" works while its
  owner is away, and switches off when its producers are tasked),
* ``permits``: ``invest`` lets the receiver put one camel on the giver's caravan this turn;
  ``unlock``, given by the active player only, lets the receiver put one camel on its own
  (locked) caravan this turn,
* ``tasks``: the giver tasks one of its Allies for the receiver's benefit.

Promises of future actions ride along as ``note`` (free text, marked "not enforced").
Offers are checked when made and again when accepted, carried out whole, lapse once
impossible and expire when the active player's turn ends; standing orders renew their uses
each turn. Products and permissions vanish at the end of the turn anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contract import Action, LogEntry, State, listed, log, say, say_count, term
from ..deals import DealTerms, Term, answerable, open_count
from ..rng import LocalRng, randbelow
from . import data
from .moves import apply_effect, busy
from .state import EMPTY, add_product, can_supply, producers, supply, untasked, who


class _Said(Term):
    """What changes hands, in words a translation can say again."""

    def named(self, kinds: Sequence[str]) -> str:
        items = listed([self.kind_label(kind) for kind in kinds])
        if self.name == "entourage":
            return say("{cards} from the entourage", cards=items)
        if self.name == "tasks":
            return say("{cards} tasked for the receiver", cards=items)
        return items

    def counted(self, count: int) -> str:
        return _COUNTED[self.name](count)


_COUNTED = {
    "coins": lambda n: say_count(n, "{n} coin", "{n} coins"),
    "cards": lambda n: say_count(n, "{n} card", "{n} cards"),
    "entourage": lambda n: say_count(n, "{n} card", "{n} cards"),
    "products": lambda n: say_count(n, "{n} product", "{n} products"),
    "permits": lambda n: say_count(n, "{n} permission", "{n} permissions"),
    "tasks": lambda n: say_count(n, "{n} task", "{n} tasks"),
}
COINS = _Said(
    "coins",
    term("Coins"),
    (("coin", term("coin")),),
    secret=True,
    amount=True,
    unit=("coin", "coins"),
)
CARDS = _Said(
    "cards",
    term("Hand cards"),
    tuple((c, data.name(c)) for c in data.DECK_IDS),
    hidden=True,
    unit=("card", "cards"),
)
_ENTOURAGE_IDS = tuple(c for c in data.DECK_IDS if data.CARDS[c]["kind"] in ("merchant", "ally"))
_ALLY_IDS = tuple(c for c in data.DECK_IDS if data.CARDS[c]["kind"] == "ally")
ENTOURAGE = _Said(
    "entourage",
    term("Entourage cards"),
    tuple((c, data.name(c)) for c in _ENTOURAGE_IDS),
    unit=("card", "cards"),
    where="from the entourage",
)
PRODUCTS = _Said(
    "products",
    term("Products"),
    tuple((p, data.PRODUCT_NAMES[p]) for p in data.PRODUCTS),
    unit=("product", "products"),
)
PERMITS = _Said(
    "permits",
    term("Camel permissions"),
    (
        ("invest", term("a camel in the giver's caravan")),
        ("unlock", term("a camel on the receiver's own caravan")),
    ),
    unit=("permission", "permissions"),
)
TASKS = _Said(
    "tasks",
    term("Allies tasked for the receiver"),
    tuple((c, data.name(c)) for c in _ALLY_IDS),
    unit=("task", "tasks"),
    where="tasked for the receiver",
)
KINDS = (COINS, CARDS, ENTOURAGE, PRODUCTS, PERMITS, TASKS)
MAX_ITEMS = 9
MAX_OPEN = 3
MAX_ASK_COINS = 20


def _moveable(state: State, seat: int) -> list[str]:
    return [c for c in state["entourage"][seat] if not c.startswith("p")]


def _products_bound(state: State, seat: int) -> dict[str, int]:
    pool = state["products"][seat]
    fixed, anything = producers(state, seat)
    return {p: pool.get(p, 0) + len(fixed.get(p, ())) + len(anything) for p in data.PRODUCTS}


def _side(state: State, seat: int, own: bool) -> dict[str, dict[str, int]]:
    """What ``seat`` could put in (``own``: every detail; else what others can see)."""
    side: dict[str, dict[str, int]] = {
        "entourage": {c: 1 for c in _moveable(state, seat)},
        "products": _products_bound(state, seat),
        "permits": {
            "invest": data.CAMELS * 4 if state["caravans"][seat] is not None else 0,
            "unlock": data.CAMELS if seat == state["turn"] else 0,
        },
        "tasks": {c: 1 for c in untasked(state, seat) if data.CARDS[c]["kind"] == "ally"},
    }
    if own:
        side["coins"] = {"coin": state["coins"][seat]}
        side["cards"] = {c: 1 for c in state["hands"][seat]}
    return side


def terms(state: State, seat: int) -> DealTerms | None:
    if busy(state):
        return None
    partners = tuple(o for o in range(state["players"]) if o != seat)
    seen = set(state["hands"][seat]) | set(state["draft"]) | set(state["discard"])
    for entourage in state["entourage"]:
        seen |= set(entourage)
    unseen = {c: 1 for c in data.DECK_IDS if c not in seen}
    get = {}
    for other in partners:
        ask = _side(state, other, own=False)
        ask["coins"] = {"coin": MAX_ASK_COINS}
        ask["cards"] = unseen
        get[other] = ask
    return DealTerms(
        partners=partners,
        terms=KINDS,
        give=_side(state, seat, own=True),
        get=get,
        max_items=MAX_ITEMS,
        open_count=open_count(state, seat),
        max_open=MAX_OPEN,
        standing=True,
        standing_renews=True,
        promises=True,
    )


def _problem(
    state: State,
    seat: int,
    side: dict[str, list[str]],
    receiver: int | None,
    hidden_too: bool,
    idle: bool = False,
) -> str:
    """Why ``seat`` cannot hand over ``side`` now ('' when it can); hidden holdings (coins,
    hand) are checked only when ``hidden_too``. ``idle`` (a standing order nobody is
    taking): tasked cards count, since they refresh; losing them switches the order off."""
    if hidden_too:
        if side.get("coins") and len(side["coins"]) > state["coins"][seat]:
            return say("You do not have that many coins.")
        hand = list(state["hands"][seat])
        for c in side.get("cards", ()):
            if c not in hand:
                return say("You no longer hold {card}.", card=data.name(c))
            hand.remove(c)
    for c in side.get("entourage", ()):
        if c not in state["entourage"][seat]:
            return say("{card} is not in that entourage any more.", card=data.name(c))
    tasks = tuple(side.get("tasks", ()))
    free = state["entourage"][seat] if idle else untasked(state, seat)
    for c in tasks:
        if c not in free:
            return say("{card} is already tasked.", card=data.name(c))
        if c in side.get("entourage", ()):
            return say("{card} cannot be both handed over and tasked.", card=data.name(c))
    leaving = tasks + tuple(side.get("entourage", ()))
    if not can_supply(state, seat, list(side.get("products", ())), leaving, idle):
        if hidden_too:
            return say("You cannot produce those products now (producers already tasked).")
        return say("They cannot produce those products now (producers already tasked).")
    permits = side.get("permits", ())
    if "invest" in permits:
        caravan = state["caravans"][seat]
        if caravan is None:
            return say("There is no caravan to invest in.")
        if permits.count("invest") > caravan["spaces"].count(EMPTY):
            return say("That caravan has fewer free spaces than the permissions.")
    if "unlock" in permits:
        if seat != state["turn"] or state["phase"] != "play":
            return say("Only the active player can unlock a caravan, during the turn.")
        if receiver is not None and state["caravans"][receiver] is None:
            return say("The receiver has no caravan to unlock.")
        if receiver == seat:
            return say("Your own caravan is open to you on your turn.")
    return ""


def obstacle(state: State, deal: dict[str, Any], taker: int | None) -> str:
    giver = deal["from"]
    other = deal["to"] if taker is None else taker
    if state["phase"] == "over":
        return say("The game is over.")
    if taker is not None and busy(state):
        return say("Wait until the caravan resolution or the choice under way is finished.")
    idle = taker is None and deal["standing"]
    reason = _problem(state, giver, deal["give"], other, hidden_too=True, idle=idle)
    if reason:
        return reason
    if other is not None:
        reason = _problem(state, other, deal["get"], giver, hidden_too=taker is not None)
        if reason:
            return reason
    return ""


def execute(state: State, deal: dict[str, Any], taker: int, logs: list[LogEntry]) -> None:
    giver = deal["from"]
    _hand_over(state, giver, taker, deal["give"], logs)
    _hand_over(state, taker, giver, deal["get"], logs)


def _hand_over(
    state: State, source: int, target: int, side: dict[str, list[str]], logs: list[LogEntry]
) -> None:
    products = list(side.get("products", ()))
    if products:  # first, by producers that stay and are not promised as tasks
        leaving = tuple(side.get("tasks", ())) + tuple(side.get("entourage", ()))
        for c in supply(state, source, products, leaving):
            logs.append(
                log(say("{player} tasks {card} to produce.", player=who(source), card=data.name(c)))
            )
        for p in products:
            add_product(state, target, p)
    coins = len(side.get("coins", ()))
    state["coins"][source] -= coins
    state["coins"][target] += coins
    for c in side.get("cards", ()):
        state["hands"][source].remove(c)
        state["hands"][target].append(c)
    for c in side.get("entourage", ()):
        state["entourage"][source].remove(c)
        state["entourage"][target].append(c)
        if c in state["tasked"][source]:
            state["tasked"][source].remove(c)
            state["tasked"][target].append(c)
    for c in side.get("tasks", ()):
        state["tasked"][source].append(c)
        logs.append(
            log(
                say(
                    "{player} tasks {card} for {other}.",
                    player=who(source),
                    card=data.name(c),
                    other=who(target),
                )
            )
        )
        apply_effect(state, target, c, logs)
    for permit in side.get("permits", ()):
        owner = source if permit == "invest" else target
        state["permits"][target][owner] += 1


def sample(state: State, seat: int, rng_seed: int) -> Action | None:
    """A random small offer, counter-offer (half the time when an offer to ``seat`` is
    open) or standing order from ``seat``."""
    offer_terms = terms(state, seat)
    if offer_terms is None:
        return None
    gen = LocalRng(rng_seed)
    counters = answerable(state, seat)
    answers = None
    if counters and randbelow(gen, 2) == 0:
        answers = counters[randbelow(gen, len(counters))]
        standing = False
        to = next(d["from"] for d in state["deals"] if d["id"] == answers)
    else:
        standing = randbelow(gen, 4) == 0
        to = None if standing else offer_terms.partners[randbelow(gen, len(offer_terms.partners))]
    ask = offer_terms.ask_bounds(to)
    give = _pick(offer_terms.give, gen, standing)
    get = _pick(ask, gen, standing)
    note = "I will help you next turn" if randbelow(gen, 8) == 0 else ""
    try:
        return offer_terms.action(
            to=to,
            give=give,
            get=get,
            answers=answers,
            uses=1 + randbelow(gen, 2),
            note=note,
        )
    except Exception:  # noqa: BLE001  (a random draw that breaks the bounds: no offer)
        return None


def _pick(bounds, gen: LocalRng, standing: bool) -> dict[str, dict[str, int]]:
    chosen: dict[str, dict[str, int]] = {}
    names = [n for n, kinds in bounds.items() if any(kinds.values())]
    if standing:  # hidden hand cards cannot be asked of anyone in general
        names = [n for n in names if n != "cards"]
    for _ in range(1 + randbelow(gen, 2)):
        if not names:
            break
        name = names[randbelow(gen, len(names))]
        kinds = [k for k, most in bounds[name].items() if most > 0]
        kind = kinds[randbelow(gen, len(kinds))]
        most = min(bounds[name][kind], 2)
        chosen.setdefault(name, {})[kind] = 1 + randbelow(gen, most)
    return chosen
