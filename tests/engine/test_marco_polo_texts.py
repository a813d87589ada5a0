"""Marco Polo's words can be said again in another language: every log line, label, prompt,
refusal and ending is a ``Said`` whose message id and parameters make the very English
shown, names (places, goods, characters, score terms) are passed as the marked names the
site translates, and none of it ever gets into a state (states hold data, never words)."""

from __future__ import annotations

import json

import pytest
from said_texts import says_itself, strings_in

from games.engine.contract import Action, IllegalAction, Said
from games.engine.marco_polo import RULES, board, data, scoring
from games.engine.marco_polo import scenario as sc
from games.engine.rng import LocalRng
from games.engine.simulate import choose_random_step

# Names marked with term(): shown as they are, translated where they are shown.
PLACE_NAMES = {name for name, _, _ in data.PLACES.values()}
TERMS = {
    *data.RESOURCE_NAMES.values(),
    *data.CHARACTERS.values(),
    *(name for name in PLACE_NAMES if not isinstance(name, Said)),
}
SPACE_TERMS = {"Khan's favor", "Take contracts", "Travel"}  # the spaces named by a name


def test_a_contract_taken_in_the_log_is_a_message_with_the_contract_as_a_parameter():
    state = sc.game(dice=[1, 3, 3, 3, 3])
    sc.board_contracts(state, [41, 42, 43])
    state = sc.place(state, 0, "contracts", 1)
    state, log = sc.play(state, 0, "take_contract", position=1)
    line = next(entry.text for entry in log if "takes contract" in entry.text)
    assert line == "{p0} takes contract 41 (1 camel, 1 gold -> 3 camels, 2 VP)."
    assert line.msgid == "{player} takes {contract}." and says_itself(line)
    assert line.args["player"] == "{p0}"  # filled with the name later, like {p0}
    contract = line.args["contract"]
    assert contract.msgid == "contract {number} ({cost} -> {reward})"
    assert contract.args["number"] == 41
    camels = contract.args["reward"].args["list"]
    assert camels == "3 camels" and camels.msgid == "{n} camel" and camels.plural == "{n} camels"


def test_a_step_on_the_map_names_the_places_in_the_label_and_the_log():
    state = sc.game(dice=[1, 1, 3, 3, 3])
    sc.give(state, 0, coins=3, camels=3)
    state = sc.place(state, 0, "travel", 1, 1)
    step = next(a for a in sc.legal(state, 0, "step") if a["to"] == "o9")
    assert step.label == "Step: Venezia to Oasis 9 (pay 3 camels)" and says_itself(step.label)
    assert step.label.msgid == "Step: {start} to {end} (pay {cost})"
    assert step.label.args["start"] == data.PLACES["venezia"][0]  # a marked name
    assert step.label.args["end"].msgid == "Oasis {number}"
    state, log = sc.play(state, 0, "step", figure=0, to="o9")
    assert log[0].text == "{p0} moves from Venezia to Oasis 9 paying 3 camels."
    assert says_itself(log[0].text)
    travelled = next(entry.text for entry in log if "travelled" in entry.text)
    assert travelled == "{p0} travelled 1 step for 3 coins." and says_itself(travelled)
    assert travelled.args["steps"].count == 1 and travelled.args["coins"].plural == "{n} coins"


def test_a_die_button_names_the_die_and_the_space_and_the_good_is_a_marked_name():
    state = sc.game(dice=[4, 5, 1, 2, 6])
    state, _ = sc.play(state, 0, "space", space="bazaar-silk")
    place = next(a for a in sc.legal(state, 0, "die") if a["value"] == 4)
    assert place.label == "Place a die (4) on Grand Bazaar: silk" and says_itself(place.label)
    assert place.label.args["die"].msgid == "die ({value})"
    assert place.label.args["space"].args["good"] == data.RESOURCE_NAMES["silk"]
    state, _ = sc.play(state, 0, "die", kind="colour", value=4)
    state, _ = sc.play(state, 0, "die", kind="colour", value=5)
    column = next(a for a in sc.legal(state, 0, "column") if a["n"] == 4)
    assert column.label == "Take 3 silk" and says_itself(column.label)


def test_a_refusal_says_why_with_a_message_and_the_prompt_inside_it():
    state = sc.game(dice=[3, 3, 3, 3, 3])
    state = sc.place(state, 0, "khan", 3)  # 2 camels and a good of your choice
    with pytest.raises(IllegalAction) as refused:
        sc.play(state, 0, "end_turn")
    reason = refused.value.reason
    assert str(refused.value) == reason == "First: Choose a good."
    assert reason.msgid == "First: {prompt}" and says_itself(reason)
    assert reason.args["prompt"] == RULES.prompt(state, 0) and says_itself(reason.args["prompt"])
    take = sc.legal(state, 0, "take_good")
    assert [a.label for a in take] == ["Take 1 pepper", "Take 1 silk", "Take 1 gold"]
    assert all(says_itself(a.label) for a in take)
    state, _ = sc.play(state, 0, "take_good", good="gold")
    with pytest.raises(IllegalAction) as refused:
        sc.play(state, 0, "space", space="coins")
    assert refused.value.reason == "You have already taken your action this turn."
    assert says_itself(refused.value.reason)
    with pytest.raises(IllegalAction) as refused:
        sc.play(state, 1, "end_turn")
    assert refused.value.reason == "It is not your turn." and says_itself(refused.value.reason)


def test_the_goal_cards_i_keep_are_named_only_to_me_and_both_texts_are_messages():
    state = RULES.setup(2, {"expert": "on"}, 4)
    while state["phase"] == "draft":
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    keep = RULES.legal_actions(state, 1)[0]
    assert keep.label.msgid == "Keep goals {first} and {second}" and says_itself(keep.label)
    state, log = RULES.apply(state, 1, keep)
    entry = next(entry for entry in log if entry.private)
    assert entry.text == "{p1} keeps 2 goal cards." and says_itself(entry.text)
    mine = entry.for_viewer(1)
    assert mine.msgid == "You keep {goals}." and says_itself(mine)
    assert entry.for_viewer(0) == entry.text
    first = board.GOAL_LABELS[keep["goals"][0]]
    assert first.msgid == "{first}-{second} ({points} VP)" and first.args["first"] in TERMS


def test_the_compensation_keeps_its_english_and_is_a_message():
    state = sc.game()
    sc.set_dice(state, 0, [1, 1, 1, 1, 1])
    state["seats"][0]["pending"] = [{"kind": "compensation", "points": 10}]
    labels = [a.label for a in RULES.legal_actions(state, 0)]
    assert labels[2] == "Compensation: 2 camel(s) and 8 coin(s)"
    assert all(says_itself(label) for label in labels)
    assert says_itself(RULES.prompt(state, 0)) and RULES.prompt(state, 0).args["limit"] == 15


@pytest.mark.parametrize(("players", "expert"), [(2, "on"), (3, "off"), (4, "on")])
def test_every_button_log_line_prompt_and_refusal_of_a_game_is_a_message(players, expert):
    state = RULES.setup(players, {"expert": expert}, players * 5)
    chooser = LocalRng(players)
    probes = [Action.make(kind) for kind in ("end_turn", "black_die", "pass", "nonsense")]
    while RULES.outcome(state) is None:
        for seat in range(players):
            for action in RULES.legal_actions(state, seat):
                assert says_itself(action.label), action
            assert says_itself(RULES.prompt(state, seat))
            for probe in probes:
                try:
                    RULES.apply(state, seat, probe)
                except IllegalAction as refused:
                    assert says_itself(refused.reason), probe
        assert says_itself(RULES.prompt(state, None))
        seat, action = choose_random_step(RULES, state, chooser)
        state, logs = RULES.apply(state, seat, action)
        for entry in logs:
            assert says_itself(entry.text), entry
            assert all(says_itself(text) for _, text in entry.private), entry
    outcome = RULES.outcome(state)
    assert says_itself(outcome.reason) and "scored most" in outcome.reason
    assert says_itself(RULES.prompt(state, 0))
    # the score's terms are names marked where they are defined (plain, like any name)
    terms = [label for label, _ in outcome.scores[0].breakdown]
    assert terms[0] == scoring.CONTRACTS == "Contracts completed"
    assert all(type(label) is str for label in terms)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_said_text_ever_gets_into_a_state(players):
    state = RULES.setup(players, {"expert": "on"}, players + 20)
    chooser = LocalRng(players * 13)
    for _ in range(5000):
        assert all(type(text) is str for text in strings_in(state))
        if RULES.outcome(state) is not None:
            break
        seat, action = choose_random_step(RULES, state, chooser)
        state, _ = RULES.apply(state, seat, action)
    assert RULES.outcome(state) is not None
    assert all(type(text) is str for text in strings_in(state))
    assert json.loads(json.dumps(state)) == state


def test_the_board_shows_marked_names_and_card_texts_as_messages():
    state = sc.game(characters=["niccolo", "berke", None])
    view = RULES.view(state, 0)
    assert {place["name"] for place in view["places"]} == PLACE_NAMES
    oasis = next(place["name"] for place in view["places"] if place["id"] == "o5")
    assert oasis == "Oasis 5" and says_itself(oasis)
    assert all(says_itself(card["text"]) for card in view["city_cards"])
    names = [space["name"] for space in view["action_spaces"]]
    assert all(says_itself(name) or name in SPACE_TERMS for name in names)
    assert view["seats"][0]["character_name"] in TERMS
    assert says_itself(view["seats"][0]["power"])
    trip = next(t for t in view["travel_plan"] if t["place"] == "moscow")
    assert trip["via"] == "Venezia → Oasis 1 → Moscow" and says_itself(trip["via"])
    assert trip["name"] in TERMS and all(name in TERMS for name in trip["post_names"])
    assert all(says_itself(route["cost"]) for route in view["routes"] if route["cost"])
    assert all(says_itself(c["label"]) for c in view["contract_spaces"] if c["label"])
