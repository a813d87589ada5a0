"""Tests: fast hashing, mail kept in memory, Celery tasks run in-process."""

import os
import tempfile

from .base import *  # noqa: F403

DEBUG = False
SECRET_KEY = "test-only-key-never-used-in-production-0123456789"
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
THROTTLE_RATES: dict = {}  # no limits unless a test sets some
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = "memory://"
LIVE_UPDATES_URL = "file://" + tempfile.mkdtemp(prefix="silkroad-live-")
if "DATABASE_URL" not in os.environ:
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
BOT_MOVE_DELAY_SECONDS = 0
BOT_SEARCH_ITERATIONS = 20
