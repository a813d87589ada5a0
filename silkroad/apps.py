from django.apps import AppConfig


class SilkroadConfig(AppConfig):
    """The project itself, as an app: for ``manage.py runsite`` and the database set-up."""

    name = "silkroad"
    verbose_name = "Silkroad"

    def ready(self):
        from silkroad import timestamps

        timestamps.connect()
