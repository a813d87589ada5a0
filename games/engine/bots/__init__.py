"""Computer players for every game, written against the engine contract only.

Three levels: ``random`` (uniform among legal actions), ``greedy`` (one step of lookahead
with the game's ``evaluate``) and ``search`` (information-set Monte Carlo tree search within
a per-move budget). A bot sees only its own seat's view: before looking ahead it always
passes the real state through ``rules.determinize(state, seat, seed)``, which redeals what
the seat cannot see. Same seed and iteration budget, same choice.

    action = choose_action(rules, state, seat, "search", seed=7, budget=Budget(iterations=200))
"""

from __future__ import annotations

from dataclasses import replace

from ..contract import Action, GameRules, State
from ..rng import randbelow
from .budget import DEFAULT, Budget
from .plan import plan_action, with_plan_evaluation
from .search import DEFAULT_SETTINGS, SearchSettings, search_action
from .simple import answer_offer, greedy_action, is_offer_answer, random_action
from .values import next_seed, seeds

LEVELS = ("random", "greedy", "search")


def choose_action(
    rules: GameRules,
    state: State,
    seat: int,
    level: str,
    seed: int,
    budget: Budget = DEFAULT,
    settings: SearchSettings = DEFAULT_SETTINGS,
) -> Action:
    """The action ``seat`` takes now at ``level``; deterministic given seed and iterations.

    Call it for a seat the game is waiting for (``seat in rules.to_act(state)``). An offer
    addressed to the seat is answered by its evaluation. Greedy and search propose offers
    only in games that say which (``bot_proposal``, see ``propose``).
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; choose from {', '.join(LEVELS)}.")
    actions = rules.legal_actions(state, seat)
    if not actions:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    gen = seeds(seed)
    if level == "random" or len(actions) == 1:
        return random_action(actions, gen)
    if settings is DEFAULT_SETTINGS:
        settings = game_settings(rules)
    planning = plans(level, settings)
    judged = with_plan_evaluation(rules) if planning else rules
    if is_offer_answer(actions):
        return answer_offer(judged, state, seat, actions, gen)
    offer = propose(rules, state, seat, gen, planning)
    if offer is not None:
        return offer
    # A bot never withdraws its own offers (it only has any where it proposes them).
    aside = anytime_types(rules, state, seat, gen) | rules.undo_types | {"withdraw"}
    actions = [a for a in actions if a.type not in aside] or actions
    if level == "greedy":
        return greedy_action(rules, state, seat, actions, gen)
    if planning:
        width, depth = settings.plan_width, settings.plan_depth
        samples = settings.plan_samples
        return plan_action(judged, state, seat, actions, gen, width, depth, samples, aside)
    return search_action(rules, state, seat, actions, gen, budget, settings, aside)


def game_settings(rules: GameRules) -> SearchSettings:
    """The search settings with the game's own changes (optional ``bot_search_settings``)."""
    return replace(DEFAULT_SETTINGS, **getattr(rules, "bot_search_settings", {}))


def plans(level: str, settings: SearchSettings) -> bool:
    """Whether ``level`` plays by a plan of its own turn: the strong level, where the
    settings give the plan a width."""
    return level == "search" and settings.plan_width > 0


def propose(
    rules: GameRules, state: State, seat: int, gen, planning: bool = False
) -> Action | None:
    """The offer the seat makes now, in a game whose rules have the optional hook
    ``bot_proposal(state, seat, seed)`` (given what the seat sees, a determinization);
    None in every other game, without drawing from ``gen``, so their bots play as before.
    A planning (strong) bot uses ``bot_plan_proposal`` instead where the game has one."""
    hook = getattr(rules, "bot_proposal", None)
    if planning:
        hook = getattr(rules, "bot_plan_proposal", None) or hook
    if hook is None:
        return None
    seen = rules.determinize(state, seat, next_seed(gen))
    return hook(seen, seat, next_seed(gen))


def anytime_types(rules: GameRules, state: State, seat: int, gen) -> frozenset[str]:
    """Action types a seat may take whether or not the game waits for it (standing
    orders, answers to offers): bots leave them aside on their turn, since taking them
    never moves the game on and a search would otherwise stall with them for ever."""
    seen = rules.determinize(state, seat, next_seed(gen))
    waiting = rules.to_act(seen)
    return (
        frozenset(
            action.type
            for other in range(seen["players"])
            if other not in waiting
            for action in rules.legal_actions(seen, other)
        )
        - rules.anytime_moves
    )


def respond_to_offers(
    rules: GameRules, state: State, seat: int, level: str, seed: int
) -> Action | None:
    """The seat's answer to an offer addressed to it, or None when none is.

    Greedy and search accept when accepting leaves them standing better than declining;
    random answers at random. An offer the seat cannot pay for is declined. Standing
    orders (taken, never declined) are taken only when that improves the seat's standing
    (random: now and then); otherwise None, they are left alone.
    """
    actions = [a for a in rules.legal_actions(state, seat) if a.type in ("accept", "decline")]
    if not actions:
        return None
    if not any(a.type == "accept" for a in actions):
        return actions[0]
    gen = seeds(seed)
    only_takes = not any(a.type == "decline" for a in actions)
    if level == "random":
        if only_takes and randbelow(gen, 2):
            return None
        return random_action(actions, gen)
    if plans(level, game_settings(rules)):
        rules = with_plan_evaluation(rules)  # the strong level answers by its own measure
    if only_takes:  # standing orders only: one look each is enough to leave them alone
        return answer_offer(rules, state, seat, actions, gen, samples=1, may_pass=True)
    return answer_offer(rules, state, seat, actions, gen)


__all__ = ["LEVELS", "Budget", "SearchSettings", "choose_action", "respond_to_offers"]
