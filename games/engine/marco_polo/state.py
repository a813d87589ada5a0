"""The game state: a new game, and the small operations every rule uses.

Layout (all plain JSON)::

    phase          draft / goals / bonuses / compensation / turns / over
    round, start   the round (1-5) and its start player; active: whose turn it is
    traveller      the last seat that chose the Travel action this round (next start player)
    supply         the ledger of coins, camels and goods (unlimited, see data.SUPPLY_LEDGER)
    black_pool     black dice still on the board's space
    spaces         space -> placements this round: {"seat", "dice": [[kind, value], ...]};
                   kinds: colour (the seat's own), black, white, neutral (seat -1)
    contracts      the contract spaces, position 1 first; piles: the round piles left;
                   special: the special pile, top first, whose first special_unseen cards
                   nobody has seen; removed: the unused starting contracts
    cards          city card slot -> card number; outposts: large city -> bonus or None
    city_bonus     small city -> bonus; beijing: the 4 Beijing spaces (seat or None)
    goal_deck      goal cards nobody holds; draft: the expert character draft
    turn           the active seat's turn: step, main action done, dice picked...
    seats[n]       character, coins, camels, pepper, silk, gold, vp (by source), dice
                   (unplaced, value 0 = not rolled / Raschid's unset die), figures, posts
                   (cities, in placement order), post_stock, contracts (active), done
                   (completed), goals, goal_offer, pending (choices waiting), passed
"""

from __future__ import annotations

from typing import Any

from .. import rng
from . import board, data

State = dict[str, Any]
VP_SOURCES = ("contracts", "cards", "bonuses", "posts")


def new_game(players: int, seed: int, expert: bool) -> State:
    state: State = {
        "players": players,
        "rng": rng.seed_state(seed),
        "expert": expert,
        "round": 1,
        "phase": "draft",
        "start": 0,
        "active": 0,
        "traveller": None,
        "supply": {key: data.SUPPLY_LEDGER for key in data.RESOURCES},
        "black_pool": data.BLACK_DICE[players],
        "spaces": {},
        "contracts": [],
        "piles": [],
        "special": [],
        "special_unseen": 0,
        "removed": [],
        "cards": {},
        "outposts": {},
        "city_bonus": dict(data.BASIC_CITY_BONUS),
        "beijing": [None] * len(data.BEIJING_POINTS),
        "goal_deck": [],
        "draft": None,
        "turn": None,
        "seats": [_new_seat(seat) for seat in range(players)],
    }
    clear_spaces(state)
    _deal_contracts(state)
    cards = list(range(len(data.CITY_CARDS)))
    rng.shuffle(state, cards)
    state["cards"] = dict(zip(data.CARD_SLOTS, cards, strict=False))
    outposts = list(data.OUTPOST_BONUSES)
    rng.shuffle(state, outposts)
    state["outposts"] = dict(zip(data.LARGE_CITIES, outposts, strict=False))
    if expert:
        bonuses = list(data.BASIC_CITY_BONUS.values())
        rng.shuffle(state, bonuses)
        state["city_bonus"] = dict(zip(data.SMALL_CITIES, bonuses, strict=True))
    goals = list(range(len(data.GOALS)))
    rng.shuffle(state, goals)
    dealt = data.GOALS_DEALT_EXPERT if expert else data.GOALS_KEPT
    for seat_state in state["seats"]:
        hand, goals = goals[:dealt], goals[dealt:]
        seat_state["goal_offer" if expert else "goals"] = sorted(hand)
    state["goal_deck"] = goals
    for seat in range(players):
        gain(state, seat, "coins", data.START_COINS[seat])
        gain(state, seat, "camels", data.START_CAMELS)
    return state


def _new_seat(seat: int) -> dict[str, Any]:
    return {
        "character": None,
        **{key: 0 for key in data.RESOURCES},
        "vp": {source: 0 for source in VP_SOURCES},
        "dice": [["colour", 0] for _ in range(data.DICE_PER_PLAYER)],
        "figures": [data.START],
        "posts": [],
        "post_stock": data.TRADING_POSTS,
        "contracts": [],
        "done": [],
        "goals": [],
        "goal_offer": [],
        "pending": [],
        "passed": False,
    }


def _deal_contracts(state: State) -> None:
    starting = list(data.STARTING_CONTRACTS)
    rng.shuffle(state, starting)
    for seat_state in state["seats"]:
        seat_state["contracts"].append(starting.pop())
    state["removed"] = sorted(starting)
    others = [n for n, _, _ in data.CONTRACTS if n not in data.STARTING_CONTRACTS]
    rng.shuffle(state, others)
    size = data.PILE_SIZE
    piles = [others[i * size : (i + 1) * size] for i in range(data.ROUND_PILES)]
    state["special"] = others[data.ROUND_PILES * size :]
    state["special_unseen"] = len(state["special"])
    state["contracts"] = piles[0]
    state["piles"] = piles[1:]


def clear_spaces(state: State) -> None:
    """Every action space empty, except for the neutral dice that stay all game."""
    spaces: dict[str, list] = {space: [] for space in board.ALL_SPACES}
    for space, value in data.NEUTRAL_DICE[state["players"]]:
        spaces[space].append({"seat": -1, "dice": [["neutral", value]]})
    state["spaces"] = spaces


def assign_characters(state: State, characters: list[str]) -> None:
    """Give each seat its character and the pieces that come with it."""
    for seat, key in enumerate(characters):
        seat_state = state["seats"][seat]
        seat_state["character"] = key
        if key == "kubilai":
            seat_state["figures"] = [data.BEIJING]
            seat_state["posts"].append(data.BEIJING)
            seat_state["post_stock"] -= 1
            state["beijing"][0] = seat
        elif key == "niccolo":
            seat_state["figures"].append(data.START)
        elif key == "william":
            seat_state["post_stock"] += data.WILLIAM_EXTRA_POSTS
        elif key == "matteo":
            seat_state["dice"].append(["white", 0])


# --- the questions and small moves every rule uses -----------------------------------------------
def character(state: State, seat: int) -> str | None:
    return state["seats"][seat]["character"]


def seat_with(state: State, key: str) -> int | None:
    for seat, seat_state in enumerate(state["seats"]):
        if seat_state["character"] == key:
            return seat
    return None


def gain(state: State, seat: int, key: str, count: int) -> None:
    state["seats"][seat][key] += count
    state["supply"][key] -= count


def pay(state: State, seat: int, key: str, count: int) -> None:
    if state["seats"][seat][key] < count:
        raise AssertionError(f"seat {seat} cannot pay {count} {key}")
    state["seats"][seat][key] -= count
    state["supply"][key] += count


def vp_total(seat_state: dict[str, Any]) -> int:
    return sum(seat_state["vp"].values())


def can_pay(seat_state: dict[str, Any], cost: dict[str, int]) -> bool:
    """Whether ``cost`` (plain resources and VP, no choices) can be paid."""
    for key, count in cost.items():
        held = vp_total(seat_state) if key == "vp" else seat_state[key]
        if held < count:
            return False
    return True


def goods_count(seat_state: dict[str, Any]) -> int:
    return sum(seat_state[good] for good in data.GOODS)


def posts_placed(seat_state: dict[str, Any]) -> int:
    return len(seat_state["posts"])


def has_post(state: State, seat: int, city: str) -> bool:
    return city in state["seats"][seat]["posts"]


def roll_dice(state: State) -> None:
    """Every seat rolls its dice (Raschid ad-Din Sinan never rolls: his stay unset)."""
    for seat_state in state["seats"]:
        unset = seat_state["character"] == "raschid"
        for die in seat_state["dice"]:
            die[1] = 0 if unset else rng.roll(state)


def dice_sum(seat_state: dict[str, Any]) -> int:
    return sum(value for _, value in seat_state["dice"])


def push(state: State, seat: int, items: list[dict[str, Any]]) -> None:
    """Put choices and effects at the front of ``seat``'s waiting list, in order: what an
    effect brings about is dealt with before whatever was already waiting."""
    state["seats"][seat]["pending"][:0] = items
