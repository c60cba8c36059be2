# The event log moved to `server.events` and the protocol document's storage to `server.protocols`; their
# tables stay (renamed in state only). This app keeps the socket tickets.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("realtime", "0003_protocol_docs"),
        ("events", "0001_initial"),
        ("protocols", "0002_protocol_docs_from_realtime"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="ProtocolDocUpdate"),
                migrations.DeleteModel(name="ProtocolDoc"),
                migrations.DeleteModel(name="Event"),
                migrations.DeleteModel(name="EventCounter"),
            ],
        ),
    ]
