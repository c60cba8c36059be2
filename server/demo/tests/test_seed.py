import io
from decimal import Decimal

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import RequestFactory
from PIL import Image

from server.accounts.models import PractitionerClient, PractitionerProfile, User, UserType
from server.catalog.models import (
    Availability,
    Brand,
    CatalogVersion,
    Category,
    DeliveryForm,
    FreeFrom,
    HealthGoal,
    Product,
    ProductAsset,
    ProductVariant,
    SuitableFor,
    SupplementFactAmount,
    SupplementFacts,
)
from server.demo.catalog.ingredients import ACTIVES, FORMS
from server.demo.catalog.products import demo_products
from server.demo.catalog.seed import DEMO_PRODUCT_COUNT
from server.demo.catalog.taxonomies import leaf_category_slugs, terms, terms_of

TAXONOMY_MODELS = (Category, Brand, HealthGoal, DeliveryForm, FreeFrom, SuitableFor)
# Small runs keep this file fast; the full catalogue's records are checked without the database below.
SMALL = 24
# The serving a pack's unit allows: a liquid is measured in millilitres, drops or sprays.
SERVING_UNITS = {
    "capsules": {"capsule"},
    "tablets": {"tablet"},
    "softgels": {"softgel"},
    "gummies": {"gummy"},
    "g": {"g"},
    "kg": {"g"},
    "ml": {"ml", "drop", "spray"},
}


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.DEBUG = True
    return tmp_path


def run(command, *args):
    out = io.StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def sign_in(email, password):
    # The sign-in backends want the request (they count failed attempts per address and IP).
    return authenticate(RequestFactory().post("/"), email=email, password=password)


def snapshot():
    return {
        "products": list(
            Product.objects.order_by("slug").values_list(
                "slug", "name", "description", "ingredients", "is_available", "price_eur", "price_gbp"
            )
        ),
        "variants": list(
            ProductVariant.objects.order_by("sku").values_list("sku", "price_eur", "availability")
        ),
        "assets": ProductAsset.objects.count(),
        "links": sorted(Product.categories.through.objects.values_list("product__slug", "category__slug")),
        "taxonomies": {
            model.__name__: list(
                model.objects.order_by("slug").values_list("slug", "name", "name_translations")
            )
            for model in TAXONOMY_MODELS
        },
        "users": list(User.objects.order_by("email").values_list("email", "password", "user_type_id")),
        "catalogue_version": list(CatalogVersion.objects.values_list("version", "token")),
    }


def test_the_demo_catalogue_is_420_distinct_products_with_the_agreed_shares():
    records = demo_products(DEMO_PRODUCT_COUNT)

    assert len(records) == 420
    assert len({record.slug for record in records}) == 420
    assert len({record.name for record in records}) == 420
    skus = [variant.sku for record in records for variant in record.variants]
    assert len(skus) == len(set(skus)) == 715
    assert sum(not record.is_available for record in records) == 34
    assert sum(record.practitioner_only for record in records) == 42
    assert sum(record.zero_waste for record in records) == 51
    assert sum(record.second_image for record in records) == 83


def test_demo_records_use_only_known_taxonomies_within_the_limits():
    records = demo_products(DEMO_PRODUCT_COUNT)
    slugs = {
        kind: {term.slug for term in terms_of(kind)} for kind in ("health_goal", "free_from", "suitable_for")
    }

    for record in records:
        assert 1 <= len(record.categories) <= 2 and set(record.categories) <= leaf_category_slugs()
        assert 1 <= len(record.health_goals) <= 3 and set(record.health_goals) <= slugs["health_goal"]
        assert record.delivery_form in FORMS
        assert len(record.free_from) <= 4 and set(record.free_from) <= slugs["free_from"]
        assert len(record.suitable_for) <= 3 and set(record.suitable_for) <= slugs["suitable_for"]
        assert 1 <= len(record.variants) <= 3
        assert 2 <= record.description.count(". ") + 1 <= 4


def test_demo_prices_end_like_shelf_prices_and_gbp_is_about_086_of_eur():
    variants = [variant for record in demo_products(DEMO_PRODUCT_COUNT) for variant in record.variants]

    assert {str(variant.price_eur)[-3:] for variant in variants} == {".49", ".95"}
    assert {str(variant.price_gbp)[-3:] for variant in variants} == {".49", ".95"}
    for variant in variants:
        assert Decimal("0.78") <= variant.price_gbp / variant.price_eur <= Decimal("0.94")


def test_every_active_has_a_name_for_each_of_its_forms():
    missing = [
        (active.labels[0][0], form)
        for active in ACTIVES
        for form in active.forms
        if not active.labels_for(form)
    ]

    assert missing == []


@pytest.mark.django_db
def test_every_taxonomy_is_named_in_the_twelve_languages(media):
    run("seed_demo", "--products", "1")

    counts = {model.__name__: model.objects.count() for model in TAXONOMY_MODELS}
    assert counts == {
        "Category": 38,
        "Brand": 25,
        "HealthGoal": 15,
        "DeliveryForm": 8,
        "FreeFrom": 8,
        "SuitableFor": 8,
    }
    for model in TAXONOMY_MODELS:
        for row in model.objects.all():
            assert sorted(row.name_translations) == sorted(django_settings.SHOP_LANGUAGES)
            assert all(name.strip() for name in row.name_translations.values())
            assert row.name_translations["en"] == row.name
            if model is not Brand:
                # Japanese and Chinese names are in their own scripts, so an untranslated one would show.
                assert row.name_translations["ja"] != row.name
                assert row.name_translations["zh_tw"] != row.name
    assert Category.objects.filter(parent=None).count() == 8
    assert all(2 <= top.children.count() <= 5 for top in Category.objects.filter(parent=None))
    assert len({(term.kind, term.slug) for term in terms()}) == len(terms())


@pytest.mark.django_db
def test_seed_demo_stores_products_with_variants_links_and_a_consistent_summary(media):
    run("seed_demo", "--products", str(SMALL))

    assert Product.objects.count() == SMALL
    assert Product.objects.filter(is_available=False).count() == 2
    assert Product.objects.filter(practitioner_only=True).count() == 2
    assert Product.objects.filter(zero_waste=True).count() == 3
    assert ProductVariant.objects.count() == 37
    for product in Product.objects.prefetch_related("variants", "categories", "delivery_form"):
        variants = list(product.variants.all())
        assert product.is_available == any(v.availability == Availability.AVAILABLE for v in variants)
        assert (product.price_eur, product.price_gbp) == (variants[0].price_eur, variants[0].price_gbp)
        assert all(category.parent_id is not None for category in product.categories.all())
        assert product.delivery_form.count() == 1
    unavailable = Product.objects.filter(is_available=False)
    assert set(
        ProductVariant.objects.filter(product__in=unavailable).values_list("availability", flat=True)
    ) == {Availability.UNAVAILABLE}
    assert CatalogVersion.objects.get(pk=1).version >= 1


@pytest.mark.django_db
def test_seed_demo_gives_every_variant_supplement_facts_from_its_label(media):
    run("seed_demo", "--products", str(SMALL))
    SupplementFacts.objects.filter(variant__product__name__icontains="vitamin d3").delete()

    run("seed_demo", "--products", str(SMALL))  # a second run fills in facts that are missing

    assert not ProductVariant.objects.filter(supplement_facts=None).exists()
    for facts in SupplementFacts.objects.select_related("variant__product").prefetch_related("amounts"):
        unit = facts.variant.unit_of_measure.split(" ", 1)[1]
        assert facts.servings_per_container > 0 and facts.servings_per_day == 1
        assert facts.serving_unit in SERVING_UNITS[unit]
        for amount in facts.amounts.all():
            amount.full_clean()  # a known nutrient and form, a positive amount in a unit it converts from
    d3 = SupplementFactAmount.objects.filter(
        nutrient="vitamin_d", unit="IU", facts__variant__product__name__contains=" IU"
    ).first()
    assert d3 is not None and f"{d3.amount:.0f} IU" in d3.facts.variant.product.name


@pytest.mark.django_db
def test_each_demo_product_has_images_with_75_125_and_250_px_thumbnails(media):
    run("seed_demo", "--products", str(SMALL))

    assert ProductAsset.objects.count() == SMALL + 4
    assert not Product.objects.filter(assets=None).exists()
    assert ProductAsset.objects.filter(is_primary=True).count() == SMALL
    for asset in ProductAsset.objects.all():
        with Image.open(asset.image.path) as image:
            assert image.size == (512, 512)
        for size in (75, 125, 250):
            with Image.open(getattr(asset, f"thumbnail_{size}").path) as thumbnail:
                assert thumbnail.size == (size, size)
        assert str(media) in asset.image.path


@pytest.mark.django_db
def test_the_demo_users_sign_in_with_the_demo_password(media):
    run("seed_demo", "--products", "1")

    signed_in = {
        email: sign_in(email, "Demo-pass-2026!")
        for email in ("admin@demo.shop", "certified@demo.shop", "practitioner@demo.shop", "client@demo.shop")
    }

    assert {email: user.user_type_id for email, user in signed_in.items() if user} == {
        "admin@demo.shop": UserType.ADMIN,
        "certified@demo.shop": UserType.CERTIFIED_PRACTITIONER,
        "practitioner@demo.shop": UserType.PRACTITIONER,
        "client@demo.shop": UserType.CLIENT,
    }
    admin = signed_in["admin@demo.shop"]
    assert admin is not None and (admin.is_staff, admin.is_superuser) == (True, True)
    assert all(user.first_name and user.last_name for user in signed_in.values() if user)
    link = PractitionerClient.objects.get(client__email="client@demo.shop")
    assert (link.practitioner.email, str(link.discount_rate)) == ("certified@demo.shop", "10.00")
    assert PractitionerProfile.objects.filter(user__email__endswith="@demo.shop").count() == 2


@pytest.mark.django_db
def test_a_second_run_of_seed_demo_changes_nothing(media):
    run("seed_demo", "--products", str(SMALL))
    before = snapshot()
    files_before = sorted(path.name for path in media.rglob("*") if path.is_file())

    output = run("seed_demo", "--products", str(SMALL))

    assert snapshot() == before
    assert sorted(path.name for path in media.rglob("*") if path.is_file()) == files_before
    assert f"{SMALL} demo products (0 new)" in output
    assert "4 demo users (0 new)" in output


@pytest.mark.django_db
def test_existing_demo_users_keep_their_password(media):
    User.objects.create_user("client@demo.shop", "my-own-password", user_type_id=UserType.CLIENT)

    run("seed_demo", "--products", "1")

    assert sign_in("client@demo.shop", "my-own-password") is not None
    assert User.objects.filter(email__endswith="@demo.shop").count() == 4


@pytest.mark.django_db
def test_seed_demo_refuses_to_run_with_debug_off(media, settings):
    settings.DEBUG = False

    with pytest.raises(CommandError, match="seed_demo refuses to run with DEBUG off"):
        run("seed_demo", "--products", "1")

    assert (Product.objects.count(), User.objects.count(), Category.objects.count()) == (0, 0, 0)


@pytest.mark.django_db
def test_seed_demo_runs_with_debug_off_when_forced(media, settings):
    settings.DEBUG = False

    run("seed_demo", "--products", "1", "--force")

    assert (Product.objects.count(), User.objects.count()) == (1, 4)


@pytest.mark.django_db
def test_seed_scale_adds_exactly_n_products_with_variants_and_images(media):
    output = run("seed_scale", "--products", "300")

    assert Product.objects.count() == 300
    assert not Product.objects.filter(variants=None).exists()
    assert ProductAsset.objects.count() == 300
    assert Product.objects.filter(is_available=False).count() == 24
    assert Product.objects.filter(practitioner_only=True).count() == 30
    assert Product.objects.filter(zero_waste=True).count() == 36
    assert Product.objects.filter(delivery_form=None).count() == 0
    assert Category.objects.count() == 38
    for product in Product.objects.prefetch_related("variants")[:50]:
        variants = list(product.variants.all())
        assert product.is_available == any(v.availability == Availability.AVAILABLE for v in variants)
        assert product.price_eur == variants[0].price_eur
    assert ProductAsset.objects.values("image").distinct().count() <= 20
    asset = ProductAsset.objects.first()
    assert asset is not None
    with Image.open(asset.thumbnail_125.path) as thumbnail:
        assert thumbnail.size == (125, 125)
    assert CatalogVersion.objects.get(pk=1).version == 1
    assert "300 products added (serials 1-300)" in output
    assert not ProductVariant.objects.filter(supplement_facts=None).exists()
    assert SupplementFactAmount.objects.exists()


@pytest.mark.django_db
def test_seed_scale_adds_a_new_batch_each_run_and_reset_replaces_them(media):
    run("seed_demo", "--products", "2")
    run("seed_scale", "--products", "40")
    run("seed_scale", "--products", "30")

    assert Product.objects.count() == 72
    assert Product.objects.values("slug").distinct().count() == 72

    output = run("seed_scale", "--products", "10", "--reset")

    assert Product.objects.count() == 12
    assert "70 earlier ones deleted" in output
    assert "serials 1-10" in output


@pytest.mark.django_db
@pytest.mark.parametrize("count", ["0", "-5", "many"])
def test_seed_scale_wants_a_positive_number_of_products(media, count):
    with pytest.raises(CommandError, match="--products"):
        run("seed_scale", "--products", count)

    assert Product.objects.count() == 0


@pytest.mark.django_db
def test_seed_scale_refuses_to_run_with_debug_off(media, settings):
    settings.DEBUG = False

    with pytest.raises(CommandError, match="seed_scale refuses to run with DEBUG off"):
        run("seed_scale", "--products", "5")

    assert Product.objects.count() == 0


@pytest.mark.django_db
def test_seed_demo_restores_edited_taxonomy_names_and_marks_the_catalogue_changed(media):
    run("seed_demo", "--products", "1")
    Category.objects.filter(slug="vitamins").update(name_translations={"en": "Vitamins"})
    version = CatalogVersion.objects.get(pk=1).version

    run("seed_demo", "--products", "1")

    assert Category.objects.get(slug="vitamins").name_translations["de"] == "Vitamine"
    assert CatalogVersion.objects.get(pk=1).version == version + 1


@pytest.mark.django_db
def test_the_demo_client_has_one_active_automatic_refill_with_a_paid_past_parcel_once(media):
    from server.subscriptions.models import Parcel, Subscription

    first = run("seed_demo", "--products", str(SMALL))
    second = run("seed_demo", "--products", str(SMALL))

    assert "1 new demo automatic refills" in first
    assert "0 new demo automatic refills" in second
    subscription = Subscription.objects.get()
    assert (subscription.client.email, subscription.state) == ("client@demo.shop", "active")
    assert subscription.mandate_id.startswith("mdt_")
    parcel = Parcel.objects.get(subscription=subscription)
    assert parcel.order is not None
    assert (parcel.state, parcel.first, parcel.order.subscription_id) == ("paid", True, subscription.pk)
    assert subscription.next_parcel_on is not None and subscription.next_parcel_on > parcel.date
