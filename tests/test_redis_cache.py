"""The Redis cache keeps one client per connection pool and works as Django's does."""

import os
import threading

import pytest
import redis

from silkroad.cache import SharedClientRedisCache


@pytest.fixture
def cache():
    url = os.environ.get("SILKROAD_TEST_REDIS_URL")
    if not url:
        pytest.skip("needs Redis: set SILKROAD_TEST_REDIS_URL=redis://127.0.0.1:6379/15")
    try:
        redis.Redis.from_url(url, socket_timeout=1).ping()
    except redis.RedisError:
        pytest.skip("Redis is not running")
    backend = SharedClientRedisCache(url, {"KEY_PREFIX": "cache-test"})
    yield backend
    # Only this test's keys: the database may be shared with other tests' servers.
    backend.delete_many(["coins", "a", "b", "hits", "shared-count"])


def test_every_cache_call_shares_one_client(cache):
    cache.set("coins", 7, timeout=30)
    client = cache._cache.get_client(write=True)
    assert cache._cache.get_client(write=True) is client
    assert cache._cache.get_client() is client  # one server: reads use the same pool
    assert cache.get("coins") == 7


def test_the_cache_reads_writes_and_counts_as_djangos_does(cache):
    cache.set_many({"a": {"camels": 2}, "b": [1, 2]}, timeout=30)
    assert cache.get_many(["a", "b", "missing"]) == {"a": {"camels": 2}, "b": [1, 2]}
    assert cache.add("a", "other") is False
    cache.set("hits", 1, timeout=30)
    assert cache.incr("hits", 4) == 5
    cache.delete("a")
    assert cache.get("a", "gone") == "gone"


def test_threads_share_the_client_safely(cache):
    def count():
        for _ in range(50):
            cache.incr("shared-count")

    cache.set("shared-count", 0, timeout=30)
    threads = [threading.Thread(target=count) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.get("shared-count") == 200
