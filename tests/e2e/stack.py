"""A whole Silkroad running in child processes, for browser journeys and fault tests.

The web server and a real Celery worker (on Redis) share a SQLite file in a temporary
folder (or the database at ``database_url``); mail is written to files there, so a
journey can read what a user received, unless ``extra_env`` points it at a mail server.
"""

from __future__ import annotations

import email
import email.policy
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MESSAGE_SEPARATOR = "-" * 79


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Stack:
    folder: Path
    redis_url: str
    database_url: str = ""
    extra_env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    processes: list[subprocess.Popen] = field(default_factory=list)
    worker: subprocess.Popen | None = None
    # Every key this stack's broker writes starts with this: runs side by side (and a
    # developer's own data on the same Redis) never see each other's tasks.
    broker_prefix: str = field(default_factory=lambda: f"silkroad-test-{uuid.uuid4().hex[:12]}:")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def mail_folder(self) -> Path:
        return self.folder / "mail"

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env.update(
            DJANGO_SETTINGS_MODULE="silkroad.settings.dev",
            DEBUG="1",
            SILKROAD_VAR_DIR=str(self.folder),
            DATABASE_URL=self.database_url or f"sqlite:///{self.folder / 'site.sqlite3'}",
            CELERY_BROKER_URL=self.redis_url,
            CELERY_BROKER_KEYPREFIX=self.broker_prefix,
            EMAIL_FILE_PATH=str(self.mail_folder),
            SITE_URL=self.url,
            PYTHONUNBUFFERED="1",
            # Bots move from the worker and pages poll as in production, only sooner.
            BOT_MOVE_DELAY_SECONDS="0.1",
            GAME_POLL_SECONDS="0.25",
            PRESENCE_SECONDS="2",  # a closed page stops counting as open soon
            # Every journey signs its people up from 127.0.0.1: more than 20 a minute.
            THROTTLE_SIGNUP="1000/m/ip",
        )
        env.update(self.extra_env)
        return env

    def _spawn(self, name: str, *args: str) -> subprocess.Popen:
        log = open(self.folder / f"{name}.log", "a")  # noqa: SIM115 - closed with the process
        process = subprocess.Popen(
            [sys.executable, *args],
            cwd=ROOT,
            env=self.environment(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a kill takes its children too
        )
        self.processes.append(process)
        return process

    def start_worker(self) -> None:
        self.worker = self._spawn(
            "worker",
            "-m",
            "celery",
            "-A",
            "silkroad",
            "worker",
            "-l",
            "info",
            "--concurrency",
            "1",
            "--without-gossip",
            "--without-mingle",
            # With beat inside, as production runs it beside: the relay delivers mails.
            "--beat",
            "--schedule",
            str(self.folder / "celerybeat-schedule"),
        )

    def kill_worker(self) -> None:
        """SIGKILL the worker and its pool, as a crash or the out-of-memory killer would."""
        os.killpg(self.worker.pid, signal.SIGKILL)
        self.worker.wait(timeout=10)

    def start(self) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=self.environment(),
            check=True,
        )
        self._spawn(
            "web",
            "-m",
            "uvicorn",
            "silkroad.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--timeout-graceful-shutdown",
            "2",
        )
        self.start_worker()
        self._wait_until_up(timeout=60)

    def _wait_until_up(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2)
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("the web server did not start:\n" + self.logs())

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name}\n{path.read_text()[-4000:]}" for path in self.folder.glob("*.log")
        )

    def messages(self) -> list[email.message.EmailMessage]:
        """Every mail sent so far, oldest first."""
        found = []
        if not self.mail_folder.exists():
            return found
        for path in sorted(self.mail_folder.iterdir(), key=lambda p: p.stat().st_mtime):
            for chunk in path.read_text().split(MESSAGE_SEPARATOR):
                if chunk.strip():
                    found.append(
                        email.message_from_string(chunk.lstrip("\n"), policy=email.policy.default)
                    )
        return found

    def wait_for_mail(self, to: str, subject_part: str, timeout: float = 30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in reversed(self.messages()):
                if to in str(message["To"]) and subject_part in str(message["Subject"]):
                    return message
            time.sleep(0.3)
        subjects = [(str(m["To"]), str(m["Subject"])) for m in self.messages()]
        raise AssertionError(f"no mail to {to} about {subject_part!r}; sent: {subjects}")


def text_body(message) -> str:
    part = message.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""
