"""What a seat may do, and doing it: playing cards, tasking, camels, choices, the draft.

Actions (stable JSON)::

    {"type": "play", "card": "m07", "discards": ["v01"], "product": "spices"}
    {"type": "task", "card": "p4", "product": "fabrics"}      # product only for "any" cards
    {"type": "camel", "owner": 2, "space": 7}                 # spaces 1-9, row by row
    {"type": "end_turn"}  {"type": "draft", "card": "a03"}
    {"type": "announce_end"}      # the turn ends after a short window for open offers
    {"type": "give", "card": "d05", "to": 1}   {"type": "choose", "product": "jewels"}
    {"type": "react", "card": "d13", "discards": []}   {"type": "pass"}

A card's cost is a list of units (products, coins). ``discards`` names hand cards, each
negating one unit showing one of its icons; the other units are paid with products the
seat has produced this turn and coins from its tent.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ..contract import Action, LogEntry, State, listed, log, say, say_count
from . import data
from .paying import can_react, pay, payments, payments_in
from .state import (
    EMPTY,
    add_product,
    draw,
    gain,
    others,
    refill_draft,
    take_product,
    untasked,
    who,
)
from .turn import end_turn, proceed

OWN_TURN_KINDS = ("merchant", "ally", "virtue")


# --- effects ----------------------------------------------------------------------------


def apply_effect(
    state: State, seat: int, card_id: str, logs: list[LogEntry], product: str | None = None
) -> None:
    """``card_id``'s ability for the benefit of ``seat`` (choices it still owes go pending)."""
    verb, arg = data.CARDS[card_id]["effect"]
    player = who(seat)
    if verb in ("produce", "produce2", "any", "any2"):
        made = arg if verb in ("produce", "produce2") else product
        if made is None:
            state["pending"].append({"seat": seat, "kind": "product", "count": 1})
            return
        count = 2 if verb.endswith("2") else 1
        add_product(state, seat, made, count)
        logs.append(log(_produces(player, count, made)))
    elif verb == "coins":
        paid = gain(state, seat, arg)
        logs.append(log(_takes_coins(player, paid)))
    elif verb == "draw":
        _draw(state, seat, arg, logs)
    elif verb == "draft":
        if state["draft"]:
            state["pending"].append({"seat": seat, "kind": "draft", "count": arg})
    elif verb == "refresh":
        state["tasked"][seat] = []
        logs.append(log(say("{player} refreshes every card in the entourage.", player=player)))
    elif verb == "generosity":
        paid = gain(state, seat, 3)
        logs.append(log(_takes_coins(player, paid)))
        for other in others(state, seat):
            _draw(state, other, 1, logs)
    elif verb == "rejuvenate":
        drawn = _draw(state, seat, 3, logs)
        if drawn:
            state["pending"].append({"seat": seat, "kind": "give", "cards": drawn})
    elif verb == "ward":
        state["resolving"]["ward"] = True
    elif verb == "bonus":
        state["resolving"]["bonus"][seat] += 1


def _produces(player: str, count: int, product: str) -> str:
    return say_count(
        count,
        "{player} produces {n} {product}.",
        "{player} produces {n} {product}.",
        player=player,
        product=data.PRODUCT_NAMES[product],
    )


def _takes_coins(player: str, paid: int) -> str:
    return say_count(
        paid,
        "{player} takes {n} coin from the bank.",
        "{player} takes {n} coins from the bank.",
        player=player,
    )


def _draw(state: State, seat: int, count: int, logs: list[LogEntry]) -> list[str]:
    drawn = draw(state, count)
    state["hands"][seat] += drawn
    public = say_count(
        len(drawn), "{player} draws {n} card.", "{player} draws {n} cards.", player=who(seat)
    )
    names = listed([data.name(c) for c in drawn]) if drawn else say("nothing")
    logs.append(log(public, **{f"p{seat}": say("You draw {cards}.", cards=names)}))
    return drawn


# --- legal actions ------------------------------------------------------------------------


def busy(state: State) -> bool:
    """A choice or a reaction window holds the table: nothing else happens meanwhile."""
    return bool(state["pending"]) or state["phase"] in ("window", "over")


def choices(state: State, seat: int, want: Action | None = None) -> list[Action]:
    """Everything ``seat`` may do now but answering deals; with ``want``, only the actions
    of its type (and card) — enough to tell whether ``want`` is legal, faster."""
    phase = state["phase"]
    if phase == "over":
        return []
    if state["pending"]:
        owed = state["pending"][0]
        return _pending_choices(state, owed) if owed["seat"] == seat else []
    if phase == "window":
        return _window_choices(state, seat)
    acts: list[Action] = []
    active = seat == state["turn"]
    if active and phase == "draft":
        return _draft_choices(state)
    kind = want.type if want is not None else None
    if active and state.get("closing"):  # the end is announced: only ending it is left
        return [_END_NOW] if kind in (None, "end_turn") else []
    only = want.get("card") if want is not None else None
    if kind is None or (kind == "play" and only is None):
        acts += _hand_plays(state, seat, active)
    elif kind == "play":  # the hand's plays were most likely just listed: remembered
        acts += [a for a in _hand_plays(state, seat, active) if a.params[0][1] == only]
    if kind in (None, "task"):
        for card_id in untasked(state, seat):
            if only is None or card_id == only:
                acts += _tasks(card_id)
    if kind in (None, "camel"):
        acts += _camels(state, seat)
    if active and kind in (None, "end_turn"):
        acts.append(_END_TURN)
    if active and kind in (None, "announce_end") and offers_open(state):
        acts.append(_ANNOUNCE)
    return acts


# Worked out once from the static card data: which hand cards are never listed as plays
# (reactions, played only while a caravan resolves; on another's turn, the kinds played on
# their owner's turn only too).
_REACTION_IDS = frozenset(
    c for c, info in data.CARDS.items() if info["effect"][0] in data.REACTIONS
)
_OFF_TURN_UNPLAYABLE = _REACTION_IDS | frozenset(
    c for c, info in data.CARDS.items() if info["kind"] in OWN_TURN_KINDS
)

# The longest cost: holding more of a product or coins than this pays for nothing more.
_MOST_UNITS = max(len(info["cost"]) for info in data.CARDS.values())


def _hand_plays(state: State, seat: int, active: bool) -> tuple[Action, ...]:
    """Every card ``seat`` may play now, with every way to pay for it."""
    pool = state["products"][seat]
    stock = tuple([min(pool.get(p, 0), _MOST_UNITS) for p in data.PRODUCTS])
    coins = min(state["coins"][seat], _MOST_UNITS)
    return _plays_of_hand(tuple(state["hands"][seat]), stock, coins, active)


@lru_cache(maxsize=8192)
def _plays_of_hand(
    hand: tuple[str, ...], stock: tuple[int, ...], coins: int, active: bool
) -> tuple[Action, ...]:
    """``_hand_plays`` for a hand, the products held (capped, in ``data.PRODUCTS`` order)
    and coins (capped): a pure function of them, so remembered — a hand and a pool often
    stay the same over several steps (offers, tasks of other seats, camels)."""
    pool = dict(zip(data.PRODUCTS, stock, strict=True))
    unplayable = _REACTION_IDS if active else _OFF_TURN_UNPLAYABLE
    acts: list[Action] = []
    for card_id in dict.fromkeys(hand):
        if card_id not in unplayable:
            found = payments_in(card_id, hand, pool, coins)
            if found:
                acts += _play_actions("play", card_id, found)
    return tuple(acts)


_END_TURN = Action("end_turn", (), say("End your turn (then take two draft cards)"))
_END_NOW = Action("end_turn", (), say("End your turn now (then take two draft cards)"))
_ANNOUNCE = Action(
    "announce_end", (), say("Announce the end of your turn: open offers may still be accepted")
)


def offers_open(state: State) -> bool:
    """Offers (not standing orders) that may still be accepted before the turn ends."""
    return any(not deal["standing"] for deal in state.get("deals", ()))


def _plays(state: State, seat: int, card_id: str, kind: str) -> tuple[Action, ...]:
    found = payments(state, seat, card_id)
    return _play_actions(kind, card_id, found) if found else ()


@lru_cache(maxsize=8192)
def _play_actions(kind: str, card_id: str, found: tuple) -> tuple[Action, ...]:
    acts: list[Action] = []
    for discards in found:
        acts += _plays_discarding(kind, card_id, discards)
    return tuple(acts)


@lru_cache(maxsize=8192)
def _plays_discarding(kind: str, card_id: str, discards: tuple[str, ...]) -> tuple[Action, ...]:
    """The plays of ``card_id`` discarding ``discards``: one, or one per product made."""
    name = data.name(card_id)
    verb = data.CARDS[card_id]["effect"][0]
    acts = []
    cards = listed([data.name(d) for d in discards]) if discards else None
    params = (("card", card_id), ("discards", discards))
    if verb == "any2":
        for product in data.PRODUCTS:
            made = data.PRODUCT_NAMES[product]
            if cards is None:
                label = say("Play {card} for 2 {product}", card=name, product=made)
            else:
                label = say(
                    "Play {card} discarding {cards} for 2 {product}",
                    card=name,
                    cards=cards,
                    product=made,
                )
            acts.append(Action(kind, (*params, ("product", product)), label))
    elif cards is None:
        acts.append(Action(kind, params, say("Play {card}", card=name)))
    else:
        label = say("Play {card} discarding {cards}", card=name, cards=cards)
        acts.append(Action(kind, params, label))
    return tuple(acts)


@cache
def _tasks(card_id: str) -> tuple[Action, ...]:
    name = data.name(card_id)
    if data.CARDS[card_id]["effect"][0] == "any":
        return tuple(
            [
                Action(
                    "task",
                    (("card", card_id), ("product", p)),
                    say("Task {card} for 1 {product}", card=name, product=data.PRODUCT_NAMES[p]),
                )
                for p in data.PRODUCTS
            ]
        )
    label = say("Task {card}: {effect}", card=name, effect=data.effect_text(card_id))
    return (Action("task", (("card", card_id),), label),)


def may_place(state: State, seat: int, owner: int) -> bool:
    """Whether ``seat`` may put a camel on ``owner``'s caravan now (locks and permission)."""
    if seat == owner and seat == state["turn"] and state["phase"] == "play":
        return True
    return state["permits"][seat][owner] > 0


def _camels(state: State, seat: int) -> list[Action]:
    if not state["camels"][seat] or not state["products"][seat]:
        return []
    pool = state["products"][seat]
    acts = []
    for owner, caravan in enumerate(state["caravans"]):
        if caravan is None or not may_place(state, seat, owner):
            continue
        grid = data.GRIDS[caravan["card"]]
        for space, occupant in enumerate(caravan["spaces"]):
            if occupant == EMPTY and pool.get(grid[space]):
                acts.append(_camel_action(seat, owner, space + 1, grid[space]))
    return acts


@cache
def _camel_action(seat: int, owner: int, space: int, product: str) -> Action:
    """A camel placement, made once per seat, caravan owner, space and product."""
    named = data.PRODUCT_NAMES[product]
    if owner == seat:
        label = say(
            "Put a camel with {product} on space {space} of your caravan",
            product=named,
            space=space,
        )
    else:
        label = say(
            "Put a camel with {product} on space {space} of {owner}'s caravan",
            product=named,
            space=space,
            owner=who(owner),
        )
    return Action("camel", (("owner", owner), ("space", space)), label)


def _draft_choices(state: State) -> list[Action]:
    """Taking one card of each kind on the draft line."""
    return [_draft_action(c) for c in dict.fromkeys(state["draft"])]


@cache
def _draft_action(card_id: str) -> Action:
    label = say("Take {card} from the draft line", card=data.name(card_id))
    return Action("draft", (("card", card_id),), label)


@cache
def _choose_actions() -> tuple[Action, ...]:
    return tuple(
        Action.make("choose", say("Produce 1 {product}", product=data.PRODUCT_NAMES[p]), product=p)
        for p in data.PRODUCTS
    )


@cache
def _give_action(card_id: str, other: int) -> Action:
    label = say("Give {card} to {player}", card=data.name(card_id), player=who(other))
    return Action.make("give", label, card=card_id, to=other)


def _pending_choices(state: State, owed: dict) -> list[Action]:
    seat = owed["seat"]
    if owed["kind"] == "product":
        return list(_choose_actions())
    if owed["kind"] == "draft":
        return _draft_choices(state)
    cards = [c for c in dict.fromkeys(owed["cards"]) if c in state["hands"][seat]]
    return [_give_action(c, other) for c in cards for other in others(state, seat)]


_LET_IT_RESOLVE = Action.make("pass", say("Let the caravan resolve"))


def _window_choices(state: State, seat: int) -> list[Action]:
    resolving = state["resolving"]
    if not resolving["asked"] or resolving["asked"][0] != seat:
        return []
    acts = [_LET_IT_RESOLVE]
    for card_id in dict.fromkeys(state["hands"][seat]):
        if data.CARDS[card_id]["effect"][0] in data.REACTIONS:
            acts += _plays(state, seat, card_id, "react")
    return acts


# --- carrying out -------------------------------------------------------------------------


def perform(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    HANDLERS[action.type](state, seat, action, logs)


def _play(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    card_id = action["card"]
    pay(state, seat, card_id, tuple(action.get("discards", ())))
    state["hands"][seat].remove(card_id)
    card = data.CARDS[card_id]
    kind = card["kind"]
    logs.append(
        log(
            say(
                "{player} plays {card} ({kind}).",
                player=who(seat),
                card=card["name"],
                kind=data.KIND_NAMES[kind],
            )
        )
    )
    if kind in ("merchant", "ally"):
        state["entourage"][seat].append(card_id)
    else:
        state["discard"].append(card_id)
        apply_effect(state, seat, card_id, logs, action.get("product"))


def _task(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    card_id = action["card"]
    state["tasked"][seat].append(card_id)
    logs.append(log(say("{player} tasks {card}.", player=who(seat), card=data.name(card_id))))
    apply_effect(state, seat, card_id, logs, action.get("product"))


def _camel(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    owner, space = action["owner"], action["space"] - 1
    caravan = state["caravans"][owner]
    product = data.GRIDS[caravan["card"]][space]
    take_product(state, seat, product)
    if not (seat == owner and seat == state["turn"] and state["phase"] == "play"):
        state["permits"][seat][owner] -= 1
    caravan["spaces"][space] = seat
    state["camels"][seat] -= 1
    named = data.PRODUCT_NAMES[product]
    if owner == seat:
        text = say(
            "{player} puts a camel with {product} on space {space} of their own caravan.",
            player=who(seat),
            product=named,
            space=space + 1,
        )
    else:
        text = say(
            "{player} puts a camel with {product} on space {space} of {owner}'s caravan.",
            player=who(seat),
            product=named,
            space=space + 1,
            owner=who(owner),
        )
    logs.append(log(text))


def _announce_end(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    """The active seat is done: open offers get a short window before the turn ends (the
    site ends it then, by the seat's default action; the seat may end it sooner)."""
    state["closing"] = True
    logs.append(
        log(
            say(
                "{player} announces the end of the turn: open offers may still be accepted.",
                player=who(seat),
            )
        )
    )


def _end_turn(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    state.pop("closing", None)
    logs.append(log(say("{player} ends the turn.", player=who(seat))))
    state["phase"] = "draft"
    _maybe_finish_draft(state, logs)


def _maybe_finish_draft(state: State, logs: list[LogEntry]) -> None:
    if state["picked"] >= data.DRAFT_PICKS or not state["draft"]:
        end_turn(state, logs)


def _draft(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    card_id = action["card"]
    state["draft"].remove(card_id)
    state["hands"][seat].append(card_id)
    logs.append(
        log(
            say(
                "{player} takes {card} from the draft line.",
                player=who(seat),
                card=data.name(card_id),
            )
        )
    )
    if state["pending"]:  # a draft effect: the line is refilled at once
        owed = state["pending"][0]
        owed["count"] -= 1
        refill_draft(state)
        if owed["count"] <= 0 or not state["draft"]:
            state["pending"].pop(0)
        return
    state["picked"] += 1
    _maybe_finish_draft(state, logs)


def _give(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    card_id, to = action["card"], action["to"]
    state["hands"][seat].remove(card_id)
    state["hands"][to].append(card_id)
    state["pending"].pop(0)
    giver, taker = who(seat), who(to)
    text = say(
        "{player} gives {card} to {other}.", player=giver, card=data.name(card_id), other=taker
    )
    public = say("{player} gives a card to {other}.", player=giver, other=taker)
    logs.append(log(public, **{f"p{seat}": text, f"p{to}": text}))


def _choose(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    owed = state["pending"].pop(0)
    product = action["product"]
    add_product(state, seat, product, owed["count"])
    logs.append(log(_produces(who(seat), owed["count"], product)))


def _react(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    card_id = action["card"]
    pay(state, seat, card_id, tuple(action.get("discards", ())))
    state["hands"][seat].remove(card_id)
    state["discard"].append(card_id)
    logs.append(
        log(
            say(
                "{player} plays {card}: {effect}.",
                player=who(seat),
                card=data.name(card_id),
                effect=data.effect_text(card_id),
            )
        )
    )
    apply_effect(state, seat, card_id, logs)
    _after_reaction(state, seat, logs)


def _pass(state: State, seat: int, action: Action, logs: list[LogEntry]) -> None:
    state["resolving"]["asked"].remove(seat)
    _continue(state, logs)


def _after_reaction(state: State, seat: int, logs: list[LogEntry]) -> None:
    if not can_react(state, seat):
        state["resolving"]["asked"].remove(seat)
    _continue(state, logs)


def _continue(state: State, logs: list[LogEntry]) -> None:
    if state["resolving"]["asked"]:
        return
    proceed(state, logs)


HANDLERS = {
    "play": _play,
    "task": _task,
    "camel": _camel,
    "end_turn": _end_turn,
    "announce_end": _announce_end,
    "draft": _draft,
    "give": _give,
    "choose": _choose,
    "react": _react,
    "pass": _pass,
}
