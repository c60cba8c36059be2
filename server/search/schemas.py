"""Reply shapes of the search calls (spec: docs/spec-coverage.md#s3-search-result "Search result")."""

from __future__ import annotations

from ninja import Schema


class SearchBody(Schema):
    """Which of name and ingredients weighs most; other values are ignored."""

    priorities: list[str] = ["name", "ingredients"]
