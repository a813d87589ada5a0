"""Check a finished game's dice: the seed commitment, the seed and every move's draws."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.read import fairness


class Command(BaseCommand):
    help = "Check finished games from their revealed seed: commitment, seed, every die and draw."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="+", type=int, help="Game ids.")

    def handle(self, *args, ids, **options):
        failed = []
        for game_id in ids:
            game = Game.objects.filter(pk=game_id).first()
            if game is None:
                raise CommandError(f"There is no game {game_id}.")
            verification = fairness.verify(game)
            self.stdout.write(f"Game {game_id} ({game.game}):")
            for finding in verification.findings:
                mark = "ok  " if finding.ok else "FAIL"
                detail = f" ({finding.detail})" if finding.detail else ""
                self.stdout.write(f"  {mark} {finding.what}{detail}")
            if not verification.verified:
                failed.append(game_id)
        if failed:
            raise CommandError(f"Not verified: {', '.join(map(str, failed))}.")
        self.stdout.write("Verified.")
