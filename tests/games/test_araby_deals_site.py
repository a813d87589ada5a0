"""Merchants of Araby's negotiation on the site: the deals panel (every term, secret coins,
promises, counters, standing orders and their switched-off reasons), the announced end of
a turn with its window for open offers, and reaction windows that pass on a timeout."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.engine import registry
from games.models import Game
from games.play import tables, turn_closing
from games.web.live_views import PULSE_HEADER
from tests.games.helpers import act

pytestmark = pytest.mark.django_db
RULES = registry.get("merchants-of-araby")
SLUG = "merchants-of-araby"


@pytest.fixture
def araby(ana, ben):
    """A two-player game: Ana (seat 0) has the turn and a caravan; 3 coins each."""
    table = tables.game_create(creator=ana, game=SLUG, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    table.refresh_from_db()
    return table


def product_of(game, seat: int) -> str:
    """A product ``seat`` can make now (its personas produce from the start)."""
    bounds = RULES.deal_terms(game.state, seat).give["products"]
    return next(p for p, most in bounds.items() if most > 0)


def page_of(user, game) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse("games:game", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def panel(html: str) -> str:
    """The deals panel of a page (the board may well mention coins by itself)."""
    start = html.find('<section class="deals"')
    return html[start : html.find("</section>", start)] if start >= 0 else ""


def post_deal(user, game, **fields):
    client = Client()
    client.force_login(user)
    game.refresh_from_db()
    data = {"version": game.version, **{k.replace("_", "-"): v for k, v in fields.items()}}
    return client.post(reverse("games:deal", args=[game.pk]), data)


def api_game(user, game) -> dict:
    client = Client()
    client.force_login(user)
    return client.get(f"/api/games/{game.pk}").json()


def offer_page_of(user, game) -> str:
    """The trade composer as a page of its own (as a reader without scripts opens it)."""
    client = Client()
    client.force_login(user)
    response = client.get(reverse("games:offer_form", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_composer_has_a_stepper_for_everything_the_player_holds(araby, ana):
    page = offer_page_of(ana, araby)
    state = araby.state
    assert 'name="deal-give-coins-coin"' in page  # coins, up to what the tent holds
    for card in state["hands"][0]:
        assert f'name="deal-give-cards-{card}"' in page
    assert 'name="deal-give-permits-invest"' in page and 'name="deal-give-permits-unlock"' in page
    assert 'name="deal-give-products-' in page  # made on the spot by an untasked producer
    assert "secret: other players only read “some coins”" in page
    assert 'name="deal-note"' in page and "not enforced" in page
    assert 'value="anyone"' in page  # standing orders


def test_an_offer_with_a_promise_posts_without_scripts(araby, ana, ben, cy):
    bens_product = product_of(araby, 1)
    response = post_deal(
        ana,
        araby,
        deal_to="1",
        deal_give_coins_coin="2",
        deal_note="I will let you invest next turn",
        **{f"deal_get_products_{bens_product}": "1"},
    )
    assert response.status_code == 302
    araby.refresh_from_db()
    (deal,) = araby.state["deals"]
    assert deal["give"] == {"coins": ["coin", "coin"]} and deal["note"]
    bens = page_of(ben, araby)
    assert "Offers to you" in bens and "you get 2 coins" in bens
    assert "promise, not enforced" in bens and "I will let you invest next turn" in bens
    assert "Your offers" in page_of(ana, araby)
    # An onlooker learns that some coins are offered, never how many, nor the promise.
    shown = (
        panel(page_of(cy, araby)),
        panel(page_of(None, araby)),
        json.dumps(api_game(cy, araby)["deals"]),
    )
    for outsider in shown:
        assert "some coins" in outsider
        assert "2 coins" not in outsider and "invest next turn" not in outsider


def test_an_offers_htmx_answer_shows_it_and_names_its_pulse(araby, ana):
    client = Client()
    client.force_login(ana)
    data = {"version": araby.version, "deal-to": "1", "deal-give-coins-coin": "1"}
    answer = client.post(
        reverse("games:deal", args=[araby.pk]), data, headers={"HX-Request": "true"}
    )
    assert answer.status_code == 200 and "Your offers" in answer.content.decode()
    assert answer[PULSE_HEADER]  # the offering page need not ask about its own offer


def test_an_offer_to_counter_opens_the_composer_in_place(araby, ana, ben):
    """The composer is otherwise loaded when opened; one that opens by itself is drawn."""
    product = product_of(araby, 1)
    post_deal(
        ana, araby, deal_to="1", deal_give_coins_coin="1", **{f"deal_get_products_{product}": "1"}
    )
    bens = panel(page_of(ben, araby))
    assert '<details class="deal-form" open>' in bens
    assert "Counter an offer or propose a trade" in bens and "data-composer" in bens
    assert 'name="deal-answers"' in bens and "offer 1:" in bens
    assert "Open the trade form" not in bens


def test_a_counter_offer_names_the_offer_it_answers_and_can_be_accepted(araby, ana, ben):
    product = product_of(araby, 1)
    post_deal(
        ana, araby, deal_to="1", deal_give_coins_coin="1", **{f"deal_get_products_{product}": "1"}
    )
    response = post_deal(
        ben,
        araby,
        deal_to="0",
        deal_answers="1",
        deal_get_coins_coin="2",
        **{f"deal_give_products_{product}": "1"},
    )
    assert response.status_code == 302
    araby.refresh_from_db()
    (counter,) = araby.state["deals"]
    assert counter["answers"] == 1 and counter["from"] == 1
    assert "a counter-offer to offer 1" in page_of(ana, araby)
    act(araby, ana, "accept", offer=counter["id"])
    assert araby.state["coins"] == [1, 5]
    assert araby.state["products"][0] == {product: 1}
    history = page_of(ana, araby)
    assert "Deal history" in history and "accepted" in history


def test_a_standing_order_is_taken_while_its_owner_is_away(araby, ana, ben):
    product = product_of(araby, 0)
    response = post_deal(
        ana,
        araby,
        deal_to="anyone",
        deal_uses="2",
        deal_get_coins_coin="1",
        **{f"deal_give_products_{product}": "1"},
    )
    assert response.status_code == 302
    bens = page_of(ben, araby)
    assert "Standing orders" in bens and ">Take</button>" in bens
    act(araby, ben, "accept", offer=1)  # Ana has no page open: the engine carries it out
    assert araby.state["coins"] == [4, 2] and araby.state["products"][1] == {product: 1}
    (order,) = araby.state["deals"]
    assert order["uses"] == 1


def test_a_switched_off_standing_order_tells_its_reason_to_its_owner_alone(araby, ana, ben, cy):
    product = product_of(araby, 1)
    post_deal(
        ana,
        araby,
        deal_to="anyone",
        deal_give_coins_coin="3",
        **{f"deal_get_products_{product}": "1"},
    )
    post_deal(ana, araby, deal_to="1", deal_give_coins_coin="1")  # a gift…
    act(araby, ben, "accept", offer=2)  # …that leaves too few coins for the standing order
    araby.refresh_from_db()
    assert not any(d["standing"] for d in araby.state["deals"])
    anas = page_of(ana, araby)
    assert "Your standing order was switched off: You do not have that many coins." in anas
    for other in (panel(page_of(ben, araby)), panel(page_of(cy, araby))):
        assert "standing order was switched off: it can no longer be honoured" in other
        assert "do not have that many coins" not in other


def test_a_bad_promise_or_offer_is_a_clear_400(araby, ana):
    assert post_deal(ana, araby, deal_to="1", deal_give_coins_coin="9").status_code == 400
    long_note = {"deal_note": "x" * 201}
    response = post_deal(ana, araby, deal_to="1", deal_give_coins_coin="1", **long_note)
    assert response.status_code == 400
    araby.refresh_from_db()
    assert araby.state["deals"] == []


# --- the announced end of the turn --------------------------------------------------------


def open_offer(araby, ana):
    product = product_of(araby, 1)
    post_deal(
        ana, araby, deal_to="1", deal_give_coins_coin="1", **{f"deal_get_products_{product}": "1"}
    )
    araby.refresh_from_db()


def test_with_offers_open_the_active_player_may_announce_the_end_of_the_turn(araby, ana):
    assert not any(a.type == "announce_end" for a in RULES.legal_actions(araby.state, 0))
    open_offer(araby, ana)
    assert any(a.type == "announce_end" for a in RULES.legal_actions(araby.state, 0))
    assert "Announce the end of your turn" in page_of(ana, araby)


@pytest.fixture
def queued(monkeypatch):
    """The tasks queued to end announced turns: (args, eta), instead of running them."""
    from games import tasks

    found = []
    monkeypatch.setattr(
        tasks.close_announced_turn,
        "apply_async",
        lambda args, eta=None, **_: found.append((tuple(args), eta)),
    )
    return found


def test_announcing_opens_a_window_then_the_turn_ends_by_itself(
    araby, ana, ben, sent, queued, django_capture_on_commit_callbacks
):
    open_offer(araby, ana)
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        act(araby, ana, "announce_end")
    (closing,) = [e for e in sent if e.name == "turn_closing"]
    assert queued == [((araby.pk, 0, closing.epoch), timezone.datetime.fromisoformat(closing.due))]
    window = RULES.closing_seconds(araby.options)
    assert window == 120  # the table's default
    due = timezone.datetime.fromisoformat(closing.due)
    assert (
        before + timedelta(seconds=window - 5) <= due <= timezone.now() + timedelta(seconds=window)
    )
    assert "announced the end of the turn" in page_of(ben, araby)
    # The active player may only end the turn now; the offer may still be accepted.
    assert [a.type for a in RULES.legal_actions(araby.state, 0) if a.type != "withdraw"] == [
        "end_turn"
    ]
    act(araby, ben, "accept", offer=1)
    assert araby.state["coins"] == [2, 4]
    # The window ends: the turn ends through the write path, once.
    assert turn_closing.close_turn(araby.pk, closing.seat, closing.epoch)
    araby.refresh_from_db()
    assert araby.state["phase"] == "draft" and "closing" not in araby.state
    assert not turn_closing.close_turn(araby.pk, closing.seat, closing.epoch)


def test_the_window_never_outlasts_the_seats_clock(
    ana, ben, sent, queued, django_capture_on_commit_callbacks
):
    table = tables.game_create(
        creator=ana,
        game=SLUG,
        players=2,
        random_seat_order=False,
        options={"end_window": "60"},
        time_control={"days": 1},
    )
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    table.refresh_from_db()
    seat = table.seats.get(number=0)
    seat.deadline = timezone.now() + timedelta(minutes=3)
    seat.save(update_fields=["deadline"])
    open_offer(table, ana)
    seat.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        act(table, ana, "announce_end")
    (closing,) = [e for e in sent if e.name == "turn_closing"]
    seat.refresh_from_db()
    assert timezone.datetime.fromisoformat(closing.due) <= seat.deadline


def test_ending_the_turn_before_the_window_closes_leaves_nothing_to_do(araby, ana):
    open_offer(araby, ana)
    act(araby, ana, "announce_end")
    epoch = RULES.deal_epoch(araby.state)
    act(araby, ana, "end_turn")
    version = araby.version
    assert not turn_closing.close_turn(araby.pk, 0, epoch)
    araby.refresh_from_db()
    assert araby.version == version


def test_a_late_task_from_an_earlier_turn_does_not_end_a_later_announcement(araby, ana):
    open_offer(araby, ana)
    act(araby, ana, "announce_end")
    assert not turn_closing.close_turn(araby.pk, 0, RULES.deal_epoch(araby.state) - 1)
    araby.refresh_from_db()
    assert araby.state.get("closing") and araby.status == Game.Status.ACTIVE


# --- reaction windows ---------------------------------------------------------------------


def window_state():
    """A seeded random game played on until a caravan's resolution asks someone to react."""
    import random

    for seed in range(200):
        state = RULES.setup(3, {}, seed)
        chooser = random.Random(seed)
        for _ in range(600):
            if RULES.outcome(state) is not None:
                break
            if state["phase"] == "window":
                return state
            seat = RULES.to_act(state)[0]
            legal = [a for a in RULES.legal_actions(state, seat) if a.type != "announce_end"]
            action = chooser.choice(legal)
            state, _ = RULES.apply(state, seat, action)
    raise AssertionError("no reaction window came up")


def test_a_reaction_window_defaults_to_letting_the_caravan_resolve():
    state = window_state()
    seat = RULES.to_act(state)[0]
    assert RULES.default_action(state, seat).type == "pass"
    assert any(a.type == "react" for a in RULES.legal_actions(state, seat))


def test_the_turn_mail_of_a_promise_stays_between_the_two(araby, ana, ben, cy):
    post_deal(ana, araby, deal_to="1", deal_give_coins_coin="2", deal_note="secret handshake")
    for message in mail.outbox:
        if cy.email in message.to:
            assert "secret handshake" not in message.body
