"""Glyphs read right: spacing accents composed, codes of fonts without a Unicode map decoded by their
TeX encoding, and entries holding a glyph nothing explains flagged (tests/data/pdf, beside the .tex)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arxref.pdf import extract_pdf_references
from arxref.pdf._glyphs import compose_accents, decode, font_encoding

DATA = Path(__file__).parent / "data" / "pdf"


def _raws(name: str) -> list[str]:
    return [r.raw for r in extract_pdf_references((DATA / f"{name}.pdf").read_bytes()).references]


@pytest.mark.parametrize(
    ("printed", "read"),
    [
        ("L´opez", "López"),
        ("ˇCech", "Čech"),
        ("W¨arn and K¨urster", "Wärn and Kürster"),
        ("Be˘ılinson, Garc´ıa", "Beĭlinson, García"),  # accents over a dotless i
        ("Fran¸cois", "François"),  # the cedilla before its letter...
        ("Franc¸ois, Gonc¸alves", "François, Gonçalves"),  # ... or after it
        ("˚Astr¨om, Erd˝os", "Åström, Erdős"),
        ("Alzheimer´s disease", "Alzheimer´s disease"),  # an acute for an apostrophe
        ("Lena C^oté", "Lena Côté"),  # Libertine (acmart) gives its circumflex as a caret
        ("x^2 and A^T", "x^2 and A^T"),
        ("http://www.x.edu/˜smith", "http://www.x.edu/˜smith"),
        ("p ¯p collisions, 5 ˚C", "p ¯p collisions, 5 ˚C"),  # no letter composes with them
    ],
)
def test_spacing_accents_are_composed(printed: str, read: str) -> None:
    assert compose_accents(printed) == read


def test_ot1_accents_in_entries() -> None:
    raws = _raws("ot1-spacing-accents")
    assert len(raws) == 5  # the plain text's "Lo´pez" is the heading's list, found once
    assert raws[0].startswith("J. López and P. Wärn, Čech cohomology für alle")
    assert raws[1].startswith("F. François, A. Beĭlinson, and J. García, Faisceaux pervers, Astérisque")
    assert raws[3].startswith("M. Åström, J. Nešetřil, and R. Gonçalves")
    assert raws[4] == "E. Candès and G. Ôté, Exact signal recovery, IEEE Trans. 52 (2006), 489–509."


def test_ot1_polish_l_is_one_letter() -> None:
    raws = _raws("ot1-polish-l")
    assert raws[0].startswith("J. Łukasiewicz, O logice trójwartościowej")
    assert raws[1].startswith("S. Łojasiewicz and M. Kałuża, Sur le problème")


def test_font_encoding_from_the_codes_a_font_sets() -> None:
    assert font_encoding("di\x1berent \x1cnite ows") == "T1"
    assert font_encoding("Ma\xabkowski and \x9bukowski") == "T1"
    assert font_encoding("\x0cnite di\x0berent and \x1bvre") == "OT1"  # OT1 ligatures: 0x1B is œ
    assert font_encoding("Ìèëêà À. Ä. Îäíîðîäíûå") == "T2A"
    assert font_encoding("plain text") is None
    assert decode("di\x1berent, Ma\xabkowski, Bergstr\xe4\xffer", "T1") == "different, Mańkowski, Bergsträßer"
    assert decode("\x0cnite c\x1bur", "OT1") == "finite cœur"


def test_t1_bitmap_fonts_decoded_and_what_stays_unknown_flagged() -> None:
    refs = extract_pdf_references((DATA / "t1-bitmap-fonts.pdf").read_bytes()).references
    assert (
        refs[0].raw == "B. Mańkowski and M. Żukowski. Differential flows of the fluffiest fields. J. Things."
    )
    assert refs[1].raw.startswith("P. Bergsträßer, A. Dvořák, and J. Šimeček. Efficient affine offsets.")
    # T1 has no a macron: TeX puts its macron accent (code 9) over an a, a code PyMuPDF reads as a space
    assert refs[2].raw.startswith("K. Čer\ufffdans and X. Yǎng. Official figures.")
    assert "undecoded_glyphs" in refs[2].flags
    assert "undecoded_glyphs" not in refs[0].flags


def test_t2a_cyrillic_of_bitmap_fonts() -> None:
    raws = _raws("t2a-cyrillic")
    assert raws[0] == "Милка А. Д. Однородные пространства // Докл. АН СССР. 1985. Т. 284. С. 15–19."
    assert raws[1] == "Ёлкин В. Кривизна и эффективные оценки // Изв. РАН. 2001. № 3. С. 7–11."


def test_tex_quotes_decode_as_quotes_and_the_grave_accent_code_stays_an_accent() -> None:
    # CJE's "`A review of B. F. Skinner's Verbal Behavior.'" in a Type3 T1 font: 0x60 and 0x27 are
    # TeX's quoteleft and quoteright, the grave accent is 0x00 (T1) or 0x12 (OT1)
    for encoding in ("T1", "OT1"):
        assert decode("`A review of Skinner's work.'", encoding) == "‘A review of Skinner’s work.’"
    assert compose_accents(decode("\x00A la recherche", "T1")) == "À la recherche"
    assert compose_accents(decode("`A review", "T1")) == "‘A review"
