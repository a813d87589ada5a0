"""Merchants of Araby on the site: its table options, its drawn board as a player sees it
(their own hand with costs, the others' hand sizes only, caravans with camels, the draft
line, the legal targets), its rules page, and tents that stay closed to everyone else."""

import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import engine
from games.engine import LogEntry
from games.engine.contract import fill_names
from games.engine.merchants_of_araby import data
from games.errors import InvalidInput
from games.models import Game
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import play_randomly

pytestmark = pytest.mark.django_db
SLUG = "merchants-of-araby"
CSRF = r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+'


@pytest.fixture
def trio(ana, ben, cy):
    table = tables.game_create(creator=ana, game=SLUG, players=3, random_seat_order=False)
    for user in (ben, cy):
        tables.game_join(game_id=table.pk, user=user, invite_code=table.invite_code)
    table.refresh_from_db()
    return table


def page_of(client, game) -> str:
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    return re.sub(CSRF, r"\1", page)


def board_of(page: str) -> str:
    return page.split('<div id="board"', 1)[1].split('<div class="choices"', 1)[0]


def edit(game, change) -> None:
    state = game.state
    change(state)
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()


def test_merchants_of_araby_can_be_opened_for_two_to_five_with_caravan_stacks(client, ana):
    assert SLUG in engine.slugs()
    client.force_login(ana)
    form = client.get(reverse("games:create") + f"?game={SLUG}").content.decode()
    assert 'name="option_stacks"' in form and "Caravan stacks" in form
    for stacks in range(4, 11):
        assert f'value="{stacks}"' in form
    table = tables.game_create(creator=ana, game=SLUG, players=3, options={"stacks": "6"})
    assert table.options["stacks"] == "6"
    assert (engine.get(SLUG).min_players, engine.get(SLUG).max_players) == (2, 5)


def test_more_caravan_stacks_than_the_players_have_cards_for_is_refused_at_once(ana):
    with pytest.raises(InvalidInput, match="at most 4 caravan stacks"):
        tables.game_create(creator=ana, game=SLUG, players=5, options={"stacks": "5"})
    assert not Game.objects.filter(game=SLUG).exists()


def test_the_new_table_form_says_why_too_many_stacks_are_refused(client, ana):
    client.force_login(ana)
    answer = client.post(
        reverse("games:create") + f"?game={SLUG}",
        {
            **{f"option_{o.name}": o.default for o in engine.get(SLUG).options},
            "game": SLUG,
            "players": "5",
            "option_stacks": "10",
            "seat_order": "random",
        },
    )
    assert answer.status_code in (200, 400)
    assert "at most 4 caravan stacks" in answer.content.decode()
    assert not Game.objects.filter(game=SLUG).exists()


def test_my_hand_shows_each_card_with_its_cost_and_discard_icons(client, trio, ana):
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    assert 'class="moa merchants-of-araby"' in board
    assert "Your hand: 5 cards" in board
    for card_id in trio.state["hands"][0]:
        card = data.CARDS[card_id]
        assert card["name"] in board
        assert data.effect_text(card_id) in board
    assert board.count('class="moa-units-label">Cost<') >= 5
    assert board.count('class="moa-units-label">Discard for<') >= 5


def test_the_others_hands_show_as_counts_only(client, trio, ana):
    edit(trio, lambda s: s["hands"][1].extend(s["deck"][:2]))
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    assert "7 cards in hand" in board and "5 cards in hand" in board
    assert board.count("Your hand") == 1


def test_each_caravan_is_a_grid_of_products_with_the_camels_on_it(client, trio, ana):
    def camels(state):
        state["caravans"][1] = {"card": state["stacks"][0][0], "spaces": [-1] * 9}
        state["caravans"][1]["spaces"][4] = 2
        state["camels"][2] -= 1

    edit(trio, camels)
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    assert board.count('class="moa-grid"') == 2  # cy takes a caravan when their turn comes
    assert "Your caravan" in board and "ben's caravan" in board and "cy's caravan" in board
    assert "No caravan now." in board
    assert board.count('class="moa-camel seat-colour-2"') == 1
    assert "camel of cy" in board
    assert "4 camels left" in board and "5 camels left" in board
    product = data.PRODUCT_NAMES[data.GRIDS[trio.state["caravans"][1]["card"]][4]]
    assert f"Space 5: {product}, camel of cy" in re.sub(r"\s+", " ", board)


def test_the_draft_line_shows_its_cards_face_up(client, trio, ben):
    client.force_login(ben)
    board = board_of(page_of(client, trio))
    draft = board.split('id="moa-draft-title"', 1)[1].split('id="moa-merchants-title"', 1)[0]
    for card_id in trio.state["draft"]:
        assert data.name(card_id) in draft


def test_my_targets_are_the_spaces_my_products_fit_and_my_untasked_cards(client, trio, ana):
    product = data.GRIDS[trio.state["caravans"][0]["card"]][0]
    edit(trio, lambda s: s["products"][0].update({product: 1}))
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    fitting = [
        i for i, p in enumerate(data.GRIDS[trio.state["caravans"][0]["card"]]) if p == product
    ]
    name = data.PRODUCT_NAMES[product]
    targets = re.findall(r'class="moa-space moa-p-\w+ target[^"]*"[^>]*aria-label="([^"]+)"', board)
    assert sorted(targets) == sorted(
        f"Put a camel with {name} on space {i + 1} of your caravan" for i in fitting
    )
    # A persona that makes a product is a target; tasked, it is turned and is not.
    assert "Tap to task it" in board
    edit(trio, lambda s: s["tasked"][0].extend(s["entourage"][0]))
    board = board_of(page_of(client, trio))
    assert "Tap to task it" not in board and "moa-tasked" in board


def test_a_seat_waiting_for_its_turn_may_task_but_has_no_camel_or_draft_targets(client, trio, ben):
    client.force_login(ben)
    board = board_of(page_of(client, trio))
    assert "Tap to task it" in board  # tasking is legal on any turn
    caravans_and_draft = board.split('id="moa-merchants-title"', 1)[0]
    assert 'class="moa-space moa-p-' in caravans_and_draft
    assert not re.findall(r'class="[^"]*\btarget\b', caravans_and_draft)


def test_drafting_makes_the_draft_cards_the_targets(client, trio, ana):
    edit(trio, lambda s: s.update(phase="draft"))
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    draft = board.split('id="moa-draft-title"', 1)[1].split('id="moa-merchants-title"', 1)[0]
    assert draft.count("Tap to take it") == len(set(trio.state["draft"]))
    assert 'aria-label="Take ' in draft


def test_a_card_i_can_pay_for_opens_on_its_ways_to_pay(client, trio, ana):
    def rich(state):
        state["hands"][0] = ["d01"]  # Djinn of Magics: 1 coin
        state["coins"][0] = 3

    edit(trio, rich)
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    hand = board.split('id="moa-hand-title"', 1)[1]
    assert '<details class="moa-play">' in hand and "Play Djinn of Magics" in hand
    assert 'data-action-type="play"' in hand  # a plain form post, HTMX or not


def test_the_rules_page_says_the_cards_are_original_and_how_the_board_works(client):
    page = client.get(reverse("games:rules", args=[SLUG]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "original design" in text
    assert "The board" in text


# --- hidden information -------------------------------------------------------------------


def _seen(client, game):
    page = page_of(client, game)
    api = client.get(f"/api/games/{game.pk}").json()
    return page, api


def _start(ana, ben, moves, seed):
    table = tables.game_create(creator=ana, game=SLUG, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    return play_randomly(table, {0: ana, 1: ben}, random.Random(seed), moves)


def _hide_differently(state):
    """Seat 1's tent, hand and the deck below its top card change; nothing public does."""
    state["coins"][1] += 57
    state["bank"] -= 57
    state["hands"][1], state["deck"][: len(state["hands"][1])] = (
        state["deck"][: len(state["hands"][1])],
        state["hands"][1],
    )
    top = state["deck"].pop()
    state["deck"].reverse()
    state["deck"].append(top)


@pytest.mark.parametrize("moves", [0, 9, 30])
def test_seat_zero_never_sees_seat_ones_coins_or_cards(moves, ana, ben):
    game = _start(ana, ben, moves, seed=moves)
    if game.status != Game.Status.ACTIVE or game.state["pending"]:
        pytest.skip("a random game ended or waits on a choice here")
    client = Client()
    client.force_login(ana)
    before = _seen(client, game)
    assert before[1]["view"]["seats"][1]["coins"] is None
    assert before[1]["view"]["bank"] is None
    edit(game, _hide_differently)
    after = _seen(client, game)
    assert before[1] == after[1]
    assert before[0] == after[0]


def test_no_page_shows_another_tents_coins(trio, ana):
    coins = {0: 13, 1: 71, 2: 89}
    edit(trio, lambda s: s.update(coins=[coins[0], coins[1], coins[2]]))
    client = Client()
    client.force_login(ana)
    board = board_of(page_of(client, trio))
    assert "<b>13</b> coins" in board
    assert board.count("coins hidden in the tent") == 2
    api = json.dumps(client.get(f"/api/games/{trio.pk}").json()["view"])
    assert "71" not in api and "89" not in api
    watcher = Client()
    watcher.force_login(UserFactory(username="watcher"))
    assert board_of(page_of(watcher, trio)).count("coins hidden in the tent") == 3


def test_private_lines_of_the_log_stay_private(ana, ben):
    game = _start(ana, ben, moves=40, seed=3)
    client = Client()
    client.force_login(ana)
    page, api = _seen(client, game)
    secrets = set()
    for move in game.moves.all():
        for entry_data in move.log:
            entry = LogEntry.from_json(entry_data)
            private = entry.for_viewer(1)
            if private != entry.text and private != entry.for_viewer(0):
                secrets.add(fill_names(private, ["ana", "ben"]))
    for secret in secrets:
        assert secret not in json.dumps(api)
        assert secret not in page
