from django.apps import AppConfig


class EarningsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "server.earnings"
    label = "earnings"

    def ready(self) -> None:
        # The practitioners' commission follows the order's lifecycle (docs/architecture.md, "The order
        # lifecycle"): earned when it is paid, given back in proportion when it is refunded.
        from server.earnings.subscribers import subscribe

        subscribe()
