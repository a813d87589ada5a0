"""Run the whole site on one machine: migrations, web server, Celery worker and beat.

With no environment set this uses the embedded defaults (SQLite, Kombu's file-system
broker, mail written to ``var/mail``), so a fresh checkout plays games at once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from accounts import push


def split_address(addrport: str) -> tuple[str, str]:
    """``[host:]port`` as ``runserver`` takes it → (host as written, port); 8000 by default."""
    host, _, port = addrport.rpartition(":")
    if not port.isdigit():
        host, port = addrport, "8000"
    return host, port


def site_url(addrport: str) -> str:
    """The address people reach the site at, for links in mail: ``8001`` → on this machine."""
    host, port = split_address(addrport)
    if host in ("", "0.0.0.0", "::", "[::]"):
        host = "localhost" if host else "127.0.0.1"
    return f"http://{host}:{port}"


def bind(addrport: str) -> tuple[str, str]:
    """``[host:]port`` as ``runserver`` takes it → (host, port) for the ASGI server."""
    host, port = split_address(addrport)
    return (host.strip("[]") or "127.0.0.1"), port


def web_server(addrport: str, reload: bool) -> list[str]:
    """uvicorn serving the ASGI application: live updates need a server that streams. Open
    streams get a few seconds to close on Ctrl-C, never an endless wait."""
    host, port = bind(addrport)
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "silkroad.asgi:application",
        "--host",
        host,
        "--port",
        port,
        "--timeout-graceful-shutdown",
        "3",
        "--no-server-header",
    ]
    if reload:
        for folder in ("silkroad", "games", "accounts"):
            command += ["--reload", "--reload-dir", folder]
    return command


def push_keys(folder: Path) -> dict[str, str]:
    """This machine's own VAPID key pair for Web Push, made once and kept in ``folder``,
    unless the environment brings one."""
    if os.environ.get("WEBPUSH_VAPID_PUBLIC_KEY") and os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY"):
        return {}
    path = folder / "vapid.json"
    if not path.exists():
        public, private = push.new_keys()
        path.write_text(json.dumps({"public": public, "private": private}))
        path.chmod(0o600)
    keys = json.loads(path.read_text())
    return {
        "WEBPUSH_VAPID_PUBLIC_KEY": keys["public"],
        "WEBPUSH_VAPID_PRIVATE_KEY": keys["private"],
    }


def _stop(signum, frame):
    raise KeyboardInterrupt  # SIGTERM (a service manager, a container) stops like Ctrl-C


class Command(BaseCommand):
    help = (
        "Migrate, then run the web server, a Celery worker and Celery beat until Ctrl-C or "
        "SIGTERM. Takes an address like runserver: [host:]port (default 127.0.0.1:8000)."
    )

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-worker", action="store_true", help="web server only")
        parser.add_argument(
            "--reload", action="store_true", help="restart the web server when code changes"
        )

    def handle(self, *args, addrport: str, no_worker: bool, reload: bool, **options):
        settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
        call_command("migrate", interactive=False, verbosity=1)
        call_command("upgrade_snapshots")
        python = sys.executable
        commands = [web_server(addrport, reload)]
        if not no_worker:
            commands += [
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "silkroad",
                    "worker",
                    "-l",
                    "info",
                    "--concurrency",
                    "2",
                ],
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "silkroad",
                    "beat",
                    "-l",
                    "info",
                    "--schedule",
                    str(settings.VAR_DIR / "celerybeat-schedule"),
                ],
            ]
        # The worker and beat read their settings module from the environment: give them
        # the one this command runs with (the Celery app would default to production).
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": os.environ["DJANGO_SETTINGS_MODULE"]}
        # Links in mail point where this site answers, unless SITE_URL says otherwise.
        env.setdefault("SITE_URL", site_url(addrport))
        env.update(push_keys(settings.VAR_DIR))
        signal.signal(signal.SIGTERM, _stop)
        children = [subprocess.Popen(command, env=env) for command in commands]
        self.stdout.write(f"Silkroad is running at {env['SITE_URL']}/ (Ctrl-C stops it).")
        try:
            while all(child.poll() is None for child in children):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGINT)
            for child in children:
                try:
                    child.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    child.kill()
