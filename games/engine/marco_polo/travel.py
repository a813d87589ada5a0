"""Moving figures on the map and placing trading posts.

The Travel action is taken step by step: each step names a figure and where it goes; the
route's extra camels or coins are paid on the way, and the basic cost (3/7/12/12/18/18 for
1-6 steps) when the player stops, so a step is offered only when the basic cost of one more
step can still be paid on top of it. Posts are placed after the move ends, as waiting
effects of the seat (``post``), so their bonuses follow in order.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from ..contract import Action, LogEntry, log, say, say_count
from . import board, data
from .board import seat_tag
from .state import State, character, pay, push


def destinations(state: State, seat: int, place: str) -> list[str]:
    """Where one step leads; Johannes Carpini also jumps from an oasis to any other."""
    near = list(board.NEIGHBOURS[place])
    if character(state, seat) == "johannes" and place in data.OASES:
        near += [oasis for oasis in data.OASES if oasis != place and oasis not in near]
    return near


def extra_cost(state: State, seat: int, start: str, end: str) -> dict[str, int]:
    if character(state, seat) == "johannes" and start in data.OASES and end in data.OASES:
        return {}  # his oasis-to-oasis step never pays a route's extra cost
    return board.route_cost(start, end)


def affordable_steps(
    state: State, seat: int, basic: int, reserved: int = 0
) -> list[tuple[int, str, dict[str, int]]]:
    """(figure, destination, extra cost) of every step payable with ``basic`` coins (and
    ``reserved`` coins for something else) still to pay."""
    seat_state = state["seats"][seat]
    found = []
    for figure, place in enumerate(seat_state["figures"]):
        for end in destinations(state, seat, place):
            extra = extra_cost(state, seat, place, end)
            if seat_state["coins"] < basic + reserved + extra.get("coins", 0):
                continue
            if seat_state["camels"] < extra.get("camels", 0):
                continue
            found.append((figure, end, extra))
    return found


def can_start(state: State, seat: int, fee: int) -> bool:
    """Whether a Travel action after paying ``fee`` could move at least one step
    (``affordable_steps`` not empty, stopping at the first)."""
    seat_state = state["seats"][seat]
    coins, camels, basic = seat_state["coins"], seat_state["camels"], data.TRAVEL_COST[1]
    if seat_state["character"] == "johannes":  # his oasis jumps: destinations, extra_cost
        for place in seat_state["figures"]:
            for end in destinations(state, seat, place):
                extra = extra_cost(state, seat, place, end)
                paid = basic + fee + extra.get("coins", 0)
                if coins >= paid and camels >= extra.get("camels", 0):
                    return True
        return False
    left = coins - basic - fee  # for the route's extra coins
    for place in seat_state["figures"]:
        for extra_coins, extra_camels in _ROUTE_EXTRAS[place]:
            if left >= extra_coins and camels >= extra_camels:
                return True
    return False


def _extras(start: str, end: str) -> tuple[int, int]:
    extra = board.route_cost(start, end)
    return extra.get("coins", 0), extra.get("camels", 0)


# The extra (coins, camels) of each route from each place (``can_start`` asks at almost
# every step whether the Travel space is open).
_ROUTE_EXTRAS = {
    place: tuple(_extras(place, end) for end in near) for place, near in board.NEIGHBOURS.items()
}


def begin(state: State, seat: int, most: int) -> None:
    figures = len(state["seats"][seat]["figures"])
    state["turn"]["step"] = "travel"
    state["turn"]["travel"] = {"most": most, "moves": 0, "moved": [False] * figures, "path": []}
    state["traveller"] = seat  # the last to choose Travel starts the next round


def step_options(state: State, seat: int) -> list[tuple[int, str, dict[str, int]]]:
    trip = state["turn"]["travel"]
    if trip["moves"] >= trip["most"]:
        return []
    return affordable_steps(state, seat, data.TRAVEL_COST[trip["moves"] + 1])


def step_action(
    figure: int, several: bool, start: str, end: str, extra: dict[str, int], free: bool = False
) -> Action:
    """A step of ``figure`` (named only when the seat has ``several``) from ``start`` to
    ``end`` paying the route's ``extra`` cost: a step of Travel, or a ``free`` one."""
    return _step_action(figure, several, start, end, tuple(extra.items()), free)


@lru_cache(maxsize=4096)  # the same few steps come up again and again: made once each
def _step_action(
    figure: int, several: bool, start: str, end: str, extra: tuple, free: bool
) -> Action:
    args = {"start": board.name(start), "end": board.name(end)}
    if extra:
        args["cost"] = board.amounts_text(dict(extra))
    if several:
        args["figure"] = figure + 1
    # every combination is its own sentence (the "pay" and "figure" parts vary)
    if free:
        if several:
            if extra:
                text = say("Free step with figure {figure}: {start} to {end} (pay {cost})", **args)
            else:
                text = say("Free step with figure {figure}: {start} to {end}", **args)
        elif extra:
            text = say("Free step: {start} to {end} (pay {cost})", **args)
        else:
            text = say("Free step: {start} to {end}", **args)
    elif several:
        if extra:
            text = say("Step with figure {figure}: {start} to {end} (pay {cost})", **args)
        else:
            text = say("Step with figure {figure}: {start} to {end}", **args)
    elif extra:
        text = say("Step: {start} to {end} (pay {cost})", **args)
    else:
        text = say("Step: {start} to {end}", **args)
    return Action.make("step", label=text, figure=figure, to=end)


def _move(state: State, seat: int, figure: int, end: str) -> list[LogEntry]:
    seat_state = state["seats"][seat]
    start = seat_state["figures"][figure]
    extra = extra_cost(state, seat, start, end)
    for key, count in extra.items():
        pay(state, seat, key, count)
    seat_state["figures"][figure] = end
    return [_moved(seat, start, end, tuple(extra.items()))]


@lru_cache(maxsize=4096)
def _moved(seat: int, start: str, end: str, extra: tuple) -> LogEntry:
    tag, here, there = seat_tag(seat), board.name(start), board.name(end)
    if extra:
        paid = board.amounts_text(dict(extra))
        text = say(
            "{player} moves from {start} to {end} paying {cost}.",
            player=tag,
            start=here,
            end=there,
            cost=paid,
        )
    else:
        text = say("{player} moves from {start} to {end}.", player=tag, start=here, end=there)
    return log(text)


def take_step(state: State, seat: int, figure: int, end: str) -> list[LogEntry]:
    trip = state["turn"]["travel"]
    entries = _move(state, seat, figure, end)
    trip["moves"] += 1
    trip["moved"][figure] = True
    trip["path"].append(end)
    return entries


def stop(state: State, seat: int) -> list[LogEntry]:
    """End the Travel action: pay the basic cost and place the posts the move earned."""
    trip = state["turn"]["travel"]
    cost = data.TRAVEL_COST[trip["moves"]]
    pay(state, seat, "coins", cost)
    seat_state = state["seats"][seat]
    if character(state, seat) == "william":  # a post in every city he passes through
        targets = list(trip["path"])
    else:
        targets = [
            place
            for place, moved in zip(seat_state["figures"], trip["moved"], strict=True)
            if moved
        ]
    cities = []
    for place in targets:
        if place in board.CITIES and place not in cities:
            cities.append(place)
    push(state, seat, [{"kind": "post", "city": city} for city in cities])
    state["turn"]["travel"] = None
    return [_travelled(seat, trip["moves"], cost)]


@lru_cache(maxsize=256)
def _travelled(seat: int, moves: int, cost: int) -> LogEntry:
    steps = say_count(moves, "{n} step", "{n} steps")
    text = say(
        "{player} travelled {steps} for {coins}.",
        player=seat_tag(seat),
        steps=steps,
        coins=board.counted("coins", cost),
    )
    return log(text)


def free_steps(state: State, seat: int) -> list[tuple[int, str, dict[str, int]]]:
    """A free step ("move"): no basic cost, but a route's extra cost is paid."""
    return affordable_steps(state, seat, 0)


def take_free_step(state: State, seat: int, figure: int, end: str) -> list[LogEntry]:
    entries = _move(state, seat, figure, end)
    if end in board.CITIES:
        push(state, seat, [{"kind": "post", "city": end}])
    return entries


# --- trading posts ---------------------------------------------------------------------------------
def place_post(state: State, seat: int, city: str) -> list[LogEntry]:
    """A post from the seat's stock goes to ``city``; 8th/9th post points; city bonuses."""
    seat_state = state["seats"][seat]
    seat_state["post_stock"] -= 1
    entries = _arrive(state, seat, city)
    placed = len(seat_state["posts"])
    points = data.POST_BONUS_VP.get(placed, 0)
    if points:
        seat_state["vp"]["posts"] += points
        text = say(
            "{player} placed their trading post number {number}: {points} VP.",
            player=seat_tag(seat),
            number=placed,
            points=points,
        )
        entries.append(log(text))
    return entries


def relocate_post(state: State, seat: int, old: str, city: str) -> list[LogEntry]:
    """All posts are placed: one already on the board moves to ``city`` instead."""
    seat_state = state["seats"][seat]
    seat_state["posts"].remove(old)
    if old == data.BEIJING:
        state["beijing"][state["beijing"].index(seat)] = None
    text = say(
        "{player} moves a trading post away from {city}.",
        player=seat_tag(seat),
        city=board.name(old),
    )
    entries = [log(text)]
    return entries + _arrive(state, seat, city)


def _arrive(state: State, seat: int, city: str) -> list[LogEntry]:
    state["seats"][seat]["posts"].append(city)
    text = say(
        "{player} places a trading post in {city}.", player=seat_tag(seat), city=board.name(city)
    )
    entries = [log(text)]
    if city == data.BEIJING:
        slot = state["beijing"].index(None)
        state["beijing"][slot] = seat
        points = data.BEIJING_POINTS[slot]
        entries.append(log(say("It stands on Beijing's {points}-point space.", points=points)))
    elif city in data.LARGE_CITIES and state["outposts"][city]:
        push(state, seat, [{"kind": "outpost", "city": city}])
    elif city in data.SMALL_CITIES:
        push(state, seat, [{"kind": "city_bonus", "bonus": state["city_bonus"][city]}])
    return entries


def plan(state: State, seat: int, most: int = 6, done: int = 0) -> dict[str, dict]:
    """The cheapest way for one of the seat's figures to reach each place in 1..``most``
    steps (``plan_figure`` for each figure, the cheaper kept)."""
    best: dict[str, dict] = {}
    for figure in range(len(state["seats"][seat]["figures"])):
        for end, trip in plan_figure(state, seat, figure, most, done).items():
            if end not in best or _rank(trip) < _rank(best[end]):
                best[end] = trip
    return best


def plan_figure(
    state: State, seat: int, figure: int, most: int = 6, done: int = 0
) -> dict[str, dict]:
    """The cheapest way for the seat's ``figure`` to reach each place in 1..``most`` steps.

    For the travel planner: the basic cost of the whole move (``done`` steps already taken
    in it, the rest here) plus every route's extra camels and coins still ahead (Johannes's
    oasis jumps included), ranked by coins and camels together; at the same price William
    prefers the path that passes more cities without his post, since he places one in
    each. Each answer: the figure, the path (start first), steps, coins (``basic`` of them
    the basic cost), camels, total and the cities that get a new post.
    Niccolo's figures may share the steps of one move: the basic cost is then that of
    all steps together (``split_pairs``), the extras those of each path.
    """
    start = state["seats"][seat]["figures"][figure]
    best: dict[str, dict] = {}
    for steps, reached in enumerate(_paths_by_steps(state, seat, figure, most), 1):
        for end, path in reached.items():
            if end == start:
                continue
            trip = _trip(state, seat, figure, path, data.TRAVEL_COST[done + steps])
            if end not in best or (_rank(trip), steps) < (_rank(best[end]), best[end]["steps"]):
                best[end] = trip
    return best


def _paths_by_steps(state: State, seat: int, figure: int, most: int) -> list[dict[str, list[str]]]:
    """For 1..``most`` steps of the seat's ``figure`` (one list item each): the cheapest path
    (route extras only, then more new posts) to every place reachable in exactly that many."""
    start = state["seats"][seat]["figures"][figure]
    # place -> the best (rank, path) so far with that many steps
    frontier: dict[str, tuple[tuple, list[str]]] = {start: ((0, 0, 0), [start])}
    layers = []
    for _ in range(most):
        reached: dict[str, tuple[tuple, list[str]]] = {}
        for _, path in frontier.values():
            for end in destinations(state, seat, path[-1]):
                trip = _trip(state, seat, figure, [*path, end], 0)
                if end not in reached or _rank(trip) < reached[end][0]:
                    reached[end] = (_rank(trip), trip["path"])
        layers.append({end: path for end, (_, path) in reached.items()})
        frontier = reached
    return layers


def split_to(state: State, seat: int, most: int = 6, done: int = 0) -> dict[str, dict]:
    """Niccolo: for every place one of his figures can reach, the cheapest split of one
    move's ``most`` steps (``done`` already taken) that brings a figure there, the other
    figure staying or ending anywhere (``split_pairs``'s shape; a figure that stays has
    0 steps). The basic cost is that of all steps together, the extras each path's; at the
    same price more new posts, then fewer steps. Basic costs never fall with more steps,
    so the other figure moves only where it costs nothing more: after a 3rd or 5th step
    the next one is free (12/12, 18/18) but for its route's extras."""
    figures = state["seats"][seat]["figures"]
    if len(figures) < 2 or most < 1:
        return {}
    layers = [_paths_by_steps(state, seat, figure, most) for figure in range(2)]
    best: dict[str, tuple[tuple, dict]] = {}
    for figure in range(2):
        other = 1 - figure
        # the other figure's cheapest few trips by exact steps; 0: it stays
        stay = _trip(state, seat, other, [figures[other]], 0)
        stay["posts"] = []
        others = [[stay]]
        for reached in layers[other][: most - 1]:
            trips = [
                _trip(state, seat, other, path, 0)
                for end, path in reached.items()
                if end != figures[other]
            ]
            others.append(sorted(trips, key=_rank)[:3])  # enough for a post elsewhere
        for steps, reached in enumerate(layers[figure], 1):
            for end, path in reached.items():
                if end == figures[figure]:
                    continue
                one = _trip(state, seat, figure, path, 0)
                for trips in others[: most - steps + 1]:
                    for two in trips:
                        pair = _pair(one, two, done)
                        key = (pair["total"], pair["coins"], -len(pair["posts"]), pair["steps"])
                        if end not in best or key < best[end][0]:
                            best[end] = (key, pair)
    return {end: pair for end, (_, pair) in best.items()}


def _pair(one: dict, two: dict, done: int) -> dict:
    steps = one["steps"] + two["steps"]
    coins = data.TRAVEL_COST[done + steps] + one["extra_coins"] + two["extra_coins"]
    camels = one["camels"] + two["camels"]
    posts = one["posts"] + [city for city in two["posts"] if city not in one["posts"]]
    return {
        "trips": [one, two],
        "steps": steps,
        "coins": coins,
        "camels": camels,
        "total": coins + camels,
        "posts": posts,
    }


def split_pairs(
    state: State, seat: int, most: int = 6, done: int = 0, limit: int = 5
) -> list[dict]:
    """Niccolo: the cheapest ways to share one move's ``most`` steps between his two
    figures so that each ends in a different city that takes a new post (two posts for
    one Travel action). The basic cost is that of all steps together; the extras are each
    path's. At most ``limit`` pairs, cheapest first, then fewer steps."""
    if len(state["seats"][seat]["figures"]) < 2 or most < 2:
        return []
    first, second = (plan_figure(state, seat, figure, most - 1, done) for figure in (0, 1))
    pairs = []
    for one in first.values():
        for two in second.values():
            steps = one["steps"] + two["steps"]
            ends = (one["path"][-1], two["path"][-1])
            if steps > most or ends[0] == ends[1] or not (one["posts"] and two["posts"]):
                continue
            coins = data.TRAVEL_COST[done + steps] + one["extra_coins"] + two["extra_coins"]
            camels = one["camels"] + two["camels"]
            pairs.append(
                {
                    "trips": [one, two],
                    "steps": steps,
                    "coins": coins,
                    "camels": camels,
                    "total": coins + camels,
                }
            )
    pairs.sort(key=lambda p: (p["total"], p["steps"], p["trips"][0]["path"], p["trips"][1]["path"]))
    return pairs[:limit]


def _trip(state: State, seat: int, figure: int, path: list[str], basic: int) -> dict:
    coins, camels = 0, 0
    for here, there in pairwise(path):
        extra = extra_cost(state, seat, here, there)
        coins += extra.get("coins", 0)
        camels += extra.get("camels", 0)
    return {
        "figure": figure,
        "path": path,
        "steps": len(path) - 1,
        "basic": basic,
        "extra_coins": coins,
        "coins": basic + coins,
        "camels": camels,
        "total": basic + coins + camels,
        "posts": new_posts(state, seat, path),
    }


def _rank(trip: dict) -> tuple[int, int, int]:
    """Cheaper first (coins and camels together, then coins); then more new posts."""
    return (trip["total"], trip["coins"], -len(trip["posts"]))


def new_posts(state: State, seat: int, path: list[str]) -> list[str]:
    """The cities where a move along ``path`` (start first) would place a post: the end,
    or for William every city stepped to, where the seat has none yet."""
    stepped = path[1:] if character(state, seat) == "william" else path[-1:]
    held = state["seats"][seat]["posts"]
    found: list[str] = []
    for place in stepped:
        if place in board.CITIES and place not in held and place not in found:
            found.append(place)
    return found
