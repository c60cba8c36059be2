from django.apps import AppConfig


class ProtocolsConfig(AppConfig):
    name = "server.protocols"
    label = "protocols"
    verbose_name = "Protocols"

    def ready(self) -> None:
        # Sockets of a user join the groups of the protocols that user may see (realtime.groups).
        from realtime.groups import protocol_source_register
        from server.protocols.selectors import visible_protocol_ids

        protocol_source_register(visible_protocol_ids)
