from collections.abc import Sequence

from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "server.search"
    label = "search"
    verbose_name = "Search"

    def ready(self) -> None:
        # Products the shop manager changes in the admin are reindexed (the catalogue calls this hook).
        from server.catalog.hooks import products_changed_listener_register

        products_changed_listener_register(_reindex)


def _reindex(product_ids: Sequence[int]) -> None:
    from server.search.services import search_reindex

    search_reindex(product_ids=list(product_ids))
