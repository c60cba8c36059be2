from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "server.search"
    label = "search"
    verbose_name = "Search"
