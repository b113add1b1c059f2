"""A progress line on stderr for long runs (catalog load, enqueue, reprocess, eval), quiet when piped."""

from __future__ import annotations

import sys
import time


class Progress:
    """`\\r`-updated `label: n/total, rate/s` on a terminal, at most ten times a second; nothing otherwise."""

    def __init__(self, label: str, total: int | None = None, unit: str = "") -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.done = 0
        self._started = time.monotonic()
        self._shown = 0.0
        self._live = sys.stderr.isatty()

    def step(self, n: int = 1) -> None:
        """Count `n` more items."""
        self.at(self.done + n)

    def at(self, done: int) -> None:
        """The count so far (for callers that report a running total)."""
        self.done = done
        now = time.monotonic()
        if self._live and now - self._shown > 0.1:
            self._shown = now
            print(f"\r\033[K{self.line(now)}", end="", file=sys.stderr, flush=True)

    def line(self, now: float | None = None) -> str:
        """What the display shows: the count, the total when known, and the rate."""
        elapsed = (time.monotonic() if now is None else now) - self._started
        total = f"/{self.total}" if self.total is not None else ""
        unit = f" {self.unit}" if self.unit else ""
        rate = f", {self.done / elapsed:,.0f}/s" if elapsed > 0.5 else ""
        return f"{self.label}: {self.done:,}{total}{unit}{rate}"

    def close(self) -> None:
        """Clear the line."""
        if self._live:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
