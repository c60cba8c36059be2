"""Django's command-line entry point: run as `python -m server.manage <command>` from the repo root."""

import os
import sys


def main() -> None:
    from server.config.env import default_settings_module

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
    # A migration or a seed of 100,000 products may run one statement for longer than a request should;
    # the serving processes keep the 30 s default (docs/operations.md, "Environment").
    os.environ.setdefault("DATABASE_STATEMENT_TIMEOUT", "0")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
