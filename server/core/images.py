"""Storage-safe images: validate what Pillow reads, re-encode (dropping all metadata), make thumbnails."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from server.core.errors import DomainError, ErrorCode

MAX_UPLOAD_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000
MAX_SIDE = 2400
ACCEPTED_FORMATS = frozenset({"JPEG", "PNG", "WEBP", "GIF"})
THUMBNAIL_SIZES = (75, 125, 250)


class InvalidImage(DomainError):
    code = ErrorCode.VALIDATION
    message = "The file is not an image we accept (JPEG, PNG, WebP or GIF, at most 10 MB and 40 megapixels)."


class ImageTooLarge(InvalidImage):
    code = ErrorCode.TOO_LARGE


@dataclass(frozen=True)
class ProcessedImage:
    """A re-encoded image and its square thumbnails, all WebP bytes."""

    original: bytes
    width: int
    height: int
    thumbnails: dict[int, bytes]


def _encode(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="WEBP", quality=85, method=4)
    return buffer.getvalue()


def _square_thumbnail(image: Image.Image, size: int) -> bytes:
    # Products are shown on a white square: pad rather than crop, so nothing of the pack is cut off.
    canvas = Image.new("RGB", (size, size), "white")
    fitted = ImageOps.contain(image, (size, size), Image.Resampling.LANCZOS)
    canvas.paste(fitted, ((size - fitted.width) // 2, (size - fitted.height) // 2))
    return _encode(canvas)


def process_image(data: bytes) -> ProcessedImage:
    if len(data) > MAX_UPLOAD_BYTES:
        raise ImageTooLarge("The image is larger than 10 MB.")
    try:
        with Image.open(io.BytesIO(data)) as probe:
            if probe.format not in ACCEPTED_FORMATS:
                raise InvalidImage()
            if probe.width * probe.height > MAX_PIXELS:
                raise ImageTooLarge("The image has more than 40 megapixels.")
            probe.verify()
        # verify() leaves the image unusable, so decode it again for real.
        with Image.open(io.BytesIO(data)) as source:
            source.load()
            image = ImageOps.exif_transpose(source).convert("RGB")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise InvalidImage() from exc
    if max(image.size) > MAX_SIDE:
        image = ImageOps.contain(image, (MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    return ProcessedImage(
        original=_encode(image),
        width=image.width,
        height=image.height,
        thumbnails={size: _square_thumbnail(image, size) for size in THUMBNAIL_SIZES},
    )
