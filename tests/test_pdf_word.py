"""What PDFs from word processors (Word, LibreOffice, Google Docs) print that LaTeX's do not, on
small PDFs drawn with PyMuPDF: each drawing keeps only what makes the class.
"""

from __future__ import annotations

import pymupdf

from arxref.pdf import extract_pdf_references

_APA = [
    (
        "Delgado, O. (2003). Debates sobre el espacio en la geografía contemporánea.",
        "http://bdigital.unal.edu.co/1280/4/03CAPI02.pdf",
    ),
    (
        "Dennett, A. (2012). Estimating Flows between Geographical Locations. UCL working",
        "paper series, 181, 1-24. http://www.example.ac.uk/casa/pdf/paper181",
    ),
    (
        "Dennett, A. (2018). Modelling Population Flows Using Spatial Interaction Models.",
        "Australian Population Studies, 2, 33-58. http://hdl.handle.net/11343/233564",
    ),
    (
        "Garrocho, C. (2003). La teoría de interacción espacial como síntesis de las teorías",
        "de localización. Economía, 4(14), 203-251. https://doi.org/10.22136/est002003426",
    ),
    ("Google. (2017a). Google Distance Matrix API.", None),
    ("Google. (2017b). Google Maps API.", None),
    ("Gregory, D., Johnston, R., y Pratt, G. (2009). The Dictionary of Human Geography.", "Blackwell."),
]


def _apa_across_pages_pdf(split: int) -> bytes:
    """A Spanish APA thesis from LibreOffice: no indent, 14 pt between entries and 4 pt within
    one; the page breaks before entry `split`, after a line that ends in a URL or a DOI."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    before = sum(15.8 * (2 - e.count(None)) + 10 for e in _APA[:split])
    y = 770.0 - before  # the first page filled: the list goes on
    page.insert_text((72, y - 40), "Bibliografía", fontsize=16, fontname="hebo")
    for n, (first, second) in enumerate(_APA):
        if n == split:
            page = doc.new_page(width=595, height=842)
            y = 80.0
        for line in (first, second):
            if line is not None:
                page.insert_text((72, y), line, fontsize=11)
                y += 15.8
        y += 10
    return doc.tobytes()


def test_an_author_year_entry_starts_a_page_after_an_entry_that_ended_in_a_url() -> None:
    for split in (2, 4):
        refs = extract_pdf_references(_apa_across_pages_pdf(split)).references
        assert [r.raw for r in refs] == [" ".join(filter(None, e)) for e in _APA], split
