"""Silk Road in German: the board, the log, the prompt and every choice speak the
reader's language, and every sentence the engine says has its German."""

import random
import re
from pathlib import Path

import polib
import pytest
from django.test import Client
from django.urls import reverse

from games.engine import registry
from games.engine.contract import Said
from games.engine.silk_road import data
from games.play import tables
from tests.games.helpers import play_randomly

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "de" / "LC_MESSAGES" / "django.po"


def _translated_msgids() -> set[str]:
    return {e.msgid for e in polib.pofile(str(CATALOGUE)).translated_entries()}


def _msgids(text, found: set[str]) -> None:
    if isinstance(text, Said):
        found.add(text.msgid)
        for value in text.args.values():
            _msgids(value, found)


def test_every_sentence_and_name_silk_road_says_in_a_game_has_its_german():
    rules = registry.get("silk-road")
    said: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 6)):
        state = rules.setup(players, {}, seed)
        chooser = random.Random(seed)
        for _ in range(300):
            waiting = rules.to_act(state)
            if not waiting:
                break
            for seat in waiting:
                _msgids(rules.prompt(state, seat), said)
                for action in rules.legal_actions(state, seat):
                    _msgids(action.label, said)
            seat = chooser.choice(waiting)
            state, logs = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))
            for entry in logs:
                _msgids(entry.text, said)
                for _, private in entry.private:
                    _msgids(private, said)
    names = set(data.NAMES.values())
    missing = sorted((said | names) - _translated_msgids())
    assert len(said) > 30
    assert not missing, f"{len(missing)} without German, e.g. {missing[:8]}"


@pytest.fixture
def german_road(db, ana, ben):
    ana.language = "de"
    ana.save(update_fields=["language"])
    table = tables.game_create(
        creator=ana, game="silk-road", players=2, public=True, random_seat_order=False
    )
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    return play_randomly(table, {0: ana, 1: ben}, random.Random(3), 25)


def _page(user, game) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def _log_lines(page: str) -> list[str]:
    log = page.split('class="log-lines"', 1)[1].split("</ol>", 1)[0]
    return [
        re.sub(r"<[^>]+>", "", line).strip()
        for line in re.findall(r"<li[^>]*>(.*?)</li>", log, re.S)
    ]


def test_a_german_player_reads_the_silk_road_log_in_german_and_an_english_one_in_english(
    german_road, ana
):
    german = _log_lines(_page(ana, german_road))
    ana.language = "en-gb"
    ana.save(update_fields=["language"])
    english = _log_lines(_page(ana, german_road))
    assert german and len(german) == len(english)
    assert not set(german) & set(english)  # not one line left in English
    assert any(" hat " in line for line in german)


def test_the_german_silk_road_board_names_its_cards_and_places_in_german(german_road, ana):
    page = _page(ana, german_road)
    assert 'lang="de"' in page
    assert "Arabien" in page and ">Arabia<" not in page
    assert "Nachziehstapel" in page and "Deck" not in re.sub(r"<[^>]+>", " ", page)
