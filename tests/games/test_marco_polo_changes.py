"""Marco Polo, since your last turn: the dice the others placed, their goods and coins,
their figures and new trading posts on the map and the contracts they took are marked
on your board; what did not change is not."""

from __future__ import annotations

import html
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.play import tables
from games.read.game_page import game_context
from tests.games.helpers import act, seen_by

pytestmark = pytest.mark.django_db

SEED = 7
MARKED = re.compile(r'class="(?:[^"]*\s)?changed[\s"]')


@pytest.fixture
def duo(ana, ben):
    table = tables.game_create(creator=ana, game="marco-polo", players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    table.refresh_from_db()
    table.seed, table.state = SEED, table.rules.setup(2, {}, SEED)  # the same dice every run
    table.save(update_fields=["seed", "state"])
    return table


def _legal(game, user, seat, type_, **params):
    _, state = seen_by(game, user)
    return [
        a
        for a in game.rules.legal_actions(state, seat)
        if a.type == type_ and all(a.get(k) == v for k, v in params.items())
    ]


def _play(game, user, seat, type_, **params):
    """Play the first legal ``type_`` action matching ``params``."""
    action = _legal(game, user, seat, type_, **params)[0]
    data = action.to_json()
    return act(game, user, data.pop("type"), **data)


def _settle(game, users, seat):
    """Answer the opening choices (compensation...) until ``seat`` may choose a space."""
    for _ in range(20):
        game.refresh_from_db()
        waiting = game.rules.to_act(game.state)[0]
        if waiting == seat and _legal(game, users[seat], seat, "space"):
            return game
        _, state = seen_by(game, users[waiting])
        action = game.rules.legal_actions(state, waiting)[0].to_json()
        act(game, users[waiting], action.pop("type"), **action)
    raise AssertionError(f"seat {seat} never got to choose an action space")


def _finish_turn(game, user, seat):
    """Answer what the action still asks (goods, bonuses...) and end the turn; a free
    step from a bonus is given up, so the figures stay where the test put them."""
    for _ in range(10):
        if _legal(game, user, seat, "end_turn"):
            return _play(game, user, seat, "end_turn")
        _, state = seen_by(game, user)
        legal = game.rules.legal_actions(state, seat)
        action = next((a for a in legal if a.type != "step"), legal[0]).to_json()
        act(game, user, action.pop("type"), **action)
    raise AssertionError("the turn never ended")


def _ana_takes_coins(game, users):
    game = _settle(game, users, 0)
    _play(game, users[0], 0, "space", space="coins")
    _play(game, users[0], 0, "die", kind="colour")
    return _settle(_finish_turn(game, users[0], 0), users, 1)


def _ben_chooses_contracts_with_his_best_die(game, ben):
    _play(game, ben, 1, "space", space="contracts")
    dice = _legal(game, ben, 1, "die")
    best = max(dice, key=lambda d: d["value"]).to_json()
    act(game, ben, best.pop("type"), **best)


def _board(client, user, game) -> str:
    client.force_login(user)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    board = page[page.index('id="board"') :]
    ends = [board.find(end) for end in ('class="choices"', 'class="since-turn"', 'class="players"')]
    return board[: min(end for end in ends if end > 0)]


def _space(board, space) -> str:
    part = board[board.index(f'data-space="{space}"') :]
    return part[: part.index("</li>")]


def _place(board, place) -> str:
    """The markup of a place on the map, up to the next place (its figures are groups)."""
    part = board[board.index(f'data-place="{place}"') :]
    ends = [part.find(end, 1) for end in ('class="mp-place"', "</svg>")]
    return part[: min(end for end in ends if end > 0)]


def _seat_row(board, seat) -> str:
    return board.split('<li class="mp-seat')[1 + seat].split("</li>")[0]


def _marked(html, label) -> bool:
    """Whether the player-board entry that starts with ``label`` ("Coins") is marked."""
    found = re.search(rf'class="([^"]*)">(?:<svg class="ic"[^>]*><use [^>]*/></svg>)?{label} <b>', html)
    return "changed" in found.group(1)


def _dice(space_html, colour) -> list[str]:
    """The classes of the dice of ``colour`` drawn on an action space."""
    return re.findall(rf'class="(mp-die mp-colour[^"]*)" style="--die: {colour};', space_html)


def test_the_die_the_other_player_placed_is_marked_and_yours_on_the_same_space_is_not(
    client, duo, ana, ben
):
    users = {0: ana, 1: ben}
    game = _ana_takes_coins(duo, users)
    _play(game, ben, 1, "space", space="coins")
    _play(game, ben, 1, "die", kind="colour")
    _finish_turn(game, ben, 1)

    board = _board(client, ana, game)
    colours = game_context(game=game, user=ana)["colours"]
    coins = _space(board, "coins")
    assert _dice(coins, colours[1]) and all("changed" in d for d in _dice(coins, colours[1]))
    assert _dice(coins, colours[0]) and not any("changed" in d for d in _dice(coins, colours[0]))
    assert not MARKED.search(_space(board, "travel"))
    assert _marked(_seat_row(board, 1), "Coins")
    assert not _marked(_seat_row(board, 0), "Coins")
    assert not _marked(_seat_row(board, 1), "Silk")

    assert not MARKED.search(_board(client, ben, game))  # Ben moved last: no news to him


def test_the_other_players_journey_marks_their_figure_and_new_trading_post_on_the_map(
    client, duo, ana, ben
):
    users = {0: ana, 1: ben}
    game = _ana_takes_coins(duo, users)
    _play(game, ben, 1, "space", space="travel")
    _play(game, ben, 1, "die", kind="colour")
    _play(game, ben, 1, "die", kind="colour")
    _play(game, ben, 1, "step", to="alexandria")
    if _legal(game, ben, 1, "stop"):  # dice of 2 or more would let him go on
        _play(game, ben, 1, "stop")
    _finish_turn(game, ben, 1)

    board = _board(client, ana, game)
    alexandria = _place(board, "alexandria")
    assert re.search(r'class="mp-figure changed"', alexandria)
    assert re.search(r'class="mp-post changed"', alexandria)
    assert 'class="mp-city-large changed"' in alexandria  # its trading post bonus is taken
    venezia = _place(board, "venezia")
    assert 'class="mp-figure"' in venezia and "changed" not in venezia  # Ana's stayed home
    assert not MARKED.search(_place(board, "moscow"))
    assert _marked(_seat_row(board, 1), "Posts left")
    assert not _marked(_seat_row(board, 0), "Posts left")


def test_a_contract_the_other_player_took_is_marked_on_their_board_and_on_the_display(
    client, duo, ana, ben
):
    users = {0: ana, 1: ben}
    game = _ana_takes_coins(duo, users)
    shown = len(game.state["contracts"])
    _ben_chooses_contracts_with_his_best_die(game, ben)
    # not the last one shown: the ones after it slide left, the ones before it stay
    position = max(
        a["position"] for a in _legal(game, ben, 1, "take_contract") if a["position"] < shown
    )
    assert position >= 2, "Ben's best die is a 1"
    _play(game, ben, 1, "take_contract", position=position)
    _play(game, ben, 1, "done")
    _finish_turn(game, ben, 1)

    board = _board(client, ana, game)
    display = board.split("Contracts on display", 1)[1].split("<h2", 1)[0]
    items = re.findall(r'<li class="([^"]*)"><span[^>]*>(\d+)\.', display)
    assert all("changed" not in cls for cls, n in items if int(n) < position)
    assert "changed" in dict((n, cls) for cls, n in items)[str(position)]
    ben_contracts = re.findall(r'<span class="(mp-row[^"]*)"[^>]*>contract ', _seat_row(board, 1))
    assert ben_contracts and "changed" in ben_contracts[-1]
    assert not re.search(r'class="mp-row changed"[^>]*>contract ', _seat_row(board, 0))


def test_the_board_marks_exactly_the_parts_named_in_the_changed_set(duo, ana):
    context = game_context(game=duo, user=ana)
    context["changed"] = {
        "round",
        "black_dice_left",
        "beijing",
        "beijing.0",
        "seats",
        "seats.1",
        "seats.1.gold",
        "seats.1.camels",
        "seats.1.vp",
        "seats.1.dice",
        "seats.1.dice.0",
    }
    board = render_to_string(context["board_template"], context)
    assert '<b class=" changed">1</b> of' in board  # the round
    assert re.search(r'Black dice left <b class=" changed">', board)
    assert re.search(r'Contract piles left <b class="">', board)
    beijing = re.findall(r'<span class="([^"]*)">\d+ VP: ', board)
    assert "changed" in beijing[0] and not any("changed" in b for b in beijing[1:])
    ben, ana_row = _seat_row(board, 1), _seat_row(board, 0)
    for label in ("Gold", "Camels", "VP"):
        assert _marked(ben, label) and not _marked(ana_row, label)
    for label in ("Coins", "Silk", "Pepper"):
        assert not _marked(ben, label)
    ben_dice = re.findall(r'class="(mp-die[^"]*)"', ben)
    assert "changed" in ben_dice[0] and not any("changed" in d for d in ben_dice[1:])


def test_a_contract_on_display_is_taken_with_one_tap_when_there_is_one_way_to_take_it(
    client, duo, ana, ben
):
    users = {0: ana, 1: ben}
    game = _ana_takes_coins(duo, users)
    _ben_chooses_contracts_with_his_best_die(game, ben)
    ways = {}
    for way in _legal(game, ben, 1, "take_contract"):
        ways.setdefault(way["position"], []).append(way)
    board = _board(client, ben, game)
    display = board.split("Contracts on display", 1)[1].split("<h2", 1)[0]
    for position, found in ways.items():
        item = re.search(
            rf'<li class="[^"]*"><span class="mp-take[^"]*"([^>]*)>{position}\.', display
        ).group(1)
        assert ("hx-post" in item) == (len(found) == 1), position
        if len(found) == 1:
            assert f'"position": {position}' in html.unescape(item)
