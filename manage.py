#!/usr/bin/env python
"""Django's command-line utility for administrative tasks.

Without DJANGO_SETTINGS_MODULE, commands run with the production settings, like the
WSGI, ASGI and Celery entry points; ``runsite`` (the whole site on one machine with
embedded defaults) chooses the development settings for itself and its processes.
"""

import os
import sys

LOCAL_COMMANDS = {"runsite"}


def main() -> None:
    local = len(sys.argv) > 1 and sys.argv[1] in LOCAL_COMMANDS
    default = "silkroad.settings.dev" if local else "silkroad.settings.production"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
