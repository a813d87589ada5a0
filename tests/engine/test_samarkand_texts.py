"""Samarkand's words can be said again in another language: every log line, label, prompt,
refusal and ending is a ``Said`` whose message id and parameters make the very English
shown, names (families, spaces, goods) are passed as the marked names the site translates,
and none of it ever gets into a state (states hold data, never words)."""

from __future__ import annotations

import json

import pytest
from said_texts import says_itself, spelled, strings_in

from games.engine.contract import Action, IllegalAction
from games.engine.rng import LocalRng
from games.engine.samarkand import RULES, board, data
from games.engine.samarkand import scenario as sc
from games.engine.simulate import choose_random_step

FAMILY_NAMES = {family["name"] for family in data.FAMILIES}


def test_a_marriage_in_the_log_is_a_message_with_the_family_and_portion_as_parameters():
    state = sc.turn(sc.game(3), 1)
    state, log = sc.marry(state, 1, "persian")
    line = log[0].text
    assert line == "{p1} married into the Persian family, paying 6 Dirham into its treasury."
    assert line.msgid == (
        "{player} married into the {family} family, paying {portion} Dirham into its treasury."
    )
    assert says_itself(line)
    assert line.args == {"player": "{p1}", "family": "Persian", "portion": 6}


def test_the_goods_cards_i_drew_are_named_only_to_me_and_both_texts_are_messages():
    state = sc.turn(sc.game(3), 0)
    sc.deck_top(state, [6, 7, 22])
    state, log = sc.marry(state, 0, "persian")
    drew = log[-1]
    assert drew.text == "{p0} drew 3 goods cards." and says_itself(drew.text)
    assert drew.text.count == 3 and drew.text.plural == "{player} drew {n} goods cards."
    mine = drew.for_viewer(0)
    assert mine == "{p0} drew Amber-6, Iron-7, Diamond-22." and says_itself(mine)
    assert mine.msgid == "{player} drew {cards}."
    assert drew.for_viewer(1) == drew.text  # the others read only how many
    diamond = board.goods_label(22)
    assert diamond.msgid == "{good}-{number}" and diamond.args == {"good": "Diamond", "number": 22}


def test_a_first_meeting_names_the_families_the_bonus_and_the_markers_in_one_message():
    state = sc.game(players=3)
    sc.member(state, 1, "byzant")
    sc.member(state, 0, "levant")
    sc.camel(state, "levant", "anatolia")
    sc.turn(state, 1)
    state, log = sc.expand(state, 1, "byzant", "anatolia")
    meeting = next(entry.text for entry in log if entry.text.startswith("First"))
    assert meeting == (
        "First trade relationship between the Byzant and Levant families. Bonus in Dirham: "
        "{p0} 1, {p1} 3. {p1} took the dark green Byzant marker and the dark green Levant marker."
    )
    assert says_itself(meeting)
    assert meeting.args["first"] == "Byzant" and meeting.args["second"] == "Levant"
    assert meeting.args["markers"].args["item"].msgid == "the dark green {family} marker"


def test_a_button_says_its_place_and_family_as_parameters():
    state = sc.game(players=3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="levant")
    place = next(a for a in RULES.legal_actions(state, 0) if a.get("space") == "flax")
    assert place.label == "Place a Levant camel on Flax-3" and says_itself(place.label)
    assert place.label.msgid == "Place a {family} camel on {space}"
    assert place.label.args["family"] == "Levant"
    assert spelled(place.label.args["space"]) == "Flax-3"


def test_an_indian_or_arabic_camel_is_an_not_a_on_the_buttons_the_prompt_and_the_log():
    state = sc.game(players=3)
    sc.member(state, 0, "indian")
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family="indian")
    prompt = RULES.prompt(state, 0)
    assert prompt == "Place an Indian camel next to its trading route." and says_itself(prompt)
    place = next(a for a in RULES.legal_actions(state, 0) if a.get("space") == "pepper")
    assert place.label == "Place an Indian camel on Pepper-26" and says_itself(place.label)
    assert place.label.msgid == "Place an {family} camel on {space}"
    assert place.label.args["family"] == "Indian"  # the name stays a parameter
    state, log = sc.play(state, 0, "place", space="pepper")
    line = log[0].text
    assert line == "{p0} placed an Indian camel on Pepper-26." and says_itself(line)
    assert line.msgid == "{player} placed an {family} camel on {space}."
    arabic = _places(_expanding(sc.game(players=3), "arabic"))
    assert arabic and all(a.label.startswith("Place an Arabic camel on ") for a in arabic)


def test_other_families_keep_a_and_their_message_even_the_uyghur_said_wee():
    for family, name in (("uyghur", "Uyghur"), ("mongol", "Mongol"), ("byzant", "Byzant")):
        places = _places(_expanding(sc.game(players=3), family))
        assert places
        for action in places:
            assert action.label.startswith(f"Place a {name} camel on ")
            assert action.label.msgid == "Place a {family} camel on {space}"


def test_a_two_player_bag_tile_of_an_indian_family_is_an_indian_tile_in_the_log():
    state = sc.game(players=2)
    state["bag"] = ["indian"]
    _, log = sc.marry(state, 0, "mongol")
    line = next(entry.text for entry in log if "from the bag" in entry.text)
    assert line.startswith("{p0} drew an Indian tile from the bag; nobody has married")
    assert says_itself(line) and line.args["family"] == "Indian"
    state = sc.game(players=2)
    sc.member(state, 1, "arabic")
    state["bag"] = ["arabic"]
    _, log = sc.marry(state, 0, "mongol")
    line = next(entry.text for entry in log if "from the bag" in entry.text)
    assert line == "{p0} drew an Arabic tile from the bag; it goes to the Arabic domain."
    assert says_itself(line)


def _expanding(state: dict, family: str) -> dict:
    """Seat 0 married into ``family`` and about to place its camel."""
    sc.member(state, 0, family)
    state, _ = sc.play(state, 0, "expand")
    state, _ = sc.play(state, 0, "expand_family", family=family)
    return state


def _places(state: dict) -> list:
    return [action for action in RULES.legal_actions(state, 0) if action.type == "place"]


def test_a_refusal_says_why_with_a_message():
    state = sc.game(players=3)
    sc.money(state, 0, 4)  # enough for a Byzant, not for a Sogdian
    state, _ = sc.play(state, 0, "marry")
    with pytest.raises(IllegalAction) as refused:
        sc.play(state, 0, "marry_family", family="sogdian")
    reason = refused.value.reason
    assert reason == str(refused.value) == "You cannot afford the marriage portion of 6 Dirham."
    assert reason.msgid == "You cannot afford the marriage portion of {portion} Dirham."
    assert says_itself(reason)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 1, Action.make("marry"))
    assert refused.value.reason == "It is not your turn." and says_itself(refused.value.reason)


def test_a_refusal_in_the_discard_step_agrees_with_the_hand_limit():
    state = sc.turn(sc.game(players=4), 2)
    sc.hand(state, 2, [1, 2, 3, 4, 5])
    state, _ = sc.marry(state, 2, "persian")
    with pytest.raises(IllegalAction) as refused:
        sc.play(state, 2, "keep_cards")
    reason = refused.value.reason
    assert reason == "You must get down to your hand limit of 7 cards." and says_itself(reason)
    assert reason.count == 7
    prompt = RULES.prompt(state, 2)
    assert prompt == "You hold 8 cards (limit 7): discard up to 2 or keep them."
    assert says_itself(prompt) and prompt.args["limit"] == 7


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_button_log_line_prompt_and_ending_is_a_message(players):
    state = RULES.setup(players, {}, players)
    chooser = LocalRng(players * 7)
    for _ in range(5000):
        if RULES.outcome(state) is not None:
            break
        for seat in range(players):
            for action in RULES.legal_actions(state, seat):
                assert says_itself(action.label), action
            assert says_itself(RULES.prompt(state, seat))
        assert says_itself(RULES.prompt(state, None))
        seat, action = choose_random_step(RULES, state, chooser)
        state, logs = RULES.apply(state, seat, action)
        for entry in logs:
            assert says_itself(entry.text), entry
            assert all(says_itself(text) for _, text in entry.private), entry
    outcome = RULES.outcome(state)
    assert outcome is not None and says_itself(outcome.reason)
    assert says_itself(RULES.view(state, None)["end"]) and says_itself(RULES.prompt(state, 0))
    assert outcome.scores[0].breakdown[0][0] == "Goods cards"  # marked names (terms)


@pytest.mark.parametrize("players", [2, 4])
def test_no_said_text_ever_gets_into_a_state(players):
    state = RULES.setup(players, {}, players + 10)
    chooser = LocalRng(players * 13)
    for _ in range(5000):
        assert all(type(text) is str for text in strings_in(state))
        if RULES.outcome(state) is not None:
            break
        seat, action = choose_random_step(RULES, state, chooser)
        state, _ = RULES.apply(state, seat, action)
    assert RULES.outcome(state) is not None
    assert type(state["end"]) is str  # the state keeps plain English
    assert RULES.outcome(state).reason == state["end"]
    assert all(type(text) is str for text in strings_in(state))
    assert json.loads(json.dumps(state)) == state


def test_the_names_on_the_map_are_the_marked_names():
    view = RULES.view(sc.game(3), 0)
    names = {space["name"] for space in data.SPACES}
    for space in view["spaces"]:
        assert space["name"] in names
        assert space["short"] in names or space["short"] in data.SHORT_NAMES
        if space["kind"] == "goods":
            assert says_itself(space["label"]) and space["label"].args["good"] == space["name"]
    assert {family["name"] for family in view["families"]} == FAMILY_NAMES
    assert all(says_itself(card["label"]) for card in view["hand"])
