# The protocol document's storage moves here from the `realtime` app: its tables stay as they are.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("protocols", "0001_initial"),
        ("realtime", "0003_protocol_docs"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="ProtocolDoc",
                    fields=[
                        (
                            "protocol",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                primary_key=True,
                                serialize=False,
                                to="protocols.protocol",
                            ),
                        ),
                        ("snapshot", models.BinaryField()),
                        ("version", models.PositiveIntegerField(default=1)),
                        ("compacted_at", models.DateTimeField(auto_now=True)),
                    ],
                    options={"db_table": "realtime_protocoldoc"},
                ),
                migrations.CreateModel(
                    name="ProtocolDocUpdate",
                    fields=[
                        ("id", models.BigAutoField(primary_key=True, serialize=False)),
                        ("data", models.BinaryField()),
                        ("at", models.DateTimeField(auto_now_add=True)),
                        (
                            "doc",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="updates",
                                to="protocols.protocoldoc",
                            ),
                        ),
                    ],
                    options={"db_table": "realtime_protocoldocupdate", "ordering": ("doc", "id")},
                ),
            ],
        ),
    ]
