"""Fuzzing what clients send a room (docs/architecture.md, "Reliability and security"): frames and Yjs
updates of any bytes either work or are refused as malformed, and the document stays readable."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pycrdt import Doc

from realtime.rooms import wire
from realtime.rooms.room import _apply
from server.protocols.doc.shape import DocLine, content_of, doc_build

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
