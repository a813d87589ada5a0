"""The daily digest: one mail a day at the player's local hour, most urgent game first."""

from datetime import UTC, datetime, timedelta

import pytest

from games.clocks import scans
from tests.clocks.helpers import outbox, play

pytestmark = pytest.mark.django_db
DIGEST = "waiting for your move"


@pytest.fixture
def dana(db):
    from tests.factories import UserFactory

    # Tokyo is UTC+9: her 8 o'clock is 23:00 UTC the day before.
    return UserFactory(username="dana", timezone="Asia/Tokyo", turn_mail="digest", digest_hour=8)


def scan(committing):
    with committing():
        return scans.scan_digests()


def test_a_digest_player_gets_one_mail_a_day_at_their_local_hour(
    clocked, dana, ben, clock, committing
):
    untimed = clocked(ben, dana, days=0)
    game = clocked(dana, ben, days=3)
    clock.move_to(datetime(2026, 3, 2, 22, 59, tzinfo=UTC), tick=False)  # 07:59 in Tokyo
    scan(committing)
    assert outbox(DIGEST) == []
    play(untimed, ben)  # now two games wait for her
    for minutes in (1, 2, 30, 59):  # every scan during her 8 o'clock
        clock.move_to(datetime(2026, 3, 2, 22, 59, tzinfo=UTC) + timedelta(minutes=minutes))
        scan(committing)
    (digest,) = outbox(DIGEST)
    assert digest.to == [dana.email]
    assert digest.subject == "[Silkroad] 2 games waiting for your move"
    # The game with a clock first, the one without last.
    assert digest.body.index(f"#{game.pk}") < digest.body.index(f"#{untimed.pk}")
    assert "until Thu 5 Mar, 18:00 (Asia/Tokyo)" in digest.body
    assert "/unsubscribe/" in digest.body
    # The next day, at the same hour, the next one.
    clock.move_to(datetime(2026, 3, 3, 23, 5, tzinfo=UTC))
    scan(committing)
    scan(committing)
    assert len(outbox(DIGEST)) == 2


def test_no_digest_when_no_game_waits(clocked, dana, ben, clock, committing):
    clocked(ben, dana, days=1)  # ben moves first
    clock.move_to(datetime(2026, 3, 2, 23, 10, tzinfo=UTC))
    assert scan(committing) == 0
    assert outbox(DIGEST) == []


def test_players_who_want_a_mail_each_turn_get_no_digest(clocked, ana, ben, clock, committing):
    ana.digest_hour = 9
    ana.save()
    clocked(ana, ben, days=1)
    clock.move_to(datetime(2026, 3, 2, 9, 30, tzinfo=UTC))
    scan(committing)
    assert outbox(DIGEST) == []


def test_digest_players_get_no_turn_mail(clocked, dana, ben, committing):
    game = clocked(ben, dana, days=1)
    with committing():
        play(game, ben)
    assert outbox("Your move", to=dana) == []


def test_the_digest_unsubscribe_link_stops_digests(client, clocked, dana, ben, clock, committing):
    import re

    clocked(dana, ben, days=1)
    clock.move_to(datetime(2026, 3, 2, 23, 0, tzinfo=UTC))
    scan(committing)
    (digest,) = outbox(DIGEST)
    link = re.search(r"https://silkroad.example(/me/unsubscribe/\S+)", digest.body).group(1)
    client.post(link)
    dana.refresh_from_db()
    assert dana.turn_mail == "none"
