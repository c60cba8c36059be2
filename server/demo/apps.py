from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo and benchmark data (`seed_demo`, `seed_scale`): above every domain app, since it fills them
    all, and nothing imports it (docs/architecture.md, "Layers")."""

    name = "server.demo"
    label = "demo"
    verbose_name = "Demo data"
