"""The metrics files of `telemetry`: every process counts into its own, and the files of processes that
have ended are folded into one per kind, their counts kept, instead of one 64 KB file per run."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from arxref import telemetry

COUNT = """
import sys
from pathlib import Path
from arxref import telemetry
from arxref.domain import Stage
telemetry.configure(Path(sys.argv[1]))
with telemetry.timed(Path(sys.argv[1]), Stage.FETCH):
    for status in sys.argv[2:]:
        telemetry.count_fetch_response(int(status))
print("counted", flush=True)
input()  # held open until the test says
"""


def counting(folder: Path, *statuses: str) -> subprocess.Popen:
    """A process that has counted `statuses` and one fetch's duration into `folder`, and waits for a line."""
    args = [sys.executable, "-c", COUNT, str(folder), *statuses]
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline() == "counted\n"
    return child


def ended(child: subprocess.Popen) -> None:
    child.communicate("\n", timeout=60)
    assert child.returncode == 0


def _counts(folder: Path) -> dict[str, float]:
    collector = telemetry.read_collector(folder)
    assert collector is not None
    found = {}
    for metric in collector.collect():
        for sample in metric.samples:
            if sample.name == "arxref_fetch_responses_total":
                found[sample.labels["status"]] = sample.value
            if sample.name == "arxref_stage_duration_seconds_count":
                found["fetches timed"] = sample.value
    return found


def test_the_files_of_ended_processes_fold_into_one_per_kind_and_keep_their_counts(tmp_path: Path) -> None:
    folder = tmp_path / "metrics"
    for statuses in (("200", "200", "404"), ("200",), ("503",)):
        ended(counting(folder, *statuses))
    host = socket.gethostname()
    live = counting(folder, "200")
    assert _counts(folder) == {"200": 4.0, "404": 1.0, "503": 1.0, "fetches timed": 4.0}
    names = sorted(path.name for path in folder.glob("*.db"))
    assert names == sorted(
        [
            f"counter_{host}-merged.db",
            f"histogram_{host}-merged.db",
            f"counter_{host}-{live.pid}.db",
            f"histogram_{host}-{live.pid}.db",
        ]
    )
    ended(live)
    assert _counts(folder) == {"200": 4.0, "404": 1.0, "503": 1.0, "fetches timed": 4.0}
    assert sorted(path.name for path in folder.glob("*.db")) == [
        f"counter_{host}-merged.db",
        f"histogram_{host}-merged.db",
    ]
