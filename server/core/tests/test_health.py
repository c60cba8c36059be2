import pytest
from django.db import connection
from django.test import AsyncClient, override_settings

from scripts.services import free_port


@pytest.mark.django_db(transaction=True)
async def test_health_is_ok_when_database_and_channel_layer_answer():
    response = await AsyncClient().get("/api/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}


@pytest.mark.django_db(transaction=True)
async def test_health_is_503_naming_the_channel_layer_when_redis_is_unreachable():
    dead_redis = f"redis://127.0.0.1:{free_port()}/0"
    layers = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [dead_redis]}}
    }

    with override_settings(CHANNEL_LAYERS=layers):
        response = await AsyncClient().get("/api/health")

    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "ok", "channel_layer": "down"}


@pytest.fixture
def unreachable_database():
    """Point the connection at a database that cannot be opened, then put it back."""
    saved = dict(connection.settings_dict)
    connection.close()
    if connection.vendor == "sqlite":
        connection.settings_dict["NAME"] = "/nonexistent-folder/shop.sqlite3"
    else:
        connection.settings_dict["PORT"] = str(free_port())
        connection.settings_dict["OPTIONS"] = {}
    yield
    # Settings first: closing while they name the broken database would close (and so destroy) the
    # in-memory SQLite test database, which later tests still use; with them restored it is kept.
    connection.settings_dict.clear()
    connection.settings_dict.update(saved)
    connection.close()


@pytest.mark.django_db(transaction=True)
async def test_health_is_503_naming_the_database_when_it_is_down(unreachable_database):
    response = await AsyncClient().get("/api/health")

    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "down", "channel_layer": "ok"}


@pytest.mark.django_db(transaction=True)
async def test_liveness_answers_while_the_database_is_away_and_readiness_does_not(unreachable_database):
    live = await AsyncClient().get("/api/health/live")
    ready = await AsyncClient().get("/api/health/ready")

    assert (live.status_code, live.json()) == (200, {"status": "ok"})
    assert ready.status_code == 503
    assert ready.json()["database"] == "down"


@pytest.mark.django_db(transaction=True)
async def test_readiness_is_the_health_report():
    ready = await AsyncClient().get("/api/health/ready")

    assert (ready.status_code, ready.json()) == (
        200,
        {"status": "ok", "database": "ok", "channel_layer": "ok"},
    )
