"""Whatever a protocol's document holds (clients may write anything into it), reading it never fails and
projecting it writes valid rows (docs/architecture.md, "A Yjs update reaching the relational protocol and
REST readers")."""

from decimal import Decimal
from typing import Any

import pytest
from pycrdt import Array, Doc, Map, Text

from server.accounts.models import UserType
from server.protocols.doc.shape import DocLine, content_of, doc_build, line_put
from server.protocols.models import ProtocolItem
from server.protocols.services import LineIn, ProjectedContent, protocol_create, protocol_project


def junk_doc() -> Doc[Any]:
    doc: Doc[Any] = Doc()
    meta, order, items = doc.get("meta", type=Map), doc.get("order", type=Array), doc.get("items", type=Map)
    meta["name"] = 42
    meta["description"] = Text("  Kept  ")
    items["abc"] = Map({"quantity": 1})
    items["0"] = Map({"quantity": 1})
    items["1"] = "not a map"
    items["3"] = Map({"quantity": "lots", "notes": 7})
    items["4"] = Map({"quantity": 2.6, "notes": Text("x" * 3000)})
    items["5"] = Map({"quantity": 1e9})
    items["999999"] = Map({"quantity": 1})
    order.extend(["4", 4, "nope", None, "3", "999999"])
    return doc


@pytest.mark.django_db
def test_a_junk_document_projects_to_valid_rows(make_user, catalogue):
    owner = make_user(UserType.CERTIFIED_PRACTITIONER)
    d3, magnesium, zinc = (p.variants.get().id for p in (catalogue.d3, catalogue.magnesium, catalogue.zinc))
    protocol = protocol_create(owner=owner, name="Sleep", description="x")
    found = content_of(junk_doc())
    # The junk doc names variants 3, 4 and 5: map them onto real ones, keep 999999 unknown.
    real = {3: d3, 4: magnesium, 5: zinc}
    lines = [
        LineIn(real.get(line.variant_id, line.variant_id), line.quantity, line.notes) for line in found.lines
    ]

    changed = protocol_project(
        protocol_id=protocol.id,
        content=ProjectedContent(name=found.name, description=found.description, lines=lines),
    )

    protocol.refresh_from_db()
    assert changed
    assert (protocol.name, protocol.description) == ("Sleep", "Kept")
    assert list(ProtocolItem.objects.filter(protocol=protocol).values_list("variant_id", "quantity")) == [
        (magnesium, 3),
        (d3, 1),
        (zinc, 999),
    ]
    assert len(ProtocolItem.objects.get(protocol=protocol, variant_id=magnesium).notes) == 2000


@pytest.mark.django_db
def test_a_dose_in_the_document_is_projected_and_a_bad_one_rejected_like_a_bad_quantity(make_user, catalogue):
    owner = make_user(UserType.CERTIFIED_PRACTITIONER)
    d3, magnesium, zinc = (p.variants.get().id for p in (catalogue.d3, catalogue.magnesium, catalogue.zinc))
    protocol = protocol_create(
        owner=owner,
        name="Doses",
        description="x",
        lines=[LineIn(d3, servings_per_day=Decimal(2)), LineIn(magnesium), LineIn(zinc)],
    )
    doc: Doc[Any] = Doc()
    items, order = doc.get("items", type=Map), doc.get("order", type=Array)
    items[str(d3)] = Map({"quantity": 1, "servings_per_day": "lots"})  # not a number: the dose stays 2
    items[str(magnesium)] = Map({"quantity": 1, "servings_per_day": 2.5})
    items[str(zinc)] = Map({"quantity": 1, "servings_per_day": 0})  # below 0.25: the dose stays 1
    order.extend([str(d3), str(magnesium), str(zinc)])
    found = content_of(doc)

    protocol_project(
        protocol_id=protocol.id,
        content=ProjectedContent(
            name=None,
            description=None,
            lines=[
                LineIn(line.variant_id, line.quantity, line.notes, line.servings_per_day)
                for line in found.lines
            ],
        ),
    )

    assert [line.servings_per_day for line in found.lines] == [None, Decimal("2.5"), None]
    doses = dict(ProtocolItem.objects.filter(protocol=protocol).values_list("variant_id", "servings_per_day"))
    assert doses == {d3: Decimal(2), magnesium: Decimal("2.5"), zinc: Decimal(1)}


def test_a_rest_dose_change_is_written_into_the_documents_line_map():
    doc: Doc[Any] = Doc()
    doc_build(doc, name="N", description="", lines=[DocLine(7, 1, 2, "with food", Decimal(2))])

    line_put(doc, line=DocLine(7, 1, 2, "with food", Decimal("1.5")), first=False)

    item = doc.get("items", type=Map)["7"]
    assert item["servings_per_day"] == 1.5
    assert content_of(doc).lines == [DocLine(7, 1, 2, "with food", Decimal("1.5"))]
