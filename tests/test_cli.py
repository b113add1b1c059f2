"""The `arxref` command as a user runs it: embedded SQLite under a temporary ARXREF_HOME."""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arxref.cli import build_parser, main
from tests.conftest import CORPUS, SAMPLES, WIDE, empty_database, modules_loaded_by
from tests.servers import free_port


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARXREF_HOME", str(tmp_path / "var"))
    monkeypatch.delenv("ARXREF_DATABASE_URL", raising=False)
    return tmp_path / "var"


def test_process_samples_prints_a_summary_per_version(capsys, home: Path) -> None:
    assert main(["process", str(SAMPLES), "--catalog", str(SAMPLES / "catalog.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "1911.02782v1     done    55 references (arxiv_source 55)" in out
    assert "0801.0012v1      done    20 references (pdf_text 20)" in out
    assert "5 versions, 5 done, 0 failed" in out
    assert (home / "arxref.db").is_file()


def test_record_lists_outbound_references_with_state_counts(capsys) -> None:
    main(["process", str(SAMPLES / "1711.08379v1.tar.gz"), "--catalog", str(SAMPLES / "catalog.jsonl")])
    capsys.readouterr()
    assert main(["record", "1711.08379"]) == 0
    record = json.loads(capsys.readouterr().out)
    counts = record["reference_resolution"]["state_counts"]
    paper = record["paper"]
    assert (paper["arxiv_id"], paper["version"], paper["latest_version"]) == ("1711.08379", 1, 2)
    assert paper["metadata_source"] == "arxiv_catalog"  # the sample catalog holds the samples themselves
    assert sum(counts.values()) == len(record["outbound"]) == 17
    first = record["outbound"][0]
    assert (first["citation"]["reference_index"], first["citation"]["source"]) == (1, "arxiv_source")
    assert first["resolution"]["status"] == "verified_exact"
    assert first["resolution"]["resolver_source"] == "arxiv_id"


def test_record_of_an_unknown_paper_is_a_clear_error(capsys, home: Path) -> None:
    empty_database(home)
    assert main(["record", "2401.99999"]) == 3
    assert "no processed version" in capsys.readouterr().err


def test_extract_json_has_the_shape_score_py_reads(capsys) -> None:
    assert main(["extract", str(SAMPLES / "1205.4446v1.tar.gz"), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["source"] == "arxiv_source"
    refs = doc["references"]
    assert [r["index"] for r in refs] == [1, 2, 3, 4, 5]
    assert refs[1]["arxiv_id"] == "1008.4686"
    assert {"index", "raw", "title", "arxiv_id", "doi", "label", "source"} <= refs[0].keys()


def test_extract_json_fills_an_unprinted_title_from_the_verified_match(capsys) -> None:
    catalog = str(SAMPLES / "catalog.jsonl")
    assert main(["extract", str(SAMPLES / "0801.0012v1.pdf"), "--json", "--catalog", catalog]) == 0
    refs = {r["index"]: r for r in json.loads(capsys.readouterr().out)["references"]}
    # "G. Mahajan, T. Padmanabhan Particle creation, ..., Preprint arXiv:0708.1233": no title parsed.
    mahajan = refs[16]
    assert mahajan["resolution"]["cited_arxiv_id"] == "0708.1233"
    assert mahajan["title_source"] == "catalog"
    assert mahajan["title"] == mahajan["resolution"]["cited_title"]
    assert mahajan["title"].startswith("Particle creation, classicality and related issues")
    assert {r["title_source"] for r in refs.values() if r["title"]} <= {"printed", "catalog"}
    assert all(r["title_source"] is None for r in refs.values() if not r["title"])


def test_failed_versions_show_in_status_and_reprocess_after_the_fix(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "2401.00002v1.pdf").write_bytes(b"not a pdf at all")
    main(["process", str(folder / "2401.00002v1.pdf")])
    assert "2401.00002v1     failed at extract: CorruptPdf" in capsys.readouterr().out
    assert main(["status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["versions_by_state"] == {"failed": 1}
    assert status["failures_by_error_class"] == {"extract/CorruptPdf": 1}
    (folder / "2401.00002v1.pdf").unlink()
    shutil.copy(SAMPLES / "1205.4446v1.pdf", folder / "2401.00002v1.pdf")
    assert main(["reprocess", "--failed", "--source-dir", str(folder)]) == 0
    assert "2401.00002v1: done" in capsys.readouterr().out


def test_eval_prints_score_py_figures(capsys, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    paper = corpus / "1711.08379"
    paper.mkdir(parents=True)
    shutil.copy(SAMPLES / "gold" / "1711.08379.json", paper / "gold.json")
    shutil.copy(SAMPLES / "1711.08379v1.tar.gz", paper / "eprint.gz")  # arXiv names the gzip'd tar .gz
    assert main(["eval", str(corpus), "--source-only"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "paper",
        "gold",
        "pred",
        "P",
        "R",
        "F1",
        "index",
        "title",
        "arxiv",
        "doi",
        "res_R",
        "res_P",
    ]
    assert lines[-1].split()[:6] == ["ALL", "17", "17", "1.000", "1.000", "1.000"]


@pytest.mark.skipif(not (WIDE.is_dir() and CORPUS.is_dir()), reason="shared corpora and score.py not beside")
def test_eval_scores_composed_biblatex_gold_as_score_py_does(capsys, tmp_path: Path) -> None:
    """Gold composed from biblatex fields lacks what the style prints around them: `eval` and score.py
    both match such gold by word containment, and print the same table."""
    corpus = tmp_path / "corpus"
    shutil.copytree(WIDE / "amsart-biblatex-funct-top", corpus / "amsart-biblatex-funct-top")
    out = tmp_path / "pred"
    assert main(["eval", str(corpus), "--pdf-only", "--out", str(out)]) == 0
    ours = capsys.readouterr().out.splitlines()
    theirs = subprocess.run(
        [sys.executable, str(CORPUS / "score.py"), str(corpus), str(out)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert ours == theirs
    recall = float(ours[-1].split()[4])
    assert recall > 0.7  # with ratio matching alone this paper's recall is 0.660


def _catalog_line(arxiv_id: str, title: str, **fields: object) -> str:
    return json.dumps({"id": arxiv_id, "title": title, "authors": "A. Author", **fields})


def test_catalog_load_skips_bad_lines_with_their_numbers_and_loads_the_rest(capsys, tmp_path: Path) -> None:
    lines = [
        _catalog_line("2401.00001", "A good record"),
        _catalog_line("2401.00002", "Journal ref as an object", **{"journal-ref": {"j": "PRL"}}),
        _catalog_line("2401.00003", "Categories as a list", categories=["hep-th", "gr-qc"]),
        '{"id": "2401.00004", "title": "A lone surrogate \\ud800 here"}',
        _catalog_line("2401.00006", "Another good record"),
    ]
    path = tmp_path / "snapshot.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode() + b'{"id": "2401.00005", "title": "caf\xe9"}\n')
    assert main(["catalog", "load", str(path)]) == 0
    err = capsys.readouterr().err
    assert "skipped 4 bad lines" in err
    assert "line 2: 'journal-ref' is a JSON dict, not text" in err
    assert "line 6: not UTF-8 text" in err
    assert "catalog: 2 records read from snapshot.jsonl; 2 in the catalog" in err


@pytest.mark.parametrize(
    "content",
    [
        b"just some notes\nabout papers\n",
        b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n",
        b'[{"id": "2401.00001"}]\n',
    ],
    ids=["text", "pdf", "json-array"],
)
def test_a_file_that_is_no_catalog_is_refused_in_one_line(capsys, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "not-a-catalog"
    path.write_bytes(content)
    assert main(["catalog", "load", str(path)]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "not an arXiv metadata snapshot" in err[0]


def test_reading_a_catalog_file_does_not_load_the_whole_file_to_sniff_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arxref.catalog.records import read_catalog_file

    path = tmp_path / "big.jsonl.gz"
    path.write_bytes(gzip.compress((_catalog_line("2401.00001", "One record") + "\n").encode()))
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read the whole file"))
    assert [r.arxiv_id for r in read_catalog_file(path)] == ["2401.00001"]


def test_exit_codes_say_all_done_some_failed_usage_and_input(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder)
    assert main(["process", str(folder)]) == 0
    (folder / "2401.00002v1.pdf").write_bytes(b"%PDF-1.4 truncated")
    assert main(["process", str(folder)]) == 1  # the run went on; one version failed, recorded
    with pytest.raises(SystemExit) as usage:
        main(["process"])
    assert usage.value.code == 2
    assert main(["process", str(tmp_path / "missing.pdf")]) == 3
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "env", "says"),
    [
        (["catalog", "load", "/nonexistent/snapshot.jsonl"], {}, "No such file or directory"),
        (["status", "--database", "nosuchdb://x"], {}, "bad database URL"),
        (["status", "--database", "postgresql://u@127.0.0.1:9/db"], {}, "database unreachable"),
        (["enqueue", "2401.00001"], {}, "ARXREF_BROKER_URL is not set"),
        (["status"], {"ARXREF_STALLED_AFTER": "soon"}, "ARXREF_STALLED_AFTER='soon'"),
        (
            ["worker"],
            {"ARXREF_BROKER_URL": "redis://127.0.0.1:9/0", "ARXREF_STALLED_AFTER": "60"},
            "must exceed",
        ),
    ],
    ids=["missing-file", "bad-url", "no-database", "no-broker", "bad-setting", "stall-below-limit"],
)
def test_input_and_environment_errors_are_one_line_without_traceback(
    capsys, monkeypatch: pytest.MonkeyPatch, argv: list[str], env: dict[str, str], says: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(argv) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert says in err[0]


def test_a_bad_date_is_named_as_a_date_not_as_a_function(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["reprocess", "--failed", "--since", "yesterday"])
    err = capsys.readouterr().err
    assert "not a date: 'yesterday'" in err
    assert "_datetime" not in err


def test_process_of_a_folder_in_another_layout_names_the_files_it_skipped(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "papers"
    folder.mkdir()
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder / "paper.tar.gz")
    assert main(["process", str(folder)]) == 3  # nothing to process: an input error, not "0 versions"
    captured = capsys.readouterr()
    assert "no version files in this folder" in captured.err
    assert "skipped 1 files not named <arxiv id>v<n>" in captured.err
    assert "paper.tar.gz" in captured.err


def test_reprocess_reads_a_version_from_the_folder_it_came_from(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`process FILE` then `reprocess --failed` (no ARXREF_SOURCE_DIR): the fixed file is read from its
    folder again; arXiv is never asked (its URL here is a closed port of this machine)."""
    monkeypatch.setenv("ARXREF_ARXIV_URL", f"http://127.0.0.1:{free_port()}")
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "2401.00002v1.pdf").write_bytes(b"%PDF-1.4 truncated")
    assert main(["process", str(folder / "2401.00002v1.pdf")]) == 1
    (folder / "2401.00002v1.pdf").unlink()
    shutil.copy(SAMPLES / "1205.4446v1.tar.gz", folder / "2401.00002v1.tar.gz")
    capsys.readouterr()
    assert main(["reprocess", "--failed"]) == 0
    assert "2401.00002v1: done" in capsys.readouterr().out


def test_help_and_usage_errors_load_no_heavy_library() -> None:
    """`arxref --help` (and every command's parsing) must not pay for SQLAlchemy, PyMuPDF, Celery or
    httpx: each command's code, and what it imports, is loaded only when the command runs."""
    code = (
        "import contextlib, io\n"
        "from arxref.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])\n"
    )
    heavy = {"sqlalchemy", "pymupdf", "celery", "httpx", "rapidfuzz", "pylatexenc", "arxref.pdf._lexicon"}
    assert modules_loaded_by(code, heavy) == []


def test_extract_of_a_pdf_loads_neither_the_source_path_nor_the_catalog() -> None:
    """`arxref extract paper.pdf` pays for the PDF path only: the e-print path (pylatexenc and the
    TeX readers) and the catalog module are for e-prints and `--catalog`."""
    code = (
        "import contextlib, io\n"
        "from arxref.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['extract', {str(SAMPLES / '1205.4446v1.pdf')!r}]) == 0\n"
    )
    unused = {"arxref.source", "arxref.catalog", "pylatexenc", "sqlalchemy", "celery", "httpx"}
    assert modules_loaded_by(code, unused | {"pymupdf"}) == ["pymupdf"]


def test_the_worker_commands_default_queues_are_the_pools() -> None:
    from arxref.cli.commands import DEFAULT_QUEUES
    from arxref.pool import QUEUES

    assert DEFAULT_QUEUES.split(",") == list(QUEUES.values())


def test_progress_shows_count_total_and_rate_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    from arxref.cli._progress import Progress

    clock = iter([100.0, 100.0, 102.0, 102.0])
    monkeypatch.setattr("arxref.cli._progress.time.monotonic", lambda: next(clock))
    progress = Progress("eval", 94, "papers")
    progress.at(10)
    assert progress.line() == "eval: 10/94 papers, 5/s"
    assert capsys.readouterr().err == ""  # stderr is not a terminal here: nothing is drawn


def test_log_lines_carry_a_timestamp() -> None:
    probe = (
        "import logging\n"
        "from arxref.cli import main\n"
        "main(['status', '--database', 'nosuchdb://x'])\n"
        "logging.getLogger('arxref.pool').warning('2401.00001v1: retry 1')\n"
    )
    err = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stderr
    last = err.strip().splitlines()[-1]
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+"
    assert re.match(stamp + r" WARNING arxref.pool: 2401.00001v1: retry 1$", last), last


def _parsers(parser: argparse.ArgumentParser, path: str = "arxref"):  # noqa: ANN202
    """The command's parser and every sub-command's, with the words that call it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}")


def test_every_option_and_argument_has_a_help_line_and_no_help_names_the_code() -> None:
    """The help is for the person running the command: what each option means, never a module."""
    code_words = re.compile(r"\.py\b|\bargparse\b|\bmodules?\b|\barxref\.(?!db\b)[a-z_]")
    parsers = list(_parsers(build_parser()))
    assert len(parsers) > 12
    for path, parser in parsers:
        silent = [a.option_strings or a.metavar or a.dest for a in parser._actions if not a.help]
        assert silent == [], path
        assert code_words.findall(parser.format_help()) == [], path



@pytest.mark.skipif(not WIDE.is_dir(), reason="shared corpus-wide not beside")
def test_extract_says_which_entries_are_composed_from_biblatex_fields(capsys) -> None:  # noqa: ANN001
    """A biblatex .bbl holds fields, not text: the reader is told the text is composed, not printed."""
    assert main(["extract", str(WIDE / "epjc-biblatex-bibtex-charm" / "source")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# 68 entries marked (composed): their text is made from the bibliography's fields")
    assert "1:  1  [1] (composed) Hamed Abdolmaleki et al. Impact of low-x resummation" in out
    assert main(["extract", str(SAMPLES / "1711.08379v1.tar.gz")]) == 0  # bibtex: printed text
    assert "(composed)" not in capsys.readouterr().out
