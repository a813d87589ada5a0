"""Silk Road's words can be said again in another language: every log line, label, prompt,
refusal and ending is a ``Said`` whose message id and parameters make the very English
shown, names are passed as the card names the site translates, and none of it ever gets
into a state (states hold data, never words)."""

from __future__ import annotations

import json

import pytest
from said_texts import says_itself, spelled, strings_in
from silk_road_table import arrange, at_phase, new_game, play

from games.engine.contract import IllegalAction
from games.engine.rng import LocalRng
from games.engine.silk_road import RULES, data
from games.engine.silk_road.turn import end_turn
from games.engine.simulate import choose_random_step


def test_a_purchase_in_the_log_is_a_message_with_the_good_and_coins_as_parameters():
    state = at_phase(new_game(2, seed=3), "buy", turn=0)
    arrange(state, 0, hand={"tea": 2})
    state["pos"][0] = data.CHINA
    state, log = play(state, 0, "buy", good="tea", count=2)
    line = log[0].text
    assert line == "{p0} bought 2 Tea for 2 coins."
    assert line.msgid == "{player} bought {goods} for {coins}."
    assert says_itself(line)
    assert line.args["player"] == "{p0}"  # filled with the name later, like {p0}
    assert spelled(line.args["coins"]) == "2 coins" and line.args["coins"].plural == "{n} coins"
    assert line.args["goods"].args["name"] == data.NAMES["tea"]  # a term, translated as a name


def test_the_cards_i_drew_are_named_only_to_me_and_both_texts_are_messages():
    state = new_game(3, seed=5)
    state = at_phase(state, "end", turn=0)
    state["first"] = 1  # no new round
    arrange(state, 1, hand={})
    logs = []
    end_turn(state, logs)
    drew = logs[0]
    assert drew.text == "{p1} drew 3 cards." and says_itself(drew.text)
    mine = drew.for_viewer(1)
    assert mine.msgid == "{player} drew {cards}." and says_itself(mine)
    names = spelled(mine.args["cards"]).split(", ")
    assert all(name in data.NAMES.values() for name in names)


def test_a_refusal_says_why_with_a_message_and_counts_agree():
    state = at_phase(new_game(2, seed=3), "buy", turn=0)
    arrange(state, 0, hand={"tea": 3})
    state["pos"][0] = data.CHINA
    state["coins"][0] = 1
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "buy", good="tea", count=2)
    reason = refused.value.reason
    assert str(refused.value) == reason == "You have only 1 coin."
    assert reason.msgid == "You have only {n} coin." and reason.plural == "You have only {n} coins."
    assert says_itself(reason)
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "buy", good="silver", count=1)
    assert refused.value.reason == "In China you can buy only Tea, Spices, Silk."
    assert says_itself(refused.value.reason)


def test_every_button_and_the_prompt_are_messages():
    state = new_game(4, seed=11)
    chooser = LocalRng(5)
    for _ in range(300):
        if RULES.outcome(state) is not None:
            break
        for seat in range(4):
            for action in RULES.legal_actions(state, seat):
                assert says_itself(action.label), action
            assert says_itself(RULES.prompt(state, seat))
        assert says_itself(RULES.prompt(state, None))
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.2)
        state, logs = RULES.apply(state, seat, action)
        for entry in logs:
            assert says_itself(entry.text), entry
            assert all(says_itself(text) for _, text in entry.private), entry


def test_a_trade_offer_reads_as_counts_to_outsiders_and_in_full_to_the_two_players():
    state = at_phase(new_game(3, seed=7), "travel", turn=0)
    arrange(state, 1, hand={"silk": 2, "guard": 1})
    arrange(state, 2, hand={"steppes": 3})
    state, log = play(state, 1, "offer", to=2, give_cards=["silk"], get_cards=["steppes"] * 2)
    public, private = log[0].text, log[0].for_viewer(2)
    assert public == "{p1} offered {p2} 1 card for 2 cards." and says_itself(public)
    assert private == "{p1} offered {p2} Silk for Steppes, Steppes." and says_itself(private)
    assert public.msgid == private.msgid == "{player} offered {other} {give} for {get}."
    accept = next(a for a in RULES.legal_actions(state, 2) if a.type == "accept")
    assert accept.label == "Accept offer 1: you get Silk, you give Steppes, Steppes"
    assert says_itself(accept.label)
    shown = RULES.view(state, 0)["deals"][0]["text"]
    assert shown == "1 card for 2 cards" and says_itself(shown)


def test_the_winner_is_announced_in_words_said_again_from_plain_data_in_the_state():
    state = at_phase(new_game(2, seed=3), "sell", turn=0)
    arrange(state, 0, caravan={"silver": 2})
    state["pos"][0] = data.CHINA
    state["coins"][0] = 22
    state, log = play(state, 0, "sell")
    assert type(state["over"]["reason"]) is str  # the state keeps plain English
    reason = RULES.outcome(state).reason
    assert reason == state["over"]["reason"] == "{p0} reached 26 coins and wins."
    assert says_itself(reason) and says_itself(log[-1].text)
    assert says_itself(RULES.prompt(state, 1))
    assert says_itself(RULES.view(state, None)["over"]["reason"])


def test_a_game_ended_by_the_round_limit_says_so_in_a_message(monkeypatch):
    monkeypatch.setattr(data, "MAX_ROUNDS", 2)
    state = new_game(3, seed=2)
    chooser = LocalRng(2)
    while RULES.outcome(state) is None:
        seat, action = choose_random_step(RULES, state, chooser)
        state, _ = RULES.apply(state, seat, action)
    reason = RULES.outcome(state).reason
    assert reason.startswith("The game ends after 2 rounds.") and says_itself(reason)
    assert reason == state["over"]["reason"] and type(state["over"]["reason"]) is str


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_said_text_ever_gets_into_a_state(players, monkeypatch):
    monkeypatch.setattr(data, "MAX_ROUNDS", 15)  # to the end, soon
    state = RULES.setup(players, {"personalities": "on"}, players)
    chooser = LocalRng(players * 13)
    for _ in range(3000):
        assert all(type(text) is str for text in strings_in(state))
        if RULES.outcome(state) is not None:
            break
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.2)
        state, _ = RULES.apply(state, seat, action)
    assert RULES.outcome(state) is not None
    assert all(type(text) is str for text in strings_in(state))
    assert json.loads(json.dumps(state)) == state


def test_names_in_the_view_are_the_marked_card_names():
    view = RULES.view(new_game(2, seed=1), 0)
    assert {card["name"] for card in view["hand"]} <= set(data.NAMES.values())
    assert view["track"][0]["name"] == "Arabia" and says_itself(view["track"][1]["name"])
    assert data.TEXT["tea"].msgid.startswith("Export from China.")
