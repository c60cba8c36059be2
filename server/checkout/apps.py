from django.apps import AppConfig


class CheckoutConfig(AppConfig):
    name = "server.checkout"
    label = "checkout"
