"""How common an English word is, from wordfreq's English frequency list (shipped inside its wheel).

The list is read on first use, straight from its file (a gzipped msgpack "cBpack": after a
header, one list of words per centibel of frequency). Importing wordfreq itself would bring
ftfy, langcodes and regex for its tokenizer: 0.18 s per process, a third of a CLI `extract`.
A plain word of Latin letters is one token to that tokenizer, so it is looked up directly;
anything else still goes through wordfreq, which gives the same answer for both.
"""

from __future__ import annotations

import gzip
import math
import unicodedata
from functools import cache
from importlib.util import find_spec
from pathlib import Path

_LATIN_END = 0x250  # Basic Latin to Latin Extended-B: letters no tokenizer splits inside a word


@cache
def _english_buckets() -> dict[str, int]:
    """Each word of wordfreq's large English list with its bucket: frequency 10 ** (-bucket / 100)."""
    import msgpack

    spec = find_spec("wordfreq")  # finds the package's folder without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("wordfreq is not installed")
    path = Path(spec.submodule_search_locations[0]) / "data" / "large_en.msgpack.gz"
    data = msgpack.unpackb(gzip.decompress(path.read_bytes()))
    if data[0] != {"format": "cB", "version": 1}:
        raise ValueError(f"wordfreq's English list has an unknown header: {data[0]!r}")
    return {word: bucket for bucket, words in enumerate(data[1:]) for word in words}


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
    bucket = _english_buckets().get(key)
    return 0.0 if bucket is None else _zipf_of_bucket(bucket)
