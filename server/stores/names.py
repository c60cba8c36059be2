"""Shop names (spec: docs/spec-coverage.md#s5-shop-name-must-present): the store's public address
`/{lang}/store/{shop_name}`.

3 to 40 characters of a-z, 0-9 and single hyphens, starting and ending with a letter or digit; compared
and stored lower-cased, so `Green-Leaf` and `green-leaf` are the same name. Words the shop's own paths or
a reader could mistake for the shop itself are reserved."""

from __future__ import annotations

import re

from server.stores.errors import ShopNameInvalid, ShopNameRequired, ShopNameReserved

MIN_LENGTH = 3
MAX_LENGTH = 40
SHOP_NAME = re.compile(r"[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,38}[a-z0-9]")

RESERVED_SHOP_NAMES = frozenset(
    {
        # Paths of this site and of its servers.
        "api", "admin", "static", "media", "assets", "locales", "ws", "store", "stores", "storefront",
        "account", "accounts", "auth", "login", "logout", "register", "onboarding", "products", "product",
        "search", "search-results", "cart", "wishlist", "checkout", "protocols", "protocol", "practitioner",
        "practitioners", "client", "clients", "orders", "settings", "profile", "dashboard", "help",
        "support", "contact", "about", "terms", "privacy", "legal", "blog", "pages", "collections",
        "health", "status", "docs", "www", "mail", "email", "root", "system", "null", "undefined", "new",
        "edit", "delete", "me", "my-store", "shop", "official", "practice-management",
    }
)  # fmt: skip


def shop_name_normalise(name: str | None) -> str:
    """The name as it is stored: trimmed and lower-cased; refused when empty."""
    name = (name or "").strip().lower()
    if not name:
        raise ShopNameRequired(errors={"name": ["required"]})
    return name


def shop_name_check(name: str) -> str:
    """A normalised name that may be used, or the refusal saying why not (taken is checked elsewhere)."""
    if not (MIN_LENGTH <= len(name) <= MAX_LENGTH) or not SHOP_NAME.fullmatch(name):
        raise ShopNameInvalid(errors={"shop_name": ["invalid"]})
    if name in RESERVED_SHOP_NAMES:
        raise ShopNameReserved(errors={"shop_name": ["reserved"]})
    return name
