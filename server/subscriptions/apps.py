from django.apps import AppConfig


class SubscriptionsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "server.subscriptions"
    label = "subscriptions"

    def ready(self) -> None:
        # A parcel's order paid, or its charge lapsed, moves the subscription on (docs/architecture.md, "The
        # order lifecycle").
        from server.subscriptions.subscribers import subscribe

        subscribe()
