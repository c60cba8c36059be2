"""The client's week on one A4 page (docs/decisions/0043-the-day-schedule.md): slots down, days across,
in the client's language, to print and put on the fridge."""

from __future__ import annotations

from datetime import date, timedelta

from django.template.loader import render_to_string
from django.utils import formats, translation

from server.adherence.plan import day_plan, planned_lines
from server.adherence.texts import day_texts
from server.core.pdf import html_pdf
from server.health.models import ClientMedicine
from server.nutrition.dose import as_number
from server.nutrition.interaction_rules import medicines
from server.nutrition.schedule import SLOTS


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def week_pdf(*, client_id: int, first: date, language: str) -> bytes:
    t = day_texts(language)
    days = [first + timedelta(days=offset) for offset in range(7)]
    lines = planned_lines(client_id=client_id)
    plans = {day: {plan.slot: plan for plan in day_plan(lines, day)} for day in days}
    table = medicines()
    taken_medicines: dict[str, list[str]] = {}
    for medicine_id, slots in ClientMedicine.objects.filter(client_id=client_id).values_list(
        "medicine_id", "slots"
    ):
        if medicine_id in table and isinstance(slots, list):
            for slot in slots:
                taken_medicines.setdefault(slot, []).append(table[medicine_id].name(language))
    with translation.override(language.replace("_", "-")):
        headers = [formats.date_format(day, "D j M") for day in days]
        week_of = t["pdf_week_of"].replace("{{date}}", formats.date_format(first, "j F Y"))
    rows = []
    for slot in SLOTS:
        cells = []
        for day in days:
            plan = plans[day].get(slot)
            cells.append(
                {
                    "doses": [
                        t["dose_line"]
                        .replace("{{name}}", dose.line.name)
                        .replace("{{servings}}", str(as_number(dose.servings)))
                        for dose in plan.doses
                    ]
                    if plan
                    else [],
                    "with_food": t[f"with_food_{plan.with_food}"] if plan and plan.with_food != "any" else "",
                }
            )
        if any(cell["doses"] for cell in cells) or slot in taken_medicines:
            rows.append(
                {"name": t[f"slot_{slot}"], "cells": cells, "medicines": taken_medicines.get(slot, [])}
            )
    html = render_to_string(
        "adherence/week.html",
        {
            "language": language.replace("_", "-"),
            "t": t,
            "week_of": week_of,
            "headers": headers,
            "rows": rows,
        },
    )
    return html_pdf(html)
