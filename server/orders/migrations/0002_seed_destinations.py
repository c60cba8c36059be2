"""The destinations the shop ships to with their standard VAT rates, and the shipping methods of each
store (docs/decisions/0017-checkout-orders-and-payments.md). Both are admin data; these are the starting
values."""

from decimal import Decimal

from django.db import migrations

# Standard VAT rates in percent (2026). The UK store ships to GB only; the EU store to the others.
DESTINATIONS = [
    ("GB", "United Kingdom", "uk", "20"),
    ("AT", "Austria", "eu", "20"),
    ("BE", "Belgium", "eu", "21"),
    ("DE", "Germany", "eu", "19"),
    ("DK", "Denmark", "eu", "25"),
    ("ES", "Spain", "eu", "21"),
    ("FI", "Finland", "eu", "25.5"),
    ("FR", "France", "eu", "20"),
    ("HU", "Hungary", "eu", "27"),
    ("IE", "Ireland", "eu", "23"),
    ("IT", "Italy", "eu", "22"),
    ("LU", "Luxembourg", "eu", "17"),
    ("NL", "Netherlands", "eu", "21"),
    ("PT", "Portugal", "eu", "23"),
    ("RO", "Romania", "eu", "21"),
    ("SE", "Sweden", "eu", "25"),
]
METHODS = [
    ("uk", "standard", "Standard delivery (2-3 working days)", "3.95", "40.00", 0),
    ("uk", "express", "Express delivery (next working day)", "7.95", None, 1),
    ("eu", "standard", "Standard delivery (3-5 working days)", "4.95", "50.00", 0),
    ("eu", "express", "Express delivery (1-2 working days)", "9.95", None, 1),
]


def seed(apps, schema_editor):
    VatRate = apps.get_model("orders", "VatRate")
    ShippingMethod = apps.get_model("orders", "ShippingMethod")
    for country, name, region, rate in DESTINATIONS:
        VatRate.objects.get_or_create(
            country=country, defaults={"name": name, "region": region, "rate": Decimal(rate)}
        )
    for region, code, name, price, free_over, position in METHODS:
        ShippingMethod.objects.get_or_create(
            region=region,
            code=code,
            defaults={
                "name": name,
                "price": Decimal(price),
                "free_over": Decimal(free_over) if free_over else None,
                "position": position,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("orders", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
