"""A costly move asks once more before it is sent: a Merchant Lord purchase and a
Samarkand second camel. The first post applies nothing and shows the move with Confirm
and Cancel; Confirm sends it. Plain form posts, so it works without JavaScript too."""

from __future__ import annotations

import json
import random

import pytest
from django.urls import reverse

from games.engine import registry
from games.play import tables
from tests.games.helpers import seen_by

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ASKED = "Confirm this move"


def _reached(slug: str, wanted):
    """(state, seat to act, its action) at the first state of a random two-player
    playout where the seat to act may play an action that ``wanted(state, action)``."""
    rules = registry.get(slug)
    for seed in range(50):
        state, dice = rules.setup(2, {}, seed), random.Random(seed)
        for _ in range(400):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_act(state)[0]
            actions = rules.legal_actions(state, seat)
            found = [a for a in actions if wanted(state, a)]
            if found:
                return state, seat, found[0]
            state, _ = rules.apply(state, seat, dice.choice(actions))
    raise AssertionError(f"no {slug} playout reached the move")


def _table(slug, ana, ben, state):
    """Ana in seat 0, Ben in seat 1, the game at ``state``."""
    game = tables.game_create(creator=ana, game=slug, players=2, random_seat_order=False)
    tables.game_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    game.state = state
    game.save(update_fields=["state"])
    return game


def _post(client, game, user, action, confirmed=False, **headers):
    client.force_login(user)
    data = {"action": json.dumps(action.to_json()), "version": str(seen_by(game, user)[0])}
    if confirmed:
        data["confirmed"] = "1"
    return client.post(reverse("games:act", args=[game.pk]), data, **headers)


def test_buying_a_merchant_card_asks_first_and_the_confirmation_sends_it(client, ana, ben):
    state, seat, buy = _reached("merchant-lord", lambda state, a: a.type == "buy")
    game = _table("merchant-lord", ana, ben, state)
    buyer = (ana, ben)[seat]
    before = seen_by(game, buyer)

    asked = _post(client, game, buyer, buy)  # no JavaScript: a whole page that asks
    page = asked.content.decode()
    assert asked.status_code == 200 and ASKED in page
    assert buy.label in page  # "Buy Grain Factor (5 coins)"
    assert 'name="confirmed" value="1"' in page
    assert f'href="{reverse("games:game", args=[game.pk])}"' in page  # Cancel
    game.refresh_from_db()
    assert seen_by(game, buyer) == before  # nothing bought yet

    fragment = _post(client, game, buyer, buy, **HTMX).content.decode()
    assert fragment.lstrip().startswith('<section id="play"') and ASKED in fragment
    assert "ml-card tip-host ml-chosen" in fragment  # the card asked about stands out on the board

    sent = _post(client, game, buyer, buy, confirmed=True)
    assert sent.status_code == 302
    game.refresh_from_db()
    assert seen_by(game, buyer)[0] == before[0] + 1
    assert buy not in registry.get("merchant-lord").legal_actions(seen_by(game, buyer)[1], seat)


def test_a_move_that_costs_nothing_is_sent_at_once(client, ana, ben):
    state, seat, done = _reached("merchant-lord", lambda state, a: a.type == "done")
    game = _table("merchant-lord", ana, ben, state)
    player = (ana, ben)[seat]
    version = seen_by(game, player)[0]
    assert _post(client, game, player, done).status_code == 302
    game.refresh_from_db()
    assert seen_by(game, player)[0] == version + 1


def test_samarkand_asks_before_the_paid_second_camel_not_the_first(client, ana, ben):
    state, seat, first = _reached(
        "samarkand", lambda state, a: a.type == "place" and not state["placed"]
    )
    game = _table("samarkand", ana, ben, state)
    player = (ana, ben)[seat]
    version = seen_by(game, player)[0]
    response = _post(client, game, player, first)
    assert response.status_code == 302, response.content.decode()[:500]
    game.refresh_from_db()
    assert seen_by(game, player)[0] == version + 1

    state, seat, second = _reached(
        "samarkand", lambda state, a: a.type == "place" and len(state["placed"]) == 1
    )
    game = _table("samarkand", ana, ben, state)
    player = (ana, ben)[seat]
    version = seen_by(game, player)[0]
    page = _post(client, game, player, second, **HTMX).content.decode()
    assert ASKED in page and "second" in page and "treasury" in page
    game.refresh_from_db()
    assert seen_by(game, player)[0] == version
    assert _post(client, game, player, second, confirmed=True, **HTMX).status_code == 200
    game.refresh_from_db()
    assert seen_by(game, player)[0] == version + 1
