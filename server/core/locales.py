"""The translated texts in `locales/<lng>/<namespace>.json`: read by the server (e-mails, reference lists),
and the keys the web app reported missing added to a file, never overwriting a translation."""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
from functools import lru_cache
from typing import Any

from django.conf import settings

from server.core import replies

MAX_BODY_BYTES = 64 * 1024
MAX_KEYS = 200
MAX_KEY_LENGTH = 200
_write_lock = threading.Lock()


# Short-lived: a deploy that changes wording should reach open tabs within minutes.
LOCALE_CACHE_CONTROL = "public, max-age=300"
_NAMESPACE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class LocaleInputError(ValueError):
    pass


def locale_exists(lng: str, ns: str) -> bool:
    return lng in settings.SHOP_LANGUAGES and _NAMESPACE.match(ns) is not None


def locale_key(lng: str, ns: str) -> replies.ReplyKey | None:
    """A locale file's cache key, versioned by its size and modification time; None when it is missing.
    `lng` and `ns` must have passed `locale_exists`."""
    path = f"{lng}/{ns}.json"
    try:
        stat = os.stat(settings.LOCALES_DIR / path)
    except OSError:
        return None
    version = f"{stat.st_mtime_ns}-{stat.st_size}"
    return replies.ReplyKey(
        route=f"/locales/{path}", query="", version=version, language="", region="", audience="anonymous"
    )


def locale_reply(lng: str, ns: str) -> replies.Reply | None:
    """A locale file as a stored reply (read from disk once per version); None when it is missing."""
    key = locale_key(lng, ns)
    if key is None:
        return None
    reply = replies.replies.get(key)
    if reply is None:
        try:
            body = (settings.LOCALES_DIR / lng / f"{ns}.json").read_bytes()
        except OSError:
            return None
        reply = replies.Reply.make(
            body, etag=key.etag, cache_control=LOCALE_CACHE_CONTROL, public=True, vary="Accept-Encoding"
        )
        replies.replies.put(key, reply)
    return reply


@lru_cache(maxsize=64)
def locale_texts(language: str, namespace: str) -> dict[str, Any]:
    """One namespace of one language; empty when the file is missing or unreadable (callers fall back to
    English). Cached for the process: the files change only with a deploy."""
    path = settings.LOCALES_DIR / language / f"{namespace}.json"
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def _validated(entries: object) -> dict[str, str]:
    if not isinstance(entries, dict):
        raise LocaleInputError("The body must be a JSON object of key: default text.")
    if len(entries) > MAX_KEYS:
        raise LocaleInputError(f"At most {MAX_KEYS} keys in one call.")
    for key, value in entries.items():
        if not key or len(key) > MAX_KEY_LENGTH or not isinstance(value, str):
            raise LocaleInputError(
                "Each key must be a non-empty name of at most 200 characters with a text value."
            )
    return entries


def _insert(tree: dict[str, object], key: str, value: str) -> bool:
    """Place `a.b.c` in the nested tree; False when it exists or a text already sits on the path."""
    *parents, leaf = key.split(".")
    node = tree
    for part in parents:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            return False
        node = child
    if leaf in node:
        return False
    node[leaf] = value
    return True


def add_missing_keys(*, lng: str, ns: str, entries: object) -> int:
    valid = _validated(entries)
    folder = settings.LOCALES_DIR / lng
    path = folder / f"{ns}.json"
    with _write_lock:
        tree = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        added = sum(1 for key, value in valid.items() if key not in tree and _insert(tree, key, value))
        if added:
            folder.mkdir(parents=True, exist_ok=True)
            # Write beside and rename, so a reader never sees half a file.
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=folder, delete=False, suffix=".tmp"
            ) as tmp:
                json.dump(tree, tmp, ensure_ascii=False, indent=2)
                tmp.write("\n")
            os.replace(tmp.name, path)
            locale_texts.cache_clear()
    return added
