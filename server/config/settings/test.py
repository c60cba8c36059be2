"""Tests: the same settings as development, with a fixed key and fast password hashing."""

from server.config.settings.dev import *  # noqa: F403

SECRET_KEY = "test-secret-key-not-for-production-0123456789-abcdefghijklmnopqrstuvwxyz"  # noqa: S105
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
CATALOG_INDEX_CHECK_SECONDS = 0.0
