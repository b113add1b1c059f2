"""The text of an entry as the compiled paper prints it: name limits, environments, verbatim."""

from __future__ import annotations

from pathlib import Path

from arxref.source import extract_source_references, unpack_eprint

DATA = Path(__file__).parent / "data"


def test_biblatex_long_name_lists_print_first_name_et_al() -> None:
    # thesis.tex: biblatex style=numeric (maxbibnames 3, minbibnames 1) with biber; the PDF prints
    # [1] Hal Eight et al. "A paper with others". ...  [2] Ann One et al. "A paper by five". ...
    # [3] Fay Six and Gil Seven. "A paper by two". ...
    files = unpack_eprint((DATA / "biblatex-name-limits.tar.gz").read_bytes())
    refs = extract_source_references(files).references
    assert [r.raw.split(". ")[0] for r in refs] == ["Hal Eight et al", "Ann One et al", "Fay Six, Gil Seven"]
    assert refs[1].fields.authors == ("Ann One", "Bob Two", "Cy Three", "Di Four", "Ed Five")
    # An explicit limit wins; a contributed style with its own limits keeps every name.
    for option in (b"style=numeric,maxbibnames=99", b"style=ieee"):
        changed = dict(files)
        changed["thesis.tex"] = files["thesis.tex"].replace(b"style=numeric", option)
        raw = extract_source_references(changed).references[1].raw
        assert raw.startswith("Ann One, Bob Two, Cy Three, Di Four, Ed Five. A paper by five.")


def test_environments_and_verb_inside_entries_leave_only_their_text() -> None:
    # The compiled PDF prints: [1] Иванов И. И. Теория струй. — М.: Наука, 1990.
    #                          [2] J. Smith, Code listing at ftp://host/a_b~c, 2001.
    tex = (DATA / "inline-environments.tex").read_bytes()
    refs = extract_source_references({"paper.tex": tex}).references
    assert [r.raw for r in refs] == ["Иванов И. И. Теория струй. — М.: Наука, 1990.",
                                     "J. Smith, Code listing at ftp://host/a_b~c, 2001."]


def test_an_eprint_in_the_8_bit_encoding_its_inputenc_declares() -> None:
    # article.tex, refs.bib and article.bbl in cp1251 (\usepackage[cp1251]{inputenc}, babel russian).
    ex = extract_source_references(unpack_eprint((DATA / "cp1251-inputenc.tar.gz").read_bytes()))
    first = ex.references[0]
    assert first.raw == ("Лев Ландау and Евгений Лифшиц. К теории дисперсии магнитной проницаемости. "
                         "Журн. эксперим. и теор. физ., 8:153–169, 1935.")
    assert first.provenance.encoding == "cp1251"
    assert first.fields.title == "К теории дисперсии магнитной проницаемости"
    assert "cp1251 fallback in article.bbl" in ex.notes
