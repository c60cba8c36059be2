from django.apps import AppConfig


class ProvidersConfig(AppConfig):
    name = "server.providers"
    label = "providers"
    verbose_name = "Providers (commerce, content, marketing)"

    def ready(self) -> None:
        # Registrations and sign-ins are analytics events of the marketing provider; accounts calls the
        # recorder explicitly, in the same transaction, without depending on this app.
        from server.accounts.services import account_action_recorder_register
        from server.providers.services import account_action_marketing_record

        account_action_recorder_register(account_action_marketing_record)
