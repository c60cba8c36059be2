from django.apps import AppConfig


class CartConfig(AppConfig):
    name = "server.cart"
    label = "cart"
    verbose_name = "Cart and wishlist"
