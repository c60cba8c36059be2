"""Supplement facts for the demo and benchmark products (docs/decisions/0031-daily-totals.md), made up from
what their labels say: the amount in a label's name where it has one ("Vitamin D3 1000 IU"), typical amounts
for the rest (multivitamins, B complexes), and a serving that suits the delivery form. Products without
vitamins or minerals of the reference table (probiotics, herbs, proteins) get facts with no amounts, so totals
know they add nothing rather than listing them as having no data."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from server.catalog.models import ServingUnit, SupplementFactAmount, SupplementFacts
from server.demo.catalog.products import ProductRecord, VariantRecord

Amount = tuple[str, str, str, str]  # nutrient, form ("" for the default), amount, unit

D = "vitamin_d"
MG = "magnesium"
_B_COMPLEX: tuple[Amount, ...] = (
    ("thiamin", "", "50", "mg"),
    ("riboflavin", "", "50", "mg"),
    ("nicotinamide", "", "50", "mg"),
    ("pantothenic_acid", "", "50", "mg"),
    ("vitamin_b6", "", "25", "mg"),
    ("folate", "folic_acid", "400", "µg"),
    ("vitamin_b12", "", "50", "µg"),
    ("biotin", "", "50", "µg"),
)

# What one serving holds, by the label's name; a label named here overrides the amount read from it.
LABELS: dict[str, tuple[Amount, ...]] = {
    "Vitamin D3 + K2": ((D, "", "1000", "IU"), ("vitamin_k", "", "100", "µg")),
    "Vitamin D3 + K2 MK-7": ((D, "", "1000", "IU"), ("vitamin_k", "", "75", "µg")),
    "Buffered Vitamin C 1000mg": (
        ("vitamin_c", "", "1000", "mg"),
        ("calcium", "", "110", "mg"),
        (MG, "supplemental", "60", "mg"),
    ),
    "Vitamin B12 Adenosyl & Methyl": (("vitamin_b12", "", "1000", "µg"),),
    "Active B Complex": tuple(
        ("folate", "methylfolate", "400", "µg") if row[0] == "folate" else row
        for row in _B_COMPLEX
        if row[0] != "biotin"
    ),
    "B-Complex 50": _B_COMPLEX,
    "Methylated B Complex": (
        ("folate", "methylfolate", "800", "µg"),
        ("vitamin_b12", "", "1000", "µg"),
        ("vitamin_b6", "", "10", "mg"),
        ("riboflavin", "", "10", "mg"),
        ("thiamin", "", "25", "mg"),
    ),
    "Methylfolate 400µg": (("folate", "methylfolate", "400", "µg"),),
    "Active Folate 800µg": (("folate", "methylfolate", "800", "µg"),),
    "Daily Multivitamin & Minerals": (
        ("calcium", "", "200", "mg"),
        (MG, "supplemental", "100", "mg"),
        ("vitamin_c", "", "80", "mg"),
        ("zinc", "", "10", "mg"),
        ("vitamin_e", "natural", "12", "mg"),
        ("nicotinamide", "", "16", "mg"),
        (D, "", "10", "µg"),
        ("vitamin_b12", "", "10", "µg"),
    ),
    "Men's Multi": (
        (MG, "supplemental", "100", "mg"),
        ("vitamin_c", "", "120", "mg"),
        ("zinc", "", "15", "mg"),
        ("selenium", "", "100", "µg"),
        ("nicotinamide", "", "20", "mg"),
        ("vitamin_b6", "", "5", "mg"),
        (D, "", "25", "µg"),
    ),
    "Women's Multi": (
        ("calcium", "", "200", "mg"),
        (MG, "supplemental", "100", "mg"),
        ("iron", "", "14", "mg"),
        ("vitamin_c", "", "80", "mg"),
        ("folate", "methylfolate", "400", "µg"),
        (D, "", "10", "µg"),
        ("vitamin_b12", "", "10", "µg"),
    ),
    "Multi 50+": (
        ("calcium", "", "300", "mg"),
        (MG, "supplemental", "120", "mg"),
        ("vitamin_c", "", "80", "mg"),
        (D, "", "20", "µg"),
        ("vitamin_k", "", "75", "µg"),
        ("vitamin_b12", "", "100", "µg"),
    ),
    "Food-State Multivitamin": (
        ("vitamin_c", "", "40", "mg"),
        ("folate", "food_folate", "200", "µg"),
        (MG, "food", "30", "mg"),
        ("vitamin_b12", "", "2.5", "µg"),
    ),
    "Prenatal Multi": (
        ("folate", "methylfolate", "400", "µg"),
        ("iron", "", "14", "mg"),
        ("iodine", "", "150", "µg"),
        (D, "", "10", "µg"),
        ("vitamin_b12", "", "5", "µg"),
    ),
    "Pregnancy & Breastfeeding Multi": (
        ("folate", "methylfolate", "400", "µg"),
        ("iron", "", "14", "mg"),
        ("zinc", "", "10", "mg"),
        ("iodine", "", "150", "µg"),
        (D, "", "10", "µg"),
        ("vitamin_b6", "", "2", "mg"),
    ),
    "Vitamin A 800µg": (("vitamin_a", "retinol", "800", "µg"),),
    "Vitamin E 400 IU": (("vitamin_e", "natural", "400", "IU"),),
    "Mixed Tocopherols": (("vitamin_e", "natural", "268", "mg"),),
    "Hair, Skin & Nails Complex": (
        ("biotin", "", "2500", "µg"),
        ("zinc", "", "10", "mg"),
        ("selenium", "", "55", "µg"),
    ),
    "Magnesium L-Threonate": ((MG, "supplemental", "144", "mg"),),
    "Gentle Iron 20mg": (("iron", "", "20", "mg"), ("vitamin_c", "", "40", "mg")),
    "Iron Complex": (
        ("iron", "", "14", "mg"),
        ("folate", "methylfolate", "200", "µg"),
        ("vitamin_b12", "", "10", "µg"),
    ),
    "Calcium & Magnesium": (("calcium", "", "300", "mg"), (MG, "supplemental", "150", "mg")),
    "Calcium + D3": (("calcium", "", "400", "mg"), (D, "", "10", "µg")),
    "Iodine 150µg from Kelp": (("iodine", "", "150", "µg"),),
    "Trace Mineral Complex": ((MG, "supplemental", "40", "mg"), ("zinc", "", "2", "mg")),
    "Cod Liver Oil": (
        ("vitamin_a", "retinol", "250", "µg"),
        (D, "", "5", "µg"),
        ("vitamin_e", "natural", "3", "mg"),
    ),
    "Starflower Oil 1000mg": (("vitamin_e", "natural", "10", "mg"),),
    "Vegan Protein Cacao": ((MG, "food", "60", "mg"), ("iron", "", "4", "mg")),
    "Chlorella 500mg": (("iron", "", "0.6", "mg"),),
    "Electrolyte Complex": ((MG, "supplemental", "100", "mg"), ("calcium", "", "60", "mg")),
    "Collagen + Vitamin C": (("vitamin_c", "", "80", "mg"),),
    "Hydration Electrolytes Lemon": ((MG, "supplemental", "60", "mg"),),
    "Kids' Multivitamin": (
        ("vitamin_a", "retinol", "200", "µg"),
        (D, "", "10", "µg"),
        ("vitamin_c", "", "40", "mg"),
        ("zinc", "", "3", "mg"),
        ("iodine", "", "50", "µg"),
    ),
    "Kids' Chewable Multi": (
        ("vitamin_a", "beta_carotene", "600", "µg"),
        (D, "", "400", "IU"),
        ("vitamin_c", "", "40", "mg"),
        ("zinc", "", "3", "mg"),
    ),
}

# A label whose name says how much it holds: the words before the amount name the nutrient.
_NAMED_AMOUNT = re.compile(r"(?P<amount>\d+(?:\.\d+)?)\s?(?P<unit>IU|mg|µg|g)\b")
_NUTRIENT_WORDS: tuple[tuple[str, str, str], ...] = (
    ("vitamin d", D, ""),
    ("vitamin c", "vitamin_c", ""),
    ("b12", "vitamin_b12", ""),
    ("biotin", "biotin", ""),
    ("vitamin k", "vitamin_k", ""),
    ("magnesium", MG, "supplemental"),
    ("zinc", "zinc", ""),
    ("iron", "iron", ""),
    ("calcium", "calcium", ""),
    ("seleni", "selenium", ""),
    ("chromium", "chromium", ""),
    ("boron", "boron", ""),
)


def label_amounts(label: str) -> tuple[Amount, ...]:
    """What one serving of a product with this label holds, as far as the label tells."""
    if label in LABELS:
        return LABELS[label]
    match = _NAMED_AMOUNT.search(label)
    if match is None:
        return ()
    words = label.lower()
    for word, nutrient, form in _NUTRIENT_WORDS:
        if word in words:
            return ((nutrient, form, match["amount"], match["unit"]),)
    return ()


@dataclass(frozen=True)
class Serving:
    unit: ServingUnit
    size: Decimal
    per_pack_unit: Decimal  # servings in one unit of the pack size (one capsule, one gram, one millilitre)


SERVINGS: dict[str, Serving] = {
    "capsules": Serving(ServingUnit.CAPSULE, Decimal(1), Decimal(1)),
    "tablets": Serving(ServingUnit.TABLET, Decimal(1), Decimal(1)),
    "softgels": Serving(ServingUnit.SOFTGEL, Decimal(1), Decimal(1)),
    "gummies": Serving(ServingUnit.GUMMY, Decimal(1), Decimal(1)),
    "powder": Serving(ServingUnit.GRAM, Decimal(5), Decimal("0.2")),
    "liquid": Serving(ServingUnit.MILLILITRE, Decimal(10), Decimal("0.1")),
    "drops": Serving(ServingUnit.DROP, Decimal(1), Decimal(20)),  # about 20 drops a millilitre
    "spray": Serving(ServingUnit.SPRAY, Decimal(1), Decimal(10)),  # about 0.1 ml a spray
}


def facts_rows(
    record: ProductRecord, variants: Sequence[VariantRecord], variant_ids: Sequence[int]
) -> tuple[list[SupplementFacts], list[SupplementFactAmount]]:
    """The facts rows of some of a product's variants (`variant_ids` are their ids, in the same order)."""
    serving = SERVINGS[record.delivery_form]
    facts = [
        SupplementFacts(
            variant_id=variant_id,
            serving_size=serving.size,
            serving_unit=serving.unit,
            servings_per_container=(variant.size * serving.per_pack_unit).to_integral_value(),
            servings_per_day=Decimal(1),
        )
        for variant_id, variant in zip(variant_ids, variants, strict=True)
    ]
    amounts = [
        SupplementFactAmount(
            facts_id=variant_id, nutrient=nutrient, form=form, amount=Decimal(amount), unit=unit
        )
        for variant_id in variant_ids
        for nutrient, form, amount, unit in label_amounts(record.label)
    ]
    return facts, amounts
