"""Package a source folder the way arXiv serves it, for tests and benchmarks built from `source/`."""

from __future__ import annotations

import gzip
import io
import tarfile
from pathlib import Path


def pack_folder_as_eprint(folder: Path) -> bytes:
    """Pack `folder` as arXiv's e-print endpoint would: one .tex -> gzip of it, else a .tar.gz."""
    paths = sorted(p for p in folder.rglob("*") if p.is_file())
    if len(paths) == 1 and paths[0].suffix == ".tex":
        return gzip.compress(paths[0].read_bytes(), mtime=0)
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for path in paths:
            info = tarfile.TarInfo(path.relative_to(folder).as_posix())
            data = path.read_bytes()
            info.size = len(data)
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(buf.getvalue(), mtime=0)
