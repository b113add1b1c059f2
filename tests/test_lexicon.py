"""The English word frequencies read straight from wordfreq's list agree with wordfreq itself."""

import subprocess
import sys

import wordfreq

from arxref.pdf._lexicon import _english_buckets, zipf, zipf_at_least


def test_every_thousandth_listed_word_has_wordfreqs_zipf_in_any_case():
    words = [w for w in list(_english_buckets())[::1000] if w.isalpha()]
    assert len(words) > 250
    for word in words:
        for form in (word, word.capitalize(), word.upper()):
            assert zipf(form) == wordfreq.zipf_frequency(form, "en"), form


def test_unknown_accented_and_non_latin_words_agree_with_wordfreq():
    for word in ("qubitness", "naïve", "Straße", "résumé", "σ", "ﬁnite", "aa", "tomography", "me"):
        assert zipf(word) == wordfreq.zipf_frequency(word, "en"), word


def test_a_plain_word_is_looked_up_without_importing_wordfreq():
    code = (
        "import sys; from arxref.pdf._lexicon import zipf; "
        "print(zipf('networks'), 'wordfreq' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    value, imported = run.stdout.split()
    assert float(value) > 4
    assert imported == "False"


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
