import os
import subprocess
import sys

from server.config.env import BASE_DIR


def test_production_settings_pass_the_deploy_check():
    env = {
        **os.environ,
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "server.config.settings.prod",
        "SECRET_KEY": "k3y-" + "x9Q!z" * 12,
        "ALLOWED_HOSTS": "shop.example.com",
        "PUBLIC_URL": "https://shop.example.com",
        "EMAIL_URL": "smtp://shop:secret@smtp.example.com:587?tls=1",
    }

    result = subprocess.run(
        [sys.executable, "-m", "server.manage", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_settings_refuse_a_missing_secret_key():
    env = {
        **os.environ,
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "server.config.settings.prod",
        "SECRET_KEY": "",
    }

    result = subprocess.run(
        [sys.executable, "-m", "server.manage", "check"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
