"""The worked cases the web builder's live warnings are held to (docs/decisions/0043-the-day-schedule.md):
the server's rules give these warnings for these days, and the builder's port of them
(web/src/features/protocol-builder/state/day-warnings.ts) must give the same from the same file. Change a
rule or the engine and this test says the file is stale; `UPDATE_DAY_CASES=1` rewrites it."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

from server.nutrition.interaction_rules import medicines, rules
from server.nutrition.interactions import DayLine, DayMedicine, day_warnings
from server.nutrition.schedule import schedule_parse
from server.nutrition.totals import NutrientAmount
from server.protocols.interactions import _rule_out

CASES_FILE = (
    Path(__file__).resolve().parents[3] / "web/src/features/protocol-builder/state/day-warnings.cases.json"
)
IRON = [("iron", "", 14)]
CALCIUM = [("calcium", "", 500)]
ZINC = [("zinc", "", 15)]
COPPER = [("copper", "", 1)]
MULTI = [("iron", "", 14), ("calcium", "", 200), ("zinc", "", 10)]
B6 = [("vitamin_b6", "", 25)]
K = [("vitamin_k", "", 100)]
HYPERICUM = [("st_johns_wort", "", 300)]
MAGNESIUM_FOOD = [("magnesium", "food", 60)]

CASES: list[dict[str, Any]] = [
    {
        "name": "iron and calcium at one meal",
        "lines": [(1, IRON, {"breakfast": 1}), (2, CALCIUM, {"breakfast": 1})],
    },
    {"name": "iron and calcium apart", "lines": [(1, IRON, {"breakfast": 1}), (2, CALCIUM, {"lunch": 1})]},
    {"name": "an hour is not enough", "lines": [(1, IRON, {"waking": 1}), (2, CALCIUM, {"breakfast": 1})]},
    {
        "name": "a multivitamin is not spaced from itself but from others",
        "lines": [(1, MULTI, {"breakfast": 1}), (2, COPPER, {"breakfast": 1}), (3, ZINC, {"dinner": 1})],
    },
    {
        "name": "levothyroxine on waking",
        "lines": [(1, CALCIUM, {"breakfast": 1}), (2, IRON, {"lunch": 1})],
        "medicines": [("levothyroxine", ["waking"])],
    },
    {
        "name": "St John's wort with an SSRI and warfarin, vitamin K with warfarin",
        "lines": [(1, HYPERICUM, {"bedtime": 1}), (2, K, {"lunch": 1})],
        "medicines": [("sertraline", ["waking"]), ("warfarin", [])],
    },
    {"name": "high-dose B6 without an end", "lines": [(1, B6, {"breakfast": 1})]},
    {"name": "high-dose B6 for 8 weeks", "lines": [(1, B6, {"breakfast": 1}, {"weeks": 8})]},
    {"name": "a quarter serving of B6", "lines": [(1, B6, {"breakfast": 0.25})]},
    {"name": "zinc twice at dinner", "lines": [(1, ZINC, {"dinner": 1}), (2, ZINC, {"dinner": 2})]},
    {
        "name": "a step brings calcium to breakfast",
        "lines": [
            (1, IRON, {"breakfast": 1}),
            (
                2,
                CALCIUM,
                {"dinner": 1},
                {"steps": [{"from_week": 3, "slots": {"breakfast": 1, "dinner": 1}}]},
            ),
        ],
    },
    {
        "name": "magnesium from food still binds a quinolone",
        "lines": [(1, MAGNESIUM_FOOD, {"lunch": 1})],
        "medicines": [("ciprofloxacin", ["breakfast"])],
    },
    {"name": "no facts, no warning", "lines": [(1, [], {"breakfast": 1}), (2, [], {"breakfast": 1})]},
]


def _line(row: tuple[Any, ...]) -> tuple[DayLine, dict[str, Any]]:
    variant_id, amounts, slots, *more = row
    schedule = schedule_parse({"slots": slots, **(more[0] if more else {})})
    line = DayLine(variant_id, tuple(NutrientAmount(n, f, Decimal(str(a))) for n, f, a in amounts), schedule)
    shown = {
        "product_variant_id": variant_id,
        "nutrients": [{"nutrient": n, "form": f, "per_serving": a} for n, f, a in amounts],
        "schedule": schedule.as_json(),
    }
    return line, shown


def cases_file() -> dict[str, Any]:
    table = medicines()
    out = []
    for case in CASES:
        built = [_line(row) for row in case["lines"]]
        taken = [DayMedicine(medicine_id, tuple(slots)) for medicine_id, slots in case.get("medicines", [])]
        warnings = day_warnings(lines=[line for line, _ in built], day_medicines=taken)
        out.append(
            {
                "name": case["name"],
                "lines": [shown for _, shown in built],
                "medicines": [
                    {
                        "id": m.medicine_id,
                        "classes": sorted(table[m.medicine_id].classes),
                        "slots": list(m.slots),
                    }
                    for m in taken
                ],
                "warnings": [
                    {
                        "rule_id": w.rule_id,
                        "severity": w.severity,
                        "lines": list(w.lines),
                        "medicines": list(w.medicines),
                        "nutrients": list(w.nutrients),
                    }
                    for w in warnings
                ],
            }
        )
    return {"rules": [_rule_out(rule, "en") for rule in rules()], "cases": out}


def test_the_web_builders_cases_are_the_rules_answers():
    expected = json.dumps(cases_file(), indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("UPDATE_DAY_CASES") == "1":
        CASES_FILE.write_text(expected, encoding="utf-8")
    assert CASES_FILE.read_text(encoding="utf-8") == expected, "stale: run with UPDATE_DAY_CASES=1"
