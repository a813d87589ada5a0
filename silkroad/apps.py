from django.apps import AppConfig


class SilkroadConfig(AppConfig):
    """The project itself, as an app only so that ``manage.py runsite`` is found."""

    name = "silkroad"
    verbose_name = "Silkroad"
