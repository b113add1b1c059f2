"""How common an English word is, from wordfreq's English frequency list (shipped inside its wheel).

The list is read straight from its file (a gzipped msgpack "cBpack": after a header, one list
of words per centibel of frequency, the most frequent first), and only as far as a question
needs: "is this word common?" reads the first tenth of the words; only "is it known at all?"
reads the whole list (0.2 s of CPU, most of a CLI `extract` that asks no such question).
Importing wordfreq itself would bring ftfy, langcodes and regex for its tokenizer: 0.18 s per
process. A plain word of Latin letters is one token to that tokenizer, so it is looked up
directly; anything else still goes through wordfreq, which gives the same answer for both.
"""

from __future__ import annotations

import gzip
import math
import unicodedata
from functools import cache
from importlib.util import find_spec
from pathlib import Path

_LATIN_END = 0x250  # Basic Latin to Latin Extended-B: letters no tokenizer splits inside a word


class _EnglishList:
    """wordfreq's large English list, unpacked bucket by bucket as far as the questions asked so far
    needed: each word read so far with its bucket (frequency 10 ** (-bucket / 100))."""

    def __init__(self) -> None:
        import msgpack

        spec = find_spec("wordfreq")  # finds the package's folder without running its __init__
        if spec is None or not spec.submodule_search_locations:
            raise ModuleNotFoundError("wordfreq is not installed")
        path = Path(spec.submodule_search_locations[0]) / "data" / "large_en.msgpack.gz"
        # open while buckets are left to read: closed once the last one is
        self._file = gzip.open(path)  # noqa: SIM115
        self._unpacker = msgpack.Unpacker(self._file, raw=False)
        self._left = self._unpacker.read_array_header() - 1
        header = self._unpacker.unpack()
        if header != {"format": "cB", "version": 1}:
            raise ValueError(f"wordfreq's English list has an unknown header: {header!r}")
        self.buckets: dict[str, int] = {}
        self.read = 0  # buckets read

    def bucket(self, word: str, deepest: int) -> int | None:
        """The word's bucket, or None; a word not among those read is looked for down to `deepest`."""
        if word in self.buckets:
            return self.buckets[word]
        while self.read <= deepest and self._left > 0:
            words = self._unpacker.unpack()
            self.buckets.update(dict.fromkeys(words, self.read))
            self.read += 1
            self._left -= 1
            if self._left == 0:
                self._file.close()
        return self.buckets.get(word)


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
    freq = 10 ** (-bucket / 100)
    freq = round(freq, math.floor(-math.log(freq, 10)) + 3)
    return round(math.log(freq, 10) + 9, 2)


def _plain_latin(word: str) -> bool:
    return word.isalpha() and all(ord(c) < _LATIN_END for c in word)


@cache
def zipf(word: str) -> float:
    """wordfreq's Zipf value of `word` in English: 0 for unknown, ~3 for a common technical word."""
    key = unicodedata.normalize("NFC", word).casefold()
    if not _plain_latin(key):
        import wordfreq

        return wordfreq.zipf_frequency(word, "en")
    bucket = _english_list().bucket(key, 10**6)
    return 0.0 if bucket is None else _zipf_of_bucket(bucket)


@cache
def zipf_at_least(word: str, value: float) -> bool:
    """Whether `zipf(word) >= value`, reading the list only down to `value` (a common word's question
    never reads the rare words)."""
    key = unicodedata.normalize("NFC", word).casefold()
    if not _plain_latin(key):
        return zipf(word) >= value
    bucket = _english_list().bucket(key, _deepest_bucket(value))
    return bucket is not None and _zipf_of_bucket(bucket) >= value
