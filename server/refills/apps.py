from django.apps import AppConfig


class RefillsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "server.refills"
    label = "refills"
