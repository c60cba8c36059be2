"""Store images (docs/architecture.md, "Reliability and security"): validated, re-encoded without metadata,
stored under our own names."""

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.test.client import encode_multipart
from PIL import Image

from server.stores.models import Store, StorePackage
from server.stores.tests.conftest import STORE, image_bytes


def upload(name: str, data: bytes, content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


def stored(media: Path, url: str) -> Path:
    assert url.startswith("/media/stores/")
    return media / url.removeprefix("/media/")


def exif_jpeg() -> bytes:
    image = Image.new("RGB", (30, 20), "red")
    exif = Image.Exif()
    exif[0x010F] = "SecretCam"  # Make
    exif[0x8825] = {1: "N"}  # GPS
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", exif=exif)
    return buffer.getvalue()


def test_a_header_image_is_re_encoded_without_metadata_under_a_random_name(client, people, store, _media):
    response = client.put(
        f"{STORE}/header/image",
        FILES={"file": upload("../../etc/passwd.png", exif_jpeg())},
        headers=people.certified.headers,
    )

    assert response.status_code == 200
    url = response.json()["header"]["image"]
    path = stored(_media, url)
    assert path.suffix == ".webp" and len(path.stem) == 32 and "passwd" not in url
    with Image.open(path) as image:
        assert (image.format, image.size) == ("WEBP", (30, 20))
        assert not image.getexif() and "exif" not in image.info


def test_the_approach_takes_two_images_and_replaces_only_those_sent(client, people, store, _media):
    headers = people.certified.headers

    both = client.put(
        f"{STORE}/approach/image",
        FILES={"file1": upload("a.png", image_bytes()), "file2": upload("b.gif", image_bytes("GIF"))},
        headers=headers,
    ).json()["approach"]
    second_only = client.put(
        f"{STORE}/approach/image", FILES={"file2": upload("c.webp", image_bytes("WEBP"))}, headers=headers
    ).json()["approach"]

    assert both["image_1"] and both["image_2"] and both["image_1"] != both["image_2"]
    assert second_only["image_1"] == both["image_1"]
    assert second_only["image_2"] != both["image_2"]


def test_a_replaced_image_file_is_deleted_once_committed(
    client, people, store, _media, django_capture_on_commit_callbacks
):
    headers = people.certified.headers
    first = client.put(
        f"{STORE}/about/image", FILES={"file": upload("a.png", image_bytes())}, headers=headers
    )
    old = stored(_media, first.json()["about"]["image"])

    with django_capture_on_commit_callbacks(execute=True):
        client.put(f"{STORE}/about/image", FILES={"file": upload("b.png", image_bytes())}, headers=headers)

    assert not old.exists()
    store.refresh_from_db()
    assert (_media / store.about_image.name).exists()


def test_one_bad_approach_file_stores_neither(client, people, store):
    response = client.put(
        f"{STORE}/approach/image",
        FILES={"file1": upload("a.png", image_bytes()), "file2": upload("b.png", b"not an image")},
        headers=people.certified.headers,
    )

    assert response.status_code == 422
    store.refresh_from_db()
    assert (store.approach_image_1.name, store.approach_image_2.name) == ("", "")


def truncated_png() -> bytes:
    return image_bytes(size=(200, 200))[:120]


def pixel_bomb() -> bytes:
    # 7,000 x 7,000 of one colour: a tiny file that would decode to 49 megapixels.
    buffer = io.BytesIO()
    Image.new("1", (7_000, 7_000)).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "status"),
    [
        ("notes.txt", b"just some text", 422),
        ("script.png", b"<script>alert(1)</script>", 422),
        ("empty.png", b"", 422),
        ("broken.png", "truncated", 422),
        ("image.bmp", "bmp", 422),
        ("evil.svg", b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 422),
        ("bomb.png", "bomb", 413),
        ("huge.png", "huge", 413),
    ],
)
def test_files_that_are_not_acceptable_images_are_refused_and_nothing_changes(
    client, people, store, name, data, status
):
    contents = {
        "truncated": truncated_png,
        "bmp": lambda: image_bytes("BMP"),
        "bomb": pixel_bomb,
        "huge": lambda: b"\x89PNG" + b"\0" * (10 * 1024 * 1024),
    }
    data = contents[data]() if isinstance(data, str) else data

    response = client.put(
        f"{STORE}/header/image", FILES={"file": upload(name, data)}, headers=people.certified.headers
    )

    assert response.status_code == status
    assert response.json()["message"]
    store.refresh_from_db()
    assert store.header_image.name == ""


def test_an_image_call_without_a_file_or_for_an_unknown_section_is_refused(client, people, store):
    headers = people.certified.headers

    no_file = client.put(f"{STORE}/header/image", headers=headers)
    wrong_field = client.put(
        f"{STORE}/approach/image", FILES={"file": upload("a.png", image_bytes())}, headers=headers
    )
    unknown = client.put(
        f"{STORE}/footer/image", FILES={"file": upload("a.png", image_bytes())}, headers=headers
    )
    traversal = client.put(
        f"{STORE}/..%2F..%2Fetc/image", FILES={"file": upload("a.png", image_bytes())}, headers=headers
    )

    assert (no_file.status_code, no_file.json()["errors"]) == (422, {"file": ["required"]})
    assert (wrong_field.status_code, wrong_field.json()["errors"]) == (422, {"file1": ["required"]})
    assert (unknown.status_code, unknown.json()["message"]) == (
        404,
        "Images belong to the header, about or approach section.",
    )
    assert traversal.status_code == 404


def test_a_section_image_can_be_removed(client, people, store):
    headers = people.certified.headers
    client.put(f"{STORE}/header/image", FILES={"file": upload("a.png", image_bytes())}, headers=headers)

    response = client.delete(f"{STORE}/header/image", headers=headers)

    assert response.json()["header"]["image"] is None


def test_a_package_image(client, people, store, _media):
    package = StorePackage.objects.create(store=store, name="P")

    response = client.put(
        f"{STORE}/packages/{package.pk}/image",
        FILES={"file": upload("p.jpg", image_bytes("JPEG"))},
        headers=people.certified.headers,
    )
    refused = client.put(
        f"{STORE}/packages/{package.pk}/image",
        FILES={"file": upload("p.jpg", b"GIF89a broken")},
        headers=people.certified.headers,
    )

    assert response.status_code == 200
    assert stored(_media, response.json()["image"]).exists()
    assert refused.status_code == 422
    package.refresh_from_db()
    assert package.image.url == response.json()["image"]


def test_images_arrive_as_real_multipart_puts_through_the_whole_stack(people, store, _media):
    body = encode_multipart(
        "XyZ", {"file1": upload("../x.png", image_bytes()), "file2": upload("y.png", image_bytes())}
    )

    response = Client().put(
        "/api" + f"{STORE}/approach/image",
        body,
        content_type="multipart/form-data; boundary=XyZ",
        headers=people.certified.headers,
    )

    assert response.status_code == 200, response.content
    store = Store.objects.get(pk=store.pk)
    assert store.approach_image_1.name.startswith("stores/") and store.approach_image_2.name.endswith(".webp")


def test_an_oversized_multipart_file_is_refused_before_it_is_read(people, store):
    big = upload("big.png", b"\0" * (10 * 1024 * 1024 + 1))
    body = encode_multipart("XyZ", {"file": big})

    response = Client().put(
        "/api" + f"{STORE}/header/image",
        body,
        content_type="multipart/form-data; boundary=XyZ",
        headers=people.certified.headers,
    )

    assert response.status_code == 413
    assert response.json()["message"] == "The image is larger than 10 MB."


@pytest.mark.parametrize(
    "polyglot",
    [
        image_bytes() + b"<html><script>alert(1)</script></html>",  # a PNG with a page after its end
        image_bytes("GIF") + b"/*<script>alert(2)</script>*/",  # a GIF that is also a script
        image_bytes("JPEG") + b'<svg onload="alert(3)">',
    ],
)
def test_an_image_that_is_also_a_page_or_a_script_is_stored_as_the_picture_alone(
    client, people, store, _media, polyglot
):
    # When a polyglot is uploaded as a header image
    response = client.put(
        f"{STORE}/header/image", FILES={"file": upload("a.png", polyglot)}, headers=people.certified.headers
    )

    # Then what is stored, and served, is a re-encoded picture without a byte of the rest
    assert response.status_code == 200
    url = response.json()["header"]["image"]
    stored_bytes = stored(_media, url).read_bytes()
    assert stored_bytes.startswith(b"RIFF") and stored_bytes[8:12] == b"WEBP"
    assert b"alert" not in stored_bytes and b"<" not in stored_bytes[:64]
    served = Client().get(url)
    assert (served["Content-Type"], served["X-Content-Type-Options"]) == ("image/webp", "nosniff")
