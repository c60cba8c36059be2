"""The shape of a protocol's Yjs document (docs/architecture.md, "The protocol-document room") and the only
code that knows it:

    meta   Y.Map   {name: Y.Text, description: Y.Text}
    order  Y.Array [variant id as a string, ...]   newest first
    items  Y.Map   {variant id: Y.Map {product_id: number, quantity: number, notes: Y.Text,
                                       schedule: Y.Map}}

A line's `schedule` map is flat, so two editors changing two slots both keep their change:
`{waking?, breakfast?, lunch?, dinner?, bedtime?: servings, with_food: "with" | "without" | "any",
cycle: {on_days, off_days} | null, start_date: "YYYY-MM-DD" | null, weeks: number | null,
steps: [{from_week, slots}]}` (server.nutrition.schedule; a slot without servings is absent or 0).

Clients may write anything into a document, so reading it never trusts a type: `content_of` returns what
it can make sense of and leaves out the rest. Writes (the first build, REST calls) keep to the shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pycrdt import Array, Doc, Map, Text

from server.nutrition.schedule import SLOTS, Schedule, schedule_read

__all__ = [
    "DocContent",
    "DocLine",
    "content_of",
    "doc_build",
    "line_put",
    "line_remove",
    "meta_set",
]


@dataclass(frozen=True)
class DocLine:
    variant_id: int
    product_id: int | None
    quantity: int
    notes: str
    # None: missing or unreadable (no slot with servings, a cycle of 0 days...); the line keeps the
    # schedule it had.
    schedule: Schedule | None = None


@dataclass(frozen=True)
class DocContent:
    name: str | None  # None: the document holds no usable name
    description: str | None
    lines: list[DocLine]  # in the document's order, newest first, each variant once


def _roots(doc: Doc[Any]) -> tuple[Map[Any], Array[Any], Map[Any]]:
    return doc.get("meta", type=Map), doc.get("order", type=Array), doc.get("items", type=Map)


def _text_of(value: Any) -> str | None:
    if isinstance(value, Text | str):
        return str(value)
    return None


def _variant_key(value: Any) -> int | None:
    """Variant ids are map keys, so strings; numbers in `order` are accepted too."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        number = int(value)
        return number if number > 0 else None
    return None


def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and math.isfinite(value):
        return round(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return _whole(float(value.strip()[:20]))
        except ValueError:
            return None
    return None


def _line_of(variant_id: int, item: Any) -> DocLine | None:
    if not isinstance(item, Map):
        return None
    quantity = _whole(item.get("quantity"))
    return DocLine(
        variant_id=variant_id,
        product_id=_whole(item.get("product_id")),
        # A missing or unreadable quantity counts as one: the line stays, the number is the smallest.
        quantity=quantity if quantity is not None and quantity >= 1 else 1,
        notes=_text_of(item.get("notes")) or "",
        schedule=_schedule_of(item.get("schedule")),
    )


# The keys of a schedule map besides its slots.
_SCHEDULE_FIELDS = ("with_food", "cycle", "start_date", "weeks", "steps")


def _schedule_of(value: Any) -> Schedule | None:
    if not isinstance(value, Map):
        return None
    fields = {key: value.get(key) for key in _SCHEDULE_FIELDS}
    return schedule_read({**fields, "slots": {slot: value.get(slot) for slot in SLOTS}})


def _schedule_fields(schedule: Schedule) -> dict[str, Any]:
    """The schedule map's entries, every slot included (0 when empty), so a write clears a slot."""
    data: dict[str, Any] = dict(schedule.as_json())
    taken = data.pop("slots")
    return {**{slot: taken.get(slot, 0) for slot in SLOTS}, **data}


def _schedule_put(item: Map[Any], schedule: Schedule) -> None:
    """Write only the entries that differ, so an editor's concurrent change of another slot survives."""
    current = item.get("schedule")
    if not isinstance(current, Map):
        item["schedule"] = Map(_schedule_fields(schedule))
        return
    if _schedule_of(current) == schedule:
        return
    for key, value in _schedule_fields(schedule).items():
        if current.get(key) != value:
            current[key] = value


def content_of(doc: Doc[Any]) -> DocContent:
    """What the document says, as far as it can be read; never raises for odd content."""
    try:
        meta, order, items = _roots(doc)
    except Exception:  # a root of another type than ours: nothing to read
        return DocContent(name=None, description=None, lines=[])
    lines: dict[int, DocLine] = {}
    keyed = {key: _variant_key(key) for key in items.keys()}
    key_of = {variant_id: key for key, variant_id in keyed.items() if variant_id is not None}
    for entry in order:
        variant_id = _variant_key(entry)
        if variant_id is None or variant_id in lines:
            continue
        key = key_of.get(variant_id)
        line = _line_of(variant_id, items.get(key)) if key is not None else None
        if line is not None:
            lines[variant_id] = line
    # Items the order does not name yet (a client wrote the item first): after the ordered ones.
    for key, variant_id in sorted(keyed.items(), key=lambda kv: kv[1] or 0, reverse=True):
        if variant_id is not None and variant_id not in lines:
            line = _line_of(variant_id, items.get(key))
            if line is not None:
                lines[variant_id] = line
    return DocContent(
        name=_text_of(meta.get("name")),
        description=_text_of(meta.get("description")),
        lines=list(lines.values()),
    )


def _text_replace(text: Text, new: str) -> None:
    """Change a Y.Text into `new` by its differing middle only, so a concurrent edit elsewhere survives."""
    old = str(text)
    if old == new:
        return
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    if len(old) - end > start:
        del text[start : len(old) - end]
    if len(new) - end > start:
        text.insert(start, new[start : len(new) - end])


def _text_set(parent: Map[Any], key: str, value: str) -> None:
    current = parent.get(key)
    if isinstance(current, Text):
        _text_replace(current, value)
    else:
        parent[key] = Text(value)


def doc_build(doc: Doc[Any], *, name: str, description: str, lines: Sequence[DocLine]) -> None:
    """Fill an empty document from the relational protocol (its first load)."""
    with doc.transaction():
        meta, order, items = _roots(doc)
        meta["name"] = Text(name)
        meta["description"] = Text(description)
        for line in lines:
            items[str(line.variant_id)] = _item(line)
        order.extend([str(line.variant_id) for line in lines])


def _item(line: DocLine) -> Map[Any]:
    fields: dict[str, Any] = {"product_id": line.product_id or 0, "quantity": line.quantity}
    if line.schedule is not None:
        fields["schedule"] = Map(_schedule_fields(line.schedule))
    return Map({**fields, "notes": Text(line.notes)})


def meta_set(doc: Doc[Any], *, name: str, description: str | None) -> None:
    with doc.transaction():
        meta, _, _ = _roots(doc)
        _text_set(meta, "name", name)
        if description is not None:
            _text_set(meta, "description", description)


def line_put(doc: Doc[Any], *, line: DocLine, first: bool) -> None:
    """Set a line's quantity, schedule and notes, adding it (first in the order when `first`) if it is
    missing."""
    key = str(line.variant_id)
    with doc.transaction():
        _, order, items = _roots(doc)
        item = items.get(key)
        if isinstance(item, Map):
            if _whole(item.get("quantity")) != line.quantity:
                item["quantity"] = line.quantity
            if line.schedule is not None:
                _schedule_put(item, line.schedule)
            _text_set(item, "notes", line.notes)
            if line.product_id is not None and _whole(item.get("product_id")) != line.product_id:
                item["product_id"] = line.product_id
        else:
            items[key] = _item(line)
        if key not in [str(entry) for entry in order]:
            if first:
                order.insert(0, key)
            else:
                order.append(key)


def line_remove(doc: Doc[Any], *, variant_id: int) -> None:
    key = str(variant_id)
    with doc.transaction():
        _, order, items = _roots(doc)
        if key in items:
            del items[key]
        for index in reversed(range(len(order))):
            if _variant_key(order[index]) == variant_id:
                del order[index]
