"""An entry's text made ready for field parsing: one line, its label and link furniture removed,
the accents a PDF's OT1/T1 fonts set apart put back on their letters."""

from __future__ import annotations

import re
import unicodedata

# A printed label at the head of an entry: "[12]", "[BCD+12]", "(3)", "12.", "12 ".
# Also an alpha label that lost its brackets in PDF text: "ZS22. Linya Zhu and ...", "GM22b.", "Su21.".
_LABEL_RE = re.compile(
    r"^\s*(?:\[[^\]]{1,40}\]|\(\d{1,4}\)|\d{1,4}\.(?=\s)|\d{1,3}\s+(?=[^\W\d_])"
    r"|[A-Z][A-Za-z+]{0,6}\d{2}[a-z]?\.(?=\s))\s*"
)
# Typesetting left-overs in text converted from .bbl (IEEEtran's \newblock glue) and link labels.
_NOISE_RE = re.compile(
    r"\.?em plus [\d.]+em minus [\d.]+em|\bAvailable(?: online)?\s*:|\bURL\s*:|\bOnline unter\b"
    # IEEE's "2019. [Online]. Available:" goes with its period; bath's "Title [Online]. City" keeps it
    r"|(?<=\.)\s*\[Online\]\.?|\s*\[Online\]",
    re.IGNORECASE,
)
# Spacing accents that PDF text from OT1/T1 fonts puts before the letter they belong to
# ("G´omez", "Gon¸calves", "Sch¨afl"), and the combining marks they stand for.
_SPACING_ACCENTS = {
    "´": "\u0301",
    "`": "\u0300",
    "¨": "\u0308",
    "˘": "\u0306",
    "ˆ": "\u0302",
    "˜": "\u0303",
    "¸": "\u0327",
    "ˇ": "\u030c",
    "˚": "\u030a",
    "¯": "\u0304",
    "˙": "\u0307",
    "˝": "\u030b",
    "˛": "\u0328",
}
_SPACING_ACCENT_RE = re.compile(r"([´`¨˘ˆ˜¸ˇ˚¯˙˝˛])\s?([^\W\d_])")


# A cedilla goes under the letter that takes one, wherever the PDF put it: "Gon¸calves" (before the
# c), "Alcobac¸a" (after it).
_CEDILLA_AFTER_RE = re.compile(r"([cCsStT])¸(?![cCsStT])")


def _compose_accents(text: str) -> str:
    """'G´omez' -> 'Gómez': put a spacing accent back on the letter after it, inside words only."""
    text = _CEDILLA_AFTER_RE.sub(lambda m: unicodedata.normalize("NFC", m.group(1) + "\u0327"), text)

    def fix(m: re.Match[str]) -> str:
        """The letter with its accent, unless the mark is a quote."""
        before = text[m.start() - 1] if m.start() > 0 else " "
        if m.group(1) == "`" and not (before.isalpha() and m.group(2) in "aeiouAEIOU"):
            return m.group(0)  # a TeX opening quote or a typed apostrophe, not an accent
        # TeX puts an accent on a dotless i: "Garc´ıa", "Ga¨ıffas"
        letter = {"ı": "i", "ȷ": "j"}.get(m.group(2), m.group(2))
        return unicodedata.normalize("NFC", letter + _SPACING_ACCENTS[m.group(1)])

    return _SPACING_ACCENT_RE.sub(fix, text)


def prepare(raw: str) -> str:
    """One line of text, label and link furniture removed, split accents put back."""
    text = _compose_accents(re.sub(r"\s+", " ", raw).strip())
    text = _LONE_CAPITAL_RE.sub(r"\1", text)  # "Ł ukasz": the PDF set a space after the wide capital
    text = _LABEL_RE.sub("", text, count=1)
    return _NOISE_RE.sub(" ", text)


# A capital that is never a word by itself, parted from the rest of its word: "Ł ukasz", "Ø ystein".
_LONE_CAPITAL_RE = re.compile(r"(?<![^\W\d_])([ŁØĐÞ]) (?=[a-zß-ÿ]{2})")
