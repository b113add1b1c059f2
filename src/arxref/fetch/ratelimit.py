"""One request rate for every worker on every machine: a token bucket kept in Redis.

The bucket is stored as GCRA does it, as one timestamp (the "theoretical arrival
time"): a Lua script reads Redis' own clock, so workers with skewed clocks still
share one schedule, and the check-and-take is atomic across processes. `hold`
pushes the schedule out for everyone when arXiv answers 429 with Retry-After.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import redis

from arxref.errors import BrokerUnavailable

# KEYS[1]: the bucket. ARGV: interval (ms), burst (requests), hold (ms; 0 = take a token).
# Returns 0 when a token was taken, else the milliseconds to wait before asking again.
_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local hold = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
if hold > 0 then
  if now + hold > tat then tat = now + hold end
  redis.call('SET', KEYS[1], tat, 'PX', tat - now + interval * burst + 1000)
  return 0
end
local allowance = interval * (burst - 1)
if tat - now > allowance then return tat - now - allowance end
redis.call('SET', KEYS[1], tat + interval, 'PX', tat + interval - now + interval * burst + 1000)
return 0
"""


class RateLimiter(Protocol):
    """What the arXiv client asks before each request."""

    def acquire(self) -> None: ...

    def hold(self, seconds: float) -> None: ...


class NoRateLimit:
    """Rate limit off (a local mirror, a benchmark against 127.0.0.1)."""

    def acquire(self) -> None:
        """Never waits."""

    def hold(self, seconds: float) -> None:
        """Nothing to push out."""


class LocalRateLimit:
    """One process on its own (embedded, no Redis): the same pace, kept in memory."""

    def __init__(self, interval: float, sleep: Callable[[float], None] = time.sleep) -> None:
        self._interval = interval
        self._next = 0.0
        self._sleep = sleep

    def acquire(self) -> None:
        """Wait until this process' next slot."""
        now = time.monotonic()
        if self._next > now:
            self._sleep(self._next - now)
        self._next = max(now, self._next) + self._interval

    def hold(self, seconds: float) -> None:
        """Push the next slot out."""
        self._next = max(self._next, time.monotonic() + seconds)


class RedisTokenBucket:
    """A token bucket shared through Redis: `acquire` blocks until a token is free."""

    def __init__(
        self,
        client: redis.Redis,
        interval: float,
        burst: int = 1,
        key: str = "arxref:ratelimit:arxiv",
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._script = client.register_script(_SCRIPT)
        self._interval_ms = max(1, round(interval * 1000))
        self._burst = max(1, burst)
        self._key = key
        self._sleep = sleep

    def acquire(self) -> None:
        """Wait for a token; Redis decides who is next, so the rate holds across machines."""
        while (wait_ms := self._call(0)) > 0:
            self._sleep(wait_ms / 1000)

    def hold(self, seconds: float) -> None:
        """No worker gets a token for `seconds` (arXiv asked us to wait)."""
        if seconds > 0:
            self._call(max(1, round(seconds * 1000)))

    def _call(self, hold_ms: int) -> int:
        try:
            return int(self._script(keys=[self._key], args=[self._interval_ms, self._burst, hold_ms]))
        except redis.RedisError as exc:
            raise BrokerUnavailable(f"rate limit store unreachable: {exc}") from exc


def make_rate_limiter(redis_url: str | None, interval: float, burst: int = 1) -> RateLimiter:
    """The shared bucket; in-process pacing without Redis (embedded); none when the interval is 0."""
    if interval <= 0:
        return NoRateLimit()
    if not redis_url:
        return LocalRateLimit(interval)
    return RedisTokenBucket(redis.Redis.from_url(redis_url), interval, burst)
