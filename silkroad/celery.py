"""The Celery app. Broker and schedule come from Django settings (``CELERY_*``)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.production")

app = Celery("silkroad")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def make_broker_folders(sender, **kwargs):
    """Kombu's file-system transport needs its folders before anything is sent."""
    options = sender.conf.broker_transport_options or {}
    for key, folder in options.items():
        if "folder" in key:
            os.makedirs(folder, exist_ok=True)
