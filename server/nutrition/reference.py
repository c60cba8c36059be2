"""The nutrient table and the upper intake levels (docs/architecture.md, "Daily totals"): reference data
read from the JSON files in `data/`, checked once when first read, and never changed by the application.

A file that breaks a rule (an unknown unit, a limit on an unknown nutrient or form, a missing source) stops
the process at its first use instead of giving wrong totals; the tests read both files, so CI catches it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any, Literal

from server.core.region import Region

DATA = Path(__file__).parent / "data"
LANGUAGES = ("en", "de", "da", "es", "fr", "hu", "it", "ja", "nl", "pt", "ro", "zh_tw")
MASS_UNITS: dict[str, Decimal] = {"g": Decimal(1_000_000), "mg": Decimal(1000), "µg": Decimal(1)}

Authority = Literal["EFSA", "UK"]
AppliesTo = Literal["total", "supplemental"]


@dataclass(frozen=True)
class Nutrient:
    key: str
    unit: str  # "mg" or "µg": the unit amounts are added up in, and the unit of its limits
    names: dict[str, str]
    forms: tuple[str, ...]  # empty: the nutrient has one form
    default_form: str
    iu: dict[str, Decimal]  # form ("" when the nutrient has one) -> the amount of one IU, in `unit`

    def name(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]


@dataclass(frozen=True)
class Limit:
    nutrient: str
    forms: frozenset[str]  # the forms it counts; empty: every form
    authority: Authority
    kind: str
    applies_to: AppliesTo
    amount: Decimal
    source: str  # the key of a source
    reference: str  # the source's full title
    year: int

    def counts(self, form: str) -> bool:
        return not self.forms or form in self.forms


class ReferenceDataError(ValueError):
    """A data file breaks a rule of its own format."""


def _decimal(value: Any, where: str) -> Decimal:
    try:
        number = Decimal(str(value))
    except InvalidOperation as exc:
        raise ReferenceDataError(f"{where}: {value!r} is not a number") from exc
    if not number.is_finite() or number <= 0:
        raise ReferenceDataError(f"{where}: {value!r} must be a positive number")
    return number


def _nutrient(row: dict[str, Any]) -> Nutrient:
    key = row["key"]
    if row["unit"] not in ("mg", "µg"):
        raise ReferenceDataError(f"{key}: unknown unit {row['unit']!r}")
    missing = [language for language in LANGUAGES if not row["names"].get(language)]
    if missing:
        raise ReferenceDataError(f"{key}: no name in {', '.join(missing)}")
    forms = tuple(form["key"] for form in row.get("forms", []))
    iu = {form["key"]: _decimal(form["iu"], key) for form in row.get("forms", []) if "iu" in form}
    if "iu" in row:
        iu[""] = _decimal(row["iu"], key)
    default_form = row.get("default_form", "")
    if (forms and default_form not in forms) or (not forms and default_form):
        raise ReferenceDataError(f"{key}: the default form must be one of its forms")
    return Nutrient(key, row["unit"], dict(row["names"]), forms, default_form, iu)


@cache
def nutrients() -> dict[str, Nutrient]:
    """Every nutrient, by key, in the table's order."""
    rows = json.loads((DATA / "nutrients.json").read_text(encoding="utf-8"))["nutrients"]
    table = {row["key"]: _nutrient(row) for row in rows}
    if len(table) != len(rows):
        raise ReferenceDataError("a nutrient is listed twice")
    return table


@cache
def limits() -> tuple[Limit, ...]:
    data = json.loads((DATA / "upper_limits.json").read_text(encoding="utf-8"))
    table = nutrients()
    result = []
    for row in data["limits"]:
        nutrient = table.get(row["nutrient"])
        where = f"limit of {row['nutrient']} ({row['authority']})"
        if nutrient is None:
            raise ReferenceDataError(f"{where}: unknown nutrient")
        if any(form not in nutrient.forms for form in row["forms"]):
            raise ReferenceDataError(f"{where}: unknown form")
        if row["unit"] != nutrient.unit:
            raise ReferenceDataError(f"{where}: the unit must be the nutrient's ({nutrient.unit})")
        if row["source"] not in data["sources"] or row["authority"] not in ("EFSA", "UK"):
            raise ReferenceDataError(f"{where}: unknown source or authority")
        if row["applies_to"] not in ("total", "supplemental") or not 1990 < int(row["year"]) < 2100:
            raise ReferenceDataError(f"{where}: bad scope or year")
        result.append(
            Limit(
                nutrient=nutrient.key,
                forms=frozenset(row["forms"]),
                authority=row["authority"],
                kind=row["kind"],
                applies_to=row["applies_to"],
                amount=_decimal(row["amount"], where),
                source=row["source"],
                reference=data["sources"][row["source"]],
                year=int(row["year"]),
            )
        )
    return tuple(result)


@cache
def limit_for(nutrient: str, region: Region) -> Limit | None:
    """The limit the totals are held against: EFSA's in the EU; in the UK the lower of EFSA's and the UK's
    (docs/decisions/0031-daily-totals.md: when two bodies differ, the warning follows the more cautious)."""
    authorities = ("EFSA", "UK") if region is Region.UK else ("EFSA",)
    candidates = [
        limit for limit in limits() if limit.nutrient == nutrient and limit.authority in authorities
    ]
    # The lowest amount; on a tie, EFSA's (listed first in the file).
    return min(candidates, key=lambda limit: limit.amount, default=None)
