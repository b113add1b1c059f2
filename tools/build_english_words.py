"""Build `src/arxref/pdf/data/english_words.txt.gz` from wordfreq's large English list, once, at
development time; the package reads that file and does not install wordfreq (58 MB with its 66
languages, plus ftfy, langcodes and regex) for one list.

    python -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/python tools/build_english_words.py          # from the repository's root

The file is wordfreq's list as it is: one line per centibel bucket of frequency (bucket b: frequency
10 ** (-b / 100)), the most frequent first, its words separated by single spaces, gzip'd with no
time stamp (the same bytes for the same list). wordfreq's data is CC BY-SA 4.0 (see the NOTICE
beside the file). The script then checks the package's lookups against wordfreq itself: every word
of the list, capitalized and upper-cased, must get wordfreq's Zipf value; the words that are not
plain Latin letters (the ones wordfreq's tokenizer could split) are counted, with any disagreement
shown.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

import wordfreq

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "src" / "arxref" / "pdf" / "data" / "english_words.txt.gz"
SEPARATORS = (" ", "\n", "\r")


def build() -> int:
    """Write the file; the number of words."""
    buckets = wordfreq.get_frequency_list("en", "large")
    odd = [w for bucket in buckets for w in bucket if not w or any(s in w for s in SEPARATORS)]
    if odd:
        raise SystemExit(f"words the file format cannot hold: {odd[:5]!r}")
    text = "".join(" ".join(bucket) + "\n" for bucket in buckets)
    with TARGET.open("wb") as out, gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0) as gz:
        gz.write(text.encode("utf-8"))
    return sum(map(len, buckets))


ASKED = re.compile(r"[^\W\d_]+")
"""What the PDF path asks about (pdf/_joins.py): runs of letters, no digits, apostrophes or hyphens."""
SPLIT = ["x²", "a²b", "ab²c", "x₂", "x½y", "²x", "fi²", "x⁰", "½"]
"""Runs that wordfreq splits at a number sign (its value: the tokens' combined frequency)."""


def check() -> int:
    """Compare the package's Zipf values with wordfreq's; the number of disagreements."""
    sys.path.insert(0, str(ROOT / "src"))
    from arxref.pdf import _lexicon

    words = [w for bucket in wordfreq.get_frequency_list("en", "large") for w in bucket]
    asked = [w for w in words if ASKED.fullmatch(w)]
    forms = [form for word in asked for form in (word, word.capitalize(), word.upper())] + SPLIT
    wrong = [form for form in forms if _lexicon.zipf(form) != wordfreq.zipf_frequency(form, "en")]
    unplain = sum(1 for w in asked if not _lexicon.plain_latin(w))
    print(f"{len(forms)} forms of the {len(asked)} listed runs of letters ({unplain} not plain Latin) and"
          f" {len(SPLIT)} split ones compared with wordfreq: {len(wrong)} disagree")
    for form in wrong[:40]:
        print(f"  {form!r}: package {_lexicon.zipf(form)}, wordfreq {wordfreq.zipf_frequency(form, 'en')}")
    return len(wrong)


if __name__ == "__main__":
    print(f"{TARGET.relative_to(ROOT)}: {build()} words, {TARGET.stat().st_size} bytes")
    check()
