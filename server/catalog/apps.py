from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "server.catalog"
    label = "catalog"
    verbose_name = "Catalogue"
