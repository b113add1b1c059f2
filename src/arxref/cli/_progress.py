"""A progress line on stderr for long runs (enqueue, reprocess), quiet when stderr is not a terminal."""

from __future__ import annotations

import sys
import time


class Progress:
    """`\\r`-updated `label: n/total` on a terminal, at most ten times a second."""

    def __init__(self, label: str, total: int | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self._shown = 0.0
        self._live = sys.stderr.isatty()

    def step(self, n: int = 1) -> None:
        """Count `n` more items."""
        self.done += n
        now = time.monotonic()
        if self._live and now - self._shown > 0.1:
            self._shown = now
            total = f"/{self.total}" if self.total is not None else ""
            print(f"\r{self.label}: {self.done}{total}", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        """Clear the line."""
        if self._live:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
