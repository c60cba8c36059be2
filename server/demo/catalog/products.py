"""Product records made up from the ingredient table: names, descriptions, ingredients, taxonomy slugs,
variants with EUR and GBP prices, and the flags (unavailable, practitioner-only, zero-waste).

Nothing here touches the database: the same seed gives the same records, whatever is stored already.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from decimal import Decimal

from django.utils.text import slugify

from server.catalog.models import Availability
from server.demo.catalog.ingredients import ACTIVES, FORMS, PLANT_SOFTGEL_EXCIPIENTS, Active, Form, Shape
from server.demo.catalog.taxonomies import BRAND_NAMES, brand_slug, terms_of

DEMO_SEED = 20260101
SCALE_SEED = 100_000
# Prefix of the SKUs of seed_scale products, the mark by which a later run finds (and --reset deletes) them.
SCALE_SKU_PREFIX = "SCALE-"
GBP_PER_EUR = 0.86

# Shares of the catalogue, in percent. Each flag is set on exactly this many products of every hundred
# consecutive ones (see _share), so a smaller run (the tests) still has some of each.
UNAVAILABLE_PERCENT = 8
PRACTITIONER_ONLY_PERCENT = 10
ZERO_WASTE_PERCENT = 12
SECOND_IMAGE_PERCENT = 20

_FORM_SKU_CODES = {
    "capsules": "CAP",
    "tablets": "TAB",
    "softgels": "SG",
    "gummies": "GUM",
    "powder": "G",
    "liquid": "ML",
    "drops": "ML",
    "spray": "ML",
}
_CLOSING_SENTENCES = (
    "Every batch is tested by an independent laboratory for purity and potency.",
    "Take one serving a day with food, or as directed by your practitioner.",
    "Made in the United Kingdom to GMP standards, without unnecessary fillers.",
    "A long-standing favourite of practitioners for everyday support.",
    "Store in a cool, dry place and keep out of the reach of young children.",
)
_PRACTITIONER_SENTENCE = "Supplied through registered practitioners as part of a personal protocol."
_ZERO_WASTE_SENTENCE = (
    "Packed in recyclable glass and paper, with a refill pouch that can be composted at home."
)
_FREE_FROM = tuple(term.slug for term in terms_of("free_from"))
_SUITABLE_FOR_ORDER = tuple(term.slug for term in terms_of("suitable_for"))
_FORM_NAMES = {term.slug: term.name for term in terms_of("delivery_form")}
_CHILDREN_BRAND = "Tiny Sprouts Kids"
_SPORTS_BRAND = "Cobalt Peak Sports"
_DEMO_QUALIFIERS = (
    "Advanced",
    "Pure",
    "High Strength",
    "Essential",
    "Daily",
    "Premium",
    "Professional",
    "Complete",
    "Gentle",
    "Ultra",
)


@dataclass(frozen=True)
class VariantRecord:
    sku: str
    size: int  # in the form's unit (capsules, g, ml), as `unit_of_measure` writes it
    unit_of_measure: str
    weight: Decimal
    price_eur: Decimal
    price_gbp: Decimal
    availability: int


@dataclass(frozen=True)
class ProductRecord:
    slug: str
    name: str
    # What the pack's label says: the name without the form, which is printed on the label's foot.
    label: str
    brand: str
    description: str
    ingredients: str
    categories: tuple[str, ...]
    health_goals: tuple[str, ...]
    delivery_form: str
    free_from: tuple[str, ...]
    suitable_for: tuple[str, ...]
    practitioner_only: bool
    zero_waste: bool
    variants: tuple[VariantRecord, ...]
    shape: Shape
    second_image: bool

    @property
    def brand_slug(self) -> str:
        return brand_slug(self.brand)

    @property
    def form_name(self) -> str:
        return _FORM_NAMES[self.delivery_form]

    @property
    def is_available(self) -> bool:
        return any(variant.availability == Availability.AVAILABLE for variant in self.variants)


def _share(index: int, step: int, offset: int, percent: int) -> bool:
    """True for exactly `percent` of every 100 consecutive indexes, spread out: `step` is prime to 100,
    so `index * step + offset` runs through every remainder once per hundred."""
    return (index * step + offset) % 100 < percent


def price_point(value: float) -> Decimal:
    """The shop price nearest to `value` that ends in .49 or .95, as shelf prices do."""
    whole = math.floor(value)
    candidates = [base + ending for base in (whole - 1, whole) for ending in (0.49, 0.95) if base >= 1]
    return Decimal(f"{min(candidates or [1.49], key=lambda price: abs(price - value)):.2f}")


def _unit_of_measure(form: Form, size: int) -> str:
    if form.unit == "g" and size >= 1000 and size % 1000 == 0:
        return f"{size // 1000} kg"
    return f"{size} {form.unit}"


def _variants(
    rng: random.Random, active: Active, form: Form, *, sku: str, unavailable: bool
) -> tuple[VariantRecord, ...]:
    sizes = active.sizes.get(form.slug, form.sizes)
    count = min(len(sizes), rng.choices((1, 2, 3), weights=(45, 35, 20))[0])
    start = rng.randrange(0, min(2, len(sizes) - count + 1))
    # A brand's price varies around the ingredient's typical price; bigger packs cost less per unit.
    base = active.price * rng.uniform(0.85, 1.25)
    records: list[VariantRecord] = []
    for position, size in enumerate(sizes[start : start + count]):
        eur = price_point(base * (size / sizes[0]) ** 0.75)
        sold_out = unavailable or (position > 0 and rng.random() < 0.1)
        records.append(
            VariantRecord(
                sku=f"{sku}-{size}{_FORM_SKU_CODES[form.slug]}",
                size=size,
                unit_of_measure=_unit_of_measure(form, size),
                weight=Decimal(round(size * form.grams_each + form.pack_grams)),
                price_eur=eur,
                price_gbp=price_point(float(eur) * GBP_PER_EUR),
                availability=Availability.UNAVAILABLE if sold_out else Availability.AVAILABLE,
            )
        )
    return tuple(records)


def _ingredients(active: Active, form: Form, ingredient: str) -> str:
    if form.slug == "softgels" and active.diet == "vegan":
        excipients = PLANT_SOFTGEL_EXCIPIENTS
    else:
        excipients = form.oil_excipients if active.fat_soluble else form.excipients
    return f"{ingredient}, {excipients}" if excipients else ingredient


def _suitable_for(
    rng: random.Random, active: Active, form: Form, free_from: tuple[str, ...]
) -> tuple[str, ...]:
    gelatin = form.slug == "softgels" and active.diet != "vegan"
    candidates = {"seniors", *active.audience}
    if active.diet == "vegan" and not gelatin:
        candidates.add("vegans")
    if active.diet in {"vegan", "vegetarian"} and not gelatin:
        candidates.add("vegetarians")
    if "gluten" in free_from:
        candidates.add("coeliacs")
    ordered = [slug for slug in _SUITABLE_FOR_ORDER if slug in candidates]
    chosen = set(rng.sample(ordered, min(len(ordered), rng.randint(0, 3))))
    return tuple(slug for slug in _SUITABLE_FOR_ORDER if slug in chosen)


def _free_from(rng: random.Random, active: Active, form: Form) -> tuple[str, ...]:
    candidates = [
        slug
        for slug in _FREE_FROM
        if slug not in active.contains and not (slug == "sugar" and form.slug == "gummies")
    ]
    chosen = set(rng.sample(candidates, min(len(candidates), rng.randint(0, 4))))
    return tuple(slug for slug in _FREE_FROM if slug in chosen)


def product_name(label: str, form: Form) -> str:
    if form.suffix and form.suffix.lower() not in label.lower():
        return f"{label} {form.suffix}"
    return label


def _description(
    rng: random.Random, *, active: Active, form: Form, name: str, brand: str, flags: tuple[bool, bool]
) -> str:
    practitioner_only, zero_waste = flags
    if rng.random() < 0.5:
        opening = f"{name} provides {active.summary}, {form.phrase}."
    else:
        opening = f"{brand} {name} offers {active.summary}, {form.phrase}."
    sentences = [opening, active.claim]
    if practitioner_only:
        sentences.append(_PRACTITIONER_SENTENCE)
    elif zero_waste:
        sentences.append(_ZERO_WASTE_SENTENCE)
    elif rng.random() < 0.5:
        sentences.append(rng.choice(_CLOSING_SENTENCES))
    return " ".join(sentences)


def _record(
    rng: random.Random,
    index: int,
    *,
    active: Active,
    form: Form,
    label: str,
    ingredient: str,
    brand: str,
    name: str,
    slug: str,
    sku: str,
) -> ProductRecord:
    unavailable = _share(index, 37, 3, UNAVAILABLE_PERCENT)
    practitioner_only = _share(index, 53, 11, PRACTITIONER_ONLY_PERCENT)
    zero_waste = _share(index, 71, 29, ZERO_WASTE_PERCENT)
    categories = tuple(
        rng.sample(active.categories, 2 if len(active.categories) > 1 and rng.random() < 0.5 else 1)
    )
    goals = tuple(rng.sample(active.goals, rng.randint(1, min(3, len(active.goals)))))
    free_from = _free_from(rng, active, form)
    return ProductRecord(
        slug=slug,
        name=name,
        label=label,
        brand=brand,
        description=_description(
            rng, active=active, form=form, name=name, brand=brand, flags=(practitioner_only, zero_waste)
        ),
        ingredients=_ingredients(active, form, ingredient),
        categories=categories,
        health_goals=goals,
        delivery_form=form.slug,
        free_from=free_from,
        suitable_for=_suitable_for(rng, active, form, free_from),
        practitioner_only=practitioner_only,
        zero_waste=zero_waste,
        variants=_variants(rng, active, form, sku=sku, unavailable=unavailable),
        shape=form.shape,
        second_image=_share(index, 23, 7, SECOND_IMAGE_PERCENT),
    )


def _brand_for(rng: random.Random, active: Active) -> str:
    """Any brand, except that the children's brand sells only (and half of) the children's products and
    the sports brand only products for athletes."""
    if "children" in active.audience and rng.random() < 0.5:
        return _CHILDREN_BRAND
    return rng.choice(
        [
            brand
            for brand in BRAND_NAMES
            if brand != _CHILDREN_BRAND and (brand != _SPORTS_BRAND or "athletes" in active.audience)
        ]
    )


def demo_products(count: int) -> list[ProductRecord]:
    """The first `count` demo products; a smaller count gives the start of the same list."""
    rng = random.Random(DEMO_SEED)  # noqa: S311 (demo data, not a secret)
    records: list[ProductRecord] = []
    taken: set[str] = set()
    queue: list[Active] = []
    for index in range(count):
        # Walk the actives in shuffled rounds so every kind of product appears about equally often.
        if not queue:
            queue = list(ACTIVES)
            rng.shuffle(queue)
        active = queue.pop()
        # Names are unique in the demo, as a list page full of twins would look odd: after a few draws
        # that only give names in use, a brand's product-line word tells the product apart.
        for attempt in range(100):
            form = FORMS[rng.choice(active.forms)]
            label, ingredient = rng.choice(active.labels_for(form.slug))
            if attempt >= 3:
                label = f"{rng.choice(_DEMO_QUALIFIERS)} {label}"
            name = product_name(label, form)
            if name not in taken:
                break
        else:
            raise RuntimeError(f"no free product name for {active.labels[0][0]}")
        taken.add(name)
        brand = _brand_for(rng, active)
        slug = slugify(f"{brand} {name}".replace("µg", "mcg"))
        code = brand_slug(brand).replace("-", "")[:3].upper()
        records.append(
            _record(
                rng,
                index,
                active=active,
                form=form,
                label=label,
                ingredient=ingredient,
                brand=brand,
                name=name,
                slug=slug,
                sku=f"{code}-{index + 1:04d}",
            )
        )
    return records


# Made-up product-line words for the benchmark catalogue, so its names carry many distinct terms.
_LINE_STARTS = (
    "Ze",
    "No",
    "Vi",
    "Ka",
    "Lu",
    "Mi",
    "Ra",
    "So",
    "Te",
    "Qua",
    "Bri",
    "Flo",
    "Ar",
    "Elo",
    "Ny",
    "Or",
)
_LINE_MIDDLES = ("ra", "li", "va", "no", "xi", "mo", "ta", "se", "vo", "ri")
_LINE_ENDS = ("x", "n", "ra", "lia", "vo", "tix", "", "sa", "um", "el")
_LINE_QUALIFIERS = (
    "",
    "Advanced",
    "Pure",
    "Active",
    "Ultra",
    "Daily",
    "Complete",
    "Essential",
    "Optimal",
    "Bio",
    "Forte",
    "Max",
    "Plus",
    "Synergy",
    "Clinical",
    "Organic",
    "Wholefood",
    "Premium",
    "Gentle",
    "High Strength",
)
_STRENGTHS = {
    "mg": (25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 750, 1000, 1200, 1500),
    "µg": (50, 100, 200, 400, 500, 800, 1000, 2500, 5000),
    " IU": (400, 1000, 2000, 2500, 4000, 5000, 10000),
}
_STRENGTH = re.compile(r"\b(\d+)(mg|µg| IU)\b")


def _line_word(rng: random.Random) -> str:
    return rng.choice(_LINE_STARTS) + rng.choice(_LINE_MIDDLES) + rng.choice(_LINE_ENDS)


def scale_product(rng: random.Random, serial: int) -> ProductRecord:
    """One product of the benchmark catalogue; `serial` makes its slug and SKUs unique."""
    active = rng.choice(ACTIVES)
    form = FORMS[rng.choice(active.forms)]
    label, ingredient = rng.choice(active.labels_for(form.slug))
    if rng.random() < 0.6:
        label = _STRENGTH.sub(
            lambda match: f"{rng.choice(_STRENGTHS[match.group(2)])}{match.group(2)}", label
        )
    qualifier = rng.choice(_LINE_QUALIFIERS)
    label = " ".join(part for part in (_line_word(rng), qualifier, label) if part)
    brand = _brand_for(rng, active)
    name = f"{label} {form.suffix or _FORM_NAMES[form.slug]}"
    return _record(
        rng,
        serial,
        active=active,
        form=form,
        label=label,
        ingredient=ingredient,
        brand=brand,
        name=name,
        slug=f"{slugify(name.replace('µg', 'mcg'))}-{serial}",
        sku=f"{SCALE_SKU_PREFIX}{serial:08d}",
    )
