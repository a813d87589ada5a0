"""Merchant Lord's words can be said again in another language: every log line, label,
prompt, refusal and ending is a ``Said`` whose message id and parameters make the very
English shown, card names are passed as the names the site translates, and none of it
ever gets into a state (states hold data, never words)."""

from __future__ import annotations

import json

import pytest
from said_texts import says_itself, strings_in

from games.engine.contract import Action, IllegalAction, fill_names
from games.engine.merchant_lord import RULES, cards, scoring
from games.engine.rng import LocalRng, randbelow

VILLAGE_16, VILLAGE_25, VILLAGE_34 = 0, 1, 2
NAMES = {card["name"] for card in cards.MERCHANTS.values()}


# --- building situations -------------------------------------------------------------------
def new(players: int = 2, seed: int = 7) -> dict:
    return RULES.setup(players, {}, seed)


def dice(state: dict, seat: int, values: list[int]) -> None:
    state["seats"][seat]["dice"] = sorted(values)


def take_out(state: dict, card_id: str) -> None:
    pile = state["deck"] if card_id in state["deck"] else state["row"]
    pile.remove(card_id)


def card_with(side: str, value: int, reward: str) -> str:
    return next(i for i, card in cards.MERCHANTS.items() if card[side] == (value, reward))


def act(state: dict, seat: int, kind: str, **params) -> tuple[dict, list]:
    return RULES.apply(state, seat, Action.make(kind, **params))


def refusal(state: dict, seat: int, kind: str, **params) -> str:
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, kind, **params)
    assert str(refused.value) == refused.value.reason
    return refused.value.reason


# --- log lines ----------------------------------------------------------------------------
def test_a_sale_at_a_rivals_village_is_a_message_with_village_and_earnings_as_parameters():
    state = new()
    card = card_with("left", 4, cards.FAVOUR5)
    take_out(state, card)
    state["seats"][1]["villages"][VILLAGE_25]["left"].append(card)
    dice(state, 0, [2, 4, 5])
    state, log = act(state, 0, "sell", owner=1, village=VILLAGE_25)
    line = log[0].text
    assert (
        line == "{p0} sold 2+4+5 at {p1}'s 2-5 village: 3 coins and 5 favours; {p1} earns the same."
    )
    assert line.msgid == (
        "{player} sold {goods} at {owner}'s {village} village: {earned}; {owner} earns the same."
    )
    assert says_itself(line)
    assert line.args["player"] == "{p0}" and line.args["owner"] == "{p1}"  # names come later
    earned = line.args["earned"]
    assert earned.msgid == "{coins} and {favours}"
    assert earned.args["coins"].plural == "{n} coins" and earned.args["coins"].count == 3


def test_tucking_one_card_or_two_agrees_in_the_log_and_on_the_button():
    state = new()
    one = card_with("left", 3, cards.COIN2)
    two = card_with("right", 4, cards.COIN1)
    for card in (one, two):
        take_out(state, card)
        state["seats"][0]["hand"].append(card)
    dice(state, 0, [1, 3, 4, 6])
    state, _ = act(state, 0, "choose", card=one, side="left")
    state, _ = act(state, 0, "tuck", village=VILLAGE_16)
    sell = next(a for a in RULES.legal_actions(state, 0) if a.type == "sell")
    assert sell.label == "Sell 1+3+6 at your 1-6 village and tuck 1 card" and says_itself(
        sell.label
    )
    state, _ = act(state, 0, "choose", card=two, side="right")
    state, _ = act(state, 0, "tuck", village=VILLAGE_16)
    sell = next(a for a in RULES.legal_actions(state, 0) if a.type == "sell")
    assert sell.label == "Sell 1+3+4+6 at your 1-6 village and tuck 2 cards"
    assert sell.label.plural == "Sell {goods} at your {village} village and tuck {n} cards"
    state, log = act(state, 0, "sell", owner=0, village=VILLAGE_16)
    line = log[0].text
    assert line == (
        "{p0} sold 1+3+4+6 at their 1-6 village, tucking 2 merchant cards: 6 coins."
    ) and says_itself(line)
    assert line.count == 2 and line.args["village"] == "1-6"


def test_the_free_card_i_drew_is_named_only_to_me_and_both_texts_are_messages():
    state = new()
    card = card_with("left", 3, cards.FREE_CARD)
    take_out(state, card)
    state["seats"][0]["hand"].append(card)
    top = state["deck"][-1]
    dice(state, 0, [1, 3, 6])
    state, _ = act(state, 0, "choose", card=card, side="left")
    state, _ = act(state, 0, "tuck", village=VILLAGE_16)
    state, log = act(state, 0, "sell", owner=0, village=VILLAGE_16)
    drew = log[1]
    assert drew.text == "{p0} draws a free merchant card." and says_itself(drew.text)
    mine = drew.for_viewer(0)
    assert mine.msgid == "{player} draws a free merchant card: {card}." and says_itself(mine)
    assert mine.args["card"] == cards.MERCHANTS[top]["name"]  # a term, translated as a name
    assert drew.for_viewer(1) == drew.text


def test_the_caravans_arriving_is_one_message_with_the_round_and_the_rolls():
    state = new(3, seed=4)
    while state["round"] == 1:
        state, log = act(state, state["turn"], RULES.default_action(state, state["turn"]).type)
    line = next(entry.text for entry in log if entry.text.startswith("Round 2"))
    assert line.msgid == "Round {round}: the caravans arrive. {rolls}." and says_itself(line)
    assert line.args["round"] == 2
    rolls = line.args["rolls"]  # names and numbers: nothing to translate
    assert type(rolls) is str and [roll.split()[0] for roll in rolls.split(", ")] == [
        "{p0}",
        "{p1}",
        "{p2}",
    ]


# --- buttons, prompts and refusals ----------------------------------------------------------
def test_buttons_name_the_card_its_side_and_the_reward_as_messages():
    state = new()
    card = card_with("left", 1, cards.COIN2)
    take_out(state, card)
    state["seats"][0]["hand"].append(card)
    dice(state, 0, [1, 1, 6])
    choose = next(a for a in RULES.legal_actions(state, 0) if a.type == "choose")
    name = cards.MERCHANTS[card]["name"]
    assert choose.label == f"Pick {name}, left side (1: 2 coins)" and says_itself(choose.label)
    assert choose.label.msgid == "Pick {card}, left side ({stall})"
    assert choose.label.args["card"] == name
    assert choose.label.args["stall"].args["reward"] is cards.REWARD_LABELS[cards.COIN2]
    rival = next(a for a in RULES.legal_actions(state, 0) if a.type == "sell" and a["owner"] == 1)
    assert rival.label == "Sell 1+6 at {p1}'s 1-6 village" and says_itself(rival.label)
    end = next(a for a in RULES.legal_actions(state, 0) if a.type == "end_turn")
    assert end.label == "End turn: 3 goods to the market (+3 favours)" and says_itself(end.label)


def test_the_button_to_sell_at_a_rivals_village_calls_the_rival_by_name():
    """Not "at player 2's village": the seat placeholder the page fills with the name."""
    state = new(3)
    dice(state, 0, [1, 2, 5, 6])
    rivals = [a for a in RULES.legal_actions(state, 0) if a.type == "sell" and a["owner"] != 0]
    assert rivals, "a sale at a rival's village to look at"
    for action in rivals:
        label = action.label
        assert "player" not in label and says_itself(label)
        assert label.msgid == "Sell {goods} at {owner}'s {village} village"
        assert label.args["owner"] == f"{{p{action['owner']}}}"  # the name comes later
        named = fill_names(label, ["Ana", "Ben", "Cy"])
        assert named.startswith("Sell ") and (" at Ben's " in named or " at Cy's " in named)


def test_a_refusal_says_why_with_a_message_and_counts_agree():
    state = new()
    dice(state, 0, [1, 2])
    reason = refusal(state, 0, "sell", owner=0, village=VILLAGE_16)
    assert reason == "To sell there you must fill every stall: it needs 1, 6."
    assert reason.msgid == "To sell there you must fill every stall: it needs {values}."
    assert says_itself(reason)
    state["seats"][0]["favours"] = 1
    reason = refusal(state, 0, "nudge", value=1, to=2)
    assert reason == "Changing a die costs 2 favours." and says_itself(reason)
    assert reason.args["favours"].plural == "{n} favours"
    reason = refusal(state, 1, "end_turn")
    assert reason == "It is not your turn." and says_itself(reason)
    reason = refusal(state, 0, "unchoose")  # nothing picked: the reason names it
    assert reason == "You have not picked a card side, so there is nothing to put back."
    assert says_itself(reason)
    reason = refusal(state, 0, "fly")  # no such move: the generic reason, said here
    assert reason.msgid == "You cannot do that now. {prompt}" and says_itself(reason)
    assert reason.args["prompt"] == RULES.prompt(state, 0)


def test_buying_without_coins_is_refused_with_the_price_and_my_coins():
    state = new()
    state["phase"] = "buy"
    state["seats"][0]["coins"] = 3
    reason = refusal(state, 0, "buy", card=state["row"][0])
    assert reason == "A merchant card costs 5 coins; you have 3." and says_itself(reason)
    assert reason.plural == "A merchant card costs {n} coins; you have {coins}."


def test_every_button_log_line_and_prompt_over_random_games_is_a_message():
    for players in (2, 3, 4):
        state = new(players, seed=players)
        chooser = LocalRng(players * 7)
        for _ in range(400):
            if RULES.outcome(state) is not None:
                break
            for seat in range(players):
                for action in RULES.legal_actions(state, seat):
                    assert says_itself(action.label), action
                assert says_itself(RULES.prompt(state, seat))
            assert says_itself(RULES.prompt(state, None))
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            state, logs = RULES.apply(state, seat, legal[randbelow(chooser, len(legal))])
            for entry in logs:
                assert says_itself(entry.text), entry
                assert all(says_itself(text) for _, text in entry.private), entry


# --- the ending and the view --------------------------------------------------------------
@pytest.mark.parametrize(
    "seats, ending",
    [
        ([(9, 0, 0), (8, 20, 20)], "{p0} put a 9th card on the table."),
        (
            [(9, 3, 0), (9, 4, 0)],
            "{p0} put a 9th card on the table. Tied on 9 cards, the win goes to the most coins.",
        ),
        (
            [(9, 4, 1), (9, 4, 2)],
            "{p0} put a 9th card on the table. Tied on 9 cards, the win goes to the most favours.",
        ),
        (
            [(9, 4, 2), (9, 4, 2)],
            "{p0} put a 9th card on the table. The leaders are level on cards, coins and "
            "favours: they share the win.",
        ),
    ],
)
def test_the_ending_is_announced_in_a_message_and_the_score_lines_are_names(seats, ending):
    state = new()
    for seat, (count, coins, favours) in enumerate(seats):
        for _ in range(count - 3):
            card = state["deck"].pop()
            state["seats"][seat]["villages"][VILLAGE_34]["left"].append(card)
        state["seats"][seat]["coins"] = coins
        state["seats"][seat]["favours"] = favours
    state["phase"], state["final"] = "over", 0
    result = RULES.outcome(state)
    assert result.reason == ending and says_itself(result.reason)
    assert says_itself(RULES.prompt(state, 1))
    labels = [label for label, _ in result.scores[0].breakdown]
    assert (
        labels
        == [scoring.VILLAGE_CARDS, scoring.MERCHANT_CARDS]
        == ["Village cards", "Merchant cards"]
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_said_text_ever_gets_into_a_state(players):
    state = new(players, seed=players * 5)
    chooser = LocalRng(players * 13)
    for _ in range(5000):
        assert all(type(text) is str for text in strings_in(state))
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, seat, legal[randbelow(chooser, len(legal))])
    assert RULES.outcome(state) is not None
    assert all(type(text) is str for text in strings_in(state))
    assert json.loads(json.dumps(state)) == state


def test_names_and_rewards_in_the_view_are_marked_card_names_and_messages():
    view = RULES.view(new(), 0)
    for face in view["row"]:
        assert face["name"] in NAMES
        assert says_itself(face["left"]["label"]) and says_itself(face["right"]["label"])
    stall = view["seats"][0]["villages"][VILLAGE_16]["stalls"][0]
    assert stall["label"] == "2 coins" and says_itself(stall["label"])
    assert view["goods"][1:] == ["Silk", "Papyrus", "Gold", "Wheat", "Spices", "Porcelain"]
    assert says_itself(cards.REWARD_LABELS[cards.FREE_PLACE])
