from django.apps import AppConfig


class ProtocolsConfig(AppConfig):
    name = "server.protocols"
    label = "protocols"
    verbose_name = "Protocols"
