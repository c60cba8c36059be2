from django.contrib import admin
from django.urls import path, re_path

from server.catalog import legacy
from server.config.api import api
from server.core import views
from server.core.metrics import metrics_view
from server.stores import views as store_views

urlpatterns = [
    path("api/", api.urls),
    re_path(r"^api/(?P<path>.*)$", views.api_not_found),
    path("admin/", admin.site.urls),
    path("metrics", metrics_view),
    path("locales/add/<str:lng>/<str:ns>", views.locale_add_missing),
    path("locales/<str:lng>/<str:ns>.json", views.locale_file),
    # Media is served by the reverse proxy in production; this route serves it when Daphne runs alone.
    re_path(r"^media/(?P<path>.+)$", views.media_file),
    # Old store collections need the database to become filters (server/catalog/legacy.py).
    re_path(r"^collections/(?P<handle>[^/]+)/?$", legacy.collection_redirect),
    # A store page answers the app's index with the store's meta tags, for links shared elsewhere.
    re_path(r"^(?P<lang>[a-z]{2}(?:_[a-z]{2})?)/store/(?P<shop_name>[^/]{1,200})/?$", store_views.store_page),
    re_path(r"^(?!api/|ws/|static/|media/|assets/|locales/)(?P<path>.*)$", views.spa_index),
]
