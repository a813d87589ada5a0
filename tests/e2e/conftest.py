"""Browser journeys: Playwright driving Debian's chromium against a real running stack.

Skipped where chromium or Redis is missing, unless REQUIRE_BROWSER=1 (CI), which turns
a missing piece into a failure instead.
"""

from __future__ import annotations

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

from .stack import Stack

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
REDIS_URL = os.environ.get("SILKROAD_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        return f"no chromium at {CHROMIUM}"
    parsed = urlparse(REDIS_URL)
    try:
        socket.create_connection((parsed.hostname, parsed.port or 6379), timeout=1).close()
    except OSError:
        return f"no Redis at {REDIS_URL}"
    return None


def pytest_collection_modifyitems(config, items):
    reason = _missing()
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if reason and os.environ.get("REQUIRE_BROWSER") != "1":
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    reason = _missing()
    if reason:
        pytest.fail(f"browser journey needs {reason}")
    running = Stack(folder=tmp_path_factory.mktemp("site"), redis_url=REDIS_URL)
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser, stack, request):
    """Pages in separate contexts, so two people are two cookie jars.

    No page may break the site's Content-Security-Policy or throw a script error: a
    script the policy blocks (an htmx trigger filter needs eval, say) fails quietly for
    the user, and may fail open."""
    contexts = []
    request.node._pages = []
    script_errors: list[str] = []

    def make(width: int = 390, height: int = 844):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda error: script_errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text and script_errors.append(message.text)
            ),
        )
        request.node._pages.append(page)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not script_errors, f"a page's scripts failed: {script_errors[:3]}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failed journey, show the server and worker logs and keep screenshots."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    running = item.funcargs.get("stack")
    if running is not None:
        report.sections.append(("server and worker logs", running.logs()))
        for number, page in enumerate(getattr(item, "_pages", [])):
            path = running.folder / f"failure-{number}.png"
            try:
                page.screenshot(path=str(path), full_page=True)
                report.sections.append((f"screenshot {number}", str(path)))
            except Exception as exc:  # the page may be gone; the logs still help
                report.sections.append((f"screenshot {number}", f"not taken: {exc}"))
