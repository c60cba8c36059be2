from django.apps import AppConfig


class GeoConfig(AppConfig):
    name = "server.geo"
    label = "geo"
    verbose_name = "Geo"
