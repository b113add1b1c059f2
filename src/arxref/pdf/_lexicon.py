"""How common an English word is, from wordfreq's frequency lists (shipped inside its wheel).

Imported on first use: loading the module and its English list costs about half a second
once per process, and most documents decide their line-end hyphens from their own words.
"""

from __future__ import annotations

from functools import cache


@cache
def zipf(word: str) -> float:
    """wordfreq's Zipf value of `word` in English: 0 for unknown, ~3 for a common technical word."""
    import wordfreq

    return wordfreq.zipf_frequency(word, "en")
