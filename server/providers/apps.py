from django.apps import AppConfig


class ProvidersConfig(AppConfig):
    name = "server.providers"
    label = "providers"
    verbose_name = "Providers (commerce, content, marketing)"
