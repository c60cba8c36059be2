"""Production: DEBUG off, HTTPS everywhere, secrets only from the environment."""

from server.config import env
from server.config.settings.base import *  # noqa: F403
from server.config.settings.base import PUBLIC_URL, SECRET_KEY

DEBUG = False
LOGGING["handlers"]["console"]["formatter"] = env.env_str("LOG_FORMAT", "json")  # noqa: F405
if len(SECRET_KEY) < 50:
    raise env.EnvError("SECRET_KEY must be set to a random value of at least 50 characters in production")

# TLS ends at the reverse proxy, which tells us the original scheme.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.env_bool("SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^api/health$"]
SECURE_HSTS_SECONDS = 31_536_000
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
CSRF_TRUSTED_ORIGINS = [PUBLIC_URL]
STORAGES = {
    "default": {"BACKEND": "server.core.storage.MediaStorage"},
    "private": {"BACKEND": "server.core.storage.PrivateStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Background work runs in the task worker (`manage db_worker`), not inside the request.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
