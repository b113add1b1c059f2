"""Mistakes a newcomer or an operator makes, through the real `arxref` command in a child process: each
is one line on stderr with the exit code README promises (2 usage, 3 input or environment), never a
traceback, and changes nothing it should not."""

from __future__ import annotations

import errno
import json
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from arxref.cli import main
from tests.conftest import SAMPLES, empty_database
from tests.servers import free_port
from tests.web_server import ARXREF, arxref_env, run_arxref


def one_line(done, code: int) -> str:  # noqa: ANN001 (a CompletedProcess)
    """The only stderr line of a command that exited with `code`."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == code, done.stderr[-2000:]
    assert len(lines) == 1, done.stderr[-2000:]
    return lines[0]


@pytest.fixture
def one_failed(tmp_path: Path) -> dict[str, str]:
    """An embedded home whose database holds one done and one failed version."""
    folder = tmp_path / "papers"
    folder.mkdir()
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder)
    (folder / "2401.00002v1.pdf").write_bytes(b"%PDF-1.4 truncated")
    env = arxref_env({"ARXREF_HOME": str(tmp_path / "var")})
    assert run_arxref(["process", str(folder)], env, check=False).returncode == 1
    return env


def _states(env: dict[str, str]) -> dict[str, int]:
    return json.loads(run_arxref(["status", "--json"], env).stdout)["versions_by_state"]


@pytest.mark.parametrize(
    "argv", [["reprocess", "--failed"], ["reprocess", "--stalled", "0", "--pool"]], ids=["failed", "stalled"]
)
def test_reprocess_to_a_broker_that_is_down_is_one_line_and_moves_no_version(
    one_failed: dict[str, str], argv: list[str]
) -> None:
    before = _states(one_failed)
    assert before == {"done": 1, "failed": 1}
    down = {**one_failed, "ARXREF_BROKER_URL": f"redis://127.0.0.1:{free_port()}/0"}  # nothing listens
    line = one_line(run_arxref(argv, down, check=False), 3)
    assert line.startswith("arxref: BrokerUnavailable: the broker does not answer")
    assert _states(one_failed) == before


@pytest.mark.parametrize(
    ("page", "says"),
    [
        ("99999999999999999999999", "a whole number from 1 to 1000000"),
        ("-1", "a whole number from 1 to 1000000"),
        ("2", "1205.4446: outbound page 2 of 1: past the last page"),
    ],
)
def test_record_of_a_page_that_is_not_there_is_one_line(
    one_failed: dict[str, str], page: str, says: str
) -> None:
    done = run_arxref(["record", "1205.4446", "--outbound-page", page], one_failed, check=False)
    assert says in one_line(done, 3)


def test_serve_on_a_port_out_of_range_or_in_use_is_one_line_before_anything_is_printed(
    tmp_path: Path,
) -> None:
    env = arxref_env({"ARXREF_HOME": str(tmp_path / "var")})
    empty_database(tmp_path / "var")
    done = run_arxref(["serve", "--port", "99999"], env, check=False)
    assert "--port 99999: a TCP port is a number from 1 to 65535" in one_line(done, 3)
    assert done.stdout == ""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = run_arxref(["serve", "--port", str(port)], env, check=False)
    assert f"127.0.0.1:{port}: port {port} is in use" in one_line(done, 3)
    assert done.stdout == ""


def test_serve_on_a_port_this_user_may_not_take_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """As the kernel answers a user without privileges for port 80 (this suite may run as root, whom it
    lets; the interpreter is not always one another user may run)."""

    def refused(address: tuple[str, int], **_: object) -> socket.socket:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setenv("ARXREF_HOME", str(tmp_path / "var"))
    empty_database(tmp_path / "var")
    monkeypatch.setattr(socket, "create_server", refused)
    assert main(["serve", "--port", "80"]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "arxref: 127.0.0.1:80: this user may not listen on port 80 (below 1024 needs privileges)\n"


@pytest.mark.parametrize(
    "argv",
    [["status"], ["record", "1911.02782"], ["crosscheck", "--report"], ["reprocess", "--failed"], ["serve"]],
    ids=["status", "record", "crosscheck", "reprocess", "serve"],
)
def test_a_read_command_without_a_database_says_where_it_looked_and_makes_nothing(
    tmp_path: Path, argv: list[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = arxref_env({"ARXREF_HOME": "var"})  # relative, as by default: a command run from another folder
    done = subprocess.run([*ARXREF, *argv], env=env, cwd=elsewhere, capture_output=True, text=True)
    said = f"arxref: no database at {elsewhere / 'var' / 'arxref.db'}: `arxref process PAPERS`"
    assert one_line(done, 3).startswith(said)
    assert list(elsewhere.iterdir()) == []


def test_a_sqlite_url_into_a_missing_folder_makes_no_folder(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent" / "dir" / "x.db"
    env = arxref_env({"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_DATABASE_URL": f"sqlite:///{missing}"})
    assert f"no database at {missing}" in one_line(run_arxref(["status"], env, check=False), 3)
    assert not (tmp_path / "nonexistent").exists()


def test_process_of_an_id_says_where_it_reads_it_and_fails_at_once_offline(tmp_path: Path) -> None:
    offline = {"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_ARXIV_URL": f"http://127.0.0.1:{free_port()}"}
    done = run_arxref(["process", "1911.02782"], arxref_env(offline), check=False)
    said = done.stderr.strip().splitlines()
    assert done.returncode == 3, done.stderr
    url = offline["ARXREF_ARXIV_URL"]
    assert said[0] == f"1911.02782: from arXiv over HTTP ({url}; ARXREF_SOURCE_DIR reads a folder instead)"
    assert said[1].startswith("arxref: UpstreamError: arXiv is not reachable at 127.0.0.1:")
    assert len(said) == 2
    assert _states(arxref_env(offline)) == {}  # nothing saved: no failed version to reprocess later
    local = arxref_env({"ARXREF_HOME": str(tmp_path / "var"), "ARXREF_SOURCE_DIR": str(SAMPLES)})
    done = run_arxref(["process", "1205.4446"], local)
    assert done.stderr.startswith(f"1205.4446: from the folder {SAMPLES}\n")


def test_process_of_an_empty_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    env = arxref_env({"ARXREF_HOME": str(tmp_path / "var")})
    done = run_arxref(["process", str(tmp_path / "empty")], env, check=False)
    said = "empty: no version files in this folder (<arxiv id>v<n>.pdf/.tar.gz/.gz/.tex)"
    assert one_line(done, 3).endswith(said)
    assert "0 versions" not in done.stdout


def test_crosscheck_without_an_id_or_report_is_a_usage_error(tmp_path: Path) -> None:
    done = run_arxref(["crosscheck"], arxref_env({"ARXREF_HOME": str(tmp_path / "var")}), check=False)
    assert done.returncode == 2
    said = "arxref crosscheck: error: one of the arguments ID[vN] --report is required"
    assert done.stderr.strip().splitlines()[-1] == said
