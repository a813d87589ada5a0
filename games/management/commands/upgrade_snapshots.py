"""Rewrite snapshots saved in an older state format by replaying their move logs.

A release that changes a game's state layout raises its engine's ``state_format``; games
stored before are refused on load until this runs. A game whose log the current engine
cannot replay is listed and left as it was (its page says it cannot be shown).
"""

from django.core.management.base import BaseCommand

from games import engine
from games.models import Game
from games.play.snapshots import snapshot_upgrade


class Command(BaseCommand):
    help = "Replay games stored in an older state format into the current one."

    def handle(self, *args, **options):
        upgraded = failed = 0
        stored = Game.objects.exclude(state=None).values_list("pk", "game", "state_format")
        for game_id, slug, state_format in stored:
            if state_format == engine.get(slug).state_format:
                continue
            try:
                upgraded += snapshot_upgrade(game_id=game_id)
            except Exception as exc:  # an old log the current rules refuse
                failed += 1
                self.stdout.write(f"game {game_id}: cannot be replayed ({exc})")
        self.stdout.write(f"{upgraded} upgraded, {failed} left as they were.")
