"""Marco Polo on the site: its table, its drawn board, its composer and its hidden goals."""

import html
import json
import re

import pytest
from django.urls import reverse

from games import engine
from games.models import Game
from games.play import tables
from tests.factories import UserFactory
from tests.games.helpers import act, seen_by


def tables_act(table, user, action):
    data = action.to_json()
    act(table, user, data.pop("type"), **data)


pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def trio(ana, ben, cy):
    table = tables.game_create(
        creator=ana, game="marco-polo", players=3, public=True, random_seat_order=False
    )
    for user in (ben, cy):
        tables.game_join(game_id=table.pk, user=user, invite_code=table.invite_code)
    table.refresh_from_db()
    return table


def goal_labels(table, seat):
    view = engine.get("marco-polo").view(table.state, seat)
    return [goal["label"] for goal in view["goals"]]


def test_marco_polo_is_a_site_game_with_its_expert_option():
    assert "marco-polo" in engine.slugs()
    options = {o.name for o in engine.get("marco-polo").options}
    assert "expert" in options


def test_a_marco_polo_table_can_be_opened_with_the_expert_variant(ana):
    table = tables.game_create(creator=ana, game="marco-polo", players=2, options={"expert": "on"})
    assert Game.objects.get(pk=table.pk).game == "marco-polo"


def test_the_rules_page_shows_the_open_decisions(client):
    page = client.get(reverse("games:rules", args=["marco-polo"]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Decisions the rulebook leaves open" in text
    assert "Travel and trading posts" in text and "Characters" in text


def test_a_seat_sees_the_drawn_map_and_only_its_own_goal_cards(client, trio, ana):
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    assert 'class="mp-map"' in page and "Beijing" in page and "Venezia" in page
    for label in goal_labels(trio, 0):
        assert label in page
    for seat in (1, 2):
        for label in goal_labels(trio, seat):
            if label not in goal_labels(trio, 0):
                assert label not in page
    assert "mp-goal-ring" in page


def test_a_spectator_sees_the_board_but_no_goal_cards(client, trio):
    client.force_login(UserFactory())
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    assert 'class="mp-map"' in page
    for seat in range(3):
        for label in goal_labels(trio, seat):
            assert label not in page
    assert 'class="mp-goal-ring"' not in page


def board_targets(page):
    """The action JSON of every clickable element drawn on the board."""
    board = page.split('id="board"', 1)[1].split('class="choices"', 1)[0]
    found = re.findall(r'hx-vals="([^"]+)"', board)
    return [json.loads(json.loads(html.unescape(v))["action"]) for v in found]


def seat_choosing_a_space(table, users):
    """Settle the round's opening choices (compensation) until a seat may choose a space."""
    rules = engine.get("marco-polo")
    for _ in range(10):
        for seat, user in enumerate(users):
            legal = rules.legal_actions(table.state, seat)
            space = next((a for a in legal if a.type == "space"), None)
            if space is not None:
                return seat, user, space
            if legal:
                tables_act(table, user, legal[0])
                table.refresh_from_db()
    raise AssertionError("nobody may choose an action space")


def test_the_composers_targets_are_legal_actions(client, trio, ana, ben, cy):
    seat, user, _ = seat_choosing_a_space(trio, [ana, ben, cy])
    client.force_login(user)
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    targets = board_targets(page)
    assert any(t["type"] == "space" for t in targets)
    rules = engine.get("marco-polo")
    legal = [a.to_json() for a in rules.legal_actions(trio.state, seat)]
    for target in targets:
        assert target in legal


def test_choosing_an_action_space_lights_up_the_dice_for_it(client, trio, ana, ben, cy):
    seat, user, space = seat_choosing_a_space(trio, [ana, ben, cy])
    client.force_login(user)
    response = client.post(
        reverse("games:act", args=[trio.pk]),
        {"action": json.dumps(space.to_json()), "version": trio.version},
        **HTMX,
    )
    assert response.status_code == 200
    trio.refresh_from_db()
    _, state = seen_by(trio, user)  # the step can still be taken back: only its seat sees it
    assert state["turn"]["step"] == "dice"
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    assert "Composing" in page
    targets = board_targets(page)
    assert any(t["type"] == "die" for t in targets)
    legal = [a.to_json() for a in engine.get("marco-polo").legal_actions(state, seat)]
    assert all(target in legal for target in targets)


def test_an_expert_table_shows_its_character_draft_and_goal_offer_to_the_seat(client, ana, ben):
    table = tables.game_create(
        creator=ana,
        game="marco-polo",
        players=2,
        options={"expert": "on"},
        random_seat_order=False,
    )
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    table.refresh_from_db()
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[table.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Expert variant" in text and 'class="mp-map"' in text
    assert "Goal cards offered to you" in text
    for goal in engine.get("marco-polo").view(table.state, 1)["goal_offer"]:
        if goal["label"] not in [g["label"] for g in rules_view(table, 0)["goal_offer"]]:
            assert goal["label"] not in text


def rules_view(table, seat):
    return engine.get("marco-polo").view(table.state, seat)


def test_the_travel_planner_shows_the_posts_a_trip_places_and_niccolos_two_figures(
    client, trio, ana
):
    from games.engine.marco_polo import scenario as sc

    state = trio.state
    state["seats"][0]["character"] = "niccolo"
    sc.figure(state, 0, "venezia", "moscow")
    trio.state = state
    trio.save(update_fields=["state"])
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    planner = page.split('id="mp-planner"', 1)[1].split("</details>", 1)[0]
    assert "Figure 1, from Venezia:" in planner and "Figure 2, from Moscow:" in planner
    assert "basic cost of all the steps together" in planner
    assert "new trading post: Anxi" in planner
    assert planner.count('id="mp-plan-anxi"') == 1  # the map's link leads to one entry
    assert "Two new posts in one move, cheapest first" in planner
    assert "Figure 1 to <b>" in planner and "Figure 2 to <b>" in planner


def test_the_travel_planner_says_how_far_your_dice_reach_and_greys_out_the_rest(client, trio, ana):
    from games.engine.marco_polo import scenario as sc

    state = trio.state
    sc.set_dice(state, 0, [2, 4, 1, 1, 1])
    trio.state = state
    trio.save(update_fields=["state"])
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    planner = page.split('id="mp-planner"', 1)[1].split("</details>", 1)[0]
    assert "Your dice reach 2 steps" in planner
    anxi = planner.split('id="mp-plan-anxi"', 1)[1].split("</li>", 1)[0]
    assert 'class="mp-plan-far"' in anxi and "(beyond your dice)" in anxi


def test_the_rules_open_beside_the_board_as_a_fragment_and_as_a_page_without_javascript(
    client, trio, ana
):
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[trio.pk])).content.decode()
    rules_url = reverse("games:rules", args=["marco-polo"])
    assert f'href="{rules_url}"' in page and 'id="rules-panel"' in page
    fragment = client.get(rules_url, **HTMX).content.decode()
    assert fragment.startswith('<div id="rules-body">') and "<html" not in fragment
    assert "Decisions the rulebook leaves open" in fragment
    whole = client.get(rules_url).content.decode()
    assert "<html" in whole and 'id="rules-body"' in whole
