from django.apps import AppConfig


class OnboardingConfig(AppConfig):
    name = "server.onboarding"
    label = "onboarding"
    verbose_name = "Onboarding"
