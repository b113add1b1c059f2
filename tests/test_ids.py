"""arXiv ids and DOIs in the dresses that real bibliographies put them in."""

from __future__ import annotations

import pytest

from arxref.ids import (
    ArxivId,
    arxiv_id_from_doi,
    arxiv_id_from_url,
    check_arxiv_id,
    doi_from_url,
    find_arxiv_ids,
    find_dois,
    normalize_doi,
    parse_arxiv_id,
)


@pytest.mark.parametrize(
    ("text", "number", "version"),
    [
        ("2104.04473", "2104.04473", None),
        ("2104.04473v5", "2104.04473", 5),
        ("0704.0001", "0704.0001", None),
        ("1412.6980", "1412.6980", None),
        ("1501.00001", "1501.00001", None),
        ("hep-th/9901001v2", "hep-th/9901001", 2),
        ("hep-th/9108001", "hep-th/9108001", None),
        ("astro-ph/0703999", "astro-ph/0703999", None),
        ("math.GT/0309136", "math/0309136", None),
        ("cond-mat.stat-mech/0102536v1", "cond-mat/0102536", 1),
        ("arXiv:1412.6980", "1412.6980", None),
        ("arXiv: 1204.0678", "1204.0678", None),
        ("arxiv:1706.03762v7", "1706.03762", 7),
        ("ARXIV:1706.03762", "1706.03762", None),
        ("arXiv 1412.6980", "1412.6980", None),
        ("arXiv preprint arXiv:1810.04805", "1810.04805", None),
        ("ArXiv e-prints 1810.04805", "1810.04805", None),
        ("arXiv:1412.6980 [cs.LG]", "1412.6980", None),
        ("arXiv:hep-th/9711200", "hep-th/9711200", None),
        ("https://arxiv.org/abs/2104.04473", "2104.04473", None),
        ("https://arxiv.org/abs/2104.04473v5", "2104.04473", 5),
        ("http://arxiv.org/pdf/2104.04473v5.pdf", "2104.04473", 5),
        ("https://arxiv.org/pdf/2104.04473", "2104.04473", None),
        ("arxiv.org/abs/hep-th/9901001v2", "hep-th/9901001", 2),
        ("https://export.arxiv.org/abs/math.GT/0309136", "math/0309136", None),
        ("http://www.arxiv.org/abs/quant-ph/0512258", "quant-ph/0512258", None),
        ("abs/1409.0473", "1409.0473", None),
        ("CoRR, abs/1409.0473", "1409.0473", None),
        ("eprint = 2104.04473", "2104.04473", None),
        ("10.48550/arXiv.2104.04473", "2104.04473", None),
        ("https://doi.org/10.48550/arXiv.2104.04473", "2104.04473", None),
        ("  1412.6980.  ", "1412.6980", None),
    ],
)
def test_parse_arxiv_id_accepts_every_dress(text: str, number: str, version: int | None) -> None:
    assert parse_arxiv_id(text) == ArxivId(number, version)


@pytest.mark.parametrize(
    ("text", "reason_part"),
    [
        ("1213.01234", "month 13"),
        ("2100.12345", "month 00"),
        ("arXiv:1234.5678", "month 34"),
        ("2104.044731", "6-digit"),
        ("1705.123", "3-digit"),
        ("1601.1234", "4-digit sequence number in 1601"),
        ("1501.1234", "4-digit sequence number in 1501"),
        ("1412.12345", "5-digit sequence number in 1412"),
        ("0612.1234", "before the scheme began"),
        ("foo-th/9901001", "unknown archive"),
        ("stat/0501001", "unknown archive"),
        ("hep-th/9013001", "month 13"),
        ("hep-th/9107001", "before arXiv began"),
        ("astro-ph/0801001", "after the scheme ended"),
        ("hep-th/990100", "6-digit"),
        ("2104.04473v0", "version 0"),
        ("2104.00000", "sequence number 0"),
    ],
)
def test_malformed_ids_are_rejected_with_a_reason(text: str, reason_part: str) -> None:
    assert parse_arxiv_id(text) is None
    checked = check_arxiv_id(text)
    assert checked is not None
    assert not checked.valid
    assert reason_part in (checked.reason or "")


@pytest.mark.parametrize(
    "text", ["", "arXiv", "Phys. Rev. D 76, 013009", "2019", "10.1103/PhysRevD.76.013009"]
)
def test_parse_arxiv_id_rejects_non_ids(text: str) -> None:
    assert parse_arxiv_id(text) is None


def test_arxiv_id_str_is_versioned_when_a_version_is_known() -> None:
    assert str(ArxivId("2104.04473", 5)) == "2104.04473v5"
    assert ArxivId("2104.04473", 5).versioned == "2104.04473v5"
    assert str(ArxivId("hep-th/9901001")) == "hep-th/9901001"


@pytest.mark.parametrize(
    ("entry", "values"),
    [
        # real entries (corpus gold)
        ("H. Matsufuru, PoS LATTICE 2007, 018 (2007) [arXiv:0710.4225 [hep-lat]].", ["0710.4225"]),
        ("R. Narayanan and H. Neuberger, Nucl. Phys. B443, 305 (1995) [arXiv:hep-th/9411108].",
         ["hep-th/9411108"]),
        ("Ben Athiwaratkun and Andrew Gordon Wilson. 2017. Multimodal Word Distributions. "
         "arXiv preprint arXiv:1704.08424 (2017).", ["1704.08424"]),
        ("Hogg, D. W. 1999, ArXiv Astrophysics e-prints, arXiv:astro-ph/9905116", ["astro-ph/9905116"]),
        ("Stephanie Alexander, Vitali Kapovitch, Anton Petrunin. Alexandrov geometry: preliminary "
         "version no. 1. 2019. arXiv: 1903.08539", ["1903.08539"]),
        ("Bovy, J., Hogg, D. W., & Roweis, S. T., 2009, Extreme deconvolution, arXiv:0905.2979 [stat.ME]",
         ["0905.2979"]),
        ("Buitinck, L., et al. (2013). API design for machine learning software. CoRR, abs/1309.0238.",
         ["1309.0238"]),
        # bare ids: category suffix, version, or an arXiv mention elsewhere in the entry
        ("D. P. Kingma and J. Ba, Adam, 1412.6980 [cs.LG].", ["1412.6980"]),
        ("D. P. Kingma and J. Ba, Adam: a method for stochastic optimization, 1412.6980v9.", ["1412.6980v9"]),
        ("Kingma, D. P. and Ba, J. Adam. arXiv preprint, 2014. 1412.6980", ["1412.6980"]),
        ("T. Brown et al., Language models are few-shot learners, https://arxiv.org/abs/2005.14165v4",
         ["2005.14165v4"]),
        ("A. Author, Title, arXiv e-prints (2021), 10.48550/arXiv.2104.04473", ["2104.04473"]),
        ("E. Witten, Nucl. Phys. B 443, 85 (1995), hep-th/9503124.", ["hep-th/9503124"]),
        ("S. Smith, J. Doe, arXiv:1001.0012; arXiv:astro-ph/0101001v2", ["1001.0012", "astro-ph/0101001v2"]),
    ],
)
def test_find_arxiv_ids_in_entries(entry: str, values: list[str]) -> None:
    found = find_arxiv_ids(entry)
    assert [m.value for m in found] == values
    assert all(m.valid for m in found)
    assert all(entry[m.start:m.end] == m.text for m in found)


@pytest.mark.parametrize(
    ("entry", "value", "reason_part"),
    [
        ("A. Author, Some title, arXiv:1513.01234 (2015).", "1513.01234", "month 13"),
        ("A. Author, Some title, arXiv:2104.044731.", "2104.044731", "6-digit"),
        ("A. Author, Some title, arXiv:1601.1234.", "1601.1234", "4-digit"),
        ("A. Author, Some title, arXiv:1409.04730.", "1409.04730", "5-digit"),
        ("A. Author, Some title, arXiv:hep-xx/9901001.", "hep-xx/9901001", "unknown archive"),
        ("A. Author, Some title, hep-th/9013001.", "hep-th/9013001", "month 13"),
    ],
)
def test_find_arxiv_ids_reports_malformed(entry: str, value: str, reason_part: str) -> None:
    [found] = find_arxiv_ids(entry)
    assert found.value == value
    assert not found.valid
    assert reason_part in (found.reason or "")


@pytest.mark.parametrize(
    "entry",
    [
        "J. Smith, Phys. Rev. D 76, 013009 (2007).",
        "Harris, E. US maternal mortality continues to worsen. JAMA, 329 (15): 1248, 2023. "
        "10.1001/jama.2023.5254.",
        "A. Author, A title, Journal 12 (2019) 1234.5678.",  # no arXiv cue: a bare decimal is not an id
        "Call 555-1234 or 0800.1234567 for details, 2019.",
        "B. E. Peirson, Stud. Hist. Phil. 50, 51 (2015), http://www.sciencedirect.com/science/article/pii/"
        "S1369848615000072.",
        "X. Doe, arXiv preprint, 2019, pp. 1213.5678",  # bare malformed token with only an entry cue
        "Y. Doe, Data at http://example.org/math/0309136 (2010).",  # id-shaped path of a non-arXiv URL
        "Z. Doe, DOI 10.1234/1501.01234 (2015), see arXiv",
        "Kaplan, G. H. 2005, U.S. Naval Observatory Circulars, 179",
    ],
)
def test_find_arxiv_ids_does_not_fire_on_ordinary_numbers(entry: str) -> None:
    assert find_arxiv_ids(entry) == []


@pytest.mark.parametrize(
    ("text", "doi"),
    [
        ("10.1103/PhysRevD.76.013009", "10.1103/physrevd.76.013009"),
        ("doi:10.1103/PhysRevD.76.013009", "10.1103/physrevd.76.013009"),
        ("DOI: 10.1103/PhysRevD.76.013009.", "10.1103/physrevd.76.013009"),
        ("https://doi.org/10.1002/wics.51.", "10.1002/wics.51"),
        ("http://dx.doi.org/10.1007/s11192-018-2920-6", "10.1007/s11192-018-2920-6"),
        ("https://doi.org/10.1007%2Fs11192-018-2920-6", "10.1007/s11192-018-2920-6"),
        ("(doi:10.1016/j.jspi.2020.01.008)", "10.1016/j.jspi.2020.01.008"),
        ("10.1002/(SICI)1097-0258(19980815)17:15<1661::AID-SIM968>3.0.CO;2-2",
         "10.1002/(sici)1097-0258(19980815)17:15"),
        ("10.48550/arXiv.2104.04473", "10.48550/arxiv.2104.04473"),
        ("10.1103/Phys-\nRevD.76.013009", "10.1103/physrevd.76.013009"),
        ("10.1007/\ns11192-018-2920-6", "10.1007/s11192-018-2920-6"),
        ("10.1007/978-3-030-\n05312-3", "10.1007/978-3-030-05312-3"),
        ("10.1103/PhysRevD.76.\n013009", "10.1103/physrevd.76.013009"),
        ("10.1088/0067-0049/182/2/543,", "10.1088/0067-0049/182/2/543"),
        ("no doi here, 2019", None),
        ("10.11/too-short-registrant", None),
    ],
)
def test_normalize_doi(text: str, doi: str | None) -> None:
    assert normalize_doi(text) == doi


def test_find_dois_in_a_real_entry_with_two_dois_and_trailing_period() -> None:
    entry = (
        "Yingxi Chen, Meredith S Shiels, and Christian C Abnet. Pregnancy-related deaths in the US, "
        "2018-2022. JAMA Network Open, 8 (4): e254325, 2025. 10.1001/jamanetworkopen.2025.4325. "
        "See also doi:10.1001/JAMA.2023.5254;"
    )
    assert find_dois(entry) == ["10.1001/jamanetworkopen.2025.4325", "10.1001/jama.2023.5254"]


def test_find_dois_deduplicates_case_variants() -> None:
    assert find_dois("10.1002/WICS.51 and https://doi.org/10.1002/wics.51") == ["10.1002/wics.51"]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://arxiv.org/abs/2104.04473v5", ArxivId("2104.04473", 5)),
        ("http://arxiv.org/pdf/hep-th/9901001v2.pdf", ArxivId("hep-th/9901001", 2)),
        ("https://arxiv.org/abs/1706.03762?context=cs", ArxivId("1706.03762")),
        ("https://doi.org/10.48550/arXiv.2104.04473", ArxivId("2104.04473")),
        ("https://doi.org/10.1103/PhysRevD.76.013009", None),
        ("https://github.com/deepchem/deepchem", None),
        ("https://arxiv.org/abs/1513.01234", None),
    ],
)
def test_arxiv_id_from_url(url: str, expected: ArxivId | None) -> None:
    assert arxiv_id_from_url(url) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://doi.org/10.1103/PhysRevD.76.013009", "10.1103/physrevd.76.013009"),
        ("http://dx.doi.org/10.1007/s11192-018-2920-6", "10.1007/s11192-018-2920-6"),
        ("doi:10.1002/wics.51", "10.1002/wics.51"),
        ("https://arxiv.org/abs/2104.04473", None),
        ("https://example.org/10.1103/x", None),
    ],
)
def test_doi_from_url(url: str, expected: str | None) -> None:
    assert doi_from_url(url) == expected


def test_arxiv_id_from_doi() -> None:
    assert arxiv_id_from_doi("10.48550/arXiv.2104.04473") == ArxivId("2104.04473")
    assert arxiv_id_from_doi("10.48550/ARXIV.HEP-TH/9901001") == ArxivId("hep-th/9901001")
    assert arxiv_id_from_doi("10.1103/PhysRevD.76.013009") is None
