"""Where pulses travel: Redis pub/sub between processes, or files on one machine.

``LIVE_UPDATES_URL`` chooses: ``redis://…`` (production, and the browser tests), or
``file:///folder`` (``runsite``: the web server and the worker share the folder). A pulse
is a channel name and a token naming the change (``Pulse``); listeners wait for any of
their channels and get ``None`` when ``timeout`` passes quietly, so the stream can send a
keep-alive. Every pulse reaches every listener of its channel, each with its own token:
a page skips the pulses of its own moves by their tokens (``games.web.live_views``), so
two pulses must never reach it as one.
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
from typing import NamedTuple
from urllib.parse import unquote, urlparse

import redis
import redis.asyncio
from django.conf import settings

logger = logging.getLogger(__name__)
FILE_POLL_SECONDS = 0.1
FILE_KEEPS_BYTES = 16_384  # a channel's file starts again past this (UNKNOWN for listeners)
_SAFE = re.compile(r"[^a-z0-9:_-]")
UNKNOWN = ""  # the token of a pulse whose token was lost: never one of a page's own


class Pulse(NamedTuple):
    """One change told on ``channel``; ``token`` names it (``events.Touch.token``), or is
    UNKNOWN."""

    channel: str
    token: str


class Subscription(ABC):
    """Channels being listened to, from ``__aenter__`` on: nothing published after it is
    missed. ``next`` waits for a pulse on any of them: its channel, or None after
    ``timeout`` seconds of quiet."""

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(self, *exc) -> None:
        return None

    @abstractmethod
    async def next(self, timeout: float) -> Pulse | None: ...


class Bus(ABC):
    """Where pulses are published and listened to (one kind per ``LIVE_UPDATES_URL``)."""

    @abstractmethod
    def publish(self, channels: Iterable[str], token: str) -> None:
        """Pulse ``channels``, all with ``token``, the name of the change."""

    @abstractmethod
    def subscribe(self, channels: list[str]) -> Subscription: ...


class FileBus(Bus):
    """One file per channel, a line appended per pulse (its token); listeners read the
    lines added since they last looked, every 0.1 s. Appending, not replacing: two pulses
    between two looks are two lines, never one token hiding another. Past
    ``FILE_KEEPS_BYTES`` a channel's file is replaced by a new one: a listener that finds
    another file than it read tells one pulse whose token it does not know."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _path(self, channel: str) -> Path:
        return self.folder / _SAFE.sub("_", channel.lower())

    def publish(self, channels: Iterable[str], token: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        line = f"{token}\n".encode()
        for channel in channels:
            path = self._path(channel)
            # One write of one short line in append mode: never mixed with another's.
            with open(path, "ab") as file:
                file.write(line)
                full = file.tell() > FILE_KEEPS_BYTES
            if full:
                temporary = path.with_name(f".{path.name}.{os.getpid()}")
                temporary.write_bytes(line)
                os.replace(temporary, path)  # a reader sees the old file or the new, whole

    def _tokens(self, channels: list[str]) -> dict[str, str]:
        """Each channel's latest token ("" for a channel never pulsed)."""
        found = {}
        for channel in channels:
            try:
                lines = self._path(channel).read_bytes().splitlines()
            except OSError:
                lines = []
            found[channel] = lines[-1].decode() if lines else ""
        return found

    def _place(self, channel: str) -> tuple[int, int]:
        """Where a listener stands in ``channel``'s file: (the file's identity, its size)."""
        try:
            stat = self._path(channel).stat()
        except OSError:
            return (0, 0)
        return (stat.st_ino, stat.st_size)

    def _read_since(self, channel: str, place: tuple[int, int]) -> tuple[list[Pulse], tuple]:
        """The pulses on ``channel`` after ``place``, and the new place."""
        try:
            file = open(self._path(channel), "rb")
        except OSError:  # never pulsed yet
            return [], place
        with file:
            stat = os.fstat(file.fileno())  # the file read, even if replaced meanwhile
            now = (stat.st_ino, stat.st_size)
            if now == place:
                return [], place
            if not place[0]:  # no file when last looked: all of this one is news
                place = (now[0], 0)
            elif now[0] != place[0] or now[1] < place[1]:  # started again: pulses lost
                return [Pulse(channel, UNKNOWN)], now
            file.seek(place[1])
            added = file.read(now[1] - place[1])
        complete = added[: added.rfind(b"\n") + 1]  # a line still being written waits
        pulses = [Pulse(channel, token.decode()) for token in complete.splitlines()]
        return pulses, (place[0], place[1] + len(complete))

    def subscribe(self, channels: list[str]) -> Subscription:
        return _FileSubscription(self, channels)


class _FileSubscription(Subscription):
    def __init__(self, bus: FileBus, channels: list[str]):
        self.bus = bus
        self.channels = channels
        self.waiting: list[Pulse] = []

    async def __aenter__(self) -> Subscription:
        self.places = {channel: self.bus._place(channel) for channel in self.channels}
        return self

    async def next(self, timeout: float) -> Pulse | None:
        quiet_until = time.monotonic() + timeout
        while not self.waiting:
            if time.monotonic() >= quiet_until:
                return None
            await asyncio.sleep(FILE_POLL_SECONDS)
            for channel in self.channels:
                pulses, self.places[channel] = self.bus._read_since(channel, self.places[channel])
                self.waiting += pulses
        return self.waiting.pop(0)


class RedisBus(Bus):
    """Redis pub/sub: a publish reaches every listening process at once."""

    def __init__(self, url: str, prefix: str):
        self.url = url
        self.prefix = prefix
        self._client = None

    def publish(self, channels: Iterable[str], token: str) -> None:
        if self._client is None:
            self._client = redis.Redis.from_url(self.url, socket_timeout=2)
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

    async def next(self, timeout: float) -> Pulse | None:
        quiet_until = time.monotonic() + timeout
        while (left := quiet_until - time.monotonic()) > 0:
            message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=left)
            if message is not None and message["type"] == "message":
                channel = message["channel"].decode().removeprefix(self.bus.prefix)
                return Pulse(channel, message["data"].decode())
        return None


class NoBus(Bus):
    """``LIVE_UPDATES_URL=off``: no pulses; pages keep polling."""

    def publish(self, channels: Iterable[str], token: str) -> None:
        return None

    def subscribe(self, channels: list[str]) -> Subscription:
        return _Silence()


class _Silence(Subscription):
    async def next(self, timeout: float) -> Pulse | None:
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
