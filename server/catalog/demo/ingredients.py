"""What the generated products are made of: the delivery forms with their pack sizes and excipients, and
the active ingredients with the names, claims, categories and health goals that go with them.

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


_PROTEIN_SIZES = {"powder": (500, 1000, 2000)}
_SPORTS_POWDER_SIZES = {"powder": (250, 500, 1000)}

ACTIVES: tuple[Active, ...] = (
    # Vitamins
    Active(
        labels=(
            ("Vitamin D3 1000 IU", "Cholecalciferol (vitamin D3, from lanolin)"),
            ("Vitamin D3 2500 IU", "Cholecalciferol (vitamin D3, from lanolin)"),
            ("Vitamin D3 4000 IU", "Cholecalciferol (vitamin D3, from lanolin)"),
            ("Vegan Vitamin D3 1000 IU", "Cholecalciferol (vitamin D3, from lichen)"),
        ),
        summary="vitamin D3 (cholecalciferol), the form the body makes itself in sunlight",
        claim="Vitamin D contributes to the normal function of the immune system and to the maintenance "
        "of normal bones and teeth.",
        forms=("capsules", "softgels", "drops", "spray", "tablets"),
        categories=("vitamins-vitamin-d",),
        goals=("immunity", "bone-health", "energy"),
        price=9.5,
        diet="vegetarian",
        fat_soluble=True,
        audience=("pregnancy", "breastfeeding"),
    ),
    Active(
        labels=(
            ("Vitamin D3 + K2", "Cholecalciferol (vitamin D3), menaquinone-7 (vitamin K2)"),
            (
                "Vitamin D3 + K2 MK-7",
                "Cholecalciferol (vitamin D3), menaquinone-7 (vitamin K2, from chickpea)",
            ),
        ),
        summary="vitamin D3 together with vitamin K2 as menaquinone-7",
        claim="Vitamin K contributes to the maintenance of normal bones, and vitamin D to the normal "
        "absorption and use of calcium.",
        forms=("drops", "capsules", "spray"),
        categories=("vitamins-vitamin-d", "vitamins-a-e-k"),
        goals=("bone-health", "heart-health", "immunity"),
        price=16.5,
        diet="vegetarian",
        fat_soluble=True,
    ),
    Active(
        labels=(
            ("Vitamin C 500mg", "Ascorbic acid (vitamin C)"),
            ("Vitamin C 1000mg", "Ascorbic acid (vitamin C)"),
            ("Buffered Vitamin C 1000mg", "Calcium ascorbate, magnesium ascorbate"),
            ("Liposomal Vitamin C 500mg", "Sodium ascorbate, sunflower lecithin"),
        ),
        summary="vitamin C in a well-tolerated form",
        claim="Vitamin C contributes to the normal function of the immune system and to the reduction of "
        "tiredness and fatigue.",
        forms=("capsules", "tablets", "powder", "gummies", "liquid"),
        categories=("vitamins-vitamin-c",),
        goals=("immunity", "energy", "skin-hair-nails"),
        price=11.0,
        audience=("athletes",),
    ),
    Active(
        labels=(
            ("Vitamin B12 1000µg Methylcobalamin", "Methylcobalamin (vitamin B12)"),
            ("Methyl B12 500µg", "Methylcobalamin (vitamin B12)"),
            ("Vitamin B12 Adenosyl & Methyl", "Adenosylcobalamin, methylcobalamin (vitamin B12)"),
        ),
        summary="vitamin B12 as methylcobalamin, its active coenzyme form",
        claim="Vitamin B12 contributes to normal energy-yielding metabolism and to the normal function of "
        "the nervous system.",
        forms=("spray", "drops", "capsules", "tablets"),
        categories=("vitamins-vitamin-b",),
        goals=("energy", "cognition"),
        price=12.5,
        audience=("pregnancy", "breastfeeding"),
    ),
    Active(
        labels=(
            (
                "Active B Complex",
                "Thiamine hydrochloride, riboflavin-5'-phosphate, nicotinamide, calcium "
                "D-pantothenate, pyridoxal-5'-phosphate, calcium L-methylfolate, methylcobalamin, D-biotin",
            ),
            (
                "B-Complex 50",
                "Thiamine hydrochloride, riboflavin, nicotinamide, calcium D-pantothenate, "
                "pyridoxine hydrochloride, folic acid, cyanocobalamin, D-biotin",
            ),
            (
                "Methylated B Complex",
                "Calcium L-methylfolate, methylcobalamin, pyridoxal-5'-phosphate, "
                "riboflavin-5'-phosphate, benfotiamine",
            ),
        ),
        summary="B vitamins in their active, ready-to-use forms",
        claim="Vitamins B6 and B12 contribute to the reduction of tiredness and fatigue and to normal "
        "psychological function.",
        forms=("capsules", "tablets"),
        categories=("vitamins-vitamin-b",),
        goals=("energy", "stress", "cognition"),
        price=13.5,
    ),
    Active(
        labels=(
            ("Methylfolate 400µg", "Calcium L-methylfolate"),
            ("Active Folate 800µg", "Calcium L-methylfolate"),
        ),
        summary="folate as L-methylfolate, which needs no conversion in the body",
        claim="Folate contributes to maternal tissue growth during pregnancy and to normal blood formation.",
        forms=("capsules", "tablets"),
        categories=("vitamins-vitamin-b",),
        goals=("pregnancy", "energy", "cognition"),
        price=12.0,
        audience=("pregnancy", "breastfeeding"),
    ),
    Active(
        labels=(
            (
                "Daily Multivitamin & Minerals",
                "Calcium carbonate, magnesium citrate, ascorbic acid, zinc "
                "citrate, D-alpha tocopheryl succinate, nicotinamide, cholecalciferol, methylcobalamin",
            ),
            (
                "Men's Multi",
                "Magnesium citrate, ascorbic acid, zinc citrate, lycopene, selenomethionine, "
                "nicotinamide, pyridoxal-5'-phosphate, cholecalciferol",
            ),
            (
                "Women's Multi",
                "Calcium citrate, magnesium citrate, ferrous bisglycinate, ascorbic acid, "
                "calcium L-methylfolate, cholecalciferol, methylcobalamin",
            ),
            (
                "Multi 50+",
                "Calcium citrate, magnesium citrate, ascorbic acid, lutein, cholecalciferol, "
                "menaquinone-7, methylcobalamin",
            ),
            (
                "Food-State Multivitamin",
                "Cultured yeast (Saccharomyces cerevisiae) providing vitamins and "
                "minerals, organic orange peel, broccoli powder",
            ),
        ),
        summary="a broad-spectrum blend of vitamins and minerals for everyday needs",
        claim="Vitamin C, zinc and vitamin D contribute to the normal function of the immune system.",
        forms=("tablets", "capsules"),
        categories=("vitamins-multivitamins",),
        goals=("energy", "immunity", "skin-hair-nails"),
        price=17.5,
        diet="vegetarian",
        audience=("athletes",),
    ),
    Active(
        labels=(
            (
                "Prenatal Multi",
                "Calcium L-methylfolate, ferrous bisglycinate, choline bitartrate, "
                "potassium iodide, cholecalciferol, methylcobalamin",
            ),
            (
                "Pregnancy & Breastfeeding Multi",
                "Calcium L-methylfolate, ferrous bisglycinate, zinc citrate, "
                "potassium iodide, cholecalciferol, pyridoxal-5'-phosphate",
            ),
        ),
        summary="folate, iron, iodine and vitamin D in amounts suited to pregnancy",
        claim="Folate contributes to maternal tissue growth during pregnancy, and iodine to the normal "
        "production of thyroid hormones.",
        forms=("capsules", "tablets"),
        categories=("vitamins-multivitamins",),
        goals=("pregnancy", "energy", "hormone-balance"),
        price=21.0,
        audience=("pregnancy", "breastfeeding"),
    ),
    Active(
        labels=(("Vitamin A 800µg", "Retinyl palmitate (vitamin A)"),),
        summary="preformed vitamin A as retinyl palmitate",
        claim="Vitamin A contributes to the maintenance of normal vision and of normal skin.",
        forms=("softgels", "capsules"),
        categories=("vitamins-a-e-k",),
        goals=("eye-health", "skin-hair-nails", "immunity"),
        price=8.5,
        diet="vegetarian",
        fat_soluble=True,
    ),
    Active(
        labels=(
            ("Vitamin E 400 IU", "D-alpha tocopherol (vitamin E, from sunflower)"),
            ("Mixed Tocopherols", "D-alpha, D-beta, D-gamma and D-delta tocopherols (from sunflower)"),
        ),
        summary="natural-source vitamin E from sunflower",
        claim="Vitamin E contributes to the protection of cells from oxidative stress.",
        forms=("softgels",),
        categories=("vitamins-a-e-k",),
        goals=("skin-hair-nails", "heart-health"),
        price=11.5,
        fat_soluble=True,
    ),
    Active(
        labels=(("Vitamin K2 MK-7 100µg", "Menaquinone-7 (vitamin K2, from chickpea fermentation)"),),
        summary="vitamin K2 as long-acting menaquinone-7",
        claim="Vitamin K contributes to normal blood clotting and to the maintenance of normal bones.",
        forms=("capsules", "drops"),
        categories=("vitamins-a-e-k",),
        goals=("bone-health", "heart-health"),
        price=14.5,
        fat_soluble=True,
    ),
    Active(
        labels=(
            ("Biotin 5000µg", "D-biotin"),
            (
                "Hair, Skin & Nails Complex",
                "D-biotin, zinc bisglycinate, selenomethionine, horsetail extract, bamboo extract (silica)",
            ),
        ),
        summary="biotin, the B vitamin best known for hair and skin",
        claim="Biotin and zinc contribute to the maintenance of normal hair and normal skin.",
        forms=("capsules", "tablets", "gummies"),
        categories=("vitamins-vitamin-b",),
        goals=("skin-hair-nails", "energy"),
        price=12.0,
    ),
    # Minerals
    Active(
        labels=(
            ("Magnesium Bisglycinate 120mg", "Magnesium bisglycinate"),
            ("Magnesium Bisglycinate 200mg", "Magnesium bisglycinate"),
        ),
        summary="a gentle, well-absorbed form of magnesium bound to glycine",
        claim="Magnesium contributes to a reduction of tiredness and fatigue and to normal muscle function.",
        forms=("capsules", "tablets", "powder"),
        categories=("minerals-magnesium",),
        goals=("sleep", "stress", "energy"),
        price=14.0,
        audience=("athletes",),
    ),
    Active(
        labels=(
            ("Magnesium Citrate 150mg", "Magnesium citrate"),
            ("Magnesium Citrate 300mg", "Magnesium citrate"),
        ),
        summary="magnesium citrate, an organic form that dissolves readily",
        claim="Magnesium contributes to normal energy-yielding metabolism and to the maintenance of normal "
        "bones.",
        forms=("capsules", "powder", "tablets"),
        categories=("minerals-magnesium",),
        goals=("energy", "bone-health", "heart-health"),
        price=10.5,
    ),
    Active(
        labels=(("Magnesium L-Threonate", "Magnesium L-threonate"),),
        summary="magnesium L-threonate, a form studied for the brain",
        claim="Magnesium contributes to normal psychological function and to the normal function of the "
        "nervous system.",
        forms=("capsules", "powder"),
        categories=("minerals-magnesium",),
        goals=("cognition", "sleep"),
        price=27.5,
    ),
    Active(
        labels=(("Magnesium Malate 100mg", "Magnesium malate"),),
        summary="magnesium bound to malic acid",
        claim="Magnesium contributes to a reduction of tiredness and fatigue.",
        forms=("capsules", "tablets"),
        categories=("minerals-magnesium",),
        goals=("energy", "joint-health"),
        price=12.5,
    ),
    Active(
        labels=(
            ("Zinc Picolinate 15mg", "Zinc picolinate"),
            ("Zinc Citrate 25mg", "Zinc citrate"),
            ("Zinc Bisglycinate 20mg", "Zinc bisglycinate"),
        ),
        summary="zinc in a highly absorbable form",
        claim="Zinc contributes to the normal function of the immune system, to normal fertility and to the "
        "maintenance of normal vision.",
        forms=("capsules", "tablets", "drops"),
        categories=("minerals-zinc",),
        goals=("immunity", "skin-hair-nails", "hormone-balance", "eye-health"),
        price=8.5,
    ),
    Active(
        labels=(
            ("Iron Bisglycinate 14mg", "Ferrous bisglycinate"),
            ("Gentle Iron 20mg", "Ferrous bisglycinate, ascorbic acid"),
            ("Iron Complex", "Ferrous bisglycinate, calcium L-methylfolate, methylcobalamin"),
        ),
        summary="iron as ferrous bisglycinate, kind to the stomach",
        claim="Iron contributes to normal formation of red blood cells and to the reduction of tiredness "
        "and fatigue.",
        forms=("capsules", "liquid", "tablets"),
        categories=("minerals-iron",),
        goals=("energy", "pregnancy"),
        price=10.0,
        audience=("pregnancy", "athletes"),
    ),
    Active(
        labels=(
            ("Calcium Citrate 300mg", "Calcium citrate"),
            ("Calcium & Magnesium", "Calcium citrate, magnesium citrate"),
            ("Calcium + D3", "Calcium citrate, cholecalciferol (vitamin D3)"),
        ),
        summary="calcium citrate, which is absorbed with or without food",
        claim="Calcium is needed for the maintenance of normal bones and teeth.",
        forms=("tablets", "capsules", "powder"),
        categories=("minerals-calcium",),
        goals=("bone-health", "heart-health"),
        price=9.0,
        diet="vegetarian",
    ),
    Active(
        labels=(
            ("Selenium 200µg", "L-selenomethionine"),
            ("Selenomethionine 100µg", "L-selenomethionine"),
        ),
        summary="selenium bound to the amino acid methionine",
        claim="Selenium contributes to normal thyroid function and to the protection of cells from "
        "oxidative stress.",
        forms=("capsules", "tablets"),
        categories=("minerals-trace",),
        goals=("immunity", "hormone-balance", "skin-hair-nails"),
        price=8.0,
    ),
    Active(
        labels=(("Iodine 150µg from Kelp", "Kelp (Ascophyllum nodosum) powder"),),
        summary="iodine from organic Atlantic kelp",
        claim="Iodine contributes to the normal production of thyroid hormones and to normal energy-yielding "
        "metabolism.",
        forms=("capsules", "drops"),
        categories=("minerals-trace",),
        goals=("hormone-balance", "energy"),
        price=8.0,
    ),
    Active(
        labels=(("Chromium Picolinate 200µg", "Chromium picolinate"),),
        summary="chromium as chromium picolinate",
        claim="Chromium contributes to the maintenance of normal blood glucose levels.",
        forms=("capsules", "tablets"),
        categories=("minerals-trace",),
        goals=("blood-sugar", "energy"),
        price=8.5,
    ),
    Active(
        labels=(
            ("Trace Mineral Complex", "Ionic sea minerals (from Great Salt Lake concentrate)"),
            ("Boron 3mg", "Sodium tetraborate"),
        ),
        summary="a spectrum of trace minerals in their ionic form",
        claim="Trace minerals take part in hundreds of the body's enzyme reactions every day.",
        forms=("drops", "liquid", "capsules"),
        categories=("minerals-trace",),
        goals=("energy", "bone-health"),
        price=13.0,
        label_forms={
            "Boron 3mg": ("capsules",),
        },
    ),
    # Probiotics & digestion
    Active(
        labels=(
            (
                "Daily Probiotic 10 Billion",
                "Lactobacillus acidophilus, Bifidobacterium lactis, fructooligosaccharides",
            ),
            (
                "Probiotic 25 Billion",
                "Lactobacillus acidophilus, Bifidobacterium lactis, Lactobacillus "
                "rhamnosus, Lactobacillus plantarum, fructooligosaccharides",
            ),
            (
                "Multi-Strain Probiotic 50 Billion",
                "Lactobacillus acidophilus, Lactobacillus rhamnosus, "
                "Lactobacillus casei, Bifidobacterium bifidum, Bifidobacterium longum, inulin",
            ),
        ),
        summary="live cultures of well-studied bacterial strains, guaranteed until the end of shelf life",
        claim="Each capsule is made to deliver its cultures to the gut, where they join the existing "
        "microbiome.",
        forms=("capsules", "powder"),
        categories=("digestion-probiotics",),
        goals=("gut-health", "immunity"),
        price=19.5,
        diet="vegetarian",
    ),
    Active(
        labels=(("Saccharomyces Boulardii 5 Billion", "Saccharomyces boulardii"),),
        summary="the beneficial yeast Saccharomyces boulardii",
        claim="Saccharomyces boulardii is a hardy yeast that survives stomach acid and antibiotics alike.",
        forms=("capsules",),
        categories=("digestion-probiotics",),
        goals=("gut-health", "immunity"),
        price=17.5,
    ),
    Active(
        labels=(
            (
                "Women's Flora Probiotic",
                "Lactobacillus rhamnosus GR-1, Lactobacillus reuteri RC-14, cranberry extract",
            ),
        ),
        summary="lactobacilli strains chosen for women's intimate flora",
        claim="The strains in this formula were first isolated from healthy women.",
        forms=("capsules",),
        categories=("digestion-probiotics",),
        goals=("gut-health", "hormone-balance"),
        price=22.0,
        audience=("pregnancy", "breastfeeding"),
    ),
    Active(
        labels=(
            ("Digestive Enzyme Complex", "Amylase, protease, lipase, lactase, cellulase, bromelain"),
            (
                "Full-Spectrum Enzymes",
                "Amylase, protease, lipase, alpha-galactosidase, cellulase, invertase, papain",
            ),
            ("Betaine HCl 650mg", "Betaine hydrochloride, gentian root (Gentiana lutea)"),
        ),
        summary="a blend of enzymes that help break down proteins, fats and carbohydrates",
        claim="Taken at the start of a meal, enzymes work alongside the body's own digestion.",
        forms=("capsules", "tablets"),
        categories=("digestion-enzymes",),
        goals=("gut-health",),
        price=16.0,
        diet="vegetarian",
    ),
    Active(
        labels=(
            ("Organic Psyllium Husk", "Organic psyllium husk (Plantago ovata)"),
            ("Psyllium Husk 750mg", "Psyllium husk (Plantago ovata)"),
        ),
        summary="soluble fibre from the husk of Plantago ovata seeds",
        claim="Psyllium husk swells in water, adding gentle bulk that supports regular bowel movements.",
        forms=("powder", "capsules"),
        categories=("digestion-fibre",),
        goals=("gut-health", "blood-sugar", "heart-health"),
        price=8.5,
        label_forms={
            "Organic Psyllium Husk": ("powder",),
            "Psyllium Husk 750mg": ("capsules",),
        },
    ),
    Active(
        labels=(
            ("Prebiotic Inulin", "Chicory root inulin"),
            ("Acacia Fibre", "Organic acacia gum (Acacia senegal)"),
            ("Partially Hydrolysed Guar Gum", "Partially hydrolysed guar gum"),
        ),
        summary="a gentle prebiotic fibre that feeds beneficial gut bacteria",
        claim="Chicory inulin contributes to normal bowel function by increasing stool frequency.",
        forms=("powder",),
        categories=("digestion-fibre",),
        goals=("gut-health", "blood-sugar"),
        price=11.0,
        sizes=_SPORTS_POWDER_SIZES,
    ),
    # Omega & essential fats
    Active(
        labels=(
            ("Omega-3 Fish Oil 1000mg", "Fish oil concentrate (from anchovy and sardine), mixed tocopherols"),
            (
                "Ultra Omega-3 EPA & DHA",
                "Fish oil concentrate (from anchovy, sardine and mackerel), "
                "natural lemon oil, mixed tocopherols",
            ),
            ("High EPA Omega-3", "Fish oil concentrate (from anchovy), rosemary extract"),
            ("Omega-3 Lemon", "Fish oil (from anchovy and sardine), natural lemon oil, mixed tocopherols"),
        ),
        summary="a concentrated, molecularly distilled fish oil rich in EPA and DHA",
        claim="EPA and DHA contribute to the normal function of the heart, and DHA to the maintenance of "
        "normal brain function and vision.",
        forms=("softgels", "liquid"),
        categories=("omega-fish-oil",),
        goals=("heart-health", "cognition", "joint-health", "eye-health"),
        price=18.5,
        diet="animal",
        fat_soluble=True,
        audience=("pregnancy", "athletes"),
        label_forms={
            "Omega-3 Fish Oil 1000mg": ("softgels",),
            "Ultra Omega-3 EPA & DHA": ("softgels",),
            "Omega-3 Lemon": ("liquid",),
        },
    ),
    Active(
        labels=(("Antarctic Krill Oil 500mg", "Krill oil (Euphausia superba), astaxanthin"),),
        summary="krill oil, whose omega-3 fats come bound to phospholipids",
        claim="EPA and DHA contribute to the normal function of the heart.",
        forms=("softgels",),
        categories=("omega-fish-oil",),
        goals=("heart-health", "joint-health"),
        price=24.0,
        diet="animal",
        fat_soluble=True,
    ),
    Active(
        labels=(("Cod Liver Oil", "Cod liver oil (Gadus morhua), natural lemon oil, mixed tocopherols"),),
        summary="traditional Norwegian cod liver oil with natural vitamins A and D",
        claim="Vitamin D contributes to the maintenance of normal bones, and DHA to normal vision.",
        forms=("liquid", "softgels"),
        categories=("omega-fish-oil",),
        goals=("immunity", "bone-health", "heart-health"),
        price=12.5,
        diet="animal",
        fat_soluble=True,
    ),
    Active(
        labels=(
            ("Algae Omega-3 DHA & EPA", "Algal oil (Schizochytrium sp.), sunflower oil, rosemary extract"),
            ("Vegan Omega-3 500mg", "Algal oil (Schizochytrium sp.), mixed tocopherols"),
        ),
        summary="omega-3 DHA and EPA from marine algae, the same source fish get it from",
        claim="DHA contributes to the maintenance of normal brain function and normal vision.",
        forms=("softgels", "liquid", "capsules"),
        categories=("omega-vegan",),
        goals=("heart-health", "cognition", "pregnancy"),
        price=22.5,
        fat_soluble=True,
        audience=("pregnancy", "breastfeeding"),
    ),
    Active(
        labels=(("Organic Flaxseed Oil", "Organic cold-pressed flaxseed oil (Linum usitatissimum)"),),
        summary="cold-pressed flaxseed oil, a plant source of alpha-linolenic acid",
        claim="Alpha-linolenic acid contributes to the maintenance of normal blood cholesterol levels.",
        forms=("softgels", "liquid"),
        categories=("omega-vegan",),
        goals=("heart-health", "skin-hair-nails"),
        price=10.5,
        fat_soluble=True,
    ),
    Active(
        labels=(
            (
                "Evening Primrose Oil 1000mg",
                "Cold-pressed evening primrose oil (Oenothera biennis), vitamin E",
            ),
            ("Evening Primrose Oil 500mg", "Cold-pressed evening primrose oil (Oenothera biennis)"),
        ),
        summary="cold-pressed evening primrose oil, rich in gamma-linolenic acid",
        claim="Evening primrose oil has long been used by women throughout the monthly cycle.",
        forms=("softgels",),
        categories=("omega-primrose-borage",),
        goals=("hormone-balance", "skin-hair-nails"),
        price=11.5,
        fat_soluble=True,
    ),
    Active(
        labels=(("Starflower Oil 1000mg", "Borage seed oil (Borago officinalis), vitamin E"),),
        summary="borage seed oil, the richest plant source of gamma-linolenic acid",
        claim="Starflower oil provides about twice the GLA of evening primrose oil.",
        forms=("softgels",),
        categories=("omega-primrose-borage",),
        goals=("skin-hair-nails", "hormone-balance"),
        price=14.5,
        fat_soluble=True,
    ),
    # Herbs & botanicals
    Active(
        labels=(
            ("Ashwagandha KSM-66 600mg", "Ashwagandha root extract (Withania somnifera, KSM-66)"),
            ("Ashwagandha Root 500mg", "Organic ashwagandha root (Withania somnifera)"),
        ),
        summary="ashwagandha root, the best-known adaptogen of Ayurvedic tradition",
        claim="Ashwagandha has been used for centuries to help the body adapt to everyday stress.",
        forms=("capsules", "powder", "gummies"),
        categories=("herbs-adaptogens",),
        goals=("stress", "sleep", "energy", "hormone-balance"),
        price=15.5,
    ),
    Active(
        labels=(("Rhodiola Rosea 500mg", "Rhodiola rosea root extract (3% rosavins, 1% salidroside)"),),
        summary="golden root extract standardised for rosavins and salidroside",
        claim="Rhodiola is traditionally taken in Scandinavia and Siberia to support mental stamina.",
        forms=("capsules",),
        categories=("herbs-adaptogens",),
        goals=("stress", "energy", "cognition"),
        price=16.5,
    ),
    Active(
        labels=(
            ("Organic Maca Root", "Organic gelatinised maca root (Lepidium meyenii)"),
            ("Black Maca 750mg", "Black maca root extract (Lepidium meyenii)"),
        ),
        summary="maca root grown high in the Peruvian Andes",
        claim="Maca has been eaten as a nourishing food in the Andes for more than two thousand years.",
        forms=("powder", "capsules"),
        categories=("herbs-adaptogens",),
        goals=("hormone-balance", "energy"),
        price=12.0,
        audience=("athletes",),
        label_forms={
            "Organic Maca Root": ("powder",),
            "Black Maca 750mg": ("capsules",),
        },
    ),
    Active(
        labels=(("Holy Basil 400mg", "Holy basil leaf extract (Ocimum tenuiflorum)"),),
        summary="tulsi, the holy basil revered in Indian tradition",
        claim="Holy basil is traditionally used as a calming adaptogen.",
        forms=("capsules", "drops"),
        categories=("herbs-adaptogens",),
        goals=("stress", "blood-sugar"),
        price=13.0,
    ),
    Active(
        labels=(("Lion's Mane 1000mg", "Organic lion's mane fruiting body extract (Hericium erinaceus)"),),
        summary="lion's mane mushroom from organic fruiting bodies",
        claim="Lion's mane has long been prized in East Asian tradition for mental clarity.",
        forms=("capsules", "powder"),
        categories=("herbs-mushrooms",),
        goals=("cognition", "gut-health"),
        price=21.5,
    ),
    Active(
        labels=(("Reishi Mushroom Extract", "Organic reishi fruiting body extract (Ganoderma lucidum)"),),
        summary="reishi, the mushroom of immortality of Chinese tradition",
        claim="Reishi is traditionally taken in the evening to help the body unwind.",
        forms=("capsules", "powder"),
        categories=("herbs-mushrooms",),
        goals=("sleep", "immunity", "stress"),
        price=19.5,
    ),
    Active(
        labels=(("Cordyceps 500mg", "Cordyceps militaris fruiting body extract"),),
        summary="Cordyceps militaris from fruiting bodies, standardised for cordycepin",
        claim="Cordyceps is a traditional tonic of Tibetan and Chinese medicine.",
        forms=("capsules", "powder"),
        categories=("herbs-mushrooms", "sports-performance"),
        goals=("energy",),
        price=19.0,
        audience=("athletes",),
    ),
    Active(
        labels=(("Five Mushroom Complex", "Reishi, shiitake, maitake, chaga and turkey tail extracts"),),
        summary="five traditional mushrooms in one blend",
        claim="The beta-glucans of medicinal mushrooms are their most studied constituents.",
        forms=("capsules", "powder"),
        categories=("herbs-mushrooms",),
        goals=("immunity",),
        price=22.0,
    ),
    Active(
        labels=(
            ("Turmeric & Black Pepper", "Organic turmeric root (Curcuma longa), black pepper extract"),
            ("Curcumin 95% 500mg", "Turmeric root extract (95% curcuminoids), black pepper extract"),
            ("Liposomal Curcumin", "Turmeric root extract, sunflower lecithin, black pepper extract"),
        ),
        summary="turmeric with black pepper to help the body take up curcumin",
        claim="Turmeric has been used in Ayurveda for thousands of years.",
        forms=("capsules", "tablets", "liquid"),
        categories=("herbs-turmeric",),
        goals=("joint-health", "immunity", "gut-health"),
        price=15.0,
        label_forms={
            "Turmeric & Black Pepper": ("capsules", "tablets"),
            "Curcumin 95% 500mg": ("capsules", "tablets"),
            "Liposomal Curcumin": ("liquid",),
        },
    ),
    Active(
        labels=(
            ("Milk Thistle 300mg", "Milk thistle seed extract (Silybum marianum, 80% silymarin)"),
            ("Milk Thistle Tincture", "Milk thistle seed (Silybum marianum), alcohol, water"),
        ),
        summary="milk thistle seed extract standardised for silymarin",
        claim="Milk thistle is a traditional herb of liver support in European herbal medicine.",
        forms=("capsules", "tablets", "drops"),
        categories=("herbs-liver-detox",),
        goals=("detox", "gut-health"),
        price=12.0,
        label_forms={"Milk Thistle 300mg": ("capsules", "tablets"), "Milk Thistle Tincture": ("drops",)},
    ),
    Active(
        labels=(
            (
                "Artichoke & Dandelion Complex",
                "Globe artichoke leaf extract, dandelion root extract, burdock root",
            ),
        ),
        summary="bitter herbs that have long been taken before meals",
        claim="Artichoke and dandelion are traditional bitters of European herbalism.",
        forms=("capsules",),
        categories=("herbs-liver-detox",),
        goals=("detox", "gut-health"),
        price=13.5,
    ),
    Active(
        labels=(("Chlorella 500mg", "Organic broken cell wall chlorella (Chlorella pyrenoidosa)"),),
        summary="broken cell wall chlorella, a nutrient-dense green micro-alga",
        claim="Chlorella is naturally rich in chlorophyll, protein and iron.",
        forms=("tablets", "powder"),
        categories=("herbs-liver-detox",),
        goals=("detox", "energy"),
        price=11.5,
    ),
    Active(
        labels=(
            ("Valerian Root 450mg", "Valerian root extract (Valeriana officinalis)"),
            ("Valerian & Hops", "Valerian root extract, hop strobile extract (Humulus lupulus)"),
        ),
        summary="valerian root, Europe's classic herb for restful nights",
        claim="Valerian is a traditional herbal remedy used to relieve sleep disturbances.",
        forms=("capsules", "tablets", "drops"),
        categories=("herbs-sleep-relaxation",),
        goals=("sleep", "stress"),
        price=10.5,
        label_forms={
            "Valerian Root 450mg": ("capsules", "tablets"),
        },
    ),
    Active(
        labels=(
            (
                "Passionflower & Lemon Balm",
                "Passionflower herb extract (Passiflora incarnata), lemon "
                "balm leaf extract (Melissa officinalis)",
            ),
        ),
        summary="passionflower and lemon balm, two calming herbs in one",
        claim="Passionflower and lemon balm are traditionally taken to ease restlessness.",
        forms=("capsules", "drops"),
        categories=("herbs-sleep-relaxation",),
        goals=("stress", "sleep"),
        price=12.5,
    ),
    Active(
        labels=(("Saffron Extract 30mg", "Saffron stigma extract (Crocus sativus)"),),
        summary="a standardised extract of saffron stigmas",
        claim="Saffron has been prized since antiquity, as a spice and as a herb for the mood.",
        forms=("capsules",),
        categories=("herbs-sleep-relaxation",),
        goals=("stress", "sleep"),
        price=24.5,
    ),
    # Amino acids
    Active(
        labels=(("L-Theanine 200mg", "L-theanine"),),
        summary="L-theanine, the calming amino acid of green tea",
        claim="L-theanine is found naturally in tea leaves and is often taken with coffee.",
        forms=("capsules",),
        categories=("amino-single",),
        goals=("stress", "sleep", "cognition"),
        price=13.5,
    ),
    Active(
        labels=(("Glycine 1000mg", "Glycine"), ("Pure Glycine", "Glycine")),
        summary="pure glycine with a naturally sweet taste",
        claim="Glycine is the simplest amino acid and a building block of collagen.",
        forms=("powder", "capsules"),
        categories=("amino-single",),
        goals=("sleep",),
        price=9.0,
        label_forms={"Glycine 1000mg": ("capsules",), "Pure Glycine": ("powder",)},
    ),
    Active(
        labels=(("5-HTP 100mg", "Griffonia simplicifolia seed extract (5-hydroxytryptophan)"),),
        summary="5-HTP from the seeds of the African Griffonia plant",
        claim="5-HTP is a natural precursor of serotonin.",
        forms=("capsules",),
        categories=("amino-single",),
        goals=("stress", "sleep"),
        price=14.0,
    ),
    Active(
        labels=(("L-Glutamine", "L-glutamine (fermented)"),),
        summary="fermented L-glutamine, the most abundant amino acid in the body",
        claim="Glutamine is a main fuel of the cells that line the gut.",
        forms=("powder", "capsules"),
        categories=("amino-single", "digestion-fibre"),
        goals=("gut-health", "immunity"),
        price=13.0,
        audience=("athletes",),
        sizes=_SPORTS_POWDER_SIZES,
    ),
    Active(
        labels=(("NAC 600mg", "N-acetyl L-cysteine"),),
        summary="N-acetyl cysteine, a precursor of glutathione",
        claim="NAC supplies cysteine, the building block the body uses to make glutathione.",
        forms=("capsules",),
        categories=("amino-single", "herbs-liver-detox"),
        goals=("detox", "immunity"),
        price=13.5,
    ),
    Active(
        labels=(
            ("Acetyl L-Carnitine 500mg", "Acetyl L-carnitine hydrochloride"),
            ("L-Carnitine Tartrate", "L-carnitine L-tartrate"),
        ),
        summary="carnitine, which carries fatty acids into the cells to be burnt for energy",
        claim="Carnitine is made in the body from lysine and methionine.",
        forms=("capsules", "liquid"),
        categories=("amino-single",),
        goals=("energy", "cognition"),
        price=15.0,
        audience=("athletes",),
        label_forms={
            "Acetyl L-Carnitine 500mg": ("capsules",),
        },
    ),
    Active(
        labels=(("Taurine 1000mg", "Taurine"),),
        summary="free-form taurine",
        claim="Taurine is plentiful in the heart, muscles and eyes.",
        forms=("capsules", "powder"),
        categories=("amino-single",),
        goals=("heart-health", "energy"),
        price=9.5,
        audience=("athletes",),
    ),
    Active(
        labels=(("L-Lysine 1000mg", "L-lysine hydrochloride"),),
        summary="L-lysine, an essential amino acid the body cannot make",
        claim="Lysine is needed to build collagen and carnitine.",
        forms=("tablets", "capsules"),
        categories=("amino-single",),
        goals=("immunity", "skin-hair-nails"),
        price=9.0,
    ),
    Active(
        labels=(
            ("BCAA 2:1:1", "L-leucine, L-isoleucine, L-valine, natural lemon flavouring"),
            (
                "Essential Amino Acids",
                "L-leucine, L-lysine, L-valine, L-isoleucine, L-threonine, "
                "L-phenylalanine, L-methionine, L-histidine, L-tryptophan",
            ),
        ),
        summary="branched-chain and essential amino acids in the ratio muscles use",
        claim="Leucine, isoleucine and valine make up about a third of muscle protein.",
        forms=("powder", "capsules"),
        categories=("amino-blends", "sports-performance"),
        goals=("energy",),
        price=19.5,
        audience=("athletes",),
        sizes=_SPORTS_POWDER_SIZES,
    ),
    Active(
        labels=(
            (
                "Free-Form Amino Acid Complex",
                "L-glutamine, L-leucine, L-lysine, L-arginine, L-valine, "
                "L-isoleucine, L-threonine, L-phenylalanine, glycine",
            ),
        ),
        summary="eighteen free-form amino acids that need no digestion",
        claim="Free-form amino acids are absorbed without first being broken down.",
        forms=("capsules", "powder"),
        categories=("amino-blends",),
        goals=("energy", "skin-hair-nails"),
        price=21.0,
    ),
    # Protein & sports
    Active(
        labels=(
            (
                "Whey Protein Isolate Vanilla",
                "Whey protein isolate (milk), natural vanilla flavouring, "
                "sunflower lecithin, stevia leaf extract",
            ),
            (
                "Whey Protein Isolate Chocolate",
                "Whey protein isolate (milk), fat-reduced cocoa powder, "
                "sunflower lecithin, stevia leaf extract",
            ),
            ("Grass-Fed Whey Unflavoured", "Whey protein concentrate (milk, from grass-fed cows)"),
        ),
        summary="cold-filtered whey protein with around 25 g of protein a serving",
        claim="Protein contributes to a growth in muscle mass and to the maintenance of normal bones.",
        forms=("powder",),
        categories=("sports-protein",),
        goals=("energy", "bone-health"),
        price=27.5,
        diet="vegetarian",
        audience=("athletes",),
        contains=("dairy",),
        sizes=_PROTEIN_SIZES,
    ),
    Active(
        labels=(
            (
                "Pea & Rice Protein Vanilla",
                "Pea protein isolate, brown rice protein, natural vanilla flavouring, stevia leaf extract",
            ),
            ("Organic Pea Protein", "Organic pea protein isolate"),
            ("Vegan Protein Cacao", "Pea protein isolate, hemp protein, raw cacao powder, coconut sugar"),
        ),
        summary="a complete plant protein from peas and rice",
        claim="Protein contributes to a growth in muscle mass and to the maintenance of muscle mass.",
        forms=("powder",),
        categories=("sports-protein",),
        goals=("energy",),
        price=24.5,
        audience=("athletes",),
        sizes=_PROTEIN_SIZES,
    ),
    Active(
        labels=(
            ("Creatine Monohydrate", "Creatine monohydrate"),
            ("Micronised Creatine 5g", "Micronised creatine monohydrate"),
        ),
        summary="pure creatine monohydrate, the most researched sports supplement",
        claim="Creatine increases physical performance in successive bursts of short-term, high-intensity "
        "exercise.",
        forms=("powder", "capsules"),
        categories=("sports-performance",),
        goals=("energy", "cognition"),
        price=16.5,
        audience=("athletes",),
        sizes=_SPORTS_POWDER_SIZES,
        label_forms={
            "Micronised Creatine 5g": ("powder",),
        },
    ),
    Active(
        labels=(("Beetroot Nitrate Boost", "Beetroot juice powder, beetroot extract (2% nitrate)"),),
        summary="concentrated beetroot, a natural source of dietary nitrate",
        claim="Beetroot is a favourite of endurance athletes before training.",
        forms=("powder", "capsules"),
        categories=("sports-performance",),
        goals=("energy", "heart-health"),
        price=18.0,
        audience=("athletes",),
        sizes=_SPORTS_POWDER_SIZES,
    ),
    Active(
        labels=(
            ("Electrolyte Complex", "Potassium citrate, sodium chloride, magnesium citrate, calcium lactate"),
            (
                "Hydration Electrolytes Lemon",
                "Sodium citrate, potassium chloride, magnesium citrate, natural "
                "lemon flavouring, stevia leaf extract",
            ),
        ),
        summary="the electrolytes lost in sweat, without added sugar",
        claim="Carbohydrate-electrolyte solutions help maintain endurance performance during prolonged "
        "exercise.",
        forms=("powder", "tablets"),
        categories=("sports-electrolytes",),
        goals=("energy",),
        price=12.5,
        audience=("athletes",),
        sizes=_SPORTS_POWDER_SIZES,
    ),
    Active(
        labels=(
            ("Marine Collagen Peptides", "Hydrolysed marine collagen (from wild-caught cod skin)"),
            ("Bovine Collagen Peptides", "Hydrolysed bovine collagen (from grass-fed cattle)"),
            ("Collagen + Vitamin C", "Hydrolysed marine collagen, ascorbic acid (vitamin C)"),
        ),
        summary="hydrolysed collagen peptides that dissolve clear in hot or cold drinks",
        claim="Vitamin C contributes to normal collagen formation for the normal function of skin, bones "
        "and cartilage.",
        forms=("powder", "capsules", "liquid"),
        categories=("sports-collagen-joints",),
        goals=("skin-hair-nails", "joint-health", "bone-health"),
        price=26.0,
        diet="animal",
        sizes=_SPORTS_POWDER_SIZES,
        label_forms={
            "Marine Collagen Peptides": ("powder", "capsules"),
            "Bovine Collagen Peptides": ("powder", "capsules"),
            "Collagen + Vitamin C": ("powder", "liquid"),
        },
    ),
    Active(
        labels=(
            (
                "Glucosamine & Chondroitin",
                "Glucosamine sulphate (from shellfish), chondroitin sulphate (bovine)",
            ),
            ("Glucosamine Sulphate 1000mg", "Glucosamine sulphate 2KCl (from shellfish)"),
        ),
        summary="glucosamine and chondroitin, natural components of cartilage",
        claim="Glucosamine is one of the most widely taken joint supplements in Europe.",
        forms=("tablets", "capsules"),
        categories=("sports-collagen-joints",),
        goals=("joint-health",),
        price=17.0,
        diet="animal",
    ),
    Active(
        labels=(("MSM 1000mg", "Methylsulfonylmethane (MSM)"),),
        summary="MSM, a natural source of organic sulphur",
        claim="Sulphur is found in the proteins of joints, skin, hair and nails.",
        forms=("tablets", "powder"),
        categories=("sports-collagen-joints",),
        goals=("joint-health", "skin-hair-nails"),
        price=11.0,
    ),
    # Children's health
    Active(
        labels=(
            (
                "Kids' Multivitamin",
                "Ascorbic acid, zinc citrate, nicotinamide, D-alpha tocopherol, "
                "cholecalciferol, methylcobalamin, natural berry flavouring",
            ),
            (
                "Kids' Chewable Multi",
                "Xylitol, ascorbic acid, calcium carbonate, zinc citrate, "
                "cholecalciferol, natural orange flavouring",
            ),
        ),
        summary="the vitamins and minerals growing children need, in a taste they enjoy",
        claim="Vitamin D is needed for normal growth and development of bone in children.",
        forms=("gummies", "tablets", "liquid"),
        categories=("kids-multivitamins",),
        goals=("immunity", "energy", "bone-health"),
        price=12.0,
        audience=("children",),
        label_forms={
            "Kids' Multivitamin": ("gummies", "liquid"),
            "Kids' Chewable Multi": ("tablets",),
        },
    ),
    Active(
        labels=(("Kids' Vitamin D3 400 IU", "Cholecalciferol (vitamin D3, from lanolin)"),),
        summary="the daily vitamin D dose recommended for children",
        claim="Vitamin D is needed for normal growth and development of bone in children.",
        forms=("drops", "spray", "gummies"),
        categories=("kids-multivitamins", "vitamins-vitamin-d"),
        goals=("bone-health", "immunity"),
        price=8.5,
        diet="vegetarian",
        fat_soluble=True,
        audience=("children",),
    ),
    Active(
        labels=(("Kids' Vitamin C 250mg", "Calcium ascorbate (vitamin C), natural orange flavouring"),),
        summary="gentle, buffered vitamin C for children",
        claim="Vitamin C contributes to the normal function of the immune system.",
        forms=("tablets", "gummies"),
        categories=("kids-multivitamins", "vitamins-vitamin-c"),
        goals=("immunity",),
        price=8.0,
        audience=("children",),
    ),
    Active(
        labels=(
            (
                "Kids' Omega-3 Strawberry",
                "Fish oil (from anchovy and sardine), natural strawberry flavouring, mixed tocopherols",
            ),
            ("Kids' DHA Chewables", "Fish oil concentrate (from anchovy), natural fruit flavouring"),
        ),
        summary="omega-3 DHA for growing brains, in a fruity taste",
        claim="DHA contributes to the normal visual development of infants up to 12 months of age.",
        forms=("liquid", "softgels", "gummies"),
        categories=("kids-omega-3",),
        goals=("cognition", "eye-health"),
        price=14.5,
        diet="animal",
        fat_soluble=True,
        audience=("children",),
        label_forms={
            "Kids' Omega-3 Strawberry": ("liquid", "gummies"),
            "Kids' DHA Chewables": ("softgels",),
        },
    ),
    Active(
        labels=(("Kids' Algae Omega-3", "Algal oil (Schizochytrium sp.), natural orange flavouring"),),
        summary="plant-based omega-3 DHA from algae for children",
        claim="DHA contributes to the maintenance of normal brain function.",
        forms=("liquid", "drops"),
        categories=("kids-omega-3", "omega-vegan"),
        goals=("cognition", "eye-health"),
        price=16.5,
        fat_soluble=True,
        audience=("children",),
    ),
    Active(
        labels=(
            ("Kids' Probiotic", "Lactobacillus rhamnosus GG, Bifidobacterium lactis, inulin"),
            ("Baby Probiotic", "Bifidobacterium infantis, Bifidobacterium breve, sunflower oil"),
        ),
        summary="friendly bacteria chosen for children's developing gut",
        claim="Start in the first months of life or whenever a little one's routine changes.",
        forms=("powder", "drops"),
        categories=("kids-probiotics", "digestion-probiotics"),
        goals=("gut-health", "immunity"),
        price=15.5,
        diet="vegetarian",
        audience=("children",),
    ),
)
