"""`runsite`: mail links follow the address it serves, and SIGTERM stops it all."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from silkroad.management.commands.runsite import site_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("addrport", "url"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("8001", "http://127.0.0.1:8001"),
        ("0.0.0.0:9000", "http://localhost:9000"),
        ("example.test:80", "http://example.test:80"),
    ],
)
def test_mail_links_follow_the_address_runsite_serves(addrport, url):
    assert site_url(addrport) == url


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


@pytest.mark.slow
def test_sigterm_stops_the_web_server_the_worker_and_beat(tmp_path):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env.update(DJANGO_SETTINGS_MODULE="silkroad.settings.dev", SILKROAD_VAR_DIR=str(tmp_path))
    site = subprocess.Popen(
        [sys.executable, "manage.py", "runsite", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 90
        while not _answers(port) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert _answers(port), "runsite did not start"
        site.send_signal(signal.SIGTERM)
        assert site.wait(timeout=30) is not None
        time.sleep(1)
        assert not _answers(port)
        left = subprocess.run(["pgrep", "-f", str(tmp_path)], capture_output=True, text=True)
        assert left.stdout.strip() == "", f"still running: {left.stdout}"  # beat's schedule path
    finally:
        if site.poll() is None:
            site.kill()
        subprocess.run(["pkill", "-f", str(tmp_path)], check=False)


def test_runsite_makes_its_own_push_keys_once_and_keeps_them(tmp_path, monkeypatch):
    from silkroad.management.commands.runsite import push_keys

    monkeypatch.delenv("WEBPUSH_VAPID_PUBLIC_KEY", raising=False)
    monkeypatch.delenv("WEBPUSH_VAPID_PRIVATE_KEY", raising=False)
    first = push_keys(tmp_path)
    assert first["WEBPUSH_VAPID_PRIVATE_KEY"].startswith("-----BEGIN PRIVATE KEY-----")
    assert push_keys(tmp_path) == first
    assert (tmp_path / "vapid.json").stat().st_mode & 0o777 == 0o600
