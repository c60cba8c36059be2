from django.apps import AppConfig


class StoresConfig(AppConfig):
    name = "server.stores"
    label = "stores"
    verbose_name = "Practitioner stores"
