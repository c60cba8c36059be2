"""Protocol lines gain a day schedule (docs/decisions/0043-the-day-schedule.md). A line's dose so far becomes
its schedule: whole servings split between breakfast and dinner, breakfast taking the larger half and any
part of a serving (the rule of server.nutrition.schedule.schedule_default, written out here so this
migration keeps its meaning when that code changes). Stored live documents are dropped: each is rebuilt
from its relational protocol, schedules included, when it is next opened."""

from decimal import Decimal

from django.db import migrations, models


def _number(value):
    return int(value) if value == value.to_integral_value() else float(value)


def schedules_from_doses(apps, schema_editor):
    item_model = apps.get_model("protocols", "ProtocolItem")
    for item in item_model.objects.all().only("id", "servings_per_day").iterator():
        dose = Decimal(item.servings_per_day)
        dinner = Decimal(int(dose) // 2)
        slots = {"breakfast": _number(dose - dinner)}
        if dinner:
            slots["dinner"] = _number(dinner)
        schedule = {
            "slots": slots,
            "with_food": "any",
            "cycle": None,
            "start_date": None,
            "weeks": None,
            "steps": [],
        }
        item_model.objects.filter(pk=item.pk).update(schedule=schedule)
    apps.get_model("protocols", "ProtocolDoc").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("protocols", "0005_line_substitute")]

    operations = [
        migrations.AddField(
            model_name="protocolitem",
            name="schedule",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(schedules_from_doses, migrations.RunPython.noop),
    ]
