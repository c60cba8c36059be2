"""Vitamins, minerals, probiotics and omega fats: the first four top-level categories of the demo shop."""

from __future__ import annotations

from server.demo.catalog.ingredients.forms import SPORTS_POWDER_SIZES, Active

NUTRIENTS: tuple[Active, ...] = (
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
        sizes=SPORTS_POWDER_SIZES,
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
)
