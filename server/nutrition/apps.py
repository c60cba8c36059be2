from django.apps import AppConfig


class NutritionConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "server.nutrition"
    label = "nutrition"

    def ready(self) -> None:
        # A broken reference file (nutrients, upper limits, medicines, interaction rules) stops the process
        # at its start instead of giving wrong totals or warnings later.
        from server.nutrition.interaction_rules import reference_check

        reference_check()
