"""The rules changes of the 2-player Samarkand game."""

from games.engine.samarkand import RULES, board
from games.engine.samarkand import scenario as sc
from games.engine.samarkand.scoring import card_points


def test_two_players_find_one_tile_of_each_family_on_the_board_and_ten_in_the_bag():
    state = sc.game(players=2)
    assert all(stock["tiles"] == 1 for stock in state["families"].values())
    assert sorted(state["bag"]) == sorted(board.FAMILY_ORDER)
    assert state["hand_limit"] == 10


def test_two_players_draw_a_tile_from_the_bag_when_marrying():
    state = sc.game(players=2)
    state, log = sc.marry(state, 0, "mongol")
    assert len(state["bag"]) == 9
    assert any("from the bag" in entry.text for entry in log)


def test_a_bag_tile_of_a_family_nobody_married_into_leaves_the_game():
    state = sc.game(players=2)
    state["bag"] = ["persian"]
    state, log = sc.marry(state, 0, "mongol")
    assert state["removed"] == ["persian"]
    assert state["families"]["persian"]["tiles"] == 1
    assert any("leaves the game" in entry.text for entry in log)


def test_a_bag_tile_of_a_family_married_into_goes_to_its_domain():
    state = sc.game(players=2)
    sc.member(state, 1, "persian")
    state["bag"] = ["persian"]
    state, _ = sc.marry(state, 0, "mongol")
    assert state["families"]["persian"]["tiles"] == 1
    assert state["removed"] == []


def test_the_marriage_just_made_counts_when_the_own_familys_tile_is_drawn():
    state = sc.game(players=2)
    state["bag"] = ["mongol"]
    state, _ = sc.marry(state, 0, "mongol")
    assert state["families"]["mongol"]["tiles"] == 1  # back on the domain, for a second marriage


def test_two_players_may_marry_twice_into_the_same_family():
    state = sc.game(players=2)
    state["bag"] = ["mongol"]
    sc.money(state, 0, 20)
    state, _ = sc.marry(state, 0, "mongol")
    state, _ = sc.play(state, 0, "keep_cards")
    sc.turn(state, 0)
    state, _ = sc.marry(state, 0, "mongol")
    assert state["seats"][0]["tiles"] == ["mongol", "mongol"]
    portion = board.FAMILIES["mongol"]["portion"]
    assert state["families"]["mongol"]["treasury"] == 2 * portion  # refilled


def test_owning_both_tiles_pays_only_the_basic_relationship_bonus():
    state = sc.game(players=2)
    sc.member(state, 0, "levant")
    sc.member(state, 0, "levant")
    sc.camel(state, "arabic", "flax")
    state, _ = sc.expand(state, 0, "levant", "flax")
    assert state["seats"][0]["money"] == 13


def test_owning_both_tiles_scores_only_the_basic_goods_card_points():
    state = sc.game(players=2)
    sc.member(state, 0, "levant")
    sc.member(state, 0, "levant")
    flax = sc.card_of("Flax")
    sc.hand(state, 0, [flax])
    sc.camel(state, "levant", "flax")
    assert card_points(state, 0, flax) == 4


def test_the_view_shows_the_bag_contents_but_not_their_order():
    state = sc.game(players=2)
    state["bag"] = ["persian", "byzant", "mongol"]
    view = RULES.view(state, 0)
    assert [b["key"] for b in view["bag"]] == ["byzant", "mongol", "persian"]  # not bag order
    state["bag"] = ["mongol", "persian", "byzant"]
    assert RULES.view(state, 1)["bag"] == view["bag"]
