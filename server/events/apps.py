from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "server.events"
    label = "events"
    verbose_name = "Events"
