"""Spacing and interaction rules between the nutrients of a protocol's products and the client's medicines,
and the short vocabulary of medicines they name: reference data read from `data/interactions.json` and
`data/medicines.json`, checked once when first read, and never changed by the application.

A file that breaks a rule of its format (an unknown nutrient, form or medicine, a missing source or
language, a field the rule's kind does not take) stops the process at its start: `NutritionConfig.ready()`
calls `reference_check()`. The loaders are pure functions of a path and the tables they refer to, so the
tests check broken copies of the files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal, cast

from server.nutrition.reference import (
    DATA,
    LANGUAGES,
    Nutrient,
    ReferenceDataError,
    _decimal,
    limits,
    nutrients,
)

RuleKind = Literal["spacing", "interaction", "duplicate", "duration"]
Severity = Literal["caution", "avoid"]
MedicineKind = Literal["class", "substance"]

# The severities each kind of rule may have: only an interaction can be one to avoid.
SEVERITIES: dict[str, tuple[Severity, ...]] = {
    "spacing": ("caution",),
    "interaction": ("caution", "avoid"),
    "duplicate": ("caution",),
    "duration": ("caution",),
}
_COMMON_FIELDS = ("id", "kind", "severity", "advice", "source")
_KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "spacing": ("a", "b", "gap_hours"),
    "interaction": ("a", "b"),
    "duplicate": ("nutrients",),
    "duration": ("nutrient", "daily_amount", "unit", "max_weeks"),
}
_SIDE_FIELDS = frozenset({"nutrients", "forms", "medicines"})
_MEDICINE_FIELDS = ("id", "kind", "classes", "names", "source")
_RULE_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_MEDICINE_ID = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


@dataclass(frozen=True)
class Medicine:
    id: str
    kind: MedicineKind
    classes: frozenset[str]  # the classes a substance belongs to; a class has none
    names: dict[str, str]
    source: str  # the key of a source
    reference: str  # the source's full title

    def name(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]

    def matches(self, key: str) -> bool:
        """Whether a rule naming `key` (a medicine's id, of a class or a substance) applies to it."""
        return key == self.id or key in self.classes


@dataclass(frozen=True)
class Side:
    nutrients: frozenset[str]
    forms: dict[str, frozenset[str]]  # nutrient -> the only forms of it the side counts; absent: every form
    medicines: frozenset[str]  # ids of classes or substances

    def counts(self, nutrient: str, form: str) -> bool:
        """Whether an amount of `nutrient` in `form` ("" when the nutrient has one) is of this side."""
        return nutrient in self.nutrients and (nutrient not in self.forms or form in self.forms[nutrient])


@dataclass(frozen=True)
class Rule:
    id: str
    kind: RuleKind
    severity: Severity
    a: Side | None  # spacing and interaction
    b: Side | None
    gap_hours: int | None  # spacing: the least hours between anything of a and anything of b
    nutrients: frozenset[str]  # duplicate: the nutrients two products of one slot must not share
    nutrient: str | None  # duration
    daily_amount: Decimal | None  # duration, in the nutrient's unit
    max_weeks: int | None  # duration
    advice: dict[str, str]
    source: str  # the key of a source
    reference: str  # the source's full title

    def advice_in(self, language: str) -> str:
        return self.advice.get(language) or self.advice["en"]


def _read(path: Path, rows_key: str) -> tuple[dict[str, str], list[Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("about"), str):
        raise ReferenceDataError(f"{path.name}: not an object with an 'about'")
    sources, rows = data.get("sources"), data.get(rows_key)
    if not isinstance(sources, dict) or not all(
        isinstance(title, str) and title.strip() for title in sources.values()
    ):
        raise ReferenceDataError(f"{path.name}: 'sources' must map each key to a full title")
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise ReferenceDataError(f"{path.name}: '{rows_key}' must be a list of objects")
    return cast(dict[str, str], sources), rows


def _texts(value: Any, where: str, what: str) -> dict[str, str]:
    """A text in each of the shop's languages, and in no other."""
    if not isinstance(value, dict):
        raise ReferenceDataError(f"{where}: no {what}")
    missing = [language for language in LANGUAGES if not str(value.get(language) or "").strip()]
    if missing:
        raise ReferenceDataError(f"{where}: no {what} in {', '.join(missing)}")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise ReferenceDataError(f"{where}: {what} in an unknown language {', '.join(unknown)}")
    return {language: str(value[language]) for language in LANGUAGES}


def _keys(value: Any, where: str, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ReferenceDataError(f"{where}: '{what}' must be a list of keys")
    if len(set(value)) != len(value):
        raise ReferenceDataError(f"{where}: '{what}' lists a key twice")
    return value


def _source(row: dict[str, Any], sources: dict[str, str], where: str) -> tuple[str, str]:
    if not row.get("source"):
        raise ReferenceDataError(f"{where}: no source")
    if row["source"] not in sources:
        raise ReferenceDataError(f"{where}: unknown source {row['source']!r}")
    return row["source"], sources[row["source"]]


def _positive_int(value: Any, where: str, what: str, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1 or (most and value > most):
        bound = f"an integer from 1 to {most}" if most else "a positive integer"
        raise ReferenceDataError(f"{where}: {what} must be {bound}, not {value!r}")
    return value


def _load_medicines(path: Path) -> dict[str, Medicine]:
    """Every medicine of the file at `path`, by id, in the file's order."""
    sources, rows = _read(path, "medicines")
    table: dict[str, Medicine] = {}
    for number, row in enumerate(rows, start=1):
        medicine_id = row.get("id")
        where = f"medicine {medicine_id!r}" if medicine_id else f"medicine #{number}"
        if not isinstance(medicine_id, str) or not _MEDICINE_ID.fullmatch(medicine_id):
            raise ReferenceDataError(f"{where}: the id must be lowercase snake_case")
        if medicine_id in table:
            raise ReferenceDataError(f"{where}: listed twice")
        unknown = sorted(set(row) - set(_MEDICINE_FIELDS))
        if unknown:
            raise ReferenceDataError(f"{where}: unknown field {', '.join(unknown)}")
        if row.get("kind") not in ("class", "substance"):
            raise ReferenceDataError(f"{where}: unknown kind {row.get('kind')!r}")
        classes = _keys(row.get("classes"), where, "classes")
        if row["kind"] == "class" and classes:
            raise ReferenceDataError(f"{where}: a class belongs to no class")
        source, reference = _source(row, sources, where)
        table[medicine_id] = Medicine(
            id=medicine_id,
            kind=row["kind"],
            classes=frozenset(classes),
            names=_texts(row.get("names"), where, "name"),
            source=source,
            reference=reference,
        )
    for medicine in table.values():
        for key in sorted(medicine.classes):
            if key not in table or table[key].kind != "class":
                raise ReferenceDataError(f"medicine {medicine.id!r}: unknown class {key!r}")
    return table


def _side(
    value: Any,
    where: str,
    nutrients_table: Mapping[str, Nutrient],
    medicines_table: Mapping[str, Medicine],
) -> Side:
    if not isinstance(value, dict):
        raise ReferenceDataError(f"{where}: not an object")
    unknown = sorted(set(value) - _SIDE_FIELDS)
    if unknown:
        raise ReferenceDataError(f"{where}: unknown field {', '.join(unknown)}")
    keys = _keys(value.get("nutrients", []), where, "nutrients")
    medicine_ids = _keys(value.get("medicines", []), where, "medicines")
    if not keys and not medicine_ids:
        raise ReferenceDataError(f"{where}: names no nutrient and no medicine")
    for key in keys:
        if key not in nutrients_table:
            raise ReferenceDataError(f"{where}: unknown nutrient {key!r}")
    for key in medicine_ids:
        if key not in medicines_table:
            raise ReferenceDataError(f"{where}: unknown medicine {key!r}")
    forms_value = value.get("forms", {})
    if not isinstance(forms_value, dict):
        raise ReferenceDataError(f"{where}: 'forms' must map a nutrient to its forms")
    forms: dict[str, frozenset[str]] = {}
    for key, listed in forms_value.items():
        if key not in keys:
            raise ReferenceDataError(f"{where}: forms of {key!r}, a nutrient the side does not name")
        chosen = _keys(listed, where, f"forms of {key}")
        if not chosen or any(form not in nutrients_table[key].forms for form in chosen):
            raise ReferenceDataError(f"{where}: unknown form of {key} in {chosen!r}")
        forms[key] = frozenset(chosen)
    return Side(frozenset(keys), forms, frozenset(medicine_ids))


def _rule(
    row: dict[str, Any],
    number: int,
    sources: dict[str, str],
    nutrients_table: Mapping[str, Nutrient],
    medicines_table: Mapping[str, Medicine],
) -> Rule:
    rule_id = row.get("id")
    where = f"rule {rule_id!r}" if rule_id else f"rule #{number}"
    if not isinstance(rule_id, str) or not _RULE_ID.fullmatch(rule_id):
        raise ReferenceDataError(f"{where}: the id must be lowercase words joined by hyphens")
    kind = row.get("kind")
    if kind not in _KIND_FIELDS:
        raise ReferenceDataError(f"{where}: unknown kind {kind!r}")
    allowed = set(_COMMON_FIELDS) | set(_KIND_FIELDS[kind])
    if "gap_hours" in row and "gap_hours" not in allowed:
        raise ReferenceDataError(f"{where}: gap_hours is for spacing rules only")
    unknown = sorted(set(row) - allowed)
    if unknown:
        raise ReferenceDataError(f"{where}: unknown field {', '.join(unknown)}")
    missing = [name for name in _KIND_FIELDS[kind] if name not in row]
    if missing:
        raise ReferenceDataError(f"{where}: a {kind} rule needs {', '.join(missing)}")
    if row.get("severity") not in SEVERITIES[kind]:
        allowed_severities = " or ".join(SEVERITIES[kind])
        raise ReferenceDataError(f"{where}: severity {row.get('severity')!r}, not {allowed_severities}")
    a = b = None
    if kind in ("spacing", "interaction"):
        a = _side(row["a"], f"{where}, side a", nutrients_table, medicines_table)
        b = _side(row["b"], f"{where}, side b", nutrients_table, medicines_table)
    gap_hours = _positive_int(row["gap_hours"], where, "gap_hours", 12) if kind == "spacing" else None
    duplicates: list[str] = []
    if kind == "duplicate":
        duplicates = _keys(row["nutrients"], where, "nutrients")
        if not duplicates or any(key not in nutrients_table for key in duplicates):
            raise ReferenceDataError(f"{where}: unknown nutrient in {duplicates!r}")
    nutrient, daily_amount, max_weeks = None, None, None
    if kind == "duration":
        nutrient = row["nutrient"]
        if nutrient not in nutrients_table:
            raise ReferenceDataError(f"{where}: unknown nutrient {nutrient!r}")
        if row["unit"] != nutrients_table[nutrient].unit:
            raise ReferenceDataError(
                f"{where}: the unit must be the nutrient's ({nutrients_table[nutrient].unit})"
            )
        if not isinstance(row["daily_amount"], str):
            raise ReferenceDataError(f"{where}: daily_amount must be a decimal string")
        daily_amount = _decimal(row["daily_amount"], where)
        max_weeks = _positive_int(row["max_weeks"], where, "max_weeks")
    source, reference = _source(row, sources, where)
    return Rule(
        id=rule_id,
        kind=kind,
        severity=row["severity"],
        a=a,
        b=b,
        gap_hours=gap_hours,
        nutrients=frozenset(duplicates),
        nutrient=nutrient,
        daily_amount=daily_amount,
        max_weeks=max_weeks,
        advice=_texts(row.get("advice"), where, "advice"),
        source=source,
        reference=reference,
    )


def _load_rules(
    path: Path,
    nutrients_table: Mapping[str, Nutrient],
    medicines_table: Mapping[str, Medicine],
) -> tuple[Rule, ...]:
    """Every rule of the file at `path`, in the file's order, checked against the tables it names."""
    sources, rows = _read(path, "rules")
    result = [
        _rule(row, number, sources, nutrients_table, medicines_table)
        for number, row in enumerate(rows, start=1)
    ]
    seen: set[str] = set()
    for rule in result:
        if rule.id in seen:
            raise ReferenceDataError(f"rule {rule.id!r}: listed twice")
        seen.add(rule.id)
    return tuple(result)


@cache
def medicines() -> dict[str, Medicine]:
    """Every medicine, by id, in the file's order."""
    return _load_medicines(DATA / "medicines.json")


@cache
def rules() -> tuple[Rule, ...]:
    return _load_rules(DATA / "interactions.json", nutrients(), medicines())


def medicine_search(query: str, language: str, limit: int = 20) -> list[Medicine]:
    """The medicines whose name in `language`, English name or id contains `query` (any case): classes
    first, then substances, each alphabetical by the name in `language`. An empty query lists them all."""
    needle = query.strip().casefold()
    ordered = sorted(
        medicines().values(),
        key=lambda medicine: (medicine.kind != "class", medicine.name(language).casefold()),
    )
    found = [
        medicine
        for medicine in ordered
        if not needle
        or needle in medicine.name(language).casefold()
        or needle in medicine.name("en").casefold()
        or needle in medicine.id
    ]
    return found[:limit]


def reference_check() -> None:
    """Read and check every reference file (nutrients, upper limits, medicines, interaction rules): a broken
    one raises ReferenceDataError."""
    nutrients()
    limits()
    medicines()
    rules()
