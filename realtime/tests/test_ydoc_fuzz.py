"""Fuzzing what clients send a room (DESIGN section 12): frames and Yjs updates of any bytes either work
or are refused as malformed, and whatever a document holds, projecting it writes valid rows."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pycrdt import Array, Doc, Map, Text

from realtime.ydoc import wire
from realtime.ydoc.rooms import _apply
from realtime.ydoc.shape import DocLine, content_of, doc_build
from server.accounts.models import UserType
from server.protocols.models import ProtocolItem
from server.protocols.services import LineIn, ProjectedContent, protocol_create, protocol_project

FUZZ = settings(max_examples=300, derandomize=True, deadline=None)


def sample_doc() -> Doc[Any]:
    doc: Doc[Any] = Doc()
    lines = [DocLine(3, 1, 2, "with food"), DocLine(4, 2, 1, "")]
    doc_build(doc, name="Sleep", description="Evening", lines=lines)
    return doc


SAMPLE = sample_doc().get_update()


@FUZZ
@given(st.binary(max_size=200))
def test_any_frame_decodes_or_is_malformed(frame):
    try:
        message = wire.message_decode(frame)
    except wire.Malformed:
        return
    if message.type == wire.MessageType.AWARENESS:
        try:
            wire.awareness_decode(message.payload)
        except wire.Malformed:
            return


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.integers(0, 255)), min_size=1, max_size=4))
def test_a_mutated_update_applies_or_is_malformed_and_the_document_stays_readable(mutations):
    update = bytearray(SAMPLE)
    for index, value in mutations:
        update[index] = value
    doc: Doc[Any] = Doc()

    try:
        _apply(doc, bytes(update))
    except wire.Malformed:
        pass

    content_of(doc)  # never raises, whatever the update left
    doc.get_update()


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
