"""Undo within your own turn: a step that rolled, drew or revealed nothing can be taken
back until the turn moves on; nobody else ever sees it; a roll or a draw is final."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engine import Action
from games.errors import IllegalMove, StaleVersion
from games.live import get_bus, seat_channel
from games.models import DEFAULTS, Game, Seat
from games.play import acting, endings, tables
from games.play.timeouts import play_defaults
from games.read import drafts, replay
from games.read.game_page import game_context
from tests.games.helpers import seen_by

pytestmark = pytest.mark.django_db

UNDO = Action.make(drafts.UNDO)


def _table(slug, ana, ben) -> Game:
    table = tables.game_create(creator=ana, game=slug, players=2, random_seat_order=False)
    tables.game_join(game_id=table.pk, user=ben)
    table.refresh_from_db()
    return table


def _play(game, user, action) -> Game:
    version, _ = seen_by(game, user)
    acting.game_act(game_id=game.pk, user=user, action=action, expected_version=version)
    game.refresh_from_db()
    return game


def _takes_back(rules, state, seat, action) -> bool:
    after, _ = rules.apply(state, seat, action)
    return (
        rules.to_act(state) == (seat,)
        and rules.to_act(after) == (seat,)
        and rules.outcome(after) is None
        and rules.can_take_back(state, after, seat, action)
    )


def _until_a_step_can_be_taken_back(game, users) -> tuple[Game, int, Action]:
    """Play first choices until the seat to move has a step it could take back."""
    rules = game.rules
    for _ in range(200):
        seat = rules.to_act(game.state)[0]
        _, state = seen_by(game, users[seat])
        legal = rules.legal_actions(state, seat)
        step = next((a for a in legal if _takes_back(rules, state, seat, a)), None)
        if step is not None:
            return game, seat, step
        game = _play(game, users[seat], legal[0])
    raise AssertionError("no step that can be taken back came up")


@pytest.mark.parametrize("slug", ["silk-road", "samarkand", "merchant-lord", "marco-polo"])
def test_a_step_that_reveals_nothing_is_seen_only_by_its_player_until_undone(
    client, ana, ben, slug
):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table(slug, ana, ben), users)
    me, other = users[seat], users[1 - seat]
    before_moves, before_state = game.moves.count(), game.state

    game = _play(game, me, step)
    assert game.moves.count() == before_moves and game.state == before_state
    mine = game_context(game=game, user=me)
    assert mine["version"] == game.version + 1
    assert mine["choices"][-1].type == drafts.UNDO
    assert mine["view"] == game.rules.view(game.rules.apply(before_state, seat, step)[0], seat)
    theirs = game_context(game=game, user=other)
    assert theirs["version"] == game.version
    assert theirs["view"] == game.rules.view(before_state, 1 - seat)
    assert not any(line.get("draft") for line in theirs["log"])

    game = _play(game, me, UNDO)
    assert game.draft == {} and game.state == before_state
    assert game_context(game=game, user=me)["view"] == game.rules.view(before_state, seat)
    assert game.moves.count() == before_moves  # nothing of it was ever written to the log


def test_the_page_offers_undo_and_marks_the_step_only_for_its_player(client, ana, ben):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    game = _play(game, users[seat], step)
    client.force_login(users[seat])
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Undo: " in page
    if game.draft["steps"][-1]["log"]:  # "Buy nothing" writes no line to mark
        assert 'class="draft"' in page
    client.force_login(users[1 - seat])
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Undo: " not in page and 'class="draft"' not in page


def test_a_step_kept_as_a_draft_answers_without_the_headers_count(client, ana, ben):
    """Nobody's count of games waiting moves on a step only its player sees: its answer
    neither counts them again nor redraws the header; a final move's answer does."""
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    client.force_login(users[seat])

    def post(action: Action) -> str:
        game.refresh_from_db()
        version = seen_by(game, users[seat])[0]
        answer = client.post(
            reverse("games:act", args=[game.pk]),
            {"action": json.dumps(action.to_json()), "version": version, "confirmed": "1"},
            headers={"HX-Request": "true"},
        )
        assert answer.status_code == 200
        return answer.content.decode()

    stepped = post(step)
    assert "Undo: " in stepped and 'id="nav-mine"' not in stepped
    assert 'id="nav-mine"' not in post(UNDO)
    game.refresh_from_db()
    assert game.draft == {}
    # Play first choices on: every answer while the turn's steps stay a draft leaves the
    # count out; the answer that makes them final (a draw, a roll, the turn passing)
    # redraws it. Any state may offer only steps that can be taken back, so loop.
    while True:
        answer = post(game.rules.legal_actions(seen_by(game, users[seat])[1], seat)[0])
        game.refresh_from_db()
        if not game.draft:
            break
        assert 'id="nav-mine"' not in answer
    assert 'id="nav-mine"' in answer


def test_a_draw_makes_the_turns_steps_final_and_undo_is_refused(ana, ben):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    game = _play(game, users[seat], step)
    rules = game.rules
    # Play on (first choices) until the steps become final: a draw, a roll or the turn passing.
    while game.draft:
        _, state = seen_by(game, users[seat])
        game = _play(game, users[seat], rules.legal_actions(state, seat)[0])
    assert game.moves.filter(seat=seat, action__type=step.type).exists()
    assert not any(
        c.type == drafts.UNDO for c in game_context(game=game, user=users[seat])["choices"]
    )
    with pytest.raises(IllegalMove, match="nothing to take back"):
        _play(game, users[seat], UNDO)
    assert replay.replay(game) == game.state  # the log still reproduces the snapshot


def test_the_steps_made_final_are_written_in_order_with_one_insert(ana, ben):
    """The drafted steps and the move that makes them final become moves in the order
    they were made, in one statement (not one per step), and the log replays."""
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    game = _play(game, users[seat], step)
    made = [step]
    rules = game.rules
    with CaptureQueriesContext(connection) as queries:
        while game.draft:
            _, state = seen_by(game, users[seat])
            made.append(rules.legal_actions(state, seat)[0])
            game = _play(game, users[seat], made[-1])
    inserts = [q["sql"] for q in queries if q["sql"].startswith('INSERT INTO "games_move"')]
    assert len(inserts) == 1
    last = list(game.moves.order_by("-seq")[: len(made)])[::-1]
    assert [Action.from_json(m.action) for m in last] == made
    assert [m.seq for m in last] == list(range(game.version - len(made) + 1, game.version + 1))
    assert replay.replay(game) == game.state


def test_a_stale_undo_is_refused(ana, ben):
    """A double click on Undo takes back one step, not two."""
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    game = _play(game, users[seat], step)
    version, _ = seen_by(game, users[seat])
    acting.game_act(game_id=game.pk, user=users[seat], action=UNDO, expected_version=version)
    with pytest.raises(StaleVersion):
        acting.game_act(game_id=game.pk, user=users[seat], action=UNDO, expected_version=version)


def test_steps_made_before_a_timeout_stand_and_the_log_replays(ana, ben):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    game = _play(game, users[seat], step)
    moves = game.moves.count()
    play_defaults(game, list(game.seats.all()), seat)
    game.refresh_from_db()
    assert game.draft == {}
    assert game.moves.filter(seq=moves + 1, seat=seat).first().action["type"] == step.type
    assert replay.replay(game) == game.state


def test_steps_made_before_resigning_stand_and_the_finished_game_keeps_no_draft(ana, ben):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    game = _play(game, users[seat], step)
    moves = game.moves.count()
    endings.game_resign(game_id=game.pk, user=users[seat])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.draft == {}
    assert game.moves.filter(seq=moves + 1, seat=seat).first().action["type"] == step.type
    assert replay.replay(game) == game.state


def test_undo_works_through_the_api(client, ana, ben):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    client.force_login(users[seat])
    url = f"/api/games/{game.pk}/actions"
    body = {"action": step.to_json(), "version": game.version}
    answer = client.post(url, body, content_type="application/json")
    assert answer.status_code == 200, answer.content
    document = answer.json()
    assert document["version"] == game.version + 1
    assert document["legal_actions"][-1]["type"] == "undo"
    undo = {"action": {"type": "undo"}, "version": document["version"]}
    answer = client.post(url, undo, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["version"] == game.version
    again = client.post(url, undo, content_type="application/json")
    assert again.status_code == 409


def _marco_polo_turn_that_may_reroll(ana, ben) -> tuple[Game, int]:
    """A Marco Polo game at the start of a turn whose player holds dice to reroll."""
    users = {0: ana, 1: ben}
    game = _table("marco-polo", ana, ben)
    rules = game.rules
    for _ in range(80):
        seat = rules.to_act(game.state)[0]
        _, state = seen_by(game, users[seat])
        legal = rules.legal_actions(state, seat)
        turn = state["turn"] or {}
        if turn.get("step") == "free" and not turn["main"] and not game.draft:
            if any(a.type == "reroll" for a in legal):
                return game, seat
        game = _play(game, users[seat], legal[0])
    raise AssertionError("no turn could begin with a reroll")


def _marco_polo_bazaar_steps(game, user, seat) -> Game:
    """A Grand Bazaar space, the highest die, the lowest column: three steps, no chance."""
    rules = game.rules
    for pick in (
        lambda legal: next(a for a in legal if a.type == "space" and "bazaar" in a["space"]),
        lambda legal: max((a for a in legal if a.type == "die"), key=lambda a: a["value"]),
        lambda legal: min((a for a in legal if a.type == "column"), key=lambda a: a["n"]),
    ):
        _, state = seen_by(game, user)
        game = _play(game, user, pick(rules.legal_actions(state, seat)))
    return game


def test_marco_polo_space_dice_and_column_are_undone_step_by_step_back_to_the_turns_start(
    client, ana, ben
):
    game, seat = _marco_polo_turn_that_may_reroll(ana, ben)
    me = {0: ana, 1: ben}[seat]
    before_state, before_moves = game.state, game.moves.count()

    game = _marco_polo_bazaar_steps(game, me, seat)
    client.force_login(me)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Undo: Take 1 " in page  # the board offers it, naming the step
    assert len(game.draft["steps"]) == 3 and game.moves.count() == before_moves
    assert [s["action"]["type"] for s in game.draft["steps"]] == ["space", "die", "column"]
    _, state = seen_by(game, me)
    assert state["turn"]["main"]  # the goods are taken, for this player's eyes only

    labels = []
    while game.draft:
        labels.append(drafts.undo_action(game, seat).label)
        game = _play(game, me, UNDO)
    assert len(labels) == 3  # the last step first: the column, the die, the space
    assert labels[0].startswith("Undo: Take 1 ") and labels[1].startswith("Undo: Place a")
    assert " die " in labels[1] and labels[2].startswith("Undo: ")
    assert game.state == before_state and game.moves.count() == before_moves


def test_marco_polo_a_reroll_makes_the_turns_steps_final(ana, ben):
    game, seat = _marco_polo_turn_that_may_reroll(ana, ben)
    me = {0: ana, 1: ben}[seat]
    before_moves = game.moves.count()
    game = _marco_polo_bazaar_steps(game, me, seat)

    _, state = seen_by(game, me)
    reroll = next(a for a in game.rules.legal_actions(state, seat) if a.type == "reroll")
    game = _play(game, me, reroll)
    assert game.draft == {} and game.moves.count() == before_moves + 4
    assert drafts.undo_action(game, seat) is None
    with pytest.raises(IllegalMove, match="nothing to take back"):
        _play(game, me, UNDO)
    assert replay.replay(game) == game.state


@pytest.fixture
def told(tmp_path, settings, django_capture_on_commit_callbacks):
    """``told(game, user, action)``: the move played, and the live channels it pulsed
    among both players' own, the game's and each one's channel of this game."""
    settings.LIVE_UPDATES_URL = f"file://{tmp_path / 'live'}"
    bus = get_bus()

    def play(game, user, action) -> tuple[Game, set[str]]:
        users = [seat.user for seat in game.seats.all()]
        channels = [f"game:{game.pk}"]
        for person in users:
            channels += [f"user:{person.pk}", seat_channel(game.pk, person.pk)]
        before = bus._tokens(channels)
        with django_capture_on_commit_callbacks(execute=True):
            game = _play(game, user, action)
        after = bus._tokens(channels)
        return game, {channel for channel in channels if after[channel] != before[channel]}

    return play


def test_a_step_kept_as_a_draft_or_taken_back_tells_only_its_players_own_pages(ana, ben, told):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    me, other = users[seat], users[1 - seat]

    game, pulsed = told(game, me, step)
    assert pulsed == {seat_channel(game.pk, me.pk)}  # the others' pages need not ask
    game, pulsed = told(game, me, UNDO)
    assert pulsed == {seat_channel(game.pk, me.pk)}

    rules = game.rules
    for _ in range(50):  # steps kept as drafts until one makes the turn final
        _, state = seen_by(game, me)
        legal = rules.legal_actions(state, seat)
        final = next((a for a in legal if not _takes_back(rules, state, seat, a)), None)
        if final is not None:
            break
        game, pulsed = told(game, me, legal[0])
        assert pulsed == {seat_channel(game.pk, me.pk)}
    game, pulsed = told(game, me, final)
    assert {f"game:{game.pk}", f"user:{me.pk}", f"user:{other.pk}"} <= pulsed


def test_a_player_back_from_a_stand_in_is_news_for_everyone_even_with_a_draft_step(ana, ben, told):
    users = {0: ana, 1: ben}
    game, seat, step = _until_a_step_can_be_taken_back(_table("silk-road", ana, ben), users)
    me, other = users[seat], users[1 - seat]
    game.seats.filter(number=seat).update(
        controller=Seat.Controller.STAND_IN, controller_level=DEFAULTS
    )

    game, pulsed = told(game, me, step)
    assert game.draft and not game.seats.get(number=seat).stand_in  # kept aside; back in person
    assert {f"game:{game.pk}", f"user:{other.pk}"} <= pulsed  # "played by default" is gone
