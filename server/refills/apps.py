from django.apps import AppConfig


class RefillsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "server.refills"
    label = "refills"

    def ready(self) -> None:
        # A paid order plans the refill reminders of its protocols (docs/architecture.md, "The order
        # lifecycle").
        from server.refills.subscribers import subscribe

        subscribe()
