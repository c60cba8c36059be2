"""Settings shared by every mode; every value that varies comes from `server.config.env`."""

from __future__ import annotations

from typing import Any

from django.utils.csp import CSP

from server.config import env
from server.config.redis import redis_cache, redis_channel_layer, redis_rooms_layer

BASE_DIR = env.BASE_DIR
VAR_DIR = env.VAR_DIR
WEB_DIST_DIR = BASE_DIR / "web" / "dist"
LOCALES_DIR = BASE_DIR / "locales"

DEBUG = env.env_bool("DEBUG", False)
SECRET_KEY = env.env_str("SECRET_KEY")
ALLOWED_HOSTS = env.env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])
PUBLIC_URL = env.env_str("PUBLIC_URL", "http://127.0.0.1:8000").rstrip("/")
REDIS_URL = env.env_str("REDIS_URL")
TRUSTED_PROXIES = env.env_list("TRUSTED_PROXIES", [])
# Sockets one address may hold open, and open within SOCKET_OPENS_WINDOW seconds, per process (0: no limit);
# realtime/limits.py. A household or a clinic behind one address holds a few per device.
SOCKETS_PER_ADDRESS = env.env_int("SOCKETS_PER_ADDRESS", 100)
SOCKET_OPENS_PER_ADDRESS = env.env_int("SOCKET_OPENS_PER_ADDRESS", 200)
SOCKET_OPENS_WINDOW = 10

# The twelve interface languages of spec docs/spec-coverage.md#s9-supported-languages-12, as URL segments and
# locale folder names.
SHOP_LANGUAGES = ("en", "de", "da", "es", "fr", "hu", "it", "ja", "nl", "pt", "ro", "zh_tw")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "ninja",
    "django_tasks_db",
    "axes",
    "server.core",
    "server.events",
    "server.accounts",
    "server.geo",
    "server.providers",
    "server.nutrition",
    "server.catalog",
    "server.stock",
    "server.cart",
    "server.health",
    "server.protocols",
    "server.search",
    "server.stores",
    "server.orders",
    "server.earnings",
    "server.refills",
    "server.adherence",
    "server.subscriptions",
    "server.payments",
    "server.checkout",
    "server.demo",
    "realtime",
]

MIDDLEWARE = [
    "server.config.middleware.HeadAsGetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "server.config.middleware.ApiErrorShapeMiddleware",
    "server.config.middleware.DeviceMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "server.config.middleware.DatabaseUnavailableMiddleware",
    # Last, as django-axes asks: it turns an admin sign-in lockout into its lockout response.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Repeated failed sign-ins lock that e-mail address from that IP address for a while. Unknown addresses
# are counted the same way, so a lockout says nothing about whether an account exists.
# Only staff sign in with a session (the admin); after it, and after a `next` that would leave the site, the
# admin is where they go (the API signs in with tokens, not through Django's login view).
LOGIN_REDIRECT_URL = "/admin/"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

ROOT_URLCONF = "server.config.urls"
ASGI_APPLICATION = "server.config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.database_config(
        env.env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        # Serving processes: 30 s. Management commands (migrations, seeds, the task worker) run without
        # one unless it is set (server/manage.py).
        statement_timeout=env.env_int("DATABASE_STATEMENT_TIMEOUT", 30),
    )
}
# A streaming replica of that database: storefront catalogue reads go there (server/core/db_router.py).
if env.env_str("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = {
        **env.database_config(
            env.env_str("DATABASE_REPLICA_URL"),
            statement_timeout=env.env_int("DATABASE_STATEMENT_TIMEOUT", 30),
        ),
        "TEST": {"MIRROR": "default"},
    }
DATABASE_ROUTERS = ["server.core.db_router.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"


CACHES = {
    "default": redis_cache(REDIS_URL)
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "shop"}
}

# "rooms" relays the co-editing rooms' updates between processes (protocols.doc.store.DOC_CHANNEL_LAYER).
CHANNEL_LAYERS = {
    "default": redis_channel_layer(REDIS_URL)
    if REDIS_URL
    else {"BACKEND": "channels.layers.InMemoryChannelLayer"},
    "rooms": redis_rooms_layer(REDIS_URL)
    if REDIS_URL
    else {"BACKEND": "channels.layers.InMemoryChannelLayer"},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
MEDIA_URL = "/media/"
MEDIA_ROOT = env.env_str("MEDIA_ROOT", str(VAR_DIR / "media"))
# Files no URL may serve (practitioners' certificates); only the admin streams them, to staff.
PRIVATE_MEDIA_ROOT = env.env_str("PRIVATE_MEDIA_ROOT", str(VAR_DIR / "private"))
STORAGES = {
    "default": {"BACKEND": "server.core.storage.MediaStorage"},
    "private": {"BACKEND": "server.core.storage.PrivateStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# WhiteNoise serves the built web app from its root: hashed files under /assets/ get a year of cache.
WHITENOISE_ROOT = WEB_DIST_DIR
WHITENOISE_INDEX_FILE = False
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/?assets/.+-[A-Za-z0-9_-]{8,}\.\w+$"

MAILERS = {"default": env.mailer_config(env.env_str("EMAIL_URL", f"file://{VAR_DIR / 'mail'}"))}
DEFAULT_FROM_EMAIL = env.env_str("DEFAULT_FROM_EMAIL", "Practitioner Supplements <shop@localhost>")

TASKS: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}
}

# The single-page app loads scripts and styles only from this origin; sockets go to the same host.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:", "blob:"],
    "connect-src": [CSP.SELF, "ws:", "wss:"],
    "font-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

NINJA_PAGINATION_PER_PAGE = 26

# Providers of spec docs/spec-coverage.md#s7-multipass, by the slug in their paths. The commerce provider
# signs multipass tokens with a shared secret; content (ads) and marketing (events) are kept in this shop's
# own database.
MULTIPASS_SECRETS = {"shopify": env.env_str("MULTIPASS_SECRET")} if env.env_str("MULTIPASS_SECRET") else {}
# The commerce provider's store (https); login with `return_to` on it answers the redirect reply.
COMMERCE_STORE_URL = env.env_str("COMMERCE_STORE_URL")
CONTENT_PROVIDERS = ("local",)

# Payments (docs/operations.md, "Payments"): Mollie with a key, else the embedded test provider.
MOLLIE_API_KEY = env.env_str("MOLLIE_API_KEY", "")
MOLLIE_API_ENDPOINT = env.env_str("MOLLIE_API_ENDPOINT", "https://api.mollie.com").rstrip("/")
MARKETING_PROVIDERS = ("local",)
# How often a process asks the database whether its in-memory product listing index is stale.
CATALOG_INDEX_CHECK_SECONDS = 1.0
# The long-lived threads one process runs HTTP requests on (server/config/asgi_handler.py); fewer than the
# database pool's connections, which the sockets' work shares.
REQUEST_THREADS = env.env_int("REQUEST_THREADS", 12)
# A scraper sends it as a bearer token to read /metrics; unset, /metrics answers 404.
METRICS_TOKEN = env.env_str("METRICS_TOKEN", "")
# Days before a product bought from a protocol runs out that its refill reminder goes out
# (docs/decisions/0032-refills-timed-to-the-bottle.md).
REFILL_REMIND_DAYS = env.env_int("REFILL_REMIND_DAYS", 7)
# An unpaid order holds its units this long after checkout or its latest payment start, then expires.
ORDER_UNPAID_EXPIRY_MINUTES = env.env_int("ORDER_UNPAID_EXPIRY_MINUTES", 30)

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "json": {"()": "server.core.request_id.JsonFormatter"},
    },
    "filters": {"request_id": {"()": "server.core.request_id.RequestIdFilter"}},
    # LOG_FORMAT: plain by default, json in production (docs/operations.md, "Logs").
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": env.env_str("LOG_FORMAT", "plain"),
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": env.env_str("LOG_LEVEL", "INFO")},
    # WeasyPrint logs every step of every page at INFO (a statement of 80 pages is 90 lines).
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}
