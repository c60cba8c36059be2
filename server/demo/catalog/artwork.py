"""Product pictures drawn with Pillow, so the demo has images without downloading any: a pack shot (a jar,
tub, bottle, dropper or spray in the brand's colour with a printed label) and a picture of the contents.

Colours and positions come from a hash of the names, so the same product always gets the same picture.
"""

from __future__ import annotations

import colorsys
import hashlib
import io
import random
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from server.demo.catalog.ingredients import Shape

# Drawn on a 600 px canvas, stored at 512 px: scaling down smooths the edges, and adding a 512 px image
# (re-encoding plus three thumbnails) takes about two thirds of the time a 600 px one does, which keeps
# seed_demo within its minute on two cores.
SIZE = 600
OUTPUT_SIZE = 512
Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]


def _unit(key: str) -> float:
    """A stable number in [0, 1) for a text (Python's own hash() changes from one process to the next)."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") / 2**64


def brand_colour(brand: str) -> Colour:
    red, green, blue = colorsys.hsv_to_rgb(
        _unit(brand), 0.45 + 0.3 * _unit(brand + "s"), 0.5 + 0.2 * _unit(brand + "v")
    )
    return round(red * 255), round(green * 255), round(blue * 255)


def _accent(key: str) -> Colour:
    red, green, blue = colorsys.hsv_to_rgb(_unit(key), 0.55, 0.85)
    return round(red * 255), round(green * 255), round(blue * 255)


def _mix(colour: Colour, other: Colour, share: float) -> Colour:
    """`share` of `other` blended into `colour`."""
    return (
        round(colour[0] + (other[0] - colour[0]) * share),
        round(colour[1] + (other[1] - colour[1]) * share),
        round(colour[2] + (other[2] - colour[2]) * share),
    )


WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)
INK: Colour = (38, 42, 48)
AMBER_GLASS: Colour = (132, 70, 22)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Loading the bundled font decodes it each time, so every size is loaded once per process.
    return ImageFont.load_default(size=size)


def _printable(text: str) -> str:
    # The bundled font has no micro sign; labels in UK shops commonly print "mcg" anyway.
    return text.replace("µg", "mcg")


def _backdrop(tint: Colour) -> Image.Image:
    """A soft vertical gradient from a pale tint of the product's accent colour down to white."""
    top = Image.new("RGB", (SIZE, SIZE), _mix(tint, WHITE, 0.82))
    bottom = Image.new("RGB", (SIZE, SIZE), WHITE)
    mask = Image.linear_gradient("L").resize((SIZE, SIZE))
    return Image.composite(bottom, top, mask)


def _shadow(draw: ImageDraw.ImageDraw, centre: int, width: int, floor: int) -> None:
    # Concentric ellipses, darkest in the middle: a soft shadow without a costly blur.
    for step in range(6):
        grow = (6 - step) * 6
        shade = 236 - step * 9
        draw.ellipse(
            (
                centre - width // 2 - grow,
                floor - 14 - grow // 4,
                centre + width // 2 + grow,
                floor + 14 + grow // 4,
            ),
            fill=(shade, shade, shade),
        )


def _line_height(size: int) -> int:
    return round(size * 1.18)


def _wrap(draw: ImageDraw.ImageDraw, text: str, width: int, height: int) -> tuple[list[str], int]:
    """Break `text` into lines that fit the `width` x `height` box, with the largest font that allows it."""
    words = text.split()
    for size in range(38, 13, -2):
        font = _font(size)
        lines: list[str] = []
        for word in words:
            if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        if len(lines) * _line_height(size) <= height and all(
            draw.textlength(line, font=font) <= width for line in lines
        ):
            return lines, size
    return lines[: max(1, height // _line_height(14))], 14


def _centred(draw: ImageDraw.ImageDraw, y: int, text: str, size: int, fill: Colour, centre: int) -> int:
    font = _font(size)
    width = draw.textlength(text, font=font)
    draw.text((centre - width / 2, y), text, font=font, fill=fill)
    return y + _line_height(size)


def _label(draw: ImageDraw.ImageDraw, box: Box, *, title: str, brand: str, form: str, colour: Colour) -> None:
    left, top, right, bottom = box
    centre = (left + right) // 2
    draw.rounded_rectangle(box, radius=10, fill=(252, 250, 245))
    draw.rectangle((left, top + 10, right, top + 16), fill=colour)
    draw.rectangle((left, bottom - 30, right, bottom - 10), fill=colour)
    brand_size = 17
    while brand_size > 9 and draw.textlength(brand.upper(), font=_font(brand_size)) > right - left - 16:
        brand_size -= 1
    y = _centred(draw, top + 26, brand.upper(), brand_size, colour, centre)
    # The title goes between the brand line and the foot band, centred in that space.
    space = bottom - 36 - (y + 6)
    lines, size = _wrap(draw, _printable(title), right - left - 24, space)
    y += 6 + (space - len(lines) * _line_height(size)) // 2
    for line in lines:
        y = _centred(draw, y, line, size, INK, centre)
    _centred(draw, bottom - 27, form.upper(), 13 if right - left > 180 else 11, WHITE, centre)


def _highlight(draw: ImageDraw.ImageDraw, box: Box, colour: Colour) -> None:
    # A lighter stripe down the left of the pack so it reads as round rather than flat.
    left, top, right, bottom = box
    stripe = max(8, (right - left) // 12)
    draw.rounded_rectangle(
        (left + stripe, top + 14, left + 2 * stripe, bottom - 14),
        radius=stripe // 2,
        fill=_mix(colour, WHITE, 0.3),
    )


def pack_shot(*, title: str, brand: str, form: str, shape: Shape, key: str) -> bytes:
    """A square PNG of the product's pack: `title` and `brand` on the label, `form` on its foot band."""
    colour = brand_colour(brand)
    accent = _accent(key)
    image = _backdrop(accent)
    draw = ImageDraw.Draw(image)
    dark = _mix(colour, BLACK, 0.35)
    if shape == "tub":
        _shadow(draw, 300, 360, 525)
        body: Box = (130, 245, 470, 525)
        draw.rounded_rectangle(body, radius=22, fill=colour)
        draw.rounded_rectangle((118, 200, 482, 262), radius=14, fill=dark)
        for x in range(132, 472, 14):
            draw.line((x, 206, x, 256), fill=_mix(dark, BLACK, 0.2), width=3)
        _highlight(draw, body, colour)
        _label(draw, (165, 285, 435, 500), title=title, brand=brand, form=form, colour=dark)
    elif shape == "bottle":
        _shadow(draw, 300, 220, 535)
        body = (190, 235, 410, 535)
        draw.rounded_rectangle((262, 150, 338, 250), radius=10, fill=colour)
        draw.rounded_rectangle(body, radius=42, fill=colour)
        draw.rounded_rectangle((250, 98, 350, 160), radius=10, fill=dark)
        _highlight(draw, body, colour)
        _label(draw, (200, 300, 400, 495), title=title, brand=brand, form=form, colour=dark)
    elif shape == "dropper":
        _shadow(draw, 300, 170, 530)
        body = (215, 300, 385, 530)
        draw.rounded_rectangle((272, 262, 328, 310), radius=8, fill=AMBER_GLASS)
        draw.rounded_rectangle(body, radius=30, fill=AMBER_GLASS)
        draw.rounded_rectangle((258, 222, 342, 270), radius=8, fill=dark)
        draw.rounded_rectangle((276, 120, 324, 232), radius=22, fill=colour)
        _highlight(draw, body, AMBER_GLASS)
        _label(draw, (222, 338, 378, 505), title=title, brand=brand, form=form, colour=dark)
    elif shape == "spray":
        _shadow(draw, 300, 150, 535)
        body = (225, 240, 375, 535)
        draw.rounded_rectangle(body, radius=26, fill=colour)
        draw.rounded_rectangle((262, 205, 338, 248), radius=6, fill=dark)
        draw.rounded_rectangle((274, 138, 326, 210), radius=10, fill=_mix(colour, WHITE, 0.55))
        draw.rectangle((326, 156, 350, 170), fill=_mix(colour, WHITE, 0.55))
        _highlight(draw, body, colour)
        _label(draw, (232, 290, 368, 500), title=title, brand=brand, form=form, colour=dark)
    else:
        _shadow(draw, 300, 280, 525)
        body = (165, 200, 435, 525)
        draw.rounded_rectangle(body, radius=30, fill=colour)
        draw.rounded_rectangle((180, 130, 420, 212), radius=16, fill=dark)
        for x in range(196, 410, 12):
            draw.line((x, 138, x, 204), fill=_mix(dark, BLACK, 0.2), width=3)
        _highlight(draw, body, colour)
        _label(draw, (185, 245, 415, 495), title=title, brand=brand, form=form, colour=dark)
    return _png(image)


def contents_shot(*, brand: str, form: str, key: str) -> bytes:
    """A square PNG of what is inside the pack (capsules, tablets, powder, drops...) with the brand name."""
    colour = brand_colour(brand)
    accent = _accent(key)
    image = _backdrop(accent)
    draw = ImageDraw.Draw(image)
    # Seeded from the product, so the scatter is the same on every run.
    rng = random.Random(key)  # noqa: S311 (a picture, not a secret)
    if form in {"powder"}:
        draw.ellipse((120, 300, 480, 470), fill=_mix(accent, WHITE, 0.55))
        draw.ellipse((170, 250, 430, 420), fill=_mix(accent, WHITE, 0.7))
        draw.rounded_rectangle((360, 220, 520, 260), radius=18, fill=_mix(colour, WHITE, 0.2))
        draw.ellipse((300, 200, 390, 280), fill=_mix(colour, WHITE, 0.2))
    elif form in {"liquid", "drops", "spray"}:
        draw.ellipse((150, 330, 450, 470), fill=_mix(accent, WHITE, 0.35))
        draw.ellipse((175, 345, 425, 450), fill=_mix(accent, WHITE, 0.6))
        for _ in range(7):
            x, y, r = rng.randint(150, 450), rng.randint(120, 300), rng.randint(10, 24)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=_mix(accent, WHITE, 0.45))
            draw.polygon(
                [(x - r + 2, y - 4), (x, y - 2 * r - 6), (x + r - 2, y - 4)], fill=_mix(accent, WHITE, 0.45)
            )
    else:
        for _ in range(14):
            x, y = rng.randint(110, 490), rng.randint(130, 470)
            if form == "capsules":
                vertical = rng.random() < 0.5
                w, h = (34, 90) if vertical else (90, 34)
                draw.rounded_rectangle(
                    (x - w // 2, y - h // 2, x + w // 2, y + h // 2), radius=17, fill=colour
                )
                half = (
                    (x - w // 2, y - h // 2, x + w // 2, y)
                    if vertical
                    else (x - w // 2, y - h // 2, x, y + h // 2)
                )
                draw.rounded_rectangle(half, radius=17, fill=_mix(colour, WHITE, 0.6))
            elif form == "softgels":
                draw.ellipse((x - 45, y - 24, x + 45, y + 24), fill=(214, 160, 40))
                draw.ellipse((x - 28, y - 16, x - 4, y - 6), fill=(246, 214, 120))
            elif form == "gummies":
                fruit = _accent(f"{key}{x}{y}")
                draw.rounded_rectangle((x - 30, y - 30, x + 30, y + 30), radius=14, fill=fruit)
            else:
                draw.ellipse((x - 40, y - 40, x + 40, y + 40), fill=(236, 232, 222))
                draw.line((x - 28, y, x + 28, y), fill=(205, 200, 190), width=4)
    _centred(draw, 520, brand.upper(), 26, _mix(colour, BLACK, 0.35), SIZE // 2)
    return _png(image)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    # The image is re-encoded as WebP when it is added, so spend no time compressing here.
    image.resize((OUTPUT_SIZE, OUTPUT_SIZE), Image.Resampling.LANCZOS).save(
        buffer, format="PNG", compress_level=1
    )
    return buffer.getvalue()
