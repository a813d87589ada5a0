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
    backend.delete_many(["coins", "a", "b", "hits", "shared-count", "expiring", "never-set"])


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


def test_counting_a_missing_key_refuses_and_makes_no_key(cache):
    with pytest.raises(ValueError):
        cache.incr("never-set")
    assert cache.get("never-set") is None


def test_a_counted_key_keeps_its_expiry(cache):
    cache.set("expiring", 1, timeout=30)
    assert cache.incr("expiring", 2) == 3
    client = cache._cache.get_client(write=True)
    assert 0 < client.ttl(cache.make_and_validate_key("expiring")) <= 30


def test_counting_goes_on_after_the_server_forgot_the_script(cache):
    cache.set("hits", 1, timeout=30)
    assert cache.incr("hits") == 2
    cache._cache.get_client(write=True).script_flush()  # a restart or a failover
    assert cache.incr("hits") == 3
