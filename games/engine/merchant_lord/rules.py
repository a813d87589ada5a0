"""Merchant Lord: carrying out actions and moving the round along.

A round: every caravan rolls at once (no one has anything to decide while dice roll, so
the engine rolls them all in one go); then, in turn order from the start player, each
player sells goods, expands villages and uses favours, and their unsold goods go to the
market for a favour each; then, in turn order, players buy merchant cards; then dice come
home, the start player moves left and the row is refilled.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .. import decks, rng
from ..contract import Action, GameRules, LogEntry, Outcome, State, log, say, say_count, term
from . import actions, cards, refusals, sampling, scoring, view
from .state import (
    card_name,
    copy_state,
    empty_work,
    is_open,
    needed,
    new_game,
    remove_values,
    stalls,
    table_cards,
    village_name,
    who,
    work_for,
)


class MerchantLordRules(GameRules):
    slug = "merchant-lord"
    name = term("Merchant Lord")
    min_players = 2
    max_players = 4
    blurb = term(
        "Roll your caravans, sell goods at your villages or your rivals', and tuck merchant "
        "cards under your villages: the first to nine cards on the table ends the game."
    )
    # Random rerolls and nudges only blur an evaluation that already counts every card
    # on its way to the table (measured: docs/bots.md).
    bot_rollout = 0
    undo_types = frozenset({"unchoose", "cancel", "unmark"})

    # --- the contract -----------------------------------------------------------------

    def hidden_parts(self, state: State) -> tuple:
        # What is random or unseen (a step that changes it is final):
        # the generator (the dice) and the deck's order.
        return tuple(state[key] for key in ("rng", "deck"))

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Merchant Lord is for 2 to 4 players.")
        state = new_game(players, seed)
        refill_row(state)
        roll_all(state)
        settle(state)
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state["phase"] == "over" else (state["turn"],)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal(state, seat)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        entries = _HANDLERS[action.type](state, seat, action)
        entries.extend(settle(state))
        return entries

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.build(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def prompt(self, state: State, seat: int | None) -> str:
        return view.prompt(state, seat)

    def default_action(self, state: State, seat: int) -> Action:
        legal = self.legal_actions(state, seat)
        for kind in ("skip_free", "unchoose", "cancel", "end_turn", "done"):
            for action in legal:
                if action.type == kind:
                    return action
        return legal[0]

    def explain(self, state: State, seat: int, action: Action) -> str:
        # A reason naming the rule (``refusals``); else the generic reasons of
        # ``GameRules.explain`` (an action type the game does not have).
        reason = refusals.explain(state, seat, action)
        if reason:
            return reason
        if seat not in self.to_act(state) and not self.legal_actions(state, seat):
            return refusals.NOT_YOUR_TURN
        return say("You cannot do that now. {prompt}", prompt=self.prompt(state, seat))

    def evaluate(self, state: State, seat: int) -> float:
        return scoring.evaluate(state, seat)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(state, seat, seed)

    def invariant_violations(self, state: State) -> list[str]:
        return scoring.invariant_violations(state)


# --- actions ------------------------------------------------------------------------------
def do_buy(state: State, seat: int, action: Action) -> list[LogEntry]:
    card_id = action["card"]
    me = state["seats"][seat]
    state["row"].remove(card_id)
    me["hand"].append(card_id)
    me["coins"] -= cards.CARD_COST
    if not state["row"]:  # the last card was taken: the row fills up at once
        refill_row(state)
    return [_bought(seat, card_id)]


@lru_cache(maxsize=1024)
def _bought(seat: int, card_id: str) -> LogEntry:
    return log(
        say(
            "{player} bought {card} for {coins}.",
            player=who(seat),
            card=card_name(card_id),
            coins=cards.coins(cards.CARD_COST),
        )
    )


def do_done(state: State, seat: int, action: Action) -> list[LogEntry]:
    return next_buyer(state)


def do_sell(state: State, seat: int, action: Action) -> list[LogEntry]:
    owner, index = action["owner"], action["village"]
    me = state["seats"][seat]
    village = state["seats"][owner]["villages"][index]
    work = work_for(state, owner, index)
    row = stalls(village, index, work)
    values = needed(state, owner, index)
    remove_values(me["dice"], values)
    village["dice"] = values
    village["by"] = seat
    if work:
        village["left"].extend(work["left"])
        village["right"].extend(work["right"])
    state["work"] = empty_work()
    trim_marks(state, seat)

    coins = favours = 0
    bonuses = []
    for stall in row:
        reward = stall["reward"]
        if reward in cards.INCOME:
            coins += cards.INCOME[reward][0]
            favours += cards.INCOME[reward][1]
        elif stall["new"]:  # a one-time reward: only when its card is placed and filled
            bonuses.append(reward)
    me["coins"] += coins
    me["favours"] += favours
    if owner != seat:
        state["seats"][owner]["coins"] += coins
        state["seats"][owner]["favours"] += favours
    tucked = sum(1 for stall in row if stall["new"])
    entries = [_sold(seat, owner, index, tuple(values), tucked, coins, favours)]
    for reward in bonuses:
        entries.extend(activate(state, seat, reward))
    entries.extend(check_final(state, seat))
    return entries


@lru_cache(maxsize=4096)
def _sold(
    seat: int,
    owner: int,
    index: int,
    values: tuple[int, ...],
    tucked: int,
    coins: int,
    favours: int,
) -> LogEntry:
    """'{p0} sold 1+3+6 at their 1-6 village, tucking 1 merchant card: 3 coins.' Cards are
    tucked only at one's own village (the sale that places them)."""
    player, goods, village = who(seat), "+".join(map(str, values)), village_name(index)
    income = earned(coins, favours)
    if owner != seat:
        text = say(
            "{player} sold {goods} at {owner}'s {village} village: {earned}; "
            "{owner} earns the same.",
            player=player,
            goods=goods,
            owner=who(owner),
            village=village,
            earned=income,
        )
    elif tucked:
        text = say_count(
            tucked,
            "{player} sold {goods} at their {village} village, tucking {n} merchant card: "
            "{earned}.",
            "{player} sold {goods} at their {village} village, tucking {n} merchant cards: "
            "{earned}.",
            player=player,
            goods=goods,
            village=village,
            earned=income,
        )
    else:
        text = say(
            "{player} sold {goods} at their {village} village: {earned}.",
            player=player,
            goods=goods,
            village=village,
            earned=income,
        )
    return log(text)


def earned(coins: int, favours: int) -> str:
    """'3 coins', '5 favours', '1 coin and 5 favours' or 'nothing'."""
    if coins and favours:
        return say(
            "{coins} and {favours}", coins=cards.coins(coins), favours=cards.favours(favours)
        )
    if coins:
        return cards.coins(coins)
    if favours:
        return cards.favours(favours)
    return say("nothing")


def activate(state: State, seat: int, reward: str) -> list[LogEntry]:
    me = state["seats"][seat]
    if reward == cards.FREE_CARD:
        drawn = decks.draw(state, 1)
        player = who(seat)
        if not drawn:
            return [
                log(
                    say(
                        "{player} earns a free merchant card, but the deck is empty.", player=player
                    )
                )
            ]
        me["hand"].extend(drawn)
        public = say("{player} draws a free merchant card.", player=player)
        mine = say(
            "{player} draws a free merchant card: {card}.", player=player, card=card_name(drawn[0])
        )
        return [log(public, **{f"p{seat}": mine})]
    if reward == cards.FREE_DIE:
        if me["dice_count"] >= cards.MAX_DICE:
            text = say_count(
                cards.MAX_DICE,
                "{player} already has {n} caravan: no free die.",
                "{player} already has {n} caravans: no free die.",
                player=who(seat),
            )
            return [log(text)]
        me["dice_count"] += 1
        text = say(
            "{player} gains a caravan die (from next round: {dice}).",
            player=who(seat),
            dice=me["dice_count"],
        )
        return [log(text)]
    state["free_places"] += 1
    return [log(say("{player} earns a free placement.", player=who(seat)))]


def do_choose(state: State, seat: int, action: Action) -> list[LogEntry]:
    state["chosen"] = {"card": action["card"], "side": action["side"]}
    return []


def do_unchoose(state: State, seat: int, action: Action) -> list[LogEntry]:
    state["chosen"] = None
    return []


def do_tuck(state: State, seat: int, action: Action) -> list[LogEntry]:
    chosen = state["chosen"]
    state["seats"][seat]["hand"].remove(chosen["card"])
    state["work"]["village"] = action["village"]
    state["work"][chosen["side"]].append(chosen["card"])
    state["chosen"] = None
    return []


def do_cancel(state: State, seat: int, action: Action) -> list[LogEntry]:
    work = state["work"]
    state["seats"][seat]["hand"].extend(work["left"] + work["right"])
    state["work"] = empty_work()
    return []


def do_place(state: State, seat: int, action: Action) -> list[LogEntry]:
    chosen, index = state["chosen"], action["village"]
    me = state["seats"][seat]
    me["hand"].remove(chosen["card"])
    me["villages"][index][chosen["side"]].append(chosen["card"])
    state["chosen"] = None
    state["free_places"] -= 1
    args = {"player": who(seat), "card": card_name(chosen["card"]), "village": village_name(index)}
    if chosen["side"] == "left":
        text = say(
            "{player} places {card} free on the left of their {village} village "
            "(it will never activate).",
            **args,
        )
    else:
        text = say(
            "{player} places {card} free on the right of their {village} village "
            "(it will never activate).",
            **args,
        )
    return [log(text), *check_final(state, seat)]


def do_skip_free(state: State, seat: int, action: Action) -> list[LogEntry]:
    state["chosen"] = None
    state["free_places"] -= 1
    return [log(say("{player} gives up a free placement.", player=who(seat)))]


def do_mark(state: State, seat: int, action: Action) -> list[LogEntry]:
    state["marked"].append(action["value"])
    state["marked"].sort()
    return []


def do_unmark(state: State, seat: int, action: Action) -> list[LogEntry]:
    state["marked"].remove(action["value"])
    return []


def do_reroll(state: State, seat: int, action: Action) -> list[LogEntry]:
    me = state["seats"][seat]
    old = list(state["marked"])
    remove_values(me["dice"], old)
    new = [rng.roll(state) for _ in old]
    me["dice"] = sorted(me["dice"] + new)
    me["favours"] -= cards.REROLL_COST
    state["marked"] = []
    text = say(
        "{player} pays a favour to reroll {old}: {new}.",
        player=who(seat),
        old=" ".join(map(str, old)),
        new=" ".join(map(str, new)),
    )
    return [log(text)]


def do_nudge(state: State, seat: int, action: Action) -> list[LogEntry]:
    me = state["seats"][seat]
    me["dice"].remove(action["value"])
    me["dice"] = sorted(me["dice"] + [action["to"]])
    me["favours"] -= cards.NUDGE_COST
    trim_marks(state, seat)
    return [_nudged(seat, action["value"], action["to"])]


@lru_cache(maxsize=256)
def _nudged(seat: int, value: int, to: int) -> LogEntry:
    return log(
        say(
            "{player} pays {favours} to turn a {value} into a {to}.",
            player=who(seat),
            favours=cards.favours(cards.NUDGE_COST),
            value=value,
            to=to,
        )
    )


def do_end_turn(state: State, seat: int, action: Action) -> list[LogEntry]:
    return market(state, seat) + next_seller(state)


_HANDLERS = {
    "buy": do_buy,
    "done": do_done,
    "sell": do_sell,
    "choose": do_choose,
    "unchoose": do_unchoose,
    "tuck": do_tuck,
    "cancel": do_cancel,
    "place": do_place,
    "skip_free": do_skip_free,
    "mark": do_mark,
    "unmark": do_unmark,
    "reroll": do_reroll,
    "nudge": do_nudge,
    "end_turn": do_end_turn,
}


# --- the flow of a round ----------------------------------------------------------------
def trim_marks(state: State, seat: int) -> None:
    """Drop marks on dice that are no longer there (sold or changed)."""
    dice = list(state["seats"][seat]["dice"])
    kept = []
    for value in state["marked"]:
        if value in dice:
            dice.remove(value)
            kept.append(value)
    state["marked"] = kept


def market(state: State, seat: int) -> list[LogEntry]:
    me = state["seats"][seat]
    left = len(me["dice"])
    me["favours"] += left
    me["dice"] = []
    state["marked"] = []
    if not left:
        return []
    return [_to_market(seat, left)]


@lru_cache(maxsize=256)
def _to_market(seat: int, left: int) -> LogEntry:
    # "for 1 favours" is the English as it always was
    return log(
        say_count(
            left,
            "{player} sells {n} good at the market for {n} favours.",
            "{player} sells {n} goods at the market for {n} favours.",
            player=who(seat),
        )
    )


def check_final(state: State, seat: int) -> list[LogEntry]:
    count = table_cards(state["seats"][seat])
    if state["final"] is None and count >= cards.CARDS_TO_END:
        state["final"] = seat
        text = say_count(
            count,
            "{player} has {n} card on the table: this is the last round.",
            "{player} has {n} cards on the table: this is the last round.",
            player=who(seat),
        )
        return [log(text)]
    return []


def next_seller(state: State) -> list[LogEntry]:
    state["turn"] = (state["turn"] + 1) % state["players"]
    if state["turn"] != state["start"]:
        return []
    if state["final"] is not None:
        # Buying cannot add cards to the table and only costs tie-break coins: skip it.
        state["phase"] = "over"
        return [_LAST_ROUND_OVER]
    state["phase"] = "buy"
    return []


def next_buyer(state: State) -> list[LogEntry]:
    state["turn"] = (state["turn"] + 1) % state["players"]
    if state["turn"] != state["start"]:
        return []
    return end_round(state)


def end_round(state: State) -> list[LogEntry]:
    for seat in state["seats"]:
        for village in seat["villages"]:
            village["dice"] = []
            village["by"] = None
    state["start"] = (state["start"] + 1) % state["players"]
    state["turn"] = state["start"]
    state["round"] += 1
    state["phase"] = "sell"
    refill_row(state)
    return roll_all(state)


_LAST_ROUND_OVER = log(say("The last round is over."))


def refill_row(state: State) -> None:
    missing = state["players"] + 1 - len(state["row"])
    if missing > 0:
        state["row"].extend(decks.draw(state, missing))


def roll_all(state: State) -> list[LogEntry]:
    """The caravans arrive: every player rolls all their dice at once."""
    rolls = []
    for number, seat in enumerate(state["seats"]):
        seat["dice"] = sorted(rng.roll(state) for _ in range(seat["dice_count"]))
        rolls.append(f"{who(number)} {' '.join(map(str, seat['dice']))}")
    # The rolls ("{p0} 1 3 3 6, {p1} 2 4 5 5") are names and numbers: nothing to translate.
    text = say(
        "Round {round}: the caravans arrive. {rolls}.", round=state["round"], rolls=", ".join(rolls)
    )
    return [log(text)]


def settle(state: State) -> list[LogEntry]:
    """Move past steps with nothing to decide (a lost free placement, nothing to buy)."""
    entries: list[LogEntry] = []
    while state["phase"] != "over":
        seat = state["turn"]
        me = state["seats"][seat]
        if state["phase"] == "buy":
            if me["coins"] >= cards.CARD_COST and state["row"]:
                break
            entries.extend(next_buyer(state))
        elif state["free_places"]:
            if me["hand"] and any(is_open(v) for v in me["villages"]):
                break
            state["free_places"] = 0
            state["chosen"] = None
            entries.append(
                log(
                    say(
                        "{player} has no card or open village: the free placement is lost.",
                        player=who(seat),
                    )
                )
            )
        elif actions.only_end_turn(state, seat):  # legal actions: end_turn alone
            entries.extend(market(state, seat) + next_seller(state))
        else:
            break
    return entries
