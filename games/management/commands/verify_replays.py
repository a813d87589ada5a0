"""Replay every started game from its seed and moves and compare with the stored snapshot."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.read.replay import replay_problem


class Command(BaseCommand):
    help = "Replay games from their seed and move list; fail if any differs from its snapshot."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="Only these game ids.")

    def handle(self, *args, ids, **options):
        games = Game.objects.exclude(state=None).order_by("pk")
        if ids:
            games = games.filter(pk__in=ids)
        checked, problems = 0, []
        for game in games.iterator():
            checked += 1
            problem = replay_problem(game)
            if problem:
                problems.append(f"game {game.pk} ({game.game}): {problem}")
        for line in problems:
            self.stderr.write(line)
        summary = f"{checked} games replayed, {len(problems)} differ."
        if problems:
            raise CommandError(summary)
        self.stdout.write(summary)
