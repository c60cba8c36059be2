from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "realtime"
    verbose_name = "Real time"

    def ready(self) -> None:
        # The co-editing rooms serve protocol documents: their storage, projection and permission check
        # come from the protocols app, injected here (the server never imports realtime).
        from realtime.rooms.backend import backend_install
        from server.protocols.doc_backend import ProtocolDocBackend

        backend_install(ProtocolDocBackend())
