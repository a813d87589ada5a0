"""Private messages beside the table talk: a chat line may name one recipient."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("games", "0010_turn_draft"),
    ]

    operations = [
        migrations.AddField(
            model_name="chatmessage",
            name="recipient",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="private_messages",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
