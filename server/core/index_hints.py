"""Preload hints for the web app's index: what the first screen of a URL needs, named in the HTML.

Without them the browser discovers the translations only once the app's JavaScript has run, and a
section's chunk only once the router has matched the URL; with them both download while that
JavaScript is still arriving. Only files the page is certain to ask for are hinted: the shell's
locale namespaces in the language of the URL's first segment (and in English, the fallback), and
for a known section its own namespaces and the chunks the build manifest
(`web/dist/.vite/manifest.json`) lists for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from django.conf import settings

from server.core.language import DEFAULT_LANGUAGE

# The namespaces every page's shell waits for before it shows (SHELL_NAMESPACES in
# web/src/lib/i18n/create-i18n.ts), and those of the account menu and the search box, which show
# without theirs: asked for at low priority, after the scripts and the texts the page waits for.
SHELL_NAMESPACES = ("common", "cart")
LATER_NAMESPACES = ("auth", "search")


@dataclass(frozen=True)
class Section:
    """A lazily loaded part of the web app: its module under web/ and the namespaces its pages need."""

    module: str
    namespaces: tuple[str, ...]


# Keyed by the path segment after the language (web/src/app/routes.tsx).
SECTIONS: dict[str, Section] = {
    "products": Section(module="src/features/products/pages/products-page.tsx", namespaces=("catalog",)),
}

MANIFEST = Path(".vite") / "manifest.json"


def locale_link(language: str, namespace: str, *, later: bool = False) -> str:
    # `crossorigin` makes the preload a same-origin CORS request, the mode of the app's fetch(), so the
    # app's request for the file is answered from the preload instead of asking again.
    href = escape(f"/locales/{language}/{namespace}.json")
    priority = ' fetchpriority="low"' if later else ""
    return f'<link rel="preload" href="{href}" as="fetch" crossorigin{priority}>'


@lru_cache(maxsize=4)
def _manifest(path: Path, mtime_ns: int) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def read_manifest(dist: Path) -> dict[str, Any]:
    """The build manifest, read again only when a new build replaced it; empty without one."""
    path = dist / MANIFEST
    try:
        return _manifest(path, path.stat().st_mtime_ns)
    except (OSError, ValueError):
        return {}


def chunk_files(manifest: dict[str, Any], module: str) -> tuple[list[str], list[str]]:
    """The JavaScript files a module loads (itself and its static imports, depth first) and their CSS."""
    scripts: list[str] = []
    styles: list[str] = []
    seen: set[str] = set()

    def visit(key: str) -> None:
        chunk = manifest.get(key)
        if key in seen or not isinstance(chunk, dict):
            return
        seen.add(key)
        scripts.append(str(chunk["file"]))
        styles.extend(str(css) for css in chunk.get("css", []))
        for imported in chunk.get("imports", []):
            visit(str(imported))

    visit(module)
    return scripts, styles


def section_links(dist: Path, section: Section, index_html: str) -> list[str]:
    scripts, styles = chunk_files(read_manifest(dist), section.module)
    links: list[str] = []
    # The entry's own chunks are in the index already.
    for file in scripts:
        if f"/{file}" not in index_html:
            links.append(f'<link rel="modulepreload" crossorigin href="/{escape(file)}">')
    for file in styles:
        if f"/{file}" not in index_html:
            links.append(f'<link rel="preload" as="style" crossorigin href="/{escape(file)}">')
    return links


def index_hints(path: str, dist: Path, index_html: str) -> str:
    """The `<link>` hints for the app route `path` (no leading slash), or '' when it has no language."""
    segments = path.split("/")
    language = segments[0]
    if language not in settings.SHOP_LANGUAGES:
        # `/` and language-less paths are redirected by the app to a language it detects first.
        return ""
    section = SECTIONS.get(segments[1]) if len(segments) > 1 else None
    namespaces = SHELL_NAMESPACES + (section.namespaces if section else ())
    # i18next renders a namespace only once the fallback language's file is in as well.
    languages = (language,) if language == DEFAULT_LANGUAGE else (language, DEFAULT_LANGUAGE)
    links = [locale_link(lng, namespace) for lng in languages for namespace in namespaces]
    if section:
        links.extend(section_links(dist, section, index_html))
    links.extend(
        locale_link(lng, namespace, later=True) for lng in languages for namespace in LATER_NAMESPACES
    )
    return "".join(links)


def with_hints(index_html: str, hints: str) -> str:
    """The index with the hints at the end of its head, after the entry's own scripts and styles."""
    if not hints or "</head>" not in index_html:
        return index_html
    return index_html.replace("</head>", f"{hints}</head>", 1)
