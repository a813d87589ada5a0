"""Settings shared by every environment, read from environment variables.

Defaults are the embedded ones a fresh machine runs with: SQLite, Kombu's file-system
broker, a file cache and mail written to files, all under ``var/``. Production
(``silkroad.settings.production``, the default of the WSGI, ASGI and Celery entry points)
sets ``DATABASE_URL`` (PostgreSQL), ``CELERY_BROKER_URL`` and ``CACHE_URL`` (Redis), SMTP
variables, ``SECRET_KEY`` and ``ALLOWED_HOSTS``. There is no usable default secret here:
``dev`` and ``test`` set their own, production requires one.
"""

import email.utils
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("SILKROAD_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.sites",
    "allauth",
    "allauth.account",
    "django_htmx",
    "template_partials",
    "silkroad",
    "accounts",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "csp.middleware.CSPMiddleware",
    "silkroad.middleware.DatabaseUnavailableMiddleware",
    "games.api.errors.JsonErrorsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
]

ROOT_URLCONF = "silkroad.urls"
WSGI_APPLICATION = "silkroad.wsgi.application"
ASGI_APPLICATION = "silkroad.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.context_processors.waiting_games",
            ],
            # The games' template tags live with the pages (games.web), not at the app root.
            "libraries": {
                "jinja_include": "games.web.templatetags.jinja_include",
                "play": "games.web.templatetags.play",
                "vacation": "games.web.templatetags.vacation",
                "words": "games.web.templatetags.words",
            },
        },
    },
    {
        # The boards (games/jinja2/): drawn on every page and move, where Django's
        # templates cost several bare requests (games/web/jinja.py).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],  # the site's own: its head, header, foot
        "APP_DIRS": True,
        "OPTIONS": {"environment": "games.web.jinja.environment"},
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'silkroad.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        # A kept connection the database dropped (a restart) is replaced, not used: no 500.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several processes (web, worker, beat) share the file: wait for locks, don't fail.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif int(os.environ.get("DATABASE_POOL", "0")) > 0:
    # Under ASGI each request runs in a thread of its own, so a kept connection is never
    # used again and every request opens a new one (more than its own work costs). A
    # pool per web process hands out up to DATABASE_POOL connections instead.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ["DATABASE_POOL"]),
        "timeout": 10,
    }

if os.environ.get("DATABASE_POOLER") == "transaction":
    # Behind a pooler that hands out a server connection per transaction (PgBouncer's
    # transaction mode), a cursor kept across transactions (``QuerySet.iterator()``, as the
    # archive's download uses) would land on another connection: read those rows at once.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True

# The cache holds presence ("the game page is open"), rate-limit counters and allauth's
# login throttling, so it must be shared by every process: Redis (CACHE_URL=redis://…) in
# production, a file cache under var/ for runsite's processes on one machine.
CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {
        # Django's Redis cache, keeping one client per pool (silkroad/cache.py says why).
        "default": {"BACKEND": "silkroad.cache.SharedClientRedisCache", "LOCATION": CACHE_URL}
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }

# Rate limits ("count/s|m|h|d" per signed-in user, or per address): silkroad.throttle.
THROTTLE_RATES = {
    "table_create": os.environ.get("THROTTLE_TABLE_CREATE", "30/h"),
    "invite": os.environ.get("THROTTLE_INVITE", "30/h"),
    "chat": os.environ.get("THROTTLE_CHAT", "20/m"),
    "api_write": os.environ.get("THROTTLE_API_WRITE", "120/m"),
}
# allauth keeps its own limits (failed logins, sign-ups, mails) in the cache above.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "signup": os.environ.get("THROTTLE_SIGNUP", "20/m/ip"),
    "confirm_email": "1/3m/key",
    "reset_password": "20/m/ip,5/m/key",
}

# Content-Security-Policy (django-csp): scripts only from our own files, no inline script.
# Inline styles stay allowed: the drawn boards set colours with style attributes.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
SITE_ID = 1

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# allauth: sign up with email and username, verified email required before playing.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Silkroad] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
LOGIN_REDIRECT_URL = "games:mine"
LOGIN_URL = "account_login"

LANGUAGE_CODE = "en-gb"
# The languages a person may choose (the footer's choice, a player's settings); a guest
# who chose none gets the browser's (Accept-Language). Catalogues live in locale/.
LANGUAGES = [("en-gb", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

# Mail: files under var/mail by default; SMTP when EMAIL_HOST is set.
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Silkroad <noreply@silkroad.localhost>")
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))

# Celery: Kombu's file-system transport by default, Redis in production.
_BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_BROKER_DIR / "queue"),
        "data_folder_out": str(_BROKER_DIR / "queue"),
        "processed_folder": str(_BROKER_DIR / "processed"),
        "control_folder": str(_BROKER_DIR / "control"),
        "store_processed": False,
        # The worker looks for new tasks this often (Kombu's default is every second).
        "polling_interval": 0.2,
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # A task whose worker died before acknowledging it (late acknowledgement) goes back to
    # the queue after the visibility timeout. It must outlast the longest countdown a task
    # waits in a worker (the mail retries' backoff, at most an hour), or a waiting retry
    # would be handed out twice (harmless, since tasks are idempotent, but wasteful).
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3900")),
    }
    if os.environ.get("CELERY_BROKER_KEYPREFIX"):  # several sites (or test runs) on one Redis
        CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = os.environ["CELERY_BROKER_KEYPREFIX"]
    if os.environ.get("CELERY_RESTORE_INTERVAL"):  # how often workers look for such tasks
        CELERY_BROKER_TRANSPORT_OPTIONS |= {
            "unacked_restore_interval": int(os.environ["CELERY_RESTORE_INTERVAL"]),
            "unacked_restore_throttle": 1,
        }
# Web Push (accounts.push): "your turn" on a device with no page open, opted into per
# device. Off unless both VAPID keys are set (runsite makes a pair of its own under var/).
WEBPUSH_VAPID_PUBLIC_KEY = os.environ.get("WEBPUSH_VAPID_PUBLIC_KEY", "")
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "").replace("\\n", "\n")
WEBPUSH_CONTACT = os.environ.get(
    "WEBPUSH_CONTACT", "mailto:" + email.utils.parseaddr(DEFAULT_FROM_EMAIL)[1]
)

# Live updates (games.live): open pages are told at once that their game changed. Redis
# pub/sub wherever the broker is Redis (every process shares it), else a folder of files
# under var/ that the web server and the worker share; "off" leaves pages polling.
LIVE_UPDATES_URL = os.environ.get("LIVE_UPDATES_URL") or (
    CELERY_BROKER_URL
    if CELERY_BROKER_URL.startswith(("redis://", "rediss://"))
    else f"file://{VAR_DIR / 'live'}"
)
LIVE_UPDATES_PREFIX = os.environ.get(
    "LIVE_UPDATES_PREFIX", os.environ.get("CELERY_BROKER_KEYPREFIX", "") + "silkroad:live:"
)
# A stream ends after this long and the browser opens a new one (the session is checked
# again); quiet streams send a keep-alive this often, which also marks the page as open.
LIVE_STREAM_SECONDS = float(os.environ.get("LIVE_STREAM_SECONDS", "300"))
LIVE_KEEPALIVE_SECONDS = float(os.environ.get("LIVE_KEEPALIVE_SECONDS", "15"))
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_ACKS_LATE = True
# The first retry of a failed mail waits up to this long, each next one twice as long.
MAIL_RETRY_BACKOFF_SECONDS = int(os.environ.get("MAIL_RETRY_BACKOFF_SECONDS", "30"))
# A worker process killed in the middle of a task (out of memory, a deploy) puts the task
# back instead of counting it done: every task is idempotent, so running it again is safe.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
# How often the worker delivers the events left to the relay (the mails a move causes).
RELAY_SECONDS = float(os.environ.get("RELAY_SECONDS", "1"))
# Play over days (games.clocks.scans): every minute, each safe to run twice or concurrently.
CELERY_BEAT_SCHEDULE: dict = {
    "scan-deadlines": {"task": "games.tasks.scan_deadlines", "schedule": 60.0},
    "scan-reminders": {"task": "games.tasks.scan_reminders", "schedule": 60.0},
    "scan-digests": {"task": "games.tasks.scan_digests", "schedule": 60.0},
    "scan-vacations": {"task": "games.tasks.scan_vacations", "schedule": 60.0},
    "redeliver-events": {"task": "games.tasks.redeliver_events", "schedule": 60.0},
    # Mails that a move causes leave through the relay (``games.events``): so often.
    "relay-events": {"task": "games.tasks.relay_events", "schedule": RELAY_SECONDS},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Bots: the pause before a bot's move (so people see the moves happen) and how long the
# strongest level thinks per move (at most 1000 ms). BOT_SEARCH_ITERATIONS, when set,
# replaces the time budget by a fixed number of iterations (deterministic: tests).
BOT_MOVE_DELAY_SECONDS = float(os.environ.get("BOT_MOVE_DELAY_SECONDS", "0.5"))
BOT_SEARCH_BUDGET_MS = min(int(os.environ.get("BOT_SEARCH_BUDGET_MS", "800")), 1000)
BOT_SEARCH_ITERATIONS: int | None = None

# How long after its last visit or poll a game page counts as open (no turn mail, no
# reminder, "watching"), in seconds.
PRESENCE_SECONDS = float(os.environ.get("PRESENCE_SECONDS", "90"))

# How often an open game page asks the server whether anything changed, in seconds.
GAME_POLL_SECONDS = float(os.environ.get("GAME_POLL_SECONDS", "5"))
# ... and while a computer player is to move, so its answer appears soon after it is made.
GAME_POLL_COMPUTER_SECONDS = float(os.environ.get("GAME_POLL_COMPUTER_SECONDS", "1"))
