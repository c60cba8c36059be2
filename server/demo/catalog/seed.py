"""Writing the demo catalogue (seed_demo) and the benchmark catalogue (seed_scale) to the database."""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import models, transaction
from PIL import Image

from server.catalog.models import (
    Availability,
    Product,
    ProductAsset,
    ProductVariant,
    StockState,
    SupplementFactAmount,
    SupplementFacts,
)
from server.catalog.services import catalog_changed, product_image_add, product_refresh_summary
from server.core.images import THUMBNAIL_SIZES, process_image
from server.demo.catalog.artwork import contents_shot, pack_shot
from server.demo.catalog.facts import facts_rows
from server.demo.catalog.ingredients import Shape
from server.demo.catalog.products import (
    SCALE_SEED,
    SCALE_SKU_PREFIX,
    ProductRecord,
    demo_products,
    scale_product,
)
from server.demo.catalog.stock import demo_equivalents_ensure, demo_stock_count, demo_stock_ensure
from server.demo.catalog.taxonomies import BRAND_NAMES, TaxonomyIds, ensure_taxonomies
from server.demo.users import ensure_demo_users

DEMO_PRODUCT_COUNT = 420
DEMO_TRANSACTION_PRODUCTS = 20
SCALE_BATCH = 5000
# Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table (products).
INSERT_BATCH = 2000
SCALE_POOL_FOLDER = "products/scale-pool"
SCALE_POOL_PER_SHAPE = 4


@dataclass(frozen=True)
class DemoResult:
    products_created: int
    products_present: int
    users_created: int
    taxonomy_ids: TaxonomyIds


@dataclass(frozen=True)
class ScaleResult:
    products_created: int
    products_deleted: int
    variants_created: int
    first_serial: int
    pool_size: int


def _ahead[T, R](
    pool: ThreadPoolExecutor, work: Callable[[T], R], items: Sequence[T], window: int
) -> Iterator[R]:
    """`work` over `items` in order, computed up to `window` items ahead on `pool` while the caller
    handles the current one (a bounded `pool.map`, so not every picture is held in memory at once)."""
    pending: deque[Future[R]] = deque(pool.submit(work, item) for item in items[:window])
    upcoming = iter(items[window:])
    while pending:
        result = pending.popleft().result()
        following = next(upcoming, None)
        if following is not None:
            pending.append(pool.submit(work, following))
        yield result


def _pictures(record: ProductRecord) -> list[bytes]:
    pictures = [
        pack_shot(
            title=record.label, brand=record.brand, form=record.form_name, shape=record.shape, key=record.slug
        )
    ]
    if record.second_image:
        pictures.append(contents_shot(brand=record.brand, form=record.delivery_form, key=record.slug))
    return pictures


def _link_rows(product_ids: Sequence[int], records: Sequence[ProductRecord], ids: TaxonomyIds) -> None:
    """Insert the rows of the five many-to-many tables for these products, one INSERT per table."""
    pairs = list(zip(product_ids, records, strict=True))
    links: dict[str, list[tuple[int, int]]] = {
        "categories": [(pid, ids.categories[slug]) for pid, record in pairs for slug in record.categories],
        "health_goals": [
            (pid, ids.health_goals[slug]) for pid, record in pairs for slug in record.health_goals
        ],
        "delivery_form": [(pid, ids.delivery_forms[record.delivery_form]) for pid, record in pairs],
        "free_from": [(pid, ids.free_from[slug]) for pid, record in pairs for slug in record.free_from],
        "suitable_for": [
            (pid, ids.suitable_for[slug]) for pid, record in pairs for slug in record.suitable_for
        ],
    }
    for field, rows in links.items():
        descriptor = getattr(Product, field)
        through: type[models.Model] = descriptor.through
        source = f"{descriptor.field.m2m_field_name()}_id"
        target = f"{descriptor.field.m2m_reverse_field_name()}_id"
        through._default_manager.bulk_create(
            [through(**{source: product_id, target: value}) for product_id, value in rows],
            batch_size=INSERT_BATCH,
        )


def _product_row(record: ProductRecord, ids: TaxonomyIds) -> Product:
    return Product(
        slug=record.slug,
        name=record.name,
        description=record.description,
        ingredients=record.ingredients,
        brand_id=ids.brands[record.brand_slug],
        practitioner_only=record.practitioner_only,
        zero_waste=record.zero_waste,
    )


def _create_demo_product(record: ProductRecord, ids: TaxonomyIds, pictures: list[bytes]) -> None:
    product = _product_row(record, ids)
    product.save()
    _link_rows([product.pk], [record], ids)
    demo_stock_count(ProductVariant.objects.bulk_create(_variant_rows(product.pk, record)))
    for order, picture in enumerate(pictures):
        alt_text = f"{record.brand} {record.name}" if order == 0 else f"{record.name}: what is inside"
        product_image_add(product=product, data=picture, alt_text=alt_text)
    product_refresh_summary(product=product)


def _variant_rows(product_id: int, record: ProductRecord) -> list[ProductVariant]:
    return [
        ProductVariant(
            product_id=product_id,
            sku=variant.sku,
            unit_of_measure=variant.unit_of_measure,
            weight=variant.weight,
            price_eur=variant.price_eur,
            price_gbp=variant.price_gbp,
            availability=variant.availability,
            # Not counted (the scale catalogue): what buyers see follows the listed availability.
            stock_state=StockState.IN_STOCK
            if variant.availability == Availability.AVAILABLE
            else StockState.SOLD_OUT,
            position=position,
        )
        for position, variant in enumerate(record.variants)
    ]


def _store_facts(records: Sequence[ProductRecord], variant_ids: dict[str, int]) -> int:
    """Supplement facts for those variants of `records` found in `variant_ids` (by SKU)."""
    facts: list[SupplementFacts] = []
    amounts: list[SupplementFactAmount] = []
    for record in records:
        present = [variant for variant in record.variants if variant.sku in variant_ids]
        if not present:
            continue
        record_facts, record_amounts = facts_rows(
            record, present, [variant_ids[variant.sku] for variant in present]
        )
        facts += record_facts
        amounts += record_amounts
    SupplementFacts.objects.bulk_create(facts, batch_size=INSERT_BATCH)
    SupplementFactAmount.objects.bulk_create(amounts, batch_size=INSERT_BATCH)
    return len(facts)


def _ensure_facts(records: Sequence[ProductRecord]) -> None:
    """Facts for every demo variant that has none (also for products seeded before facts existed)."""
    skus = [variant.sku for record in records for variant in record.variants]
    without = dict(
        ProductVariant.objects.filter(sku__in=skus, supplement_facts__isnull=True).values_list("sku", "pk")
    )
    if without:
        with transaction.atomic():
            _store_facts(records, without)
            catalog_changed()


def seed_demo(count: int = DEMO_PRODUCT_COUNT) -> DemoResult:
    """Taxonomies, demo users and the first `count` demo products, skipping products whose slug exists,
    so that running it again changes nothing."""
    ids = ensure_taxonomies()
    users_created = ensure_demo_users()
    records = demo_products(count)
    existing = set(
        Product.objects.filter(slug__in=[record.slug for record in records]).values_list("slug", flat=True)
    )
    missing = [record for record in records if record.slug not in existing]
    # Pictures are drawn on a second thread while this one stores the previous product: Pillow lets go
    # of the interpreter lock while it draws and encodes, so the two cores share the work.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="seed-artwork") as painter:
        drawn = zip(missing, _ahead(painter, _pictures, missing, window=8), strict=True)
        # A transaction per few products: a run that stops half-way leaves whole products only (the next
        # run, skipping existing slugs, completes the catalogue) without paying a commit per product.
        for chunk in itertools.batched(drawn, DEMO_TRANSACTION_PRODUCTS):
            with transaction.atomic():
                for record, pictures in chunk:
                    _create_demo_product(record, ids, pictures)
    _ensure_facts(records)
    skus = [variant.sku for record in records for variant in record.variants]
    demo_stock_ensure(skus)
    demo_equivalents_ensure(skus)
    if ids.changed and not missing:
        # New products bump the catalogue version as they are added; changed taxonomies alone must too.
        with transaction.atomic():
            catalog_changed()
    return DemoResult(
        products_created=len(missing),
        products_present=len(existing) + len(missing),
        users_created=users_created,
        taxonomy_ids=ids,
    )


@dataclass(frozen=True)
class PoolImage:
    image: str
    width: int
    height: int
    thumbnails: dict[int, str]


def _scale_image_pool() -> dict[Shape, list[PoolImage]]:
    """A few pack shots per shape, drawn and processed once and shared by every benchmark product (the
    files are reused by later runs as long as they are there)."""
    pool: dict[Shape, list[PoolImage]] = {}
    shapes: tuple[tuple[Shape, str], ...] = (
        ("jar", "Capsules"),
        ("tub", "Powder"),
        ("bottle", "Liquid"),
        ("dropper", "Drops"),
        ("spray", "Spray"),
    )
    for number, (shape, form) in enumerate(shapes):
        pool[shape] = []
        for index in range(SCALE_POOL_PER_SHAPE):
            stem = f"{SCALE_POOL_FOLDER}/{shape}-{index}"
            names = {0: f"{stem}.webp", **{size: f"{stem}-{size}.webp" for size in THUMBNAIL_SIZES}}
            if all(default_storage.exists(name) for name in names.values()):
                with default_storage.open(names[0]) as stored, Image.open(stored) as image:
                    width, height = image.size
            else:
                brand = BRAND_NAMES[(number * SCALE_POOL_PER_SHAPE + index) % len(BRAND_NAMES)]
                processed = process_image(
                    pack_shot(title="Benchmark Product", brand=brand, form=form, shape=shape, key=stem)
                )
                contents = {0: processed.original, **processed.thumbnails}
                for size, name in names.items():
                    # Save under exactly this name: storage would pick another one beside a stale file.
                    default_storage.delete(name)
                    default_storage.save(name, ContentFile(contents[size]))
                width, height = processed.width, processed.height
            pool[shape].append(
                PoolImage(
                    image=names[0],
                    width=width,
                    height=height,
                    thumbnails={size: names[size] for size in THUMBNAIL_SIZES},
                )
            )
    return pool


def _scale_products() -> models.QuerySet[Product]:
    return Product.objects.filter(
        pk__in=ProductVariant.objects.filter(sku__startswith=SCALE_SKU_PREFIX).values("product_id")
    )


def _delete_scale_products() -> int:
    deleted = 0
    while True:
        # In chunks, so that deleting 100,000 products never loads them all at once.
        with transaction.atomic():
            ids = list(_scale_products().values_list("pk", flat=True)[:SCALE_BATCH])
            if not ids:
                return deleted
            Product.objects.filter(pk__in=ids).delete()
            deleted += len(ids)


def _next_scale_serial() -> int:
    last = (
        ProductVariant.objects.filter(sku__startswith=SCALE_SKU_PREFIX)
        .order_by("-sku")
        .values_list("sku", flat=True)
        .first()
    )
    if last is None:
        return 1
    return int(last[len(SCALE_SKU_PREFIX) :].split("-", 1)[0]) + 1


def _store_scale_batch(
    records: list[ProductRecord], ids: TaxonomyIds, pool: dict[Shape, list[PoolImage]], first_serial: int
) -> int:
    rows = []
    for record in records:
        row = _product_row(record, ids)
        # The summary product_refresh_summary would keep, set here directly for speed.
        row.is_available = record.is_available
        row.price_eur = record.variants[0].price_eur
        row.price_gbp = record.variants[0].price_gbp
        rows.append(row)
    products = Product.objects.bulk_create(rows, batch_size=INSERT_BATCH)
    if any(product.pk is None for product in products):
        # A database that cannot return the new ids from a bulk insert: look them up by slug.
        by_slug = dict(
            Product.objects.filter(slug__in=[record.slug for record in records]).values_list("slug", "pk")
        )
        product_ids = [by_slug[record.slug] for record in records]
    else:
        product_ids = [product.pk for product in products]
    variants = [
        row for pid, record in zip(product_ids, records, strict=True) for row in _variant_rows(pid, record)
    ]
    ProductVariant.objects.bulk_create(variants, batch_size=INSERT_BATCH)
    if any(variant.pk is None for variant in variants):
        skus = [variant.sku for variant in variants]
        variant_ids = dict(ProductVariant.objects.filter(sku__in=skus).values_list("sku", "pk"))
    else:
        variant_ids = {variant.sku: variant.pk for variant in variants}
    _store_facts(records, variant_ids)
    _link_rows(product_ids, records, ids)
    assets = []
    for offset, (product_id, record) in enumerate(zip(product_ids, records, strict=True)):
        shared = pool[record.shape][(first_serial + offset) % SCALE_POOL_PER_SHAPE]
        assets.append(
            ProductAsset(
                product_id=product_id,
                image=shared.image,
                width=shared.width,
                height=shared.height,
                thumbnail_75=shared.thumbnails[75],
                thumbnail_125=shared.thumbnails[125],
                thumbnail_250=shared.thumbnails[250],
                asset_order=0,
                is_primary=True,
                alt_text=f"{record.brand} {record.name}"[:255],
            )
        )
    ProductAsset.objects.bulk_create(assets, batch_size=INSERT_BATCH)
    return len(variants)


def seed_scale(
    count: int, *, reset: bool = False, progress: Callable[[int], None] | None = None
) -> ScaleResult:
    """Add `count` benchmark products after any earlier ones (or in their place, with `reset`)."""
    ids = ensure_taxonomies()
    deleted = _delete_scale_products() if reset else 0
    first_serial = _next_scale_serial()
    pool = _scale_image_pool()
    # Seeded by where the batch starts: the same command on the same database makes the same products.
    rng = random.Random(SCALE_SEED + first_serial)  # noqa: S311 (benchmark data, not a secret)
    variants = 0
    for start in range(0, count, SCALE_BATCH):
        serials = range(first_serial + start, first_serial + min(start + SCALE_BATCH, count))
        records = [scale_product(rng, serial) for serial in serials]
        with transaction.atomic():
            variants += _store_scale_batch(records, ids, pool, serials.start)
        if progress is not None:
            progress(min(start + SCALE_BATCH, count))
    with transaction.atomic():
        catalog_changed()
    return ScaleResult(
        products_created=count,
        products_deleted=deleted,
        variants_created=variants,
        first_serial=first_serial,
        pool_size=sum(len(images) for images in pool.values()),
    )
