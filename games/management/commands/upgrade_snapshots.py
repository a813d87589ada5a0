"""Rewrite snapshots saved in an older state format by replaying their move logs.

A release that changes a game's state layout raises its engine's ``state_format``; games
stored before are refused on load until this runs. Each game is replayed from its seed and
moves with the current engine, under its row lock; a game whose log the current engine
cannot replay is listed and left as it was (its page says it cannot be shown).
"""

from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import Game
from games.read.replay import replay


class Command(BaseCommand):
    help = "Replay games stored in an older state format into the current one."

    def handle(self, *args, **options):
        upgraded = failed = 0
        for game_id, slug, state_format in Game.objects.exclude(state=None).values_list(
            "pk", "game", "state_format"
        ):
            game = Game(game=slug)
            if state_format == game.rules.state_format:
                continue
            with transaction.atomic():
                game = Game.objects.select_for_update().get(pk=game_id)
                try:
                    state = replay(game)
                except Exception as exc:  # an old log the current rules refuse
                    failed += 1
                    self.stdout.write(f"game {game_id}: cannot be replayed ({exc})")
                    continue
                game.state, game.state_format = state, game.rules.state_format
                game.save(update_fields=["state", "state_format"])
                upgraded += 1
        self.stdout.write(f"{upgraded} upgraded, {failed} left as they were.")
