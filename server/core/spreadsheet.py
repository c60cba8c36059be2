"""Text written into a CSV cell for a spreadsheet."""

from __future__ import annotations


def csv_safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (OWASP's CSV injection advice)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
