"""Benchmark the arxiv_source path: papers per second on one core, in-process, and peak memory.

Usage: python benchmarks/bench_source.py [CORPUS_DIR] [--rounds N]

Each corpus paper with a source/ folder is packed as arXiv serves it (or its eprint.gz is used),
then timed through unpack_eprint + extract_source_references. Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gc
import resource
import time
import tracemalloc
from pathlib import Path

from arxref.source import extract_source_references, pack_folder_as_eprint, unpack_eprint


def load_eprints(corpus: Path) -> dict[str, bytes]:
    """The e-print bytes of every corpus paper that has LaTeX source."""
    out = {}
    for folder in sorted(p for p in corpus.iterdir() if (p / "source").is_dir()):
        eprint = folder / "eprint.gz"
        packed = eprint.read_bytes() if eprint.exists() else pack_folder_as_eprint(folder / "source")
        out[folder.name] = packed
    return out


def run_once(eprints: dict[str, bytes]) -> tuple[float, float, int]:
    """One pass over all e-prints: CPU seconds of this process, wall seconds, number of references.

    CPU time is the per-core figure: on a shared machine wall time also counts other processes.
    """
    refs = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for data in eprints.values():
        refs += len(extract_source_references(unpack_eprint(data)).references)
    return time.process_time() - cpu, time.perf_counter() - wall, refs


def main() -> None:
    """Print throughput (papers/s, references/s) and peak memory for the source path."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("corpus", nargs="?", default="/work/shared/corpus")
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    eprints = load_eprints(Path(a.corpus))
    run_once(eprints)  # warm-up: imports, regex compilation, symbol tables
    gc.collect()
    cpu_times, wall_times = [], []
    refs = 0
    for _ in range(a.rounds):
        cpu, wall, refs = run_once(eprints)
        cpu_times.append(cpu)
        wall_times.append(wall)
    best, total = min(cpu_times), sum(cpu_times)
    n = len(eprints)
    tracemalloc.start()
    run_once(eprints)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    maxrss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"papers: {n}  references per pass: {refs}  rounds: {a.rounds}  e-print bytes: "
          f"{sum(map(len, eprints.values())):,}")
    print(f"papers/s/core (CPU time): best {n / best:.1f}  mean {n * a.rounds / total:.1f}")
    print(f"papers/s (wall clock, shared machine): best {n / min(wall_times):.1f}")
    print(f"references/s/core: best {refs / best:.0f}")
    print(f"ms per paper: best {1000 * best / n:.2f}")
    print(f"peak traced memory in one pass: {peak / 2**20:.1f} MiB  process maxrss: {maxrss_mib:.1f} MiB")


if __name__ == "__main__":
    main()
