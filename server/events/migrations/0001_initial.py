# The event log moves here from the `realtime` app: its tables stay as they are (state only).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("realtime", "0003_protocol_docs"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="EventCounter",
                    fields=[
                        (
                            "user",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                serialize=False,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        ("last_seq", models.PositiveBigIntegerField(default=0)),
                    ],
                    options={"db_table": "realtime_eventcounter"},
                ),
                migrations.CreateModel(
                    name="Event",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("seq", models.PositiveBigIntegerField()),
                        ("session_id", models.UUIDField(blank=True, null=True)),
                        ("topic", models.CharField(max_length=60)),
                        ("data", models.JSONField(default=dict)),
                        ("at", models.DateTimeField(auto_now_add=True)),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="events",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "realtime_event",
                        "ordering": ("user", "seq"),
                        "constraints": [
                            models.UniqueConstraint(fields=("user", "seq"), name="realtime_event_seq")
                        ],
                    },
                ),
            ],
        ),
    ]
