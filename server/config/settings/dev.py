"""Development: DEBUG on, a generated secret key, everything embedded unless the environment says so."""

from server.config import env
from server.config.settings.base import *  # noqa: F403
from server.config.settings.base import ALLOWED_HOSTS

DEBUG = env.env_bool("DEBUG", True)
SECRET_KEY = env.env_str("SECRET_KEY") or env.dev_secret_key()
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "[::1]"]
# In development the static files come straight from the apps, no collectstatic needed.
WHITENOISE_USE_FINDERS = True
