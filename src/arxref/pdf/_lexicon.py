"""How common an English word is, from wordfreq's large English frequency list, shipped with the package.

`data/english_words.txt.gz` is that list as wordfreq 3.1 has it (built once by
tools/build_english_words.py, which also checks these lookups against wordfreq itself): one line per
centibel bucket of frequency, the most frequent first. It is read only as far as a question needs:
"is this word common?" reads the first tenth of the words; only "is it known at all?" reads the whole
list (0.05 s of CPU). wordfreq itself is not needed: its package is 58 MB (66 languages), and its
tokenizer brings ftfy, langcodes and regex.

A word is looked up as wordfreq's tokenizer makes tokens of it. The callers ask about runs of letters
(`[^\\W\\d_]+`, lower-cased): NFC, then casefolded ("ﬁnite" is "finite", "Straße" "strasse"), such a
run is one token, except that number signs which are not letters (², ₂, ½) split it and are dropped;
the frequencies of several tokens combine as wordfreq combines them (1/f = Σ 1/fᵢ). Two cases where
wordfreq's Unicode word segmentation would differ, which no English reference list prints inside a
hyphenated word: a run that changes between a spaceless script (Han, kana, Thai...) and another
("a中文"), and the apostrophe-like letter ʼ (U+02BC, in "ŉ"), which it turns into an apostrophe.
"""

from __future__ import annotations

import gzip
import math
import os
import unicodedata
from functools import cache
from pathlib import Path

WORDS_FILE = Path(__file__).parent / "data" / "english_words.txt.gz"
_LATIN_END = 0x250  # Basic Latin to Latin Extended-B: letters no tokenizer splits inside a word


class _EnglishList:
    """The English list, read bucket by bucket as far as the questions asked so far needed: each word
    read so far with its bucket (frequency 10 ** (-bucket / 100))."""

    def __init__(self) -> None:
        # open while buckets are left to read: closed once the last one is; "\n" alone ends a line
        self._file = _open_words()
        self._opened_by = os.getpid()
        self._open = True
        self.buckets: dict[str, int] = {}
        self.read = 0  # buckets read

    def _own_file(self) -> None:
        """A forked process (the embedded run's extract child, a pool worker's) shares the open file's
        offset with its parent and its other children: reading on moves it under the others and they
        read from the wrong place. A child opens the list anew and skips what was read already."""
        if self._opened_by == os.getpid():
            return
        self._file = _open_words()
        self._opened_by = os.getpid()
        for _ in range(self.read):
            self._file.readline()

    def bucket(self, word: str, deepest: int) -> int | None:
        """The word's bucket, or None; a word not among those read is looked for down to `deepest`."""
        if word in self.buckets:
            return self.buckets[word]
        if self.read <= deepest and self._open:
            self._own_file()
        while self.read <= deepest and self._open:
            line = self._file.readline()
            if not line:
                self._file.close()
                self._open = False
                break
            words = line[:-1].split(" ") if line != "\n" else []
            self.buckets.update(dict.fromkeys(words, self.read))
            self.read += 1
        return self.buckets.get(word)


def _open_words():  # noqa: ANN202 - a gzip text stream
    return gzip.open(WORDS_FILE, "rt", encoding="utf-8", newline="\n")


@cache
def _english_list() -> _EnglishList:
    return _EnglishList()


def _english_buckets() -> dict[str, int]:
    """Each word of the list with its bucket (the whole list read)."""
    found = _english_list()
    found.bucket("", 10**6)
    return found.buckets


@cache
def _deepest_bucket(at_least: float) -> int:
    """The last bucket whose Zipf value is `at_least` or more."""
    bucket = 0
    while _zipf_of_bucket(bucket + 1) >= at_least:
        bucket += 1
    return bucket


def _zipf_of_bucket(bucket: int) -> float:
    """wordfreq's arithmetic: the frequency rounded to three significant digits, then to Zipf."""
    return _zipf_of_frequency(10 ** (-bucket / 100))


def _zipf_of_frequency(freq: float) -> float:
    freq = round(freq, math.floor(-math.log(freq, 10)) + 3)
    return round(math.log(freq, 10) + 9, 2)


def plain_latin(word: str) -> bool:
    """Letters of the Latin blocks only: a word that is one token to any tokenizer, looked up as it is."""
    return word.isalpha() and all(ord(c) < _LATIN_END for c in word)


def _tokens(key: str) -> list[str]:
    """The tokens of a casefolded run of letters: split, and dropped, at number signs that are no
    letters (², ₂, ½: category No), which wordfreq's word segmentation leaves out of words."""
    tokens, token = [], []
    for char in key:
        if unicodedata.category(char)[0] in "LM" or unicodedata.category(char) == "Nl":
            token.append(char)
        elif token:
            tokens.append("".join(token))
            token = []
    if token:
        tokens.append("".join(token))
    return tokens


def _zipf_of_tokens(tokens: list[str]) -> float:
    """wordfreq's Zipf value of a word made of these tokens (0 when one is not in the list)."""
    if not tokens:
        return 0.0
    one_over = 0.0
    for token in tokens:
        bucket = _english_list().bucket(token, 10**6)
        if bucket is None:
            return 0.0
        one_over += 1.0 / 10 ** (-bucket / 100)
    return _zipf_of_frequency(1.0 / one_over)


@cache
def zipf(word: str) -> float:
    """wordfreq's Zipf value of `word` in English: 0 for unknown, ~3 for a common technical word."""
    key = unicodedata.normalize("NFC", word).casefold()
    if not plain_latin(key):
        return _zipf_of_tokens(_tokens(key))
    bucket = _english_list().bucket(key, 10**6)
    return 0.0 if bucket is None else _zipf_of_bucket(bucket)


@cache
def zipf_at_least(word: str, value: float) -> bool:
    """Whether `zipf(word) >= value`, reading the list only down to `value` (a common word's question
    never reads the rare words)."""
    key = unicodedata.normalize("NFC", word).casefold()
    if not plain_latin(key):
        return zipf(word) >= value
    bucket = _english_list().bucket(key, _deepest_bucket(value))
    return bucket is not None and _zipf_of_bucket(bucket) >= value
