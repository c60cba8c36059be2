"""The delivery forms with their pack sizes and excipients, and the shape of an active ingredient's record.

Category, health-goal, delivery-form, free-from and suitable-for values are slugs of taxonomies.txt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Diet = Literal["vegan", "vegetarian", "animal"]
Shape = Literal["jar", "tub", "bottle", "dropper", "spray"]


@dataclass(frozen=True)
class Form:
    slug: str
    # Added to a product name when shoppers call the product by its form ("Vitamin D3 Drops").
    suffix: str
    phrase: str
    # Excipients for a water-based and an oil-based (fat-soluble) product.
    excipients: str
    oil_excipients: str
    sizes: tuple[int, ...]
    unit: str
    grams_each: float
    pack_grams: float
    shape: Shape


FORMS: dict[str, Form] = {
    form.slug: form
    for form in (
        Form(
            slug="capsules",
            suffix="",
            phrase="in easy-to-swallow vegetable capsules",
            excipients="hydroxypropyl methylcellulose (capsule shell), rice flour",
            oil_excipients="hydroxypropyl methylcellulose (capsule shell), sunflower oil",
            sizes=(30, 60, 90, 120, 180),
            unit="capsules",
            grams_each=0.55,
            pack_grams=38,
            shape="jar",
        ),
        Form(
            slug="tablets",
            suffix="",
            phrase="in small tablets that are easy to swallow",
            excipients="microcrystalline cellulose, dicalcium phosphate, "
            "magnesium stearate (vegetable source)",
            oil_excipients="microcrystalline cellulose, acacia gum, magnesium stearate (vegetable source)",
            sizes=(30, 60, 90, 120, 180),
            unit="tablets",
            grams_each=0.9,
            pack_grams=38,
            shape="jar",
        ),
        Form(
            slug="softgels",
            suffix="",
            phrase="in softgels that seal in freshness",
            excipients="bovine gelatin (softgel shell), glycerol, purified water",
            oil_excipients="bovine gelatin (softgel shell), glycerol, purified water",
            sizes=(30, 60, 90, 120),
            unit="softgels",
            grams_each=1.2,
            pack_grams=42,
            shape="jar",
        ),
        Form(
            slug="gummies",
            suffix="Gummies",
            phrase="in chewable gummies with natural fruit flavours",
            excipients="glucose syrup, cane sugar, pectin, citric acid, natural fruit flavouring, "
            "black carrot concentrate (colour)",
            oil_excipients="glucose syrup, cane sugar, pectin, citric acid, sunflower oil, natural fruit "
            "flavouring, black carrot concentrate (colour)",
            sizes=(30, 60, 90),
            unit="gummies",
            grams_each=4.0,
            pack_grams=55,
            shape="jar",
        ),
        Form(
            slug="powder",
            suffix="Powder",
            phrase="as a fine powder that stirs easily into water, juice or a smoothie",
            excipients="",
            oil_excipients="acacia gum",
            sizes=(100, 250, 500),
            unit="g",
            grams_each=1.0,
            pack_grams=70,
            shape="tub",
        ),
        Form(
            slug="liquid",
            suffix="Liquid",
            phrase="as a pleasant-tasting liquid for those who prefer not to swallow capsules",
            excipients="purified water, vegetable glycerine, natural lemon flavouring, "
            "potassium sorbate (preservative)",
            oil_excipients="natural lemon oil, mixed tocopherols (antioxidant)",
            sizes=(150, 250, 500),
            unit="ml",
            grams_each=1.05,
            pack_grams=160,
            shape="bottle",
        ),
        Form(
            slug="drops",
            suffix="Drops",
            phrase="as drops you can take straight or add to a little water",
            excipients="purified water, vegetable glycerine, citric acid",
            oil_excipients="MCT oil (from coconut), mixed tocopherols (antioxidant)",
            sizes=(10, 20, 30, 50),
            unit="ml",
            grams_each=1.0,
            pack_grams=45,
            shape="dropper",
        ),
        Form(
            slug="spray",
            suffix="Spray",
            phrase="in a handy oral spray that is absorbed in the mouth",
            excipients="purified water, xylitol, natural peppermint flavouring, "
            "potassium sorbate (preservative)",
            oil_excipients="MCT oil (from coconut), natural peppermint oil",
            sizes=(15, 25, 50),
            unit="ml",
            grams_each=1.0,
            pack_grams=40,
            shape="spray",
        ),
    )
}

# A plant-based shell replaces gelatin when a softgel holds a vegan or vegetarian ingredient.
PLANT_SOFTGEL_EXCIPIENTS = "modified tapioca starch, carrageenan, glycerol (softgel shell)"


@dataclass(frozen=True)
class Active:
    """One kind of product: its names (each with its active ingredients) and what is true of all of them."""

    labels: tuple[tuple[str, str], ...]
    summary: str
    claim: str
    forms: tuple[str, ...]
    categories: tuple[str, ...]
    goals: tuple[str, ...]
    # Euros for the smallest pack of the form's first size.
    price: float
    diet: Diet = "vegan"
    fat_soluble: bool = False
    # Suitable-for options beyond the ones every product may have (vegans, vegetarians, coeliacs, seniors).
    audience: tuple[str, ...] = ()
    # Free-from options the product cannot claim (whey cannot be dairy-free).
    contains: tuple[str, ...] = ()
    sizes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    # The forms a label is sold in, where it is not every form of the active ("... Tincture" is drops).
    label_forms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def labels_for(self, form: str) -> tuple[tuple[str, str], ...]:
        return tuple(label for label in self.labels if form in self.label_forms.get(label[0], (form,)))


# Pack sizes in grams of powders sold by the tub.
PROTEIN_SIZES = {"powder": (500, 1000, 2000)}
SPORTS_POWDER_SIZES = {"powder": (250, 500, 1000)}
