"""Every registered game has its own board template, and it renders for every viewer."""

import pytest
from django.template.loader import get_template, render_to_string

from games.engine import registry
from games.read import game_page
from games.read.names import seat_colours

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", registry.slugs() + ["toy"])
def test_every_game_has_a_board_that_renders(slug):
    rules = registry.get(slug)
    templates = game_page.board_templates(slug)
    template = templates["board_template"]
    get_template(template)  # a missing board is a bug, not a fallback
    get_template(templates["board_defs"])  # and so are its drawings and styles
    state = rules.setup(rules.min_players, {o.name: o.default for o in rules.options}, 11)
    names = [f"Player {n}" for n in range(rules.min_players)]
    for seat in [None, *range(rules.min_players)]:
        choices = []
        if seat is not None:
            choices = [game_page.Choice.from_action(a) for a in rules.legal_actions(state, seat)]

        class FakeGame:
            pk = 1

        html = render_to_string(
            template,
            {
                "game": FakeGame,
                "version": 0,
                "view": rules.view(state, seat),
                "seat": seat,
                "names": names,
                "choices": choices,
                "choices_by_type": game_page.group_choices(choices),
                "colours": seat_colours(rules.min_players),
            },
        )
        assert html.strip()
