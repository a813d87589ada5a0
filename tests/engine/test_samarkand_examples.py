"""The worked examples of the Samarkand rulebook, rebuilt on the designed map."""

from games.engine.samarkand import scenario as sc
from games.engine.samarkand.scoring import card_points


def test_carl_must_discard_down_to_his_hand_limit_of_seven():
    # 4 players: Carl's hand limit is 7; he holds 5 cards and marries
    state = sc.game(players=4)
    carl = 2
    sc.hand(state, carl, [1, 2, 3, 4, 5])
    sc.deck_top(state, [6, 7, 8])
    sc.turn(state, carl)
    state, _ = sc.marry(state, carl, "persian")
    assert sorted(state["seats"][carl]["hand"]) == [1, 2, 3, 4, 5, 6, 7, 8]
    choices = sc.legal_types(state, carl)
    assert "keep_cards" not in choices  # 8 cards: at least 1 must go
    state, _ = sc.play(state, carl, "discard", card=3)
    assert "keep_cards" in sc.legal_types(state, carl)
    state, _ = sc.play(state, carl, "keep_cards")
    assert len(state["seats"][carl]["hand"]) == 7
    # at the limit, marrying again draws nothing
    sc.money(state, carl, 10)
    sc.turn(state, carl)
    state, log = sc.marry(state, carl, "indian")
    assert len(state["seats"][carl]["hand"]) == 7
    assert state["active"] != carl
    assert any("draws no goods cards" in entry.text for entry in log)


def test_carl_draws_again_after_discarding_two_cards():
    state = sc.game(players=4)
    carl = 2
    sc.hand(state, carl, [1, 2, 3, 4, 5])
    sc.turn(state, carl)
    state, _ = sc.marry(state, carl, "persian")
    state, _ = sc.play(state, carl, "discard", card=1)
    state, _ = sc.play(state, carl, "discard", card=2)  # the second discard ends the turn
    assert len(state["seats"][carl]["hand"]) == 6
    sc.money(state, carl, 10)
    sc.turn(state, carl)
    state, _ = sc.marry(state, carl, "indian")
    assert len(state["seats"][carl]["hand"]) == 9
    assert state["step"] == "discard"


def test_barbara_expands_the_levant_route_by_two_camels_for_one_dirham():
    state = sc.game(players=3)
    barbara = 1
    sc.member(state, barbara, "levant")
    treasury = state["families"]["levant"]["treasury"]
    supply = state["supply"]
    sc.turn(state, barbara)
    # one camel on an adjacent land space, the other on a ship of the adjacent water space
    state, _ = sc.expand(state, barbara, "levant", "sinai", "mediterranean-sea")
    assert state["camels"]["sinai"] == ["levant"]
    assert state["camels"]["mediterranean-sea"] == ["levant"]
    assert state["families"]["levant"]["treasury"] == treasury - 1
    assert state["supply"] == supply + 1
    assert state["active"] == 2


def test_julia_takes_the_diamond_22_marker_and_keeps_her_diamond_card():
    state = sc.game(players=3)
    julia = 0
    sc.member(state, julia, "indian")
    diamond = sc.card_of("Diamond")
    assert diamond == 22
    sc.hand(state, julia, [diamond, 5], mode="keep")
    money = state["seats"][julia]["money"]
    state, log = sc.expand(state, julia, "indian", "diamond")
    assert state["seats"][julia]["goods"] == [22]
    assert 22 in state["seats"][julia]["hand"]
    assert state["seats"][julia]["sold"] == []
    assert state["seats"][julia]["money"] == money
    assert not any("sold" in entry.text for entry in log)


def test_chris_is_paid_3_dirham_julia_1_and_chris_takes_both_top_markers():
    state = sc.game(players=3)
    chris, julia = 1, 0
    sc.member(state, chris, "byzant")
    sc.member(state, julia, "levant")
    sc.camel(state, "levant", "anatolia")  # a red camel next to Constantinople
    before = [seat["money"] for seat in state["seats"]]
    sc.turn(state, chris)
    state, _ = sc.expand(state, chris, "byzant", "anatolia")
    after = [seat["money"] for seat in state["seats"]]
    assert after[chris] - before[chris] == 3
    assert after[julia] - before[julia] == 1
    assert after[2] == before[2]
    assert state["seats"][chris]["markers"] == [["byzant", "green"], ["levant", "green"]]
    assert ["byzant", "levant"] in state["relations"]


def test_barbaras_flax_card_is_worth_5_points():
    state = sc.game(players=3)
    barbara = 1
    sc.member(state, barbara, "levant")
    flax = sc.card_of("Flax")
    sc.hand(state, barbara, [flax])
    sc.camel(state, "levant", "flax")
    sc.camel(state, "arabic", "flax")
    # 4 for the red camel of her own family, 1 for the yellow one
    assert card_points(state, barbara, flax) == 5
