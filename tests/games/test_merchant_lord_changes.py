"""Merchant Lord, since your last turn: the pieces the other player changed are marked on
the drawn board (a filled stall, a closed village, a number, a row card), and nothing else.

Ben's sales are steps he may take back until his turn passes on, so Ana sees them (and
they are marked) once Ben's turn is over. The games are dealt from a seed chosen so that
Ben can sell twice in round 2: first at Ana's village, then at one of his own."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.engine import registry
from games.play import tables
from games.read import game_page
from tests.games.helpers import act

pytestmark = pytest.mark.django_db

SLUG = "merchant-lord"
VILLAGE_NAMES = ("1-6", "2-5", "3-4")


def _first(rules, state, seat, type_, **params):
    return next(
        a
        for a in rules.legal_actions(state, seat)
        if a.type == type_ and all(a[k] == v for k, v in params.items())
    )


def _ben_sells_twice_in_round_two() -> tuple[int, int, int]:
    """(seed, Ana's village Ben sells at, Ben's own village he sells at next), for the
    first seed where both players ending round 1 at once lets that happen."""
    rules = registry.get(SLUG)
    for seed in range(2000):
        state = rules.setup(2, {}, seed)
        for seat in (0, 1):
            state, _ = rules.apply(state, seat, _first(rules, state, seat, "end_turn"))
        assert state["round"] == 2 and rules.to_act(state) == (1,)
        for first in rules.legal_actions(state, 1):
            if first.type != "sell" or first["owner"] != 0:
                continue
            after, _ = rules.apply(state, 1, first)
            for second in rules.legal_actions(after, 1):
                if second.type == "sell" and second["owner"] == 1:
                    return seed, first["village"], second["village"]
    raise AssertionError("no seed lets Ben sell twice in round 2")


@pytest.fixture
def dealt(ana, ben):
    """A two-player table, Ana in seat 0, dealt from the seed found above; round 1 is
    over (both ended their turn) and Ben, the start player, is selling in round 2."""
    seed, at_ana, at_ben = _ben_sells_twice_in_round_two()
    game = tables.game_create(creator=ana, game=SLUG, players=2, random_seat_order=False)
    tables.game_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    game.seed = seed
    game.state = game.rules.setup(2, {}, seed)
    game.save(update_fields=["seed", "state"])
    act(game, ana, "end_turn")
    act(game, ben, "end_turn")
    return game, at_ana, at_ben


def _page(client, user, game) -> str:
    client.force_login(user)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    board = page[page.index('id="board"') :]
    return board[: board.index('class="ml-legend"')]


def _seat(board: str, number: int) -> str:
    start = board.index(f'<section class="ml-seat seat-colour-{number}')
    return board[start : board.index("</section>", start)]


def _village(seat: str, index: int) -> str:
    """One village of a seat: its name and its stalls."""
    for part in seat.split('<li class="ml-village')[1:]:
        if re.search(rf'class="ml-vname[^"]*">{VILLAGE_NAMES[index]}', part):
            return part
    raise AssertionError(f"no village {VILLAGE_NAMES[index]}")


def _stall_marks(village: str) -> list[bool]:
    return ["changed" in c.split() for c in re.findall(r'<li class="(ml-stall[^"]*)"', village)]


def _name_marked(village: str) -> bool:
    return "changed" in re.search(r'class="(ml-vname[^"]*)"', village).group(1).split()


def _number_marked(seat: str, what: str) -> bool:
    """Whether the number before ``what`` ("coins", "favours", "in hand") is marked."""
    b_class = re.search(rf'<b class="([^"]*)">\d+</b>(?:/\d+)? {what}<', seat).group(1)
    return "changed" in b_class.split()


def _row_marks(board: str) -> list[bool]:
    row = board[board.index('aria-label="Merchant row"') : board.index('class="ml-seats"')]
    return ["changed" in c.split() for c in re.findall(r'<li class="(ml-card[^"]*)"', row)]


def test_a_sale_at_your_village_marks_its_filled_stalls_and_both_players_coins(
    client, ana, ben, dealt
):
    game, at_ana, at_ben = dealt
    game = act(game, ben, "sell", owner=0, village=at_ana)
    game = act(game, ben, "sell", owner=1, village=at_ben)  # no dice left: the turn passes
    assert game.rules.to_act(game.state) == (0,)

    board = _page(client, ana, game)
    mine, his = _seat(board, 0), _seat(board, 1)
    sold_at = _village(mine, at_ana)
    assert _name_marked(sold_at), "the village closed by Ben's goods"
    assert all(_stall_marks(sold_at)), "every stall of it holds one of Ben's dice now"
    assert _number_marked(mine, "coins"), "a sale at your village pays you too"
    assert _number_marked(his, "coins") and _number_marked(his, "favours")
    assert all(_stall_marks(_village(his, at_ben))) and _name_marked(_village(his, at_ben))
    assert 'class="ml-start changed"' in his, "Ben starts round 2"

    for index in set(range(3)) - {at_ana}:
        assert not any(_stall_marks(_village(mine, index))) and not _name_marked(
            _village(mine, index)
        )
    for index in set(range(3)) - {at_ben}:
        assert not any(_stall_marks(_village(his, index)))
    assert not _number_marked(mine, "favours"), "Ana's favours came from her own move"
    assert not any(_row_marks(board)), "nobody bought a card"
    assert not _number_marked(his, "in hand")


def test_a_bought_card_marks_the_buyers_coins_and_hand_and_the_row_from_that_card_on(
    client, ana, ben, dealt
):
    game, at_ana, at_ben = dealt
    game = act(game, ben, "sell", owner=0, village=at_ana)
    game = act(game, ben, "sell", owner=1, village=at_ben)
    game = act(game, ana, "end_turn")  # Ana's last move: buying comes next, Ben first
    bought = game.state["row"][1]
    game = act(game, ben, "buy", card=bought)  # 1 coin left, Ana has 3: buying is over
    assert game.state["round"] == 3 and game.rules.to_act(game.state) == (0,)

    board = _page(client, ana, game)
    mine, his = _seat(board, 0), _seat(board, 1)
    assert _number_marked(his, "coins") and _number_marked(his, "in hand")
    assert _row_marks(board) == [False, True, True], "the first card did not move"
    assert re.search(r'Deck <b class=" changed">', board), "the row was refilled from it"
    assert re.search(r'Round <b class=" changed">3<', board)
    assert 'class="ml-start changed"' in mine, "Ana starts round 3"
    assert _name_marked(_village(mine, at_ana)) and _name_marked(_village(his, at_ben))
    assert not any(_stall_marks(_village(mine, (at_ana + 1) % 3)))
    assert not _number_marked(mine, "coins") and not _number_marked(mine, "favours")


def test_nothing_is_marked_for_the_player_who_moved_last(client, ana, ben, dealt):
    game, at_ana, at_ben = dealt
    game = act(game, ben, "sell", owner=0, village=at_ana)
    game = act(game, ben, "sell", owner=1, village=at_ben)
    assert "changed" not in _page(client, ben, game)


def test_each_drawn_piece_carries_the_mark_of_its_own_path_in_the_view():
    rules = registry.get(SLUG)
    state = rules.setup(2, {}, 3)
    view = rules.view(state, 0)
    view["final"] = 1
    marks = {
        "deck_count",
        "final",
        "row.2",
        "seats.1.is_start",
        "seats.1.table_cards",
        "seats.1.dice_count",
        "seats.1.dice",
        "seats.1.villages.2.open",
        "seats.1.villages.2.stalls.1",
    }
    view["seats"][1]["is_start"] = True
    html = render_to_string(
        game_page.board_templates(SLUG)["board_template"],
        {
            "view": view,
            "seat": 0,
            "names": ["ana", "ben"],
            "choices": [],
            "choices_by_type": game_page.group_choices([]),
            "changed": frozenset(marks),
        },
    )
    his = _seat(html, 1)
    assert re.search(r'Deck <b class=" changed">', html)
    assert 'class="ml-last changed"' in html
    assert _row_marks(html) == [False, False, True]
    assert 'class="ml-start changed"' in his
    assert _number_marked(his, "dice") and re.search(r'<b class=" changed">3</b>/9 cards', his)
    assert not _number_marked(his, "coins") and not _number_marked(his, "favours")
    assert 'class="ml-dice ml-small changed"' in his
    assert _name_marked(_village(his, 2)) and _stall_marks(_village(his, 2)) == [False, True]
    assert not any(_stall_marks(_village(his, 0)))
    assert "changed" not in _seat(html, 0)
