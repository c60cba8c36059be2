# The onboarding app was folded into accounts: its one model, Milestone, is now accounts' and keeps its
# table. A database made before has the table (from the onboarding app's migration); a new one does not,
# since that app is gone, so the table is made here only when it is missing.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

CHOICES = [
    (1, "Registration complete"),
    (2, "Certificate uploaded"),
    (3, "Certificate validated"),
    (4, "Tier set"),
    (5, "Protocol created"),
    (6, "Onboarding call scheduled"),
    (7, "Fifth protocol shared"),
    (8, "Tenth protocol shared"),
    (9, "Manage my practice activated"),
    (10, "First client invited"),
    (11, "Fifth client invited"),
    (12, "Twentieth client invited"),
    (13, "Hundredth client invited"),
    (14, "First protocol shared"),
]


def create_table_if_missing(apps, schema_editor):
    model = apps.get_model("accounts", "Milestone")
    if model._meta.db_table not in schema_editor.connection.introspection.table_names():
        schema_editor.create_model(model)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_profiles_sessions_tokens")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Milestone",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("milestone_id", models.PositiveSmallIntegerField(choices=CHOICES)),
                        ("reached_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="milestones",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "onboarding_milestone",
                        "ordering": ("reached_at", "milestone_id"),
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("user", "milestone_id"), name="onboarding_milestone_once"
                            )
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(create_table_if_missing, migrations.RunPython.noop),
    ]
