"""The Celery app. Broker and schedule come from Django settings (``CELERY_*``)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "silkroad.settings.dev")

app = Celery("silkroad")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
