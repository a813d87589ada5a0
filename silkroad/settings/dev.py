"""Local development: DEBUG on, everything embedded (see base)."""

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool("DEBUG", True)

# runserver serves static files itself; WhiteNoise needs no collected folder here.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
