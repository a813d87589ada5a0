"""Every registered game has its own board template, and it renders for every viewer."""

import random
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.template import engines
from django.template.loader import get_template, render_to_string
from django.utils import translation

from games.engine import registry
from games.read import game_page
from games.read.names import seat_colours
from games.web import jinja
from tests.games.helpers import NamesNotGiven

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


def random_game(rules, players: int, seed: int, steps: int):
    """A game played at random from ``seed``, at most ``steps`` moves: (step, state, the
    seats to act, the seat about to move) before each move, then the last state with no
    seat to act (and None) when the game ends."""
    state = rules.setup(players, {o.name: o.default for o in rules.options}, seed)
    chooser = random.Random(seed)
    for step in range(steps):
        waiting = rules.to_act(state)
        if not waiting:
            yield step, state, waiting, None
            return
        seat = chooser.choice(waiting)
        yield step, state, waiting, seat
        state, _ = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))


def _draw(board, rules, state, players, seat, actions, version, **more) -> str:
    """``board`` drawn for ``seat`` (None: a spectator) with ``actions`` as its choices."""
    choices = [game_page.Choice.from_action(a) for a in actions]
    return board.render(
        game=SimpleNamespace(pk=1),
        version=version,
        view=rules.view(state, seat),
        seat=seat,
        names=[f"Player {n}" for n in range(players)],
        choices=choices,
        choices_by_type=game_page.group_choices(choices),
        colours=seat_colours(players),
        csrf_token="token",
        result=None,
        **more,
    )


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_board_uses_no_name_its_context_lacks_through_a_game(slug):
    """Played at random to the end, every seat's and a spectator's board, on an
    environment that notes every name no one gave."""
    rules = registry.get(slug)
    strict = engines["jinja2"].env.overlay(undefined=NamesNotGiven)
    board = strict.get_template(game_page.board_templates(slug)["board_template"])
    players = rules.min_players
    NamesNotGiven.found = set()
    for step, state, waiting, _ in random_game(rules, players, seed=5, steps=400):
        if step % 5 == 0 or not waiting:
            for seat in [None, *range(players)]:
                acts = rules.legal_actions(state, seat) if seat in waiting else []
                # the page's, as games.read.game_page gives them
                _draw(
                    board,
                    rules,
                    state,
                    players,
                    seat,
                    acts,
                    step,
                    changed=frozenset(),
                    confirm=None,
                )
    assert not NamesNotGiven.found


VOID_TAGS = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class ListTargets(HTMLParser):
    """Notes each target (``role="button"``) that is a list's item or its direct child:
    a list may hold only list items, and a list item is no button (axe's "list" and
    "aria-allowed-role")."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("role") == "button":
            parent = self.open[-1] if self.open else ""
            if tag == "li" or parent in ("ul", "ol"):
                self.found.append(f"<{tag} class={attributes.get('class')!r}> in <{parent}>")
        if tag not in VOID_TAGS:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_TAGS:
            self.open.pop()

    def handle_endtag(self, tag):
        if tag in self.open:
            while self.open.pop() != tag:
                pass


@pytest.mark.parametrize("slug", registry.slugs())
def test_no_board_target_is_a_list_item_through_a_game(slug):
    """Every state a random game reaches, on the board of the seat to act: a target in a
    list sits inside its <li> (axe found Samarkand's family domains and Merchant Lord's
    places in a village's row made buttons on the list itself, in states a short game
    never reaches)."""
    rules = registry.get(slug)
    board = engines["jinja2"].env.get_template(game_page.board_templates(slug)["board_template"])
    players = rules.min_players
    found = set()
    for step, state, waiting, _ in random_game(rules, players, seed=7, steps=600):
        for seat in waiting:
            parser = ListTargets()
            parser.feed(
                _draw(board, rules, state, players, seat, rules.legal_actions(state, seat), step)
            )
            found.update(parser.found)
    assert not found


def test_the_samarkand_map_offers_each_placement_on_its_own_space_through_a_game():
    """Whenever a camel may be placed, each space it may go to is a target once, inside
    that space's group, named by its choice (the board groups the choices by space once
    rather than looking through all of them at each of the map's spaces)."""
    rules = registry.get("samarkand")
    board = engines["jinja2"].env.get_template(
        game_page.board_templates("samarkand")["board_template"]
    )
    seen = 0
    for step, state, _, seat in random_game(rules, 3, seed=3, steps=600):
        if seat is None:
            break  # the game is over
        actions = rules.legal_actions(state, seat)
        places = [a for a in actions if a.type == "place"]
        if places:
            html = _draw(board, rules, state, 3, seat, actions, step)
            groups = html.split("<g transform=")[1:]  # one per space, in the view's order
            spaces = [space["id"] for space in rules.view(state, seat)["spaces"]]
            assert len(groups) == len(spaces)
            by_space = {a.get("space"): game_page.Choice.from_action(a).label for a in places}
            for space, group in zip(spaces, groups, strict=True):
                label = by_space.get(space)
                assert group.count("sk-target") == (label is not None), space
                assert label is None or f"<title>{label}</title></use>" in group
            seen += 1
    assert seen > 3


def test_the_samarkand_map_drawn_from_its_parts_kept_is_the_map_drawn_anew():
    """The map's unchanging parts (hexes, home rings, names) are drawn once per language
    and kept (``drawn_once``); through a game, in English then German on one environment,
    every board drawn with them is the board an environment that keeps nothing draws."""
    rules = registry.get("samarkand")
    name = game_page.board_templates("samarkand")["board_template"]
    env = engines["jinja2"].env
    anew = env.overlay(auto_reload=True)  # keeps nothing: draws every part each time
    compared = 0
    for language in ("en", "de", "en"):
        with translation.override(language):
            for step, state, waiting, _ in random_game(rules, 2, seed=4, steps=200):
                if step % 20 or not waiting:
                    continue
                for seat in (None, *waiting):
                    acts = rules.legal_actions(state, seat) if seat is not None else []
                    kept, fresh = (
                        _draw(jinja_board(e, name, language), rules, state, 2, seat, acts, step)
                        for e in (env, anew)
                    )
                    assert kept == fresh
                    compared += 1
    assert compared > 10


def jinja_board(env, name, language):
    """The board ``name`` of ``env``, drawn as the site draws it: the language's texts
    bound once for the drawing (``games.web.jinja.render``)."""
    template = env.get_template(name)

    class Board:
        @staticmethod
        def render(**values):
            values.update(jinja._bound_translations(language), language_code=language)
            values["_english"] = language == "en"
            return template.render(values)

    return Board
