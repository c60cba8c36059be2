"""Django's command-line entry point: run as `python -m server.manage <command>` from the repo root."""

import os
import sys


def main() -> None:
    from server.config.env import default_settings_module

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
