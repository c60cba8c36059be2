"""The client's week on one A4 page (docs/decisions/0043-the-day-schedule.md): slots down, days across,
in the client's language, to print and put on the fridge."""

from __future__ import annotations

from datetime import date, timedelta

from django.template.loader import render_to_string
from django.utils import formats, translation

from server.adherence.plan import day_plan, medicines_by_slot, planned_lines
from server.adherence.texts import day_texts, dose_texts, food_text
from server.core.pdf import html_pdf
from server.nutrition.schedule import SLOTS


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def week_pdf(*, client_id: int, first: date, language: str) -> bytes:
    t = day_texts(language)
    days = [first + timedelta(days=offset) for offset in range(7)]
    lines = planned_lines(client_id=client_id)
    plans = {day: {plan.slot: plan for plan in day_plan(lines, day)} for day in days}
    taken_medicines = {
        slot: [medicine["name"] for medicine in listed]
        for slot, listed in medicines_by_slot(client_id=client_id, language=language).items()
    }
    with translation.override(language.replace("_", "-")):
        headers = [formats.date_format(day, "D j M") for day in days]
        week_of = t["pdf_week_of"].replace("{{date}}", formats.date_format(first, "j F Y"))
    rows = []
    for slot in SLOTS:
        cells = []
        for day in days:
            plan = plans[day].get(slot)
            cells.append(
                {"doses": dose_texts(t, plan), "with_food": food_text(t, plan)}
                if plan
                else {"doses": [], "with_food": ""}
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
