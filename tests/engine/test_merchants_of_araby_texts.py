"""Merchants of Araby's words can be said again in another language: every log line, label,
prompt, refusal and ending is a ``Said`` whose message id and parameters make the very
English shown, counts agree with their number ("1 coin", "2 coins"), names (cards,
products, kinds) are passed as the marked names the site translates, and none of it ever
gets into a state (states hold data, never words)."""

from __future__ import annotations

import json

import pytest
from araby_table import act, entourage, hand, on_top, table
from said_texts import says_itself, spelled, strings_in

from games.engine.contract import Action, IllegalAction
from games.engine.deals import DEAL_LINES
from games.engine.merchants_of_araby import RULES, data
from games.engine.rng import LocalRng
from games.engine.simulate import choose_random_step

NAMES = {card["name"] for card in data.CARDS.values()}
PRODUCT_NAMES = set(data.PRODUCT_NAMES.values())


def card_named(name: str, copy: int = 0) -> str:
    return [card_id for card_id, card in data.CARDS.items() if card["name"] == name][copy]


TREASURER = card_named("Treasurer")
SCRIBE = card_named("Scribe")
THRIFT, PATIENCE = card_named("Thrift"), card_named("Patience")
SPICES_MERCHANT, JEWELS_MERCHANT = card_named("Spices Merchant"), card_named("Jewels Merchant")
SILK_WEAVER = card_named("Silk Weaver")


def refusal(state: dict, seat: int, kind: str, **params) -> str:
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, kind, **params)
    assert str(refused.value) == refused.value.reason
    return refused.value.reason


def labelled(state: dict, seat: int, kind: str, **params) -> str:
    wanted = Action.make(kind, **params)
    return next(a.label for a in RULES.legal_actions(state, seat) if a == wanted)


# --- log lines and labels ---------------------------------------------------------------------
def test_tasking_the_treasurer_takes_1_coin_in_the_label_and_in_the_log():
    state = table(3)
    entourage(state, 0, TREASURER)
    label = labelled(state, 0, "task", card=TREASURER)
    assert label == "Task Treasurer: take 1 coin from the bank" and says_itself(label)
    assert label.msgid == "Task {card}: {effect}" and label.args["card"] == "Treasurer"
    effect = label.args["effect"]
    assert effect.count == 1 and effect.plural == "take {n} coins from the bank"
    state, log = act(state, 0, "task", card=TREASURER)
    tasks, takes = (entry.text for entry in log)
    assert tasks == "{p0} tasks Treasurer." and says_itself(tasks)
    assert takes == "{p0} takes 1 coin from the bank." and says_itself(takes)
    assert takes.args["player"] == "{p0}"  # the name comes later
    assert takes.plural == "{player} takes {n} coins from the bank."


def test_a_virtue_played_with_a_discard_is_named_with_its_kind_and_takes_2_coins():
    state = table(3)
    hand(state, 0, THRIFT, SPICES_MERCHANT)
    label = labelled(state, 0, "play", card=THRIFT, discards=[SPICES_MERCHANT])
    assert label == "Play Thrift discarding Spices Merchant" and says_itself(label)
    assert label.msgid == "Play {card} discarding {cards}"
    assert label.args == {"card": "Thrift", "cards": "Spices Merchant"}
    state, log = act(state, 0, "play", card=THRIFT, discards=[SPICES_MERCHANT])
    plays, takes = (entry.text for entry in log)
    assert plays == "{p0} plays Thrift (Virtue)." and says_itself(plays)
    assert plays.args["card"] == "Thrift" and plays.args["kind"] == "Virtue"
    assert takes == "{p0} takes 2 coins from the bank." and takes.count == 2


def test_the_cards_i_draw_are_named_only_to_me_and_both_texts_are_messages():
    state = table(3)
    hand(state, 0, PATIENCE, JEWELS_MERCHANT)
    on_top(state, SCRIBE)
    on_top(state, SILK_WEAVER)
    state, log = act(state, 0, "play", card=PATIENCE, discards=[JEWELS_MERCHANT])
    drew = log[-1]
    assert drew.text == "{p0} draws 2 cards." and says_itself(drew.text)
    assert drew.text.plural == "{player} draws {n} cards." and drew.text.count == 2
    mine = drew.for_viewer(0)
    assert mine == "You draw Silk Weaver, Scribe." and says_itself(mine)
    assert mine.msgid == "You draw {cards}." and mine.args["cards"].msgid == "{list}, {item}"
    assert drew.for_viewer(1) == drew.text


def test_a_camel_button_names_the_product_and_the_space():
    state = table(3)
    product = data.GRIDS[state["caravans"][0]["card"]][0]
    state["products"][0] = {product: 1}
    label = labelled(state, 0, "camel", owner=0, space=1)
    name = data.PRODUCT_NAMES[product]
    assert label == f"Put a camel with {name} on space 1 of your caravan" and says_itself(label)
    assert label.args == {"product": name, "space": 1}
    state, log = act(state, 0, "camel", owner=0, space=1)
    line = log[0].text
    assert line == f"{{p0}} puts a camel with {name} on space 1 of their own caravan."
    assert says_itself(line)


def test_the_draft_prompt_agrees_with_the_cards_still_to_take():
    state = table(3)
    state, _ = act(state, 0, "end_turn")
    prompt = RULES.prompt(state, 0)
    assert prompt == "Take 2 more cards from the draft line." and says_itself(prompt)
    state, log = act(state, 0, "draft", card=state["draft"][0])
    assert log[0].text.msgid == "{player} takes {card} from the draft line."
    assert log[0].text.args["card"] in NAMES
    prompt = RULES.prompt(state, 0)
    assert prompt == "Take 1 more card from the draft line." and says_itself(prompt)
    assert prompt.count == 1 and prompt.plural == "Take {n} more cards from the draft line."
    assert RULES.prompt(state, 1) == "Waiting for {p0}." and says_itself(RULES.prompt(state, 1))


# --- refusals -------------------------------------------------------------------------------
def test_an_ally_played_on_anothers_turn_is_refused_with_an():
    state = table(3)
    hand(state, 1, SCRIBE, SPICES_MERCHANT)
    reason = refusal(state, 1, "play", card=SCRIBE, discards=[])
    assert reason == "An Ally can only be played on your turn." and says_itself(reason)
    reason = refusal(state, 1, "play", card=SPICES_MERCHANT, discards=[])
    assert reason == "A Merchant can only be played on your turn." and says_itself(reason)
    hand(state, 1, THRIFT)
    reason = refusal(state, 1, "play", card=THRIFT, discards=[])
    assert reason == "A Virtue can only be played on your turn." and says_itself(reason)


def test_a_refusal_names_the_card_its_cost_and_the_product_as_parameters():
    state = table(3)
    hand(state, 0, SCRIBE)
    reason = refusal(state, 0, "play", card=SCRIBE, discards=[])
    assert reason == "You cannot pay for Scribe that way (1 Spices)." and says_itself(reason)
    assert reason.msgid == "You cannot pay for {card} that way ({cost})."
    assert reason.args["card"] == "Scribe" and spelled(reason.args["cost"]) == "1 Spices"
    reason = refusal(state, 0, "play", card=TREASURER, discards=[])
    assert reason == "You do not hold Treasurer." and says_itself(reason)
    product = data.GRIDS[state["caravans"][0]["card"]][0]
    reason = refusal(state, 0, "camel", owner=0, space=1)
    assert reason.msgid.startswith("Space {space} needs {product} you have produced")
    assert reason.args == {"space": 1, "product": data.PRODUCT_NAMES[product]}
    assert says_itself(reason)
    reason = refusal(state, 0, "fly")
    assert reason == "There is no move called 'fly' in Merchants of Araby."
    assert says_itself(reason)
    reason = refusal(state, 1, "end_turn")
    assert reason == "It is not your turn." and says_itself(reason)


def test_a_card_cost_in_words_agrees_with_each_unit():
    moneylender = card_named("Moneylender")
    cost = data.cost_text(moneylender)
    assert cost == "1 Magics, 1 coin, 1 coin" and says_itself(cost)
    assert data.effect_text(moneylender) == "take 1 coin from the bank"
    assert data.effect_text(PATIENCE) == "draw 2 cards"
    assert says_itself(data.effect_text(PATIENCE))


# --- deals ----------------------------------------------------------------------------------
def test_an_offer_of_a_coin_for_spices_is_said_with_the_count_and_the_product():
    state = table(3)
    entourage(state, 1, SPICES_MERCHANT)
    offer = RULES.deal_terms(state, 0).action(
        to=1, give={"coins": {"coin": 1}}, get={"products": {"spices": 1}}
    )
    state, log = RULES.apply(state, 0, offer)
    mine = log[0].for_viewer(0)
    assert mine == "{p0} offered {p1} 1 coin for Spices." and says_itself(mine)
    assert mine.args["give"].plural == "{n} coins" and mine.args["get"] == "Spices"
    assert says_itself(log[0].text)
    shown = RULES.view(state, 1)["deals"][0]["text"]
    assert shown == "you get 1 coin, you give Spices" and says_itself(shown)
    accept = next(a for a in RULES.legal_actions(state, 1) if a.type == "accept")
    assert says_itself(accept.label)
    state, log = RULES.apply(state, 1, accept)
    tasked = next(entry.text for entry in log if "tasks" in entry.text)
    assert tasked == "{p1} tasks Spices Merchant to produce." and says_itself(tasked)


# --- the ending, the options and the view -----------------------------------------------------
@pytest.mark.parametrize(
    "coins, ending",
    [
        ([1, 0, 0], "{p0} revealed 1 coin."),
        ([5, 7, 7], "{p1} and {p2} revealed 7 coins."),
    ],
)
def test_the_ending_says_who_revealed_how_many_coins(coins, ending):
    state = table(3)
    state["coins"] = coins
    state["phase"], state["over"] = "over", True
    outcome = RULES.outcome(state)
    assert outcome.reason == ending and says_itself(outcome.reason)
    assert [label for label, _ in outcome.scores[0].breakdown] == [
        "Coins",
        "Entourage (tie-break)",
    ]
    assert RULES.prompt(state, 0) == "The game is over: the coins are revealed."
    assert says_itself(RULES.prompt(state, 0))
    assert says_itself(refusal(state, 0, "end_turn"))


def test_the_table_options_read_their_counts():
    stacks, window = RULES.options
    assert dict(stacks.choices)["4"] == "4 rounds" and says_itself(dict(stacks.choices)["4"])
    assert dict(window.choices)["1"] == "1 minute" and says_itself(dict(window.choices)["1"])
    assert dict(window.choices)["2"] == "2 minutes"


def test_names_in_the_view_are_the_marked_names_and_effects_are_messages():
    state = table(3)
    hand(state, 0, THRIFT, PATIENCE)
    entourage(state, 0, TREASURER, SPICES_MERCHANT)
    view = RULES.view(state, 0)
    cards = view["seats"][0]["hand"] + view["seats"][0]["entourage"] + view["draft"]
    for card in cards:
        assert card["name"] in NAMES
        assert card["name"] is data.CARDS[card["id"]]["name"]
        assert says_itself(card["effect"])
    assert [card["effect"] for card in view["seats"][0]["entourage"]] == [
        "take 1 coin from the bank",
        "produce 1 Spices",
    ]
    assert view["seats"][0]["entourage"][1]["effect"].args["product"] == "Spices"
    assert PRODUCT_NAMES == {"Magics", "Jewels", "Spices", "Fabrics"}
    assert set(data.KIND_NAMES.values()) == {
        "Merchant",
        "Ally",
        "Virtue",
        "Djinn",
        "Merchant Persona",
    }


# --- over random games ------------------------------------------------------------------------
def _probes(state: dict, seat: int, legal: list[Action], seen: list[Action]) -> list[Action]:
    """Stale and tampered actions: each refused with a reason."""
    probes = [action for action in seen[-8:] if action not in legal]
    if legal:
        pick = legal[0]
        for index, (key, _) in enumerate(pick.params):
            params = list(pick.params)
            params[index] = (key, "nowhere")
            probes.append(Action(pick.type, tuple(params)))
    return probes


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_label_log_line_prompt_refusal_and_ending_is_a_message(players):
    state = RULES.setup(players, {}, players)
    chooser = LocalRng(players * 7)
    seen: list[Action] = []
    refused = 0
    for step in range(5000):
        if RULES.outcome(state) is not None:
            break
        for seat in range(players):
            legal = RULES.legal_actions(state, seat)
            for action in legal:
                assert says_itself(action.label), action
            assert says_itself(RULES.prompt(state, seat))
            if step % 5 == 0:
                for probe in _probes(state, seat, legal, seen):
                    try:
                        RULES.apply(state, seat, probe)
                    except IllegalAction as exc:
                        assert says_itself(exc.reason), (probe, exc.reason)
                        refused += 1
            seen += legal[:3]
        assert says_itself(RULES.prompt(state, None))
        if step % 7 == 0:
            for viewer in [None, *range(players)]:
                view = RULES.view(state, viewer)
                for deal in view["deals"]:
                    assert says_itself(deal["text"]), deal
                for card in view["draft"] + view["discard"]:
                    assert card["name"] in NAMES and says_itself(card["effect"])
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.05, answer_rate=0.2)
        state, logs = RULES.apply(state, seat, action)
        for entry in logs:
            assert says_itself(entry.text), entry
            assert all(says_itself(text) for _, text in entry.private), entry
    outcome = RULES.outcome(state)
    assert outcome is not None and says_itself(outcome.reason)
    assert says_itself(RULES.prompt(state, 0))
    assert refused > 50


@pytest.mark.parametrize("players", [2, 4])
def test_no_said_text_ever_gets_into_a_state(players):
    state = RULES.setup(players, {}, players + 10)
    chooser = LocalRng(players * 13)
    for _ in range(5000):
        assert all(type(text) is str for text in strings_in(state))
        if RULES.outcome(state) is not None:
            break
        seat, action = choose_random_step(RULES, state, chooser, offer_rate=0.05, answer_rate=0.2)
        state, _ = RULES.apply(state, seat, action)
    assert RULES.outcome(state) is not None
    assert all(type(text) is str for text in strings_in(state))
    assert json.loads(json.dumps(state)) == state


def test_offers_answers_and_lapses_over_random_games_are_said_in_every_line():
    deal_lines = 0
    for seed in range(4):
        state = RULES.setup(3, {}, seed)
        chooser = LocalRng(seed)
        for _ in range(300):
            if RULES.outcome(state) is not None:
                break
            seat, action = choose_random_step(
                RULES, state, chooser, offer_rate=0.3, answer_rate=0.5
            )
            state, logs = RULES.apply(state, seat, action)
            for entry in logs:
                assert says_itself(entry.text), entry
                assert all(says_itself(text) for _, text in entry.private), entry
                deal_lines += entry.text.msgid in DEAL_LINES
    assert deal_lines > 20
