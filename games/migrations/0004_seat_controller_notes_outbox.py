"""One seat controller instead of four fields, log notes renamed, snapshot format, outbox."""

from django.db import migrations, models
import django.db.models.deletion
import django.utils.timezone


def to_controller(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    for seat in Seat.objects.all():
        if seat.bot_level:
            seat.controller, seat.controller_level = "bot", seat.bot_level
        elif seat.bot_takeover_level:
            seat.controller, seat.controller_level = "stand_in", seat.bot_takeover_level
        elif seat.auto_play or seat.resigned_at:
            seat.controller, seat.controller_level = "stand_in", "default"
        else:
            continue
        seat.controller_since = seat.resigned_at or seat.joined_at
        seat.save(update_fields=["controller", "controller_level", "controller_since"])


def from_controller(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    for seat in Seat.objects.exclude(controller="player"):
        if seat.controller == "bot":
            seat.bot_level = seat.controller_level
        elif seat.controller_level == "default":
            seat.auto_play = seat.resigned_at is None
        else:
            seat.bot_takeover_level = seat.controller_level
        seat.save(update_fields=["bot_level", "bot_takeover_level", "auto_play"])


def _termination(old: dict) -> str:
    reason = old.get("reason", "")
    if old.get("ending") == "agreement":
        return "agreed"
    if old.get("ending") == "abandoned":
        return "timed_out" if "ran out of time" in reason else "resigned"
    return "round_cap" if "rounds." in reason and "after" in reason else "finished"


def to_result_shape(apps, schema_editor):
    """Results get one shape: termination, and per seat place, score, breakdown, left."""
    Game = apps.get_model("games", "Game")
    for game in Game.objects.exclude(result=None):
        old = game.result
        if "termination" in old:
            continue
        scores = [
            {
                "seat": s["seat"],
                "place": s.get("rank", 1),
                "score": s.get("total"),
                "breakdown": s.get("breakdown", []),
                "left": bool(s.get("left", False)),
            }
            for s in old.get("scores", [])
        ]
        if not scores and old.get("ending") == "agreement":
            scores = [
                {"seat": n, "place": 1, "score": None, "breakdown": [], "left": False}
                for n in range(game.players)
            ]
        game.result = {
            "termination": _termination(old),
            "reason": old.get("reason", ""),
            "winners": old.get("winners", []),
            "scores": scores,
        }
        game.save(update_fields=["result"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_clocks_events_vacations")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="controller",
            field=models.CharField(
                choices=[
                    ("player", "Its player"),
                    ("bot", "A computer player"),
                    ("stand_in", "A stand-in while its player is absent"),
                ],
                default="player",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="controller_level",
            field=models.CharField(blank=True, max_length=10),
        ),
        migrations.AddField(
            model_name="seat",
            name="controller_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(to_controller, from_controller),
        migrations.RemoveField(model_name="seat", name="bot_level"),
        migrations.RemoveField(model_name="seat", name="bot_takeover_level"),
        migrations.RemoveField(model_name="seat", name="auto_play"),
        migrations.RenameModel(old_name="GameEvent", new_name="LogNote"),
        migrations.AlterField(
            model_name="lognote",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="notes",
                to="games.game",
            ),
        ),
        migrations.RunPython(to_result_shape, migrations.RunPython.noop),
        migrations.RemoveField(model_name="seat", name="last_seen_at"),
        migrations.AddField(
            model_name="game",
            name="state_format",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.CreateModel(
            name="OutboxEvent",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=60)),
                ("payload", models.JSONField()),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("delivered_at", models.DateTimeField(blank=True, null=True)),
                ("attempts", models.PositiveSmallIntegerField(default=0)),
            ],
            options={
                "ordering": ["pk"],
                "indexes": [models.Index(fields=["delivered_at", "created_at"], name="games_outbo_deliver_9d0482_idx")],
            },
        ),
    ]
