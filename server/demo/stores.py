"""Demo stores for seed_demo: certified@ runs `demo-practice` (every section filled, its protocol shown
through a link) and practitioner@ runs `okafor-nutrition`. Written straight to the tables (no events), and
only for a practitioner without a store, so a second run changes nothing."""

from __future__ import annotations

import io
import uuid

from django.core.files.base import ContentFile
from django.db import transaction
from PIL import Image, ImageDraw

from server.accounts.models import User
from server.core.images import process_image
from server.demo.protocols import DEMO_LIMIT_REASON
from server.protocols.models import Protocol
from server.protocols.services import protocol_link
from server.stores.models import Store, StorePackage, StorePackageFeature, StoreService

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday")


def _header_image() -> bytes:
    """A calm green banner in the Open Graph proportions (1200 x 630), drawn here: no file to ship."""
    image = Image.new("RGB", (1200, 630))
    draw = ImageDraw.Draw(image)
    for y in range(630):
        shade = int(40 + 60 * y / 630)
        draw.line([(0, y), (1200, y)], fill=(shade, 95 + shade // 2, 74))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return process_image(buffer.getvalue()).original


def _certified_store(owner: User) -> Store:
    store = Store.objects.create(
        owner=owner,
        type="clinic",
        theme="fresh",
        shop_name="demo-practice",
        header_title="Whitfield Nutrition Clinic",
        header_description="Food-first nutritional therapy for energy, sleep and digestion.",
        about_title="About Clara",
        about_description=(
            "Registered nutritional therapist with fifteen years of practice. I work with your GP and "
            "build every plan around the food you like."
        ),
        message="New clients: the first 20-minute call is free.",
        services_title="How I can help",
        services_description="One-to-one care, in the clinic or by video.",
        contact_description="Book through the form on this page or call 0113 496 0000.",
        opening_hours=[{"day": day, "opens": "09:00", "closes": "17:30"} for day in WEEKDAYS],
        timezone="Europe/London",
        approach_title="My approach",
        approach_description="Test where it helps, change one habit at a time, and review every four weeks.",
        show_protocols=True,
        payout_method="bank_account",
    )
    store.header_image.save(f"{uuid.uuid4().hex}.webp", ContentFile(_header_image()), save=True)
    services = [
        ("First consultation", "Ninety minutes: history, diet diary and a written plan.", "consultation"),
        ("Follow-up", "Forty-five minutes, four to six weeks later.", "calendar"),
        ("Gut health programme", "Twelve weeks with testing where it helps.", "gut"),
        ("Sleep support", "Evening routines and the supplements that suit you.", "sleep"),
    ]
    StoreService.objects.bulk_create(
        StoreService(store=store, name=name, description=text, icon=icon, position=position)
        for position, (name, text, icon) in enumerate(services, start=1)
    )
    packages = [
        ("Starter", "A first consultation and one follow-up.", "£150", ["Written plan", "One follow-up"]),
        ("Three months", "Everything for a lasting change.", "£390", ["Three follow-ups", "E-mail support"]),
    ]
    for position, (name, text, price, features) in enumerate(packages, start=1):
        package = StorePackage.objects.create(
            store=store, name=name, description=text, price=price, position=position
        )
        StorePackageFeature.objects.bulk_create(
            StorePackageFeature(package=package, text=f) for f in features
        )
    protocol = Protocol.objects.filter(owner=owner).order_by("id").first()
    if protocol is not None:
        protocol_link(protocol=protocol, limit_reason=DEMO_LIMIT_REASON)
    return store


def _plain_store(owner: User) -> Store:
    store = Store.objects.create(
        owner=owner,
        type="online",
        theme="calm",
        shop_name="okafor-nutrition",
        header_title="Okafor Nutrition",
        header_description="Online nutrition consultations for busy people.",
        services_title="Services",
    )
    StoreService.objects.create(
        store=store,
        name="Video consultation",
        description="One hour by video.",
        icon="video-call",
        position=1,
    )
    return store


@transaction.atomic
def ensure_demo_stores() -> int:
    """Create the demo stores that are missing and answer how many were made."""
    created = 0
    for email, build in (("certified@demo.shop", _certified_store), ("practitioner@demo.shop", _plain_store)):
        owner = User.objects.filter(email=email).first()
        if owner is None or Store.objects.filter(owner=owner).exists():
            continue
        build(owner)
        created += 1
    return created
