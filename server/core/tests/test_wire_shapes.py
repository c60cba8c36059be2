"""One declaration per wire shape (docs/architecture.md, "Wire shapes"): a reply is the TypedDict its
selector builds, used as the route's response type, so no ninja Schema under server/ may name the same
fields as a TypedDict there. A new twin fails here; declare the shape once instead."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict
from typing import is_typeddict

from ninja import Schema

import server

# Same names, different shapes: each is an input whose fields may be left out or are plain strings with
# limits, or a one-field coincidence. (Schema, TypedDict), by module and name.
DIFFERENT_SHAPES = {
    # A query string's optional currency, and the data of an earnings event.
    ("server.earnings.api.StatementQuery", "server.events.topics.EarningsUpdated"),
    # The protocol to copy, and the data of two events naming a protocol.
    ("server.protocols.schemas.DuplicateIn", "server.events.topics.ProtocolRef"),
    ("server.protocols.schemas.DuplicateIn", "server.events.topics.RefillDue"),
    # Checkout's address input (every field may be left out: the services say what is missing) and the
    # cleaned address orders keep and answer.
    ("server.orders.schemas.AddressIn", "server.orders.addresses.AddressOut"),
    # Store edits: a section's texts may be null (left as they are), a feature's id is needed only to change
    # or delete it; the replies always carry every field.
    ("server.stores.schemas.SectionIn", "server.stores.selectors.SectionOut"),
    ("server.stores.schemas.FeatureIn", "server.stores.selectors.FeatureOut"),
    # A line's schedule as given (fields may be left out; slots an open map, so the service names an unknown
    # slot) and as answered (every field, the known slots only).
    ("server.protocols.schemas.ScheduleIn", "server.nutrition.schedule.ScheduleOut"),
    ("server.protocols.schemas.CycleIn", "server.nutrition.schedule.CycleOut"),
    ("server.protocols.schemas.StepIn", "server.nutrition.schedule.StepOut"),
    # A client's medicines as given ({id, slots}) and as answered (with the kind and the name): the
    # same one field around different items.
    ("server.health.schemas.MedicinesIn", "server.health.selectors.ClientMedicinesOut"),
    # The client a protocol's warnings are for (a query string), and the data of an event naming a client.
    ("server.protocols.schemas.InteractionsQuery", "server.events.topics.MedicinesUpdated"),
}

SKIPPED = (".tests", ".migrations", "server.config.settings", "server.manage")


def _modules() -> list[str]:
    names = []
    for module in pkgutil.walk_packages(server.__path__, prefix="server."):
        if not any(part in module.name for part in SKIPPED):
            names.append(module.name)
    return names


def _declared() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    schemas: dict[str, frozenset[str]] = {}
    typed_dicts: dict[str, frozenset[str]] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if not inspect.isclass(value) or value.__module__ != name:
                continue
            key = f"{name}.{value.__qualname__}"
            if issubclass(value, Schema):
                schemas[key] = frozenset(
                    field.alias or field_name for field_name, field in value.model_fields.items()
                )
            elif is_typeddict(value):
                typed_dicts[key] = frozenset(value.__annotations__)
    return schemas, typed_dicts


def _twins() -> set[tuple[str, str]]:
    schemas, typed_dicts = _declared()
    by_fields: defaultdict[frozenset[str], list[str]] = defaultdict(list)
    for name, fields in typed_dicts.items():
        by_fields[fields].append(name)
    return {(schema, typed_dict) for schema, fields in schemas.items() for typed_dict in by_fields[fields]}


def test_no_ninja_schema_repeats_the_fields_of_a_typed_dict():
    twins = _twins()

    assert twins - DIFFERENT_SHAPES == set(), "declare each wire shape once (docs/architecture.md)"
    assert DIFFERENT_SHAPES - twins == set(), "a listed pair is gone: remove it from DIFFERENT_SHAPES"


def test_the_walk_sees_both_kinds():
    # The check above means something only if it finds the app's declarations.
    schemas, typed_dicts = _declared()

    assert "server.stores.schemas.StoreIn" in schemas
    assert "server.orders.selectors.OrderOut" in typed_dicts
