from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "server.core"
    label = "core"
    verbose_name = "Core"
