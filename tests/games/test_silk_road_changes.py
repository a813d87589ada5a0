"""Silk Road: what the others changed since your last move is marked on the drawn board
(road spaces, coins, positions, hand sizes, caravan goods, your hand, deck and discard)."""

from __future__ import annotations

import copy
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.engine import registry
from games.play import acting, tables
from games.read import changes, drafts, game_page, replay
from tests.games.helpers import seen_by

pytestmark = pytest.mark.django_db

RULES = registry.get("silk-road")


def _marked(classes: str) -> bool:
    return "changed" in classes.split()


def _spaces(page: str) -> list[str]:
    """The class of each road space, Arabia first."""
    return re.findall(r'<li class="(sr-space[^"]*)"', page)


def _merchant(page: str, seat: int) -> str:
    """One merchant's card in the list of merchants."""
    part = page.split('<li class="sr-merchant seat-colour-')[seat + 1]
    return part.split("</section>")[0]


def _drawn(page: str) -> str:
    """The drawn board of a game page, without the choices, the since-your-turn box and
    the players."""
    board = page[page.index('class="sr silk-road"') :]
    ends = [board.find(end) for end in ('class="choices"', 'class="since-turn"', 'class="players"')]
    return board[: min(end for end in ends if end > 0)]


MARK = re.compile(r'class="(?:[^"]*\s)?changed[\s"]')


def _lines(page: str, seat: int) -> dict[str, str]:
    """The classes of a merchant's coin, position and hand-size lines."""
    coins, position, hand = re.findall(r'<p class="(sr-line[^"]*)"', _merchant(page, seat))
    return {"coins": coins, "position": position, "hand": hand}


# --- Through the real page, after Ben's real moves ---------------------------------------


def _choose(state, seat):
    """Travel whenever a road card allows it, else what the game would choose by default."""
    legal = [a for a in RULES.legal_actions(state, seat) if a.type != drafts.UNDO]
    roads = [a for a in legal if a.type == "road"]
    return roads[0] if roads else RULES.default_action(state, seat)


SEED = 3


def _ben_travelled_since_ana_moved(ana, ben):
    """Real moves until it is Ana's turn and Ben's pawn stands elsewhere than after Ana's
    last move; returns the game and Ben's space then and now."""
    users = {0: ana, 1: ben}
    game = tables.game_create(creator=ana, game="silk-road", players=2, random_seat_order=False)
    tables.game_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    game.seed, game.state = SEED, RULES.setup(2, {}, SEED)  # the same deal on every run
    game.save(update_fields=["seed", "state"])
    for _ in range(400):
        seat = RULES.to_act(game.state)[0]
        last = game.moves.filter(seat=0).order_by("-seq").values_list("seq", flat=True).first()
        if seat == 0 and last is not None:
            then, now = replay.state_after(game, last)["pos"][1], game.state["pos"][1]
            if then != now:
                return game, then, now
        version, state = seen_by(game, users[seat])
        acting.game_act(
            game_id=game.pk,
            user=users[seat],
            action=_choose(state, seat),
            expected_version=version,
        )
        game.refresh_from_db()
    raise AssertionError("Ben never travelled after Ana moved")


def test_the_road_spaces_ben_left_and_reached_are_marked_on_anas_page_and_no_others(
    client, ana, ben
):
    game, left, reached = _ben_travelled_since_ana_moved(ana, ben)
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()

    spaces = _spaces(page)
    assert len(spaces) == 9
    marked = [space for space, classes in enumerate(spaces) if _marked(classes)]
    assert marked == sorted({left, reached})
    assert _marked(_lines(page, 1)["position"])  # Ben's "On the road, space …"
    assert not _marked(_lines(page, 0)["position"])  # Ana has not moved since


def test_anas_own_drawn_cards_are_marked_on_her_page_but_her_coins_are_not(client, ana, ben):
    game, _, _ = _ben_travelled_since_ana_moved(ana, ben)
    client.force_login(ana)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()

    # Her turn began with a draw from the deck: hand size and deck changed, her coins not.
    assert _marked(_lines(page, 0)["hand"])
    assert not _marked(_lines(page, 0)["coins"])
    assert re.search(r'<span class="sr-deck changed"', page)
    assert re.search(r'<li class="sr-held changed"', page)


def test_bens_page_has_no_marks_since_he_moved_last(client, ana, ben):
    game, _, _ = _ben_travelled_since_ana_moved(ana, ben)
    client.force_login(ben)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert not MARK.search(_drawn(page))


# --- The board drawn from a before and an after view -------------------------------------


def _board(before, after, seat=0) -> str:
    """The board of ``after`` for ``seat``, marked with what changed since ``before``."""
    old, new = RULES.view(before, seat), RULES.view(after, seat)
    return render_to_string(
        game_page.board_templates("silk-road")["board_template"],
        {
            "view": new,
            "seat": seat,
            "names": ["Ana", "Ben"],
            "choices_by_type": {},
            "changed": frozenset(changes.changed_paths(old, new)),
        },
    )


@pytest.fixture
def table_state():
    state = RULES.setup(2, {}, 7)
    state.update(turn=0, phase="buy", deals=[])
    state["pos"] = [8, 5]
    state["coins"] = [10, 10]
    state["hands"] = [{"silver": 1, "tea": 1, "trade": 1}, {"gold": 1, "desert": 2}]
    state["caravans"] = [{"silk": 1}, {"gold": 1}]
    return state


def _goods(page: str, seat: int) -> list[tuple[str, str]]:
    """(classes, name) of each good in a merchant's caravan."""
    return re.findall(
        r'<li class="(sr-good[^"]*)"><svg[^>]*><use[^>]*/></svg>([^<]+)</li>', _merchant(page, seat)
    )


def test_a_good_bought_into_a_caravan_is_marked_and_the_goods_already_there_are_not(
    table_state,
):
    after = copy.deepcopy(table_state)
    after["caravans"][1] = {"gold": 1, "silk": 2}
    page = _board(table_state, after)

    assert _goods(page, 1) == [
        ("sr-good", "Gold"),
        ("sr-good changed", "Silk"),
        ("sr-good changed", "Silk"),
    ]
    assert 'class="sr-load changed">Caravan 3 of' in _merchant(page, 1)
    assert _goods(page, 0) == [("sr-good", "Silk")]  # Ana's caravan did not change
    assert 'class="sr-load">Caravan 1 of' in _merchant(page, 0)


def test_a_sale_marks_the_sellers_coins_only(table_state):
    after = copy.deepcopy(table_state)
    after["coins"][1] = 16
    after["caravans"][1] = {}
    page = _board(table_state, after)

    assert _marked(_lines(page, 1)["coins"])
    assert not _marked(_lines(page, 0)["coins"])
    assert not _marked(_lines(page, 1)["hand"])


def test_a_hand_card_whose_kind_was_drawn_is_marked_once_and_the_cards_before_it_are_not(
    table_state,
):
    after = copy.deepcopy(table_state)
    after["hands"][0] = {"silver": 1, "tea": 3, "trade": 1}
    after["deck"] = after["deck"][:-2]
    page = _board(table_state, after)

    held = {
        name: classes
        for classes, name in re.findall(
            r'<li class="(sr-held[^"]*)">.*?<span class="sr-card-name">([^<]+)</span>', page, re.S
        )
    }
    assert held == {"Silver": "sr-held", "Tea": "sr-held changed", "Trade": "sr-held changed"}
    assert _marked(_lines(page, 0)["hand"]) and not _marked(_lines(page, 1)["hand"])
    assert 'class="sr-deck changed"' in page
    assert 'class="sr-discard"' in page and 'class="sr-round"' in page


def test_nothing_is_marked_when_nothing_changed(table_state):
    page = _board(table_state, copy.deepcopy(table_state))
    assert not MARK.search(page)
