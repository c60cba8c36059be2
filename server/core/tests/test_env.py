import pytest

from server.config import env


def test_sqlite_url_gives_sqlite_engine_with_the_absolute_path():
    config = env.database_config("sqlite:////srv/shop/db.sqlite3")

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/srv/shop/db.sqlite3"
    # Writers queue for the lock at BEGIN instead of failing when they upgrade from reading.
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_postgres_url_gives_pooled_psycopg_settings():
    config = env.database_config("postgres://shop:s%40cret@db.internal:6543/shop?sslmode=require&pool_max=7")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("shop", "shop", "s@cret")
    assert (config["HOST"], config["PORT"]) == ("db.internal", "6543")
    assert (config["CONN_MAX_AGE"], config["CONN_HEALTH_CHECKS"]) == (0, True)
    assert config["OPTIONS"] == {
        "sslmode": "require",
        "pool": {"min_size": 1, "max_size": 7, "timeout": 5, "reconnect_timeout": 3},
    }


def test_a_statement_timeout_becomes_a_postgresql_session_option_and_sqlite_ignores_it():
    postgres = env.database_config("postgres://shop@db/shop", statement_timeout=30)
    sqlite = env.database_config("sqlite:////srv/shop/db.sqlite3", statement_timeout=30)

    assert postgres["OPTIONS"]["options"] == "-c statement_timeout=30000"
    assert "options" not in sqlite["OPTIONS"]
    assert "options" not in env.database_config("postgres://shop@db/shop", statement_timeout=0)["OPTIONS"]


def test_behind_pgbouncer_nothing_depends_on_a_session():
    config = env.database_config("postgres://shop@bouncer:6432/shop?pgbouncer=1", statement_timeout=30)
    direct = env.database_config("postgres://shop@db:5432/shop", statement_timeout=30)

    assert config["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert config["OPTIONS"]["prepare_threshold"] is None
    assert "options" not in config["OPTIONS"]
    assert "pgbouncer" not in config["OPTIONS"]
    assert direct["DISABLE_SERVER_SIDE_CURSORS"] is False
    assert "prepare_threshold" not in direct["OPTIONS"]


def test_redis_url_may_list_shards_for_the_channel_layers():
    from server.config.redis import redis_cache, redis_channel_layer, redis_rooms_layer

    urls = "redis://one:6379/0, redis://two:6379/0"

    assert [h["address"] for h in redis_channel_layer(urls)["CONFIG"]["hosts"]] == [
        "redis://one:6379/0",
        "redis://two:6379/0",
    ]
    assert len(redis_rooms_layer(urls)["CONFIG"]["hosts"]) == 2
    assert redis_cache(urls)["LOCATION"] == "redis://one:6379/0"


@pytest.mark.parametrize("url", ["mysql://x/y", "sqlite:///", "postgres://host:5432/", "nonsense"])
def test_unusable_database_url_is_refused_with_the_variable_named(url):
    with pytest.raises(env.EnvError, match="DATABASE_URL"):
        env.database_config(url)


def test_file_email_url_writes_files_into_that_folder():
    config = env.mailer_config("file:///var/shop/mail")

    assert config == {
        "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "OPTIONS": {"file_path": "/var/shop/mail"},
    }


def test_smtp_email_url_carries_credentials_and_starttls():
    config = env.mailer_config("smtp://mailer:p%2Fss@smtp.example.com:2525?tls=1")

    assert config["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert config["OPTIONS"] == {
        "host": "smtp.example.com",
        "port": 2525,
        "username": "mailer",
        "password": "p/ss",
        "use_ssl": False,
        "use_tls": True,
        "timeout": 20,
    }


def test_smtps_email_url_uses_implicit_tls_on_465_by_default():
    options = env.mailer_config("smtps://smtp.example.com")["OPTIONS"]

    assert (options["port"], options["use_ssl"], options["use_tls"]) == (465, True, False)


@pytest.mark.parametrize("url", ["file://relative/dir", "smtp://", "carrier-pigeon://coop"])
def test_unusable_email_url_is_refused(url):
    with pytest.raises(env.EnvError, match="EMAIL_URL"):
        env.mailer_config(url)


def test_debug_words_are_parsed_strictly(monkeypatch):
    monkeypatch.setenv("DEBUG", "off")
    assert env.env_bool("DEBUG", True) is False
    assert env.default_settings_module() == "server.config.settings.prod"

    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(env.EnvError, match="DEBUG"):
        env.env_bool("DEBUG", True)


def test_settings_module_defaults_to_development(monkeypatch):
    monkeypatch.delenv("DEBUG", raising=False)

    assert env.default_settings_module() == "server.config.settings.dev"


def test_an_empty_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "  ")

    assert env.env_str("DATABASE_URL", "sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"
