"""Demo protocols for seed_demo: one of certified@ shared with client@, one of practitioner@, and a few
templates of the `local` content provider. Written straight to the tables (no e-mails, no events), and
only when missing, so a second run changes nothing."""

from __future__ import annotations

from django.db import transaction

from server.accounts.models import PractitionerClient, User
from server.catalog.models import Availability, ProductVariant
from server.health.models import ClientMedicine
from server.nutrition.schedule import schedule_parse
from server.protocols.models import Assignment, Protocol, ProtocolItem, ProtocolTemplate, ProtocolTemplateItem

# (name, description, [(word in the product name, quantity, note, schedule)])
DEMO_PROTOCOLS = {
    "certified@demo.shop": (
        "Better sleep",
        "Eight weeks to settle into a calmer evening routine.",
        [("magnesium", 1, "One scoop in warm water an hour before bed.", {"slots": {"bedtime": 1}}),
         ("ashwagandha", 1, "", {"slots": {"dinner": 1}, "with_food": "with"}),
         ("glycinate", 1, "", {"slots": {"bedtime": 1}})],
    ),
    "practitioner@demo.shop": (
        "Morning energy",
        "A steadier start to the day.",
        [("b12", 1, "", {"slots": {"breakfast": 1}, "with_food": "with"}),
         ("iron", 1, "Not with coffee or tea.", {"slots": {"lunch": 1}, "with_food": "with"}),
         ("vitamin c", 1, "", {"slots": {"lunch": 1}})],
    ),
}  # fmt: skip
# The demo client takes a thyroid tablet on waking: the builder holds its spacing rules against the
# protocols shared with them (docs/decisions/0043-the-day-schedule.md).
DEMO_MEDICINES = {"client@demo.shop": [("levothyroxine", ["waking"])]}
FIRST_WEEK_NOTE = "Start with half doses in the first week."
# "Better sleep" holds two magnesium products, over the supplemental upper level: the demo shows the
# builder's warning, and its share and link carry the practitioner's reason
# (docs/decisions/0031-daily-totals.md).
DEMO_LIMIT_REASON = "Two magnesium forms for eight weeks only; reviewed at the follow-up."
DEMO_TEMPLATES = [
    ("Restful sleep", "A gentle evening protocol.", ["magnesium", "ashwagandha", "melatonin"]),
    ("Immune support", "For the winter months.", ["vitamin c", "zinc", "vitamin d"]),
    ("Gut health", "A four-week reset.", ["probiotic", "glutamine", "fibre"]),
]


def _variant(word: str, taken: set[int]) -> ProductVariant | None:
    variant = (
        ProductVariant.objects.filter(product__name__icontains=word, availability=Availability.AVAILABLE)
        .exclude(pk__in=taken)
        .order_by("product_id", "position", "id")
        .first()
    )
    if variant is not None:
        taken.add(variant.pk)
    return variant


@transaction.atomic
def ensure_demo_protocols() -> int:
    """Create what is missing and answer how many protocols and templates were made."""
    created = 0
    for email, (name, description, lines) in DEMO_PROTOCOLS.items():
        owner = User.objects.filter(email=email).first()
        if owner is None or Protocol.objects.filter(owner=owner, name=name).exists():
            continue
        protocol = Protocol.objects.create(owner=owner, name=name, description=description)
        taken: set[int] = set()
        for position, (word, quantity, notes, day) in enumerate(reversed(lines), start=1):
            variant = _variant(word, taken)
            if variant is not None:
                schedule = schedule_parse(day)
                ProtocolItem.objects.create(
                    protocol=protocol,
                    variant=variant,
                    quantity=quantity,
                    notes=notes,
                    schedule=schedule.as_json(),
                    servings_per_day=schedule.servings_per_day,
                    position=position,
                )
        for link in PractitionerClient.objects.filter(practitioner=owner):
            Assignment.objects.get_or_create(
                protocol=protocol,
                client_id=link.client_id,
                defaults={
                    "discount": link.discount_rate,
                    "notes": FIRST_WEEK_NOTE,
                    "limit_reason": DEMO_LIMIT_REASON,
                },
            )
        created += 1
    for email, medicines in DEMO_MEDICINES.items():
        client = User.objects.filter(email=email).first()
        if client is not None and not ClientMedicine.objects.filter(client=client).exists():
            ClientMedicine.objects.bulk_create(
                ClientMedicine(client=client, medicine_id=medicine, slots=slots, position=position)
                for position, (medicine, slots) in enumerate(medicines)
            )
    for name, description, words in DEMO_TEMPLATES:
        if ProtocolTemplate.objects.filter(provider="local", name=name).exists():
            continue
        template = ProtocolTemplate.objects.create(name=name, description=description)
        taken = set()
        for position, word in enumerate(words):
            variant = _variant(word, taken)
            if variant is not None:
                ProtocolTemplateItem.objects.create(template=template, variant=variant, position=position)
        created += 1
    return created
