"""The designed Samarkand map and families are a valid, fair board."""

import itertools

from games.engine.samarkand import board, data


def _luminance(colour):
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_designed_data_passes_its_own_checks():
    assert board.problems() == []


def test_there_are_33_goods_spaces_numbered_1_to_33_one_per_goods_card():
    goods = [s for s in data.SPACES if s["kind"] == "goods"]
    assert sorted(s["number"] for s in goods) == list(range(1, 34))
    assert board.CARDS == list(range(1, 34))


def test_ten_families_with_distinct_colours_letters_and_readable_letters():
    assert len(data.FAMILIES) == 10
    for family in data.FAMILIES:
        light, dark = sorted([_luminance(family["colour"]), _luminance(family["ink"])])[::-1]
        assert (light + 0.05) / (dark + 0.05) >= 4.5, family["name"]
    assert len({f["letter"] for f in data.FAMILIES}) == 10
    assert len({f["colour"] for f in data.FAMILIES}) == 10


def test_marriage_portions_are_3_to_6_dirham():
    assert {f["portion"] for f in data.FAMILIES} <= {3, 4, 5, 6}


def test_the_rulebook_examples_fit_the_map():
    assert board.FAMILIES["levant"]["colour"] == "#D55E00"  # red
    assert board.goods_label(22) == "Diamond-22"
    damascus = board.neighbours("damascus")
    assert any(board.SPACES[s]["kind"] == "water" for s in damascus)
    assert any(board.is_land(s) for s in damascus)
    assert "flax" in damascus
    assert board.distances_from("baghdad")["flax"] == 2


def test_homes_are_three_steps_apart_and_have_three_ways_out():
    for first, second in itertools.combinations(board.START_OF.values(), 2):
        assert board.distances_from(first)[second] >= 3
    for home in board.START_OF.values():
        assert len(board.neighbours(home)) >= 3


def test_every_goods_space_is_within_reach_of_two_homes():
    for space in board.GOODS.values():
        near = [h for h in board.START_OF.values() if board.distances_from(h)[space] <= 3]
        assert len(near) >= 2, space


def test_spaces_fit_inside_the_svg_map():
    width, height = data.MAP_SIZE
    half_width = data.HEX_RADIUS * 0.866  # a pointy-top hex is narrower than it is tall
    for space in data.SPACES:
        assert half_width <= space["x"] <= width - half_width
        assert data.HEX_RADIUS <= space["y"] <= height - data.HEX_RADIUS
