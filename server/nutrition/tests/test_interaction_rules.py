"""The interaction rules and the medicines they name: the shipped files hold every required rule, each
sourced and in the shop's 12 languages; the checker refuses a broken copy, naming the rule or medicine."""

import json
from decimal import Decimal

import pytest
from django.apps import apps

from server.nutrition.interaction_rules import (
    Side,
    _load_medicines,
    _load_rules,
    medicine_search,
    medicines,
    reference_check,
    rules,
)
from server.nutrition.reference import DATA, LANGUAGES, ReferenceDataError, nutrients

MINERALS = ("iron", "calcium", "magnesium", "zinc")
CLASSES = {
    "thyroid_hormones": {"levothyroxine", "liothyronine"},
    "vitamin_k_antagonists": {"warfarin", "phenprocoumon", "acenocoumarol"},
    "ssris": {"sertraline", "citalopram", "escitalopram", "fluoxetine", "paroxetine"},
    "oral_contraceptives": set(),
    "tetracyclines": {"doxycycline", "tetracycline", "minocycline"},
    "quinolones": {"ciprofloxacin", "levofloxacin", "moxifloxacin"},
    "biguanides": {"metformin"},
    "proton_pump_inhibitors": {"omeprazole", "esomeprazole", "pantoprazole", "lansoprazole"},
    "statins": {"atorvastatin", "simvastatin", "rosuvastatin"},
    "bisphosphonates": {"alendronate", "risedronate"},
}


def concerning(kind, nutrients_of_one, nutrients_of_other=(), medicines_of_other=()):
    """(id, severity, gap) of the rules of `kind` with one side counting every nutrient of `nutrients_of_one`
    and the other every nutrient of `nutrients_of_other` and every medicine of `medicines_of_other`."""
    found = []
    for rule in rules():
        if rule.kind != kind or rule.a is None or rule.b is None:
            continue
        for one, other in ((rule.a, rule.b), (rule.b, rule.a)):
            if (
                set(nutrients_of_one) <= one.nutrients
                and set(nutrients_of_other) <= other.nutrients
                and set(medicines_of_other) <= other.medicines
            ):
                found.append((rule.id, rule.severity, rule.gap_hours))
                break
    return found


def rule_row(data, rule_id):
    return next(row for row in data["rules"] if row["id"] == rule_id)


def medicine_row(data, medicine_id):
    return next(row for row in data["medicines"] if row["id"] == medicine_id)


def write_changed(tmp_path, name, change):
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_minerals_are_spaced_from_each_other_and_from_the_medicines_they_bind():
    # given the shipped rules
    # when looking up the spacing rules by what they concern
    # then each required pair has exactly one rule, with the gap of its source
    assert concerning("spacing", ["iron"], ["calcium", "zinc", "magnesium"]) == [
        ("iron-calcium", "caution", 2)
    ]
    assert concerning("spacing", ["zinc"], ["copper"]) == [("zinc-copper", "caution", 2)]
    assert concerning("spacing", ["calcium", "magnesium"], medicines_of_other=["thyroid_hormones"]) == [
        ("thyroid-calcium-magnesium", "caution", 4)
    ]
    assert concerning("spacing", ["iron"], medicines_of_other=["thyroid_hormones"]) == [
        ("thyroid-iron", "caution", 4)
    ]
    assert concerning("spacing", MINERALS, medicines_of_other=["tetracyclines"]) == [
        ("tetracyclines-minerals", "caution", 3)
    ]
    assert concerning("spacing", MINERALS, medicines_of_other=["quinolones"]) == [
        ("quinolones-minerals", "caution", 6)
    ]
    assert concerning("spacing", ["calcium", "iron"], medicines_of_other=["bisphosphonates"]) == [
        ("bisphosphonates-minerals", "caution", 2)
    ]


def test_vitamin_k_and_st_johns_wort_interact_with_the_medicines_whatever_the_timing():
    # given the shipped rules
    # when looking up the interaction rules by what they concern
    # then vitamin K is a caution with the antagonists, St John's wort one to avoid with three classes
    assert concerning("interaction", ["vitamin_k"], medicines_of_other=["vitamin_k_antagonists"]) == [
        ("vitamin-k-antagonists-vitamin-k", "caution", None)
    ]
    assert concerning("interaction", ["st_johns_wort"], medicines_of_other=["ssris"]) == [
        ("st-johns-wort-ssris", "avoid", None)
    ]
    assert concerning("interaction", ["st_johns_wort"], medicines_of_other=["oral_contraceptives"]) == [
        ("st-johns-wort-oral-contraceptives", "avoid", None)
    ]
    assert concerning("interaction", ["st_johns_wort"], medicines_of_other=["vitamin_k_antagonists"]) == [
        ("st-johns-wort-vitamin-k-antagonists", "avoid", None)
    ]


def test_high_dose_vitamin_b6_over_weeks_and_duplicate_minerals_in_a_slot_are_cautions():
    # given the shipped rules
    by_kind = {kind: [rule for rule in rules() if rule.kind == kind] for kind in ("duration", "duplicate")}

    # when reading the duration and duplicate rules
    (duration,) = by_kind["duration"]
    (duplicate,) = by_kind["duplicate"]

    # then vitamin B6 is flagged from the EFSA UL on, after 12 weeks, and the duplicates cover the list
    assert (duration.id, duration.nutrient, duration.daily_amount, duration.max_weeks) == (
        "vitamin-b6-long-term",
        "vitamin_b6",
        Decimal(12),
        12,
    )
    assert duration.source == "EFSA-2023-B6" and duration.severity == "caution"
    assert duplicate.nutrients == {
        "iron",
        "zinc",
        "copper",
        "calcium",
        "magnesium",
        "selenium",
        "iodine",
        "vitamin_a",
        "vitamin_d",
        "vitamin_e",
        "vitamin_k",
    }
    assert duplicate.severity == "caution"


def test_every_rule_has_a_source_with_its_title_and_advice_in_the_twelve_languages():
    # given the shipped file
    data = json.loads((DATA / "interactions.json").read_text(encoding="utf-8"))

    # when loading its rules
    loaded = rules()

    # then each names a listed source, carries its title, and has advice in each language
    assert len(loaded) == len(data["rules"]) == 13
    assert {rule.source for rule in loaded} == set(data["sources"])
    for rule in loaded:
        assert rule.reference == data["sources"][rule.source]
        assert set(rule.advice) == set(LANGUAGES)
        assert all(text.strip() for text in rule.advice.values())
    assert rules()[0].advice_in("de").startswith("Eisen mindestens 2 Stunden")
    assert rules()[0].advice_in("xx") == rules()[0].advice["en"]


def test_the_rules_name_only_nutrients_and_medicines_of_the_tables():
    # given the nutrient and medicine tables
    table, vocabulary = nutrients(), medicines()

    # when collecting what the spacing and interaction rules name
    sides = [side for rule in rules() for side in (rule.a, rule.b) if side is not None]

    # then every nutrient is in the table, every medicine a class of the vocabulary
    assert all(side.nutrients <= set(table) for side in sides)
    assert {key for side in sides for key in side.medicines} == {
        "thyroid_hormones",
        "tetracyclines",
        "quinolones",
        "bisphosphonates",
        "vitamin_k_antagonists",
        "ssris",
        "oral_contraceptives",
    }
    assert all(vocabulary[key].kind == "class" for side in sides for key in side.medicines)
    assert table["st_johns_wort"].unit == "mg" and table["st_johns_wort"].forms == ()


def test_every_medicine_is_named_in_the_twelve_languages_and_belongs_to_its_class():
    # given the vocabulary
    vocabulary = medicines()

    # when grouping the substances by class
    members = {
        key: {medicine.id for medicine in vocabulary.values() if key in medicine.classes}
        for key, medicine in vocabulary.items()
        if medicine.kind == "class"
    }

    # then the classes and their substances are the required ones, each named in every language
    assert members == CLASSES
    assert len(vocabulary) == 36
    for medicine in vocabulary.values():
        assert set(medicine.names) == set(LANGUAGES)
        assert all(name.strip() for name in medicine.names.values())
        assert medicine.reference
    assert vocabulary["levothyroxine"].name("ja") == "レボチロキシン"
    assert vocabulary["levothyroxine"].name("zh_tw") == "左旋甲狀腺素"
    assert vocabulary["oral_contraceptives"].name("de") == "Orale Kontrazeptiva"


def test_a_substance_matches_its_own_id_and_its_class():
    # given levothyroxine and its class
    levothyroxine, thyroid_hormones = medicines()["levothyroxine"], medicines()["thyroid_hormones"]

    # when a rule names the class, the substance or another class
    # then the substance matches the class and itself only, the class itself only
    assert levothyroxine.matches("thyroid_hormones")
    assert levothyroxine.matches("levothyroxine")
    assert not levothyroxine.matches("ssris")
    assert thyroid_hormones.matches("thyroid_hormones")
    assert not thyroid_hormones.matches("levothyroxine")


def test_a_side_counts_a_nutrient_in_the_forms_it_names():
    # given a side restricted to supplemental magnesium, and the shipped iron-calcium rule
    side = Side(frozenset({"magnesium"}), {"magnesium": frozenset({"supplemental"})}, frozenset())
    iron_calcium = next(rule for rule in rules() if rule.id == "iron-calcium")

    # when asking which amounts they count
    # then the restricted side counts that form only, an unrestricted side every form
    assert side.counts("magnesium", "supplemental")
    assert not side.counts("magnesium", "food")
    assert not side.counts("iron", "")
    assert iron_calcium.b is not None and iron_calcium.b.counts("magnesium", "food")


def test_a_rule_may_restrict_a_nutrient_to_some_of_its_forms(tmp_path):
    # given a copy of the file whose iron-calcium rule counts supplemental magnesium only
    path = write_changed(
        tmp_path,
        "interactions.json",
        lambda data: rule_row(data, "iron-calcium")["b"].update(forms={"magnesium": ["supplemental"]}),
    )

    # when loading it
    loaded = _load_rules(path, nutrients(), medicines())

    # then the side keeps the restriction
    assert loaded[0].b is not None and loaded[0].b.forms == {"magnesium": {"supplemental"}}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda data: rule_row(data, "iron-calcium").pop("source"),
            "rule 'iron-calcium': no source",
            id="no-source",
        ),
        pytest.param(
            lambda data: rule_row(data, "iron-calcium").update(source="ODS-IRONN"),
            "rule 'iron-calcium': unknown source 'ODS-IRONN'",
            id="source-not-listed",
        ),
        pytest.param(
            lambda data: rule_row(data, "iron-calcium")["a"].update(nutrients=["irn"]),
            "rule 'iron-calcium', side a: unknown nutrient 'irn'",
            id="unknown-nutrient",
        ),
        pytest.param(
            lambda data: rule_row(data, "iron-calcium")["b"].update(forms={"magnesium": ["liquid"]}),
            "rule 'iron-calcium', side b: unknown form of magnesium in ['liquid']",
            id="unknown-form",
        ),
        pytest.param(
            lambda data: rule_row(data, "quinolones-minerals")["b"].update(medicines=["quinolone"]),
            "rule 'quinolones-minerals', side b: unknown medicine 'quinolone'",
            id="unknown-medicine",
        ),
        pytest.param(
            lambda data: rule_row(data, "zinc-copper").update(a={"nutrients": [], "medicines": []}),
            "rule 'zinc-copper', side a: names no nutrient and no medicine",
            id="empty-side",
        ),
        pytest.param(
            lambda data: rule_row(data, "st-johns-wort-ssris").update(gap_hours=2),
            "rule 'st-johns-wort-ssris': gap_hours is for spacing rules only",
            id="gap-on-interaction",
        ),
        pytest.param(
            lambda data: rule_row(data, "zinc-copper").pop("gap_hours"),
            "rule 'zinc-copper': a spacing rule needs gap_hours",
            id="spacing-without-gap",
        ),
        pytest.param(
            lambda data: rule_row(data, "zinc-copper").update(gap_hours=13),
            "rule 'zinc-copper': gap_hours must be an integer from 1 to 12, not 13",
            id="gap-out-of-range",
        ),
        pytest.param(
            lambda data: rule_row(data, "vitamin-b6-long-term").update(unit="µg"),
            "rule 'vitamin-b6-long-term': the unit must be the nutrient's (mg)",
            id="duration-in-wrong-unit",
        ),
        pytest.param(
            lambda data: rule_row(data, "thyroid-iron")["advice"].pop("ro"),
            "rule 'thyroid-iron': no advice in ro",
            id="missing-language",
        ),
        pytest.param(
            lambda data: rule_row(data, "zinc-copper").update(severty="caution"),
            "rule 'zinc-copper': unknown field severty",
            id="unknown-field",
        ),
        pytest.param(
            lambda data: rule_row(data, "zinc-copper").update(severity="avoid"),
            "rule 'zinc-copper': severity 'avoid', not caution",
            id="avoid-on-spacing",
        ),
        pytest.param(
            lambda data: rule_row(data, "st-johns-wort-ssris").update(kind="interacion"),
            "rule 'st-johns-wort-ssris': unknown kind 'interacion'",
            id="unknown-kind",
        ),
        pytest.param(
            lambda data: data["rules"].append(rule_row(data, "zinc-copper")),
            "rule 'zinc-copper': listed twice",
            id="duplicate-id",
        ),
    ],
)
def test_the_checker_refuses_a_broken_rule_and_names_it(tmp_path, change, message):
    # given a copy of the shipped rules with one mistake
    path = write_changed(tmp_path, "interactions.json", change)

    # when loading it, then the checker refuses it, naming the rule
    with pytest.raises(ReferenceDataError) as refused:
        _load_rules(path, nutrients(), medicines())
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda data: medicine_row(data, "warfarin").pop("source"),
            "medicine 'warfarin': no source",
            id="no-source",
        ),
        pytest.param(
            lambda data: medicine_row(data, "warfarin").update(source="SMPC-WARFARINE"),
            "medicine 'warfarin': unknown source 'SMPC-WARFARINE'",
            id="source-not-listed",
        ),
        pytest.param(
            lambda data: medicine_row(data, "warfarin").update(classes=["anticoagulants"]),
            "medicine 'warfarin': unknown class 'anticoagulants'",
            id="unknown-class",
        ),
        pytest.param(
            lambda data: medicine_row(data, "warfarin").update(classes=["metformin"]),
            "medicine 'warfarin': unknown class 'metformin'",
            id="class-is-a-substance",
        ),
        pytest.param(
            lambda data: medicine_row(data, "statins").update(classes=["biguanides"]),
            "medicine 'statins': a class belongs to no class",
            id="class-in-a-class",
        ),
        pytest.param(
            lambda data: medicine_row(data, "warfarin")["names"].pop("ja"),
            "medicine 'warfarin': no name in ja",
            id="missing-language",
        ),
        pytest.param(
            lambda data: medicine_row(data, "warfarin").update(kind="drug"),
            "medicine 'warfarin': unknown kind 'drug'",
            id="unknown-kind",
        ),
        pytest.param(
            lambda data: medicine_row(data, "warfarin").update(name="Warfarin"),
            "medicine 'warfarin': unknown field name",
            id="unknown-field",
        ),
        pytest.param(
            lambda data: data["medicines"].append(medicine_row(data, "warfarin")),
            "medicine 'warfarin': listed twice",
            id="duplicate-id",
        ),
    ],
)
def test_the_checker_refuses_a_broken_medicine_and_names_it(tmp_path, change, message):
    # given a copy of the shipped vocabulary with one mistake
    path = write_changed(tmp_path, "medicines.json", change)

    # when loading it, then the checker refuses it, naming the medicine
    with pytest.raises(ReferenceDataError) as refused:
        _load_medicines(path)
    assert str(refused.value) == message


def test_a_rule_naming_a_medicine_the_vocabulary_lacks_is_refused(tmp_path):
    # given the shipped rules and a vocabulary without the quinolones
    vocabulary = {key: medicine for key, medicine in medicines().items() if key != "quinolones"}

    # when loading the rules against it, then the quinolone rule is refused
    with pytest.raises(ReferenceDataError) as refused:
        _load_rules(DATA / "interactions.json", nutrients(), vocabulary)
    assert str(refused.value) == "rule 'quinolones-minerals', side b: unknown medicine 'quinolones'"


def test_searching_levo_in_english_finds_levofloxacin_and_levothyroxine():
    # given the vocabulary
    # when searching "levo", in any case
    found = [medicine.id for medicine in medicine_search("levo", "en")]
    shouting = [medicine.id for medicine in medicine_search("LEVO", "en")]

    # then both substances are found, alphabetically
    assert found == shouting == ["levofloxacin", "levothyroxine"]


def test_a_japanese_query_finds_by_the_japanese_name():
    # given the vocabulary
    # when searching in Japanese
    by_prefix = [medicine.id for medicine in medicine_search("レボ", "ja")]
    warfarin = [medicine.id for medicine in medicine_search("ワルファリン", "ja")]

    # then the Japanese names match, ordered by the Japanese name
    assert by_prefix == ["levothyroxine", "levofloxacin"]
    assert warfarin == ["warfarin"]


def test_a_query_finds_by_the_english_name_or_the_id_in_any_language():
    # given the vocabulary
    # when searching German for an English name and an id
    # then both find the medicine
    assert [medicine.id for medicine in medicine_search("warfarin", "de")] == ["warfarin"]
    assert [medicine.id for medicine in medicine_search("proton_pump", "de")] == ["proton_pump_inhibitors"]
    assert medicine_search("nothing like it", "en") == []


def test_an_empty_query_lists_the_classes_first_then_the_substances():
    # given the vocabulary
    # when searching with an empty query
    first = medicine_search("", "en")
    everything = medicine_search("  ", "en", limit=100)

    # then the classes come first, alphabetically by name, then the substances, up to the limit
    assert [medicine.id for medicine in first[:10]] == [
        "biguanides",
        "bisphosphonates",
        "oral_contraceptives",
        "proton_pump_inhibitors",
        "quinolones",
        "ssris",
        "statins",
        "tetracyclines",
        "thyroid_hormones",
        "vitamin_k_antagonists",
    ]
    assert [medicine.kind for medicine in first] == ["class"] * 10 + ["substance"] * 10
    assert [medicine.id for medicine in first[10:12]] == ["acenocoumarol", "alendronate"]
    assert len(everything) == 36


def test_the_shipped_reference_files_pass_the_check_and_the_app_is_installed():
    # given the shipped files and the installed apps
    # when checking them, then nothing is refused and the app is there
    reference_check()
    assert apps.get_app_config("nutrition").name == "server.nutrition"
