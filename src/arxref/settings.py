"""One settings object, built once from the environment and passed down.

Nothing reads `os.environ` at import time: `Settings.from_env()` is called by the
CLI (or the Celery app factory) and the result is handed to every stage.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

EXTRACTOR_VERSION = "0.1.0"
"""Stamped on every stored reference; `reprocess --extractor-older-than` compares it."""


@dataclass(frozen=True)
class Settings:
    """Where arxref keeps its data and where it reads papers from."""

    database_url: str
    blob_dir: Path
    source_dir: Path | None
    broker_url: str
    contact: str
    max_download_bytes: int = 256 * 1024 * 1024
    extractor_version: str = EXTRACTOR_VERSION

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read ARXREF_* variables; defaults give the embedded setup under ./var."""
        env = os.environ if env is None else env
        home = Path(env.get("ARXREF_HOME", "var"))
        source = env.get("ARXREF_SOURCE_DIR")
        return cls(
            database_url=env.get("ARXREF_DATABASE_URL", f"sqlite:///{home / 'arxref.db'}"),
            blob_dir=Path(env.get("ARXREF_BLOB_DIR", str(home / "blobs"))),
            source_dir=Path(source) if source else None,
            broker_url=env.get("ARXREF_BROKER_URL", "redis://127.0.0.1:6379/0"),
            contact=env.get("ARXREF_CONTACT", "arxref-operator@example.org"),
            max_download_bytes=int(env.get("ARXREF_MAX_DOWNLOAD_BYTES", str(256 * 1024 * 1024))),
        )
