"""The translated texts in `locales/<lng>/<namespace>.json`: read by the server (e-mails, reference lists),
and the keys the web app reported missing added to a file, never overwriting a translation."""

from __future__ import annotations

import json
import os
import tempfile
import threading
from functools import lru_cache
from typing import Any

from django.conf import settings

MAX_BODY_BYTES = 64 * 1024
MAX_KEYS = 200
MAX_KEY_LENGTH = 200
_write_lock = threading.Lock()


class LocaleInputError(ValueError):
    pass


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
