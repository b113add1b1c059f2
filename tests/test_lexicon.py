"""The English word frequencies of the shipped list (tools/build_english_words.py) give wordfreq's own
Zipf values: the values below are wordfreq 3.1.1's `zipf_frequency(word, "en")`, which that script
checks for every run of letters of the list; wordfreq itself is not installed."""

import gzip
import subprocess
import sys

import pytest

from arxref.pdf._lexicon import WORDS_FILE, _english_buckets, zipf, zipf_at_least

WORDFREQ = {
    'networks': 4.45, 'Networks': 4.45, 'NETWORKS': 4.45, 'tomography': 3.03, 'qubit': 2.17,
    'the': 7.73, 'naïve': 3.07, 'Straße': 2.49, 'résumé': 2.83, 'schrödinger': 2.24, 'école': 2.33,
    'ﬁnite': 3.75, 'ﬀ': 3.78, 'ß': 4.1, 'aa': 4.01, 'me': 6.48, 'qubitness': 0.0, 'xqzv': 0.0,
    'σ': 2.92, 'мир': 1.2, 'Москва': 1.28, '日本語': 1.33, 'µm': 3.09, 'kΩ': 1.51, 'İstanbul': 2.34,
    'ℓ': 2.02, 'αβγ': 0.0, 'βeta': 0.0, 'Ⅳ': 0.0, 'x²': 5.2, 'a²b': 5.35, 'ab²c': 4.04, 'x₂': 5.2,
    'x½y': 4.81, '½': 0.0,
}  # fmt: skip


@pytest.mark.parametrize(("word", "value"), WORDFREQ.items())
def test_a_word_has_wordfreqs_zipf_value(word: str, value: float) -> None:
    assert zipf(word) == value


def test_the_list_is_wordfreqs_large_english_list() -> None:
    buckets = _english_buckets()
    assert len(buckets) == 321180
    assert (buckets["the"], buckets["networks"]) == (127, 455)
    with gzip.open(WORDS_FILE, "rt", encoding="utf-8", newline="\n") as lines:
        assert sum(1 for _ in lines) == 800  # one line per centibel bucket, empty ones too


def test_a_plain_word_is_looked_up_reading_only_the_list():
    code = "import sys; from arxref.pdf._lexicon import zipf; print(zipf('networks'), sorted(sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    value, modules = run.stdout.split(" ", 1)
    assert float(value) == 4.45
    assert "wordfreq" not in modules
    assert "msgpack" not in modules


def test_a_threshold_question_agrees_with_zipf_and_reads_only_down_to_its_threshold():
    code = (
        "from arxref.pdf import _lexicon as L; "
        "answers = [L.zipf_at_least(w, 3.0) for w in ('networks', 'tomography', 'qubit', 'xqzv')]; "
        "print(answers, L._english_list().read, L._deepest_bucket(3.0))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    answers, read, deepest = run.stdout.rsplit(" ", 2)
    assert answers == str([zipf(w) >= 3.0 for w in ("networks", "tomography", "qubit", "xqzv")])
    assert int(read) == int(deepest) + 1  # the rare words were never unpacked
    for word in ("qubit", "gluon", "regressive", "naïve", "xqzv"):
        for value in (1.0, 3.0):
            assert zipf_at_least(word, value) == (zipf(word) >= value), (word, value)


def test_processes_forked_from_one_that_read_part_of_the_list_each_read_on_correctly() -> None:
    """The embedded run forks a child per extraction from a process that may have read part of the
    list (an earlier extraction, a cross-check): children read on, one after another, and each must
    find what a fresh list finds, however far the one before it moved the open file."""
    import os

    from arxref.pdf._lexicon import _EnglishList

    shared = _EnglishList()
    shared.bucket("the", 50)  # the parent has read a little of the list and left the file open
    fresh = _EnglishList()
    deep = ["tomography", "qubit", "schrödinger", "xqzv"]
    expected = [fresh.bucket(w, 10**6) for w in deep]
    for _ in range(2):
        receive, send = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child reads deep into the list, moving the offset it shares
            found = [shared.bucket(w, 10**6) for w in deep]
            os.write(send, repr(found).encode())
            os._exit(0)
        os.close(send)
        answer = os.read(receive, 4096).decode()
        os.close(receive)
        os.waitpid(pid, 0)
        assert answer == repr(expected)


def test_chinese_lines_join_without_a_space() -> None:
    from arxref.pdf._joins import join_lines

    parts = ["王岑依,等.基于神经网络算法分析人群步态姿", "势特征[J].中国体育科技,2024"]
    assert join_lines(parts, None) == "王岑依,等.基于神经网络算法分析人群步态姿势特征[J].中国体育科技,2024"


def test_a_named_link_after_a_url_ending_in_a_slash_is_the_next_entry() -> None:
    """A list of named links (a Spanish Word thesis): ".../solo-3-pasos/" ends a URL, "Zabbix:
    https://..." is the next entry; a DOI's "...99.082003. URL: https://..." still goes on."""
    from arxref.pdf._joins import join_lines

    parts = ["SSH sin contraseña: https://blog.example.net/ssh-sin-password-solo-3-pasos/", "Zabbix: https://www.zabbix.com/"]
    assert join_lines(parts, None) == " ".join(parts)
    doi = ["DOI: 10.1103/", "PhysRevD.99.082003. URL: https://link.aps.org/doi/10.1103/PhysRevD.99.082003."]
    assert join_lines(doi, None).startswith("DOI: 10.1103/PhysRevD.99.082003.")
