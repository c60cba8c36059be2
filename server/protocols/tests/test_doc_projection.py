"""Whatever a protocol's document holds (clients may write anything into it), reading it never fails and
projecting it writes valid rows (docs/architecture.md, "A Yjs update reaching the relational protocol and
REST readers")."""

from decimal import Decimal
from typing import Any

import pytest
from pycrdt import Array, Doc, Map, Text

from server.accounts.models import UserType
from server.nutrition.schedule import schedule_parse
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
def test_a_schedule_in_the_document_is_projected_and_a_bad_one_rejected_like_a_bad_quantity(
    make_user, catalogue
):
    # Given a protocol whose D3 is taken two at breakfast
    owner = make_user(UserType.CERTIFIED_PRACTITIONER)
    d3, magnesium, zinc = (p.variants.get().id for p in (catalogue.d3, catalogue.magnesium, catalogue.zinc))
    two_at_breakfast = schedule_parse({"slots": {"breakfast": 2}})
    protocol = protocol_create(
        owner=owner,
        name="Doses",
        description="x",
        lines=[LineIn(d3, schedule=two_at_breakfast), LineIn(magnesium), LineIn(zinc)],
    )
    # and a document where D3's slots are all unreadable, magnesium's moved to lunch and bedtime (one of
    # them put on its quarter), and zinc's cycle is 0 days on
    doc: Doc[Any] = Doc()
    items, order = doc.get("items", type=Map), doc.get("order", type=Array)
    items[str(d3)] = Map({"quantity": 1, "schedule": Map({"breakfast": "lots", "lunch": 0})})
    items[str(magnesium)] = Map(
        {"quantity": 1, "schedule": Map({"lunch": 1.0, "bedtime": 1.6, "with_food": "with"})}
    )
    items[str(zinc)] = Map(
        {"quantity": 1, "schedule": Map({"dinner": 1, "cycle": {"on_days": 0, "off_days": 2}})}
    )
    order.extend([str(d3), str(magnesium), str(zinc)])
    found = content_of(doc)

    # When it is projected
    protocol_project(
        protocol_id=protocol.id,
        content=ProjectedContent(
            name=None,
            description=None,
            lines=[LineIn(line.variant_id, line.quantity, line.notes, line.schedule) for line in found.lines],
        ),
    )

    # Then only magnesium's schedule changes; the others keep theirs
    moved = {"lunch": 1, "bedtime": 1.5}
    assert [line.schedule.as_json()["slots"] if line.schedule else None for line in found.lines] == [
        None,
        moved,
        None,
    ]
    rows = {row.variant_id: row for row in ProtocolItem.objects.filter(protocol=protocol)}
    assert rows[d3].schedule["slots"] == {"breakfast": 2}
    assert (rows[magnesium].schedule["slots"], rows[magnesium].schedule["with_food"]) == (moved, "with")
    assert rows[zinc].schedule["slots"] == {"breakfast": 1}
    assert {key: row.servings_per_day for key, row in rows.items()} == {
        d3: Decimal(2),
        magnesium: Decimal("2.5"),
        zinc: Decimal(1),
    }


def test_a_rest_schedule_change_writes_only_the_entries_that_differ_into_the_documents_line_map():
    # Given a document whose line is taken at breakfast and dinner, and another editor's change to lunch
    doc: Doc[Any] = Doc()
    before = schedule_parse({"slots": {"breakfast": 1, "dinner": 1}, "with_food": "with"})
    doc_build(doc, name="N", description="", lines=[DocLine(7, 1, 2, "with food", before)])
    item = doc.get("items", type=Map)["7"]
    item["schedule"]["lunch"] = 0.5
    written: list[str] = []
    subscription = item["schedule"].observe(  # noqa: F841 (kept: an observer without it is dropped)
        lambda event: written.extend(event.keys)
    )

    # When a REST write moves dinner to bedtime (not knowing of lunch)
    after = schedule_parse({"slots": {"breakfast": 1, "lunch": 0.5, "bedtime": 1}, "with_food": "with"})
    line_put(doc, line=DocLine(7, 1, 2, "with food", after), first=False)

    # Then only dinner and bedtime were written, and the document reads as the new schedule
    assert sorted(written) == ["bedtime", "dinner"]
    assert (item["schedule"]["dinner"], item["schedule"]["bedtime"]) == (0, 1)
    assert content_of(doc).lines == [DocLine(7, 1, 2, "with food", after)]
