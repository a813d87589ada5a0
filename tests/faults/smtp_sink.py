"""A local mail server for the fault tests: it records what it accepted, and can hold one
mail in the middle of its sending, so a test can kill the sender right then."""

from __future__ import annotations

import asyncio
import email
import email.policy
import threading
import time
from collections import Counter

from aiosmtpd.controller import Controller

from tests.e2e.stack import free_port


class SmtpSink:
    def __init__(self) -> None:
        self.port = free_port()
        self.accepted: list[tuple[str, str]] = []  # (to, subject) of every mail taken
        self._hold_to: str | None = None
        self._held = threading.Event()
        self._release = threading.Event()
        self._accept_held = False
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    def start(self) -> None:
        self._controller.start()

    def stop(self) -> None:
        self._release.set()
        self._controller.stop()

    def hold_next_mail_to(self, address: str) -> None:
        """Keep the next mail to ``address`` waiting for its answer until ``release``."""
        self._hold_to = address

    def wait_until_held(self, timeout: float = 60.0) -> None:
        if not self._held.wait(timeout):
            raise AssertionError("no mail to hold arrived")

    def release(self, *, accept: bool) -> None:
        """Answer the held mail: accepted (250), or refused as if the server had failed."""
        self._accept_held = accept
        self._release.set()

    def count(self) -> Counter:
        return Counter(self.accepted)

    def wait_for(self, to: str, subject_part: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(t == to and subject_part in s for t, s in self.accepted):
                return
            time.sleep(0.2)
        raise AssertionError(f"no mail to {to} about {subject_part!r}; got {self.accepted}")

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        taken = [(to, str(message["Subject"])) for to in envelope.rcpt_tos]
        if self._hold_to in envelope.rcpt_tos:
            self._hold_to = None
            self._held.set()
            await asyncio.get_running_loop().run_in_executor(None, self._release.wait, 120)
            if not self._accept_held:
                return "451 Requested action aborted: local error in processing"
        self.accepted.extend(taken)
        return "250 Message accepted for delivery"
