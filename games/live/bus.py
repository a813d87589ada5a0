"""Where pulses travel: Redis pub/sub between processes, or files on one machine.

``LIVE_UPDATES_URL`` chooses: ``redis://…`` (production, and the browser tests), or
``file:///folder`` (``runsite``: the web server and the worker share the folder). A pulse
is a channel name and a token that changes each time; listeners wait for any of their
channels and get ``None`` when ``timeout`` passes quietly, so the stream can send a
keep-alive.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlparse

import redis
import redis.asyncio
from django.conf import settings

logger = logging.getLogger(__name__)
FILE_POLL_SECONDS = 0.1
_SAFE = re.compile(r"[^a-z0-9:_-]")


class Subscription(ABC):
    """Channels being listened to, from ``__aenter__`` on: nothing published after it is
    missed. ``next`` waits for a pulse on any of them: its channel, or None after
    ``timeout`` seconds of quiet."""

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(self, *exc) -> None:
        return None

    @abstractmethod
    async def next(self, timeout: float) -> str | None: ...


class Bus(ABC):
    """Where pulses are published and listened to (one kind per ``LIVE_UPDATES_URL``)."""

    @abstractmethod
    def publish(self, channels: Iterable[str]) -> None: ...

    @abstractmethod
    def subscribe(self, channels: list[str]) -> Subscription: ...


class FileBus(Bus):
    """One file per channel holding its latest token; listeners look every 0.1 s."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _path(self, channel: str) -> Path:
        return self.folder / _SAFE.sub("_", channel.lower())

    def publish(self, channels: Iterable[str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        token = str(time.time_ns())
        for channel in channels:
            path = self._path(channel)
            temporary = path.with_name(f".{path.name}.{os.getpid()}")
            temporary.write_text(token)
            os.replace(temporary, path)  # a reader sees the old token or the new, whole

    def _tokens(self, channels: list[str]) -> dict[str, str]:
        found = {}
        for channel in channels:
            try:
                found[channel] = self._path(channel).read_text()
            except OSError:
                found[channel] = ""
        return found

    def subscribe(self, channels: list[str]) -> Subscription:
        return _FileSubscription(self, channels)


class _FileSubscription(Subscription):
    def __init__(self, bus: FileBus, channels: list[str]):
        self.bus = bus
        self.channels = channels
        self.waiting: list[str] = []

    async def __aenter__(self) -> Subscription:
        self.seen = self.bus._tokens(self.channels)
        return self

    async def next(self, timeout: float) -> str | None:
        quiet_until = time.monotonic() + timeout
        while not self.waiting:
            if time.monotonic() >= quiet_until:
                return None
            await asyncio.sleep(FILE_POLL_SECONDS)
            now = self.bus._tokens(self.channels)
            self.waiting = [c for c in self.channels if now[c] != self.seen[c]]
            self.seen = now
        return self.waiting.pop(0)


class RedisBus(Bus):
    """Redis pub/sub: a publish reaches every listening process at once."""

    def __init__(self, url: str, prefix: str):
        self.url = url
        self.prefix = prefix
        self._client = None

    def publish(self, channels: Iterable[str]) -> None:
        if self._client is None:
            self._client = redis.Redis.from_url(self.url, socket_timeout=2)
        token = str(time.time_ns())
        with self._client.pipeline(transaction=False) as pipe:
            for channel in channels:
                pipe.publish(self.prefix + channel, token)
            pipe.execute()

    def subscribe(self, channels: list[str]) -> Subscription:
        return _RedisSubscription(self, channels)


class _RedisSubscription(Subscription):
    def __init__(self, bus: RedisBus, channels: list[str]):
        self.bus = bus
        self.channels = channels

    async def __aenter__(self) -> Subscription:
        self.client = redis.asyncio.Redis.from_url(self.bus.url)
        self.pubsub = self.client.pubsub()
        await self.pubsub.subscribe(*(self.bus.prefix + c for c in self.channels))
        return self

    async def __aexit__(self, *exc) -> None:
        await self.pubsub.aclose()
        await self.client.aclose()

    async def next(self, timeout: float) -> str | None:
        quiet_until = time.monotonic() + timeout
        while (left := quiet_until - time.monotonic()) > 0:
            message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=left)
            if message is not None and message["type"] == "message":
                return message["channel"].decode().removeprefix(self.bus.prefix)
        return None


class NoBus(Bus):
    """``LIVE_UPDATES_URL=off``: no pulses; pages keep polling."""

    def publish(self, channels: Iterable[str]) -> None:
        return None

    def subscribe(self, channels: list[str]) -> Subscription:
        return _Silence()


class _Silence(Subscription):
    async def next(self, timeout: float) -> str | None:
        await asyncio.sleep(timeout)
        return None


def get_bus() -> Bus:
    return _bus_for(settings.LIVE_UPDATES_URL, settings.LIVE_UPDATES_PREFIX)


@cache
def _bus_for(url: str, prefix: str) -> Bus:
    parsed = urlparse(url)
    if parsed.scheme in ("redis", "rediss"):
        return RedisBus(url, prefix)
    if parsed.scheme == "file":
        return FileBus(Path(unquote(parsed.path)))
    if url in ("", "off"):
        return NoBus()
    raise ValueError(f"LIVE_UPDATES_URL must be redis://…, file:///folder or off, not {url!r}")
