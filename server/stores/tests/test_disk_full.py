"""The disk holding media full (docs/architecture.md, "Reliability and security"): an upload
answers 507 with a message, nothing half-written remains, and the store is as it was."""

import errno

from django.core.files.uploadedfile import SimpleUploadedFile

from server.core.tests.full_disk import FullDisk, files_under
from server.stores.tests.conftest import STORE, image_bytes


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/png")


def test_an_image_that_does_not_fit_on_the_disk_is_a_507_and_leaves_no_file(
    client, people, store, _media, monkeypatch
):
    # Given a media disk with no room left
    FullDisk(_media, files_that_fit=0).install(monkeypatch)

    # When the practitioner uploads a header image
    reply = client.put(
        f"{STORE}/header/image",
        FILES={"file": upload("a.png", image_bytes())},
        headers=people.certified.headers,
    )

    # Then they hear there is no room and nothing was saved, and no half-written file remains
    assert reply.status_code == 507
    assert reply.json() == {
        "code": "insufficient_storage",
        "message": "There is no room to store this file at the moment; nothing was saved. Try again later.",
        "errors": {},
    }
    store.refresh_from_db()
    assert store.header_image.name == ""
    assert files_under(_media) == []


def test_when_the_second_of_two_images_does_not_fit_neither_is_kept(
    client, people, store, _media, monkeypatch
):
    headers = people.certified.headers
    before = client.put(
        f"{STORE}/about/image", FILES={"file": upload("a.png", image_bytes())}, headers=headers
    )
    assert before.status_code == 200
    kept = files_under(_media)
    # Given room for one more file only
    FullDisk(_media, files_that_fit=1).install(monkeypatch)

    # When both approach images are sent
    reply = client.put(
        f"{STORE}/approach/image",
        FILES={"file1": upload("a.png", image_bytes()), "file2": upload("b.png", image_bytes("GIF"))},
        headers=headers,
    )

    # Then neither is stored: the first one written is removed with the half of the second
    assert (reply.status_code, reply.json()["code"]) == (507, "insufficient_storage")
    store.refresh_from_db()
    assert (store.approach_image_1.name, store.approach_image_2.name) == ("", "")
    assert files_under(_media) == kept


def test_a_media_disk_that_fails_otherwise_is_a_503(client, people, store, _media, monkeypatch):
    FullDisk(_media, files_that_fit=0, error=errno.EIO).install(monkeypatch)

    reply = client.put(
        f"{STORE}/header/image",
        FILES={"file": upload("a.png", image_bytes())},
        headers=people.certified.headers,
    )

    assert (reply.status_code, reply.json()["code"]) == (503, "service_unavailable")
    assert (
        reply.json()["message"] == "Files cannot be stored at the moment; nothing was saved. Try again later."
    )
    assert files_under(_media) == []
