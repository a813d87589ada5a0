"""games.acting.game_act: the one write path of play."""

import pytest

from games import events
from games.engine import Action
from games.errors import Conflict, IllegalMove, NotAPlayer, NotYourTurn, StaleVersion
from games.models import Game, Move
from games.play import acting, locking, tables
from games.read import game_page, names
from tests.games.helpers import act, set_hands

pytestmark = pytest.mark.django_db


def test_a_move_bumps_the_version_and_is_recorded(duo, ana):
    set_hands(duo, ["red", "blue", "blue"], ["green", "green", "green"])
    game = act(duo, ana, "play", card="blue")
    assert game.version == 1
    move = Move.objects.get(game=game)
    assert (move.seq, move.seat) == (1, 0)
    assert move.action == {"type": "play", "card": "blue", "label": "Play blue (+3)"}
    assert move.log[0] == {"text": "{p0} played blue for 3.", "private": {}}
    assert move.log[1]["text"] == "{p0} drew a card."
    assert "0" in move.log[1]["private"]
    assert game.state["scores"] == [3, 0]


def test_the_turn_passes_and_the_seats_follow(duo, ana, ben):
    game = act(duo, ana, "pass")
    seats = {s.user: s for s in game.seats.all()}
    assert not seats[ana].must_act and seats[ana].waiting_since is None
    assert seats[ben].must_act and seats[ben].waiting_since is not None


def test_a_seat_that_keeps_waiting_keeps_its_waiting_since(duo, ana, ben):
    set_hands(duo, ["red", "red", "red"], ["green"])
    since = duo.seats.get(user=ana).waiting_since
    game = act(duo, ana, "play", card="red")  # red: play again
    assert game.seats.get(user=ana).must_act
    assert game.seats.get(user=ana).waiting_since == since


def test_waiting_since_restarts_when_a_seat_waits_again(duo, ana, ben):
    set_hands(duo, ["red", "red", "red"], ["green"])
    since = duo.seats.get(user=ana).waiting_since
    game = act(duo, ana, "offer", to=1, give_cards=["red"], get_cards=[])
    assert game.seats.get(user=ben).must_act
    assert not game.seats.get(user=ana).must_act
    game = act(game, ana, "withdraw", offer=1)  # an off-turn action
    assert game.seats.get(user=ana).must_act
    assert game.seats.get(user=ana).waiting_since > since
    assert not game.seats.get(user=ben).must_act


def test_a_move_run_again_after_a_lost_connection_finds_itself_made(duo, ana, ben):
    """The connection dropped while the move committed: its retry must not fail or repeat."""
    act(duo, ana, "pass", version=0)
    retrying = locking.RETRYING.set(True)
    try:
        game = act(duo, ana, "pass", version=0)
    finally:
        locking.RETRYING.reset(retrying)
    assert game.version == 1
    assert Move.objects.filter(game=duo).count() == 1


def test_the_same_move_posted_twice_is_stale_the_second_time(duo, ana, ben):
    act(duo, ana, "pass", version=0)
    with pytest.raises(StaleVersion):
        act(duo, ana, "pass", version=0)


def test_a_different_move_on_a_seen_version_is_stale_even_on_a_retry(duo, ana, ben):
    set_hands(duo, ["red", "blue", "blue"], ["green", "green", "green"])
    act(duo, ana, "play", card="blue", version=0)
    retrying = locking.RETRYING.set(True)
    try:
        with pytest.raises(StaleVersion):
            act(duo, ana, "pass", version=0)
    finally:
        locking.RETRYING.reset(retrying)


def test_stale_version_is_refused_with_the_current_version(duo, ana, ben):
    act(duo, ana, "pass")
    with pytest.raises(StaleVersion) as info:
        act(duo, ben, "pass", version=0)
    assert info.value.version == 1
    assert info.value.status == 409
    duo.refresh_from_db()
    assert duo.version == 1 and duo.moves.count() == 1


def test_someone_not_seated_cannot_act(duo, cy):
    with pytest.raises(NotAPlayer):
        act(duo, cy, "pass")


def test_acting_out_of_turn_is_refused(duo, ben):
    with pytest.raises(NotYourTurn) as info:
        act(duo, ben, "pass")
    assert info.value.status == 409


def test_an_illegal_action_carries_the_engine_reason(duo, ana):
    set_hands(duo, ["red"], ["green"])
    with pytest.raises(IllegalMove) as info:
        act(duo, ana, "play", card="blue")
    assert info.value.message.startswith("You cannot do that now.")
    duo.refresh_from_db()
    assert duo.version == 0 and not duo.moves.exists()


def test_an_illegal_offer_is_refused_with_the_reason(duo, ana):
    set_hands(duo, ["red"], ["green"])
    with pytest.raises(IllegalMove, match="You do not have 1 blue to offer"):
        act(duo, ana, "offer", to=1, give_cards=["blue"], get_cards=[])


def test_a_move_publishes_who_must_act_now(duo, ana, ben, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        act(duo, ana, "pass")
    assert sent == [
        events.MoveMade(
            game_id=duo.pk, seq=1, seat=0, acted_by_user_id=ana.pk, waiting_user_ids=(ben.pk,)
        ),
    ]


def test_an_offer_is_published_to_its_recipient(
    duo, ana, ben, sent, django_capture_on_commit_callbacks
):
    set_hands(duo, ["red", "red"], ["green"])
    with django_capture_on_commit_callbacks(execute=True):
        act(duo, ana, "offer", to=1, give_cards=["red"], get_cards=["green"])
    assert events.DealOffered(game_id=duo.pk, seq=1, to_user_ids=(ben.pk,)) in sent


def test_accepting_an_offer_swaps_the_cards(duo, ana, ben):
    set_hands(duo, ["red", "red"], ["green"])
    game = act(duo, ana, "offer", to=1, give_cards=["red"], get_cards=["green"])
    game = act(game, ben, "accept", offer=1)
    assert sorted(game.state["hands"][0]) == ["green", "red"]
    assert game.state["hands"][1] == ["red"]


def test_finishing_stores_the_result_and_publishes_the_end(
    duo, ana, ben, sent, django_capture_on_commit_callbacks
):
    set_hands(duo, ["blue"], ["green"], scores=[9, 0])
    with django_capture_on_commit_callbacks(execute=True):
        game = act(duo, ana, "play", card="blue")
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert game.result["winners"] == [0]
    assert game.result["scores"][0]["breakdown"] == [["Cards played", 12]]
    assert not game.seats.filter(must_act=True).exists()
    assert game.result["termination"] == "finished"
    assert events.GameEnded(game_id=game.pk, termination="finished") in sent


def _row_and_memory(game_id: int, ana) -> tuple[dict, dict]:
    """Every column of the game as its row holds it and as the move left it in memory."""
    game = acting.game_act(
        game_id=game_id, user=ana, action=Action.make("play", card="blue"), expected_version=0
    )
    row = Game.objects.get(pk=game_id)
    columns = [f.attname for f in Game._meta.concrete_fields]
    return {c: getattr(row, c) for c in columns}, {c: getattr(game, c) for c in columns}


def test_a_move_writes_all_it_changed_in_the_games_row(duo, ana):
    set_hands(duo, ["blue", "red"], ["green"])
    row, memory = _row_and_memory(duo.pk, ana)
    assert memory["version"] == 1 and row == memory


def test_the_last_move_writes_the_end_in_the_games_row(duo, ana):
    set_hands(duo, ["blue"], ["green"], scores=[9, 0])
    row, memory = _row_and_memory(duo.pk, ana)
    assert memory["status"] == Game.Status.FINISHED and row == memory


def test_a_finished_game_refuses_moves(duo, ana, ben):
    set_hands(duo, ["blue"], ["green"], scores=[9, 0])
    game = act(duo, ana, "play", card="blue")
    with pytest.raises(Conflict, match="over"):
        act(game, ben, "pass")


def test_an_open_table_refuses_moves(ana):
    table = tables.game_create(creator=ana, game="toy", players=2)
    with pytest.raises(Conflict, match="not started"):
        act(table, ana, "pass")


def test_timeouts_and_bots_act_for_a_seat(duo, sent, django_capture_on_commit_callbacks):
    rules = duo.rules
    with django_capture_on_commit_callbacks(execute=True):
        game = acting.game_act(
            game_id=duo.pk,
            seat=0,
            action=rules.default_action(duo.state, 0),
            expected_version=None,
        )
    assert game.version == 1
    assert sent[0].acted_by_user_id is None


def test_act_needs_a_user_or_a_seat(duo, ana):
    with pytest.raises(TypeError):
        acting.game_act(game_id=duo.pk, action=Action.make("pass"), expected_version=0)
    with pytest.raises(TypeError):
        acting.game_act(
            game_id=duo.pk, user=ana, seat=0, action=Action.make("pass"), expected_version=0
        )


def test_choice_labels_and_refusals_name_the_players(duo, monkeypatch):

    rules = type(duo.rules)
    player_names = names.seat_names(duo)
    monkeypatch.setattr(
        rules,
        "legal_actions",
        lambda self, state, seat: [Action.make("pass", label="Pass to {p1}")],
    )
    monkeypatch.setattr(rules, "explain", lambda self, state, seat, action: "Only {p1} may.")
    assert game_page.legal_choices(duo, 0, player_names)[0].label == f"Pass to {player_names[1]}"
    first = duo.seats.get(number=0).user
    with pytest.raises(IllegalMove, match=f"Only {player_names[1]} may."):
        acting.game_act(
            game_id=duo.pk, action=Action.make("dance"), expected_version=duo.version, user=first
        )
