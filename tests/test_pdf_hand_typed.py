"""Bibliographies typed by hand into a word processor (theses above all), on small PDFs drawn
with PyMuPDF: no heading but the running head, access dates in brackets at a line's start,
institutions in capitals with their acronyms, paragraphs spaced unevenly.
"""

from __future__ import annotations

import pymupdf
import pytest

from arxref.pdf import extract_pdf_references
from arxref.pdf._authoryear import _gap_starts as gap_starts  # the rule under test, without a page
from arxref.pdf._furniture import remove_furniture
from arxref.pdf._headings import HEADING
from arxref.pdf._labels import line_labels
from arxref.pdf._layout import Line

_UNE_ISO = [
    (
        "ACOFARMA. Lactosa. Fichas de información técnica. Disponible en:",
        "http://www.acofarma.com/lactosa.pdf",
    ),
    (
        "AGENCIA TRIBUTARIA, 2015. Tabla de coeficientes de amortización lineal",
        "[consulta: 26 de mayo de 2018]. Disponible en: http://www.agenciatributaria.es/tabla",
    ),
    (
        "ALONSO, S., RENDUELES, M. y DÍAZ, M., 2013. Bio-production of lactobionic acid.",
        "Biotechnology Advances, 31, 1275-1291.",
    ),
    (
        "ANDERSSON, J. y MATTIASSON, B., 2006. Simulated moving bed technology.",
        "J. Chromatogr. A, 1107, 88-95.",
    ),
    (
        "ATCC. Safety Data and Product Sheet Zymomonas mobilis. Disponible en:",
        "https://www.atcc.org/Products/All/29191.aspx?geo_country=eu",
    ),
    (
        "BOLETÍN OFICIAL DEL ESTADO (BOE), 2007. BOE 225 A43229-43250. [consulta: 4 de",
        "mayo de 2018]. Disponible en: http://www.boe.es/boe/dias/2007/10/24/A43229.pdf",
    ),
    (
        "BOLETÍN OFICIAL DEL ESTADO (BOE), 2008. BOE 23 A04986-05000. [consulta: 4 de",
        "mayo de 2018]. Disponible en: http://www.boe.es/boe/dias/2008/01/26/A04986.pdf",
    ),
    (
        "CHIN, C. Y. y WANG, N. H. L., 2004. Simulated moving bed equipment designs.",
        "Separation & Purification Reviews, 33, 77-155.",
    ),
    ("DÍAZ, M., 2012. Ingeniería de Bioprocesos. 1ª edición. Madrid: Paraninfo.", None),
    (
        "INSTITUTO NACIONAL DE SEGURIDAD E HIGIENE EN EL TRABAJO (INSHT), 2017.",
        "[consulta: 5 de mayo de 2018]. Disponible en: http://www.insht.es/portal",
    ),
    (
        "KELLER II, G.E., ANDERSON, R.A. y YON, C.M., 1987. Handbook of Separation",
        "Process Technology. New Jersey: John Wiley y Sons.",
    ),
    ("WALAS, S.M., 1988. Chemical process Equipment: Selection and Design.", "Wobum: Butterworth-Heinemann."),
]


def _running_head_chapter_pdf() -> bytes:
    """A Spanish thesis's bibliography chapter converted from its own .docx: every page under the
    running head "Referencias bibliográficas", no heading above the list; no indent, a blank line
    between entries; pages open with "BOLETÍN OFICIAL DEL ESTADO (BOE), 2008." and "INSTITUTO
    NACIONAL DE SEGURIDAD E HIGIENE ... (INSHT)" after URLs; the last page holds one entry."""
    doc = pymupdf.open()
    page = None
    for n, (first, second) in enumerate(_UNE_ISO):
        if n in (0, 6, 9, 11):
            page = doc.new_page(width=595, height=842)
            page.insert_text((413, 55), "Referencias bibliográficas", fontsize=11)
            page.insert_text((290, 800), str(75 + doc.page_count), fontsize=11)
            y = 83.0
        page.insert_text((85, y), first, fontsize=11)
        if second is not None:
            page.insert_text((85, y + 19), second, fontsize=11)
        y += 19 * (2 if second else 1) + 19
    return doc.tobytes()


def test_a_bibliography_chapter_named_only_by_its_running_head() -> None:
    refs = extract_pdf_references(_running_head_chapter_pdf()).references
    assert [r.raw for r in refs] == [" ".join(filter(None, e)) for e in _UNE_ISO]
    assert [r.label for r in refs] == [None] * len(_UNE_ISO)


def test_an_access_date_in_brackets_is_no_label() -> None:
    assert "alpha" not in line_labels("[consulta: 4 de mayo de 2018]. Disponible en: http://boe.es")
    assert "alpha" not in line_labels("[Accessed 12 May 2019]. Available at: http://example.org")
    assert line_labels("[Lee and DiCesare 1994] Lee, J. and DiCesare, F. Scheduling.")["alpha"].text == (
        "Lee and DiCesare 1994"
    )
    assert line_labels("[W3C 2019] World Wide Web Consortium. HTML 5.")["alpha"].text == "W3C 2019"


# (lines of an entry, the space after each line but the last): a thesis typed in Word with
# paragraphs spaced 1.5 and single by turns, so that a gap inside an entry may be as wide as one
# between entries; "MARTINS, Paulo. AMORIM, Clovis." is one work's two authors, typed with a period
_UNEVEN = [
    (
        [
            "Após 18 meses de pandemia de COVID-19, OPAS pede prioridade para",
            "prevenção ao suicídio. OPAS, 2021. Disponível em:",
            "https://www.paho.org/pt/noticias/9-9-2021-apos-18-meses",
        ],
        [21, 21],
    ),
    (
        [
            "BALLONE GJ - Estresse. In. PsiqWeb Psiquiatria Geral, Internet, última revisão",
            "2002 - disponível em http://www.psiqweb.med.br/cursos/stress1.html.",
            "Acesso em junho de 2022.",
        ],
        [14, 21],
    ),
    (
        [
            "BASSO, Lissia Ana; WAINER, Ricardo. Luto e perdas repentinas. Rev. Bras. ter. cogn.,",
            "Rio de Janeiro, v. 7, n. 1, p. 35-43, jun. 2011.",
        ],
        [14],
    ),
    (
        [
            "BRASIL. Depressão: causas, sintomas, tratamentos, diagnóstico e prevenção.",
            "Brasília:",
            "OMS, 2019.",
        ],
        [14, 21],
    ),
    (
        [
            "BYRNE, B. M. The Maslach Burnout Inventory: testing for factorial validity.",
            "Journal of Occupational Psychology, 66, 3, 197-213. 1993.",
        ],
        [14],
    ),
    (
        [
            "CASTRO, Jaime. Stress e Qualidade de Vida. 2009. Disponível em:",
            "http://stressequalidadedevida.blogspot.com.br/2009/10/stress.html",
        ],
        [21],
    ),
    (["DE MASI, Roberto. Stress e trabalho. São Paulo, 1998."], []),
    (
        [
            "DISHMAN, Rod K. Biological psychology, exercise and stress. in guest:",
            "Physical Activity and Stress, Champaign: Human Kinetics, 1994.",
        ],
        [21],
    ),
    (
        [
            "MARTINS, Paulo. AMORIM, Clovis. Nível de Estresse nos Professores do Ensino",
            "Público de Curitiba. Curitiba: CESUMAR, 2010.",
        ],
        [14],
    ),
    (
        [
            "NEUFELD, C. B.& RANGÉ, B. P. Terapia Cognitivo-Comportamental em Grupo.",
            "Porto Alegre: Artmed, 2017.",
        ],
        [14],
    ),
]


def test_an_abnt_list_typed_with_uneven_spacing() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text(
        (84, 80), "teve em vista incentivar novos estudos sobre os temas discutidos.", fontsize=12
    )
    page.insert_text((84, 130), "REFERÊNCIAS", fontsize=12, fontname="hebo")
    y = 150.0
    for lines, gaps in _UNEVEN:
        for line, gap in zip(lines, [*gaps, 21], strict=True):
            page.insert_text((84, y), line, fontsize=12)
            y += gap
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(lines) for lines, _ in _UNEVEN]


def test_a_page_opens_with_one_authors_full_name_after_an_entry_ending_in_a_page_count() -> None:
    """A Spanish thesis from Word 2016: space between entries, authors' full names; a page opens with
    "Santiago Murillo González." (both surnames) after an entry that ends "(2007), 4" (no period)."""
    entries = [
        (
            "M. A. Rao. 'Flow and Functional Models for Rheological Properties of Fluid",
            "Foods'. New York: Springer Science and Business Media, (2014).",
        ),
        (
            "Diagnostica. 'Anticoagulante sequestreno EDTA'. Colombia: Especialidades",
            "diagnósticas IHR Ltda, (2007), 4",
        ),
        (
            "Santiago Murillo González. Caracterización reológica de la sangre. Málaga:",
            "Escuela Técnica Superior de Ingeniería Industrial, (2015), 24.",
        ),
        (
            "C. Ariznavarreta, V. Cachofeiro, D. Cardinali. Fisiología humana. México:",
            "J.A.F.Treguerres, (2005), 445.",
        ),
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((85, 500), "Bibliografía", fontsize=16, fontname="hebo")
    y = 760.0 - 2 * (2 * 19 + 19)
    for n, (first, second) in enumerate(entries):
        if n == 2:
            page = doc.new_page(width=595, height=842)
            y = 80.0
        page.insert_text((85, y), first, fontsize=11)
        page.insert_text((85, y + 19), second, fontsize=11)
        y += 2 * 19 + 19
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(e) for e in entries]


# A TCC converted by LibreOffice: single spacing inside entries, 27 pt from one entry to the next, but
# one entry spaced 1.5; Word broke a line before a comma (", SA, 2014."), a page count lost its period
# ("536 p"), and a place in the 1.5-spaced entry reads as a name ("Federal de Viçosa, Minas Gerais").
_TCC = [
    ["ALVES, William Pereira. Banco de dados. Saraiva Educação", ", SA, 2014."],
    ["ARAÚJO, M. Modelagem de dados. Revista Saber Digital, v. 1, n. 01, p. 27-64, 2021."],
    [
        "HUDDLESTON, James. Iniciando em Banco de Dados com VB 2005: De",
        "Novatos a Profissionais. Rio De Janeiro: Ciência Moderna, 2008. 536 p",
    ],
    [
        "JOBSTRAIBIZER, Flávia. Criação de sites com o CSS. São Paulo: Universo",
        "dos Livros Editora, 2009. 146 p.",
    ],
    [
        "TAVARES, Deisymar Botega. Procedimento de análise para validação de",
        "diagrama de classes de domínio. 2008. 87 f. Dissertação - Universidade",
        "Federal de Viçosa, Minas Gerais, 2008.",
    ],
    [
        "TECHIO, Gabriel Bressan; CHICON, Patricia. Implementação dos frameworks",
        "bootstrap e Foundation. 2016. 44 f. Monografia - UNICRUZ, 2016.",
    ],
    ["VIVAS, Mauricio. Curso de Aplicações WEB em PHP. CIPSGA: jun. 2000."],
]


def test_an_abnt_list_with_one_entry_spaced_wider_and_lines_broken_before_a_comma() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((250, 80), "REFERÊNCIAS", fontsize=12, fontname="hebo")
    y = 110.0
    for lines in _TCC:
        pitch = 20.7 if lines[0].startswith("TAVARES") else 14
        for line in lines:
            page.insert_text((85, y), line, fontsize=12)
            y += pitch
        y += 27 - pitch
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(lines) for lines in _TCC]


def test_an_entry_typed_without_the_space_before_it_in_a_spaced_list() -> None:
    """An APA list converted by LibreOffice, no indent, a blank line between entries, but none
    before one entry; the line above it ends where the next line's first word would have fit."""
    entries = [
        [
            "Sheeks, M. S., & Birchmeier, Z. P. (2007). Shyness, sociability, and the use of",
            "computer-mediated communication. CyberPsychology & Behavior, 10(1), 64-70.",
        ],
        [
            "Shepherd, R. M., & Edelmann, R. J. (2005). Reasons for internet use and social",
            "anxiety. Personality and Individual Differences, 39(5), 949-958.",
        ],
        [
            "Siriaraya, P., Tang, C., Ang, C.S., Pfeil, U. and Zaphiris, P., 2011. A comparison of",
            "empathic communication. Behaviour & Information Technology, 30(5), pp.617-628.",
        ],
        [
            "Stritzke, W. G., Nguyen, A., & Durkin, K. (2004). Shyness and computer-mediated",
            "communication. Media Psychology, 6(1), 1-22.",
        ],
        ["Suler, J. (2004a). The online disinhibition effect. Cyberpsychology & Behavior, 7(3),", "321-326."],
        [
            "Tanis, M. (2007). Online social support groups. In A. Joinson, K. McKenna (Eds.),",
            "Oxford Handbook of Internet Psychology (pp. 139-153). Oxford University Press.",
        ],
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((85, 80), "References", fontsize=12, fontname="hebo")
    y = 110.0
    for n, lines in enumerate(entries):
        if n != 2:
            y += 14  # the blank line, but before Siriaraya
        for line in lines:
            page.insert_text((85, y), line, fontsize=12)
            y += 14
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == [" ".join(lines) for lines in entries]


def test_an_author_year_list_divided_by_sub_headings() -> None:
    """A humanities thesis from Word: "Bibliografía" over an APA list divided by sub-headings set a
    little larger ("Fuentes primarias", "Fuentes secundarias"); the list goes on under each."""
    primary = [
        "Archivo General de la Nación. (1810). Actas del cabildo abierto. Buenos Aires: AGN.",
        "Belgrano, M. (1796). Memoria al consulado. Buenos Aires: Imprenta de Niños Expósitos.",
        "Moreno, M. (1810). Plan revolucionario de operaciones. Buenos Aires: Gaceta.",
    ]
    secondary = [
        "Chiaramonte, J. C. (1997). Ciudades, provincias, estados. Buenos Aires: Ariel.",
        "Di Meglio, G. (2006). ¡Viva el bajo pueblo! Buenos Aires: Prometeo.",
        "Halperin Donghi, T. (1972). Revolución y guerra. Buenos Aires: Siglo XXI.",
        "Ternavasio, M. (2007). Gobernar la revolución. Buenos Aires: Siglo XXI.",
    ]
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((85, 80), "Bibliografía", fontsize=16, fontname="hebo")
    y = 115.0
    for sub, entries in (("Fuentes primarias", primary), ("Fuentes secundarias", secondary)):
        page.insert_text((85, y), sub, fontsize=13, fontname="hebo")
        y += 24
        for entry in entries:
            page.insert_text((85, y), entry, fontsize=11)
            y += 20
        y += 10
    page.insert_text((85, y + 20), "Anexo I. Cronología de los hechos", fontsize=16, fontname="hebo")
    page.insert_text(
        (85, y + 50), "El cabildo abierto se reunió el 22 de mayo y votó la destitución.", fontsize=11
    )
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw for r in refs] == primary + secondary



_ABNT_JUSTIFIED = [
    "ABREU, Bernardo Gomes de. Desenvolvimento de um sistema Web para utilização em clínicas veterinárias."
    " Trabalho de Conclusão de Curso. Universidade Federal de Goiás, 2017.",
    "ALVES, William Pereira. Banco de dados. 1. ed. São Paulo. Érica. 2014. Disponível em"
    " <http://twixar.me/D1Ln> Acesso em: 18 mai. 2019",
    "BRASIL. Projeto de Lei do Senado nº 470, de 2018. Altera a Lei n° 9.605, de 12 de fevereiro de 1998,"
    " para elevar a pena de maus-tratos e estabelecer punição financeira. 2018.",
    "CARDOSO, Virgínia; CARDOSO, Giselle. Linguagem SQL : fundamentos e práticas. São Paulo. Saraiva. 2013."
    " 196 p. Disponível em: <https://integrada.minhabiblioteca.com.br/#/books/9788502200463/cfi/4!/4/4@0.00:0.00>",
    "COSTEIRA, Jessica Azevedo. Cães e Gatos - Controle Populacional Por Meio De Esterilização Cirúrgica."
    " Dissertação (Bacharel em Medicina Veterinária) - Universidade Federal da Paraíba. Paraíba, 2013.",
    "CURITIBA. Resumo executivo do projeto - Rede de defesa e proteção animal da cidade de Curitiba. 2009."
    " Disponível em: <http://www.protecaoanimal.curitiba.pr.gov.br/Resumo.pdf> Acesso em 07 mai. 2019.",
    "DUARTE, Marcos. Sistemas de informação para organizações não governamentais de proteção animal."
    " São Paulo: Atlas, 2015.",
    "FERREIRA, Ana Paula. Adoção responsável de cães e gatos no Brasil. Revista Brasileira de Medicina"
    " Veterinária, v. 12, n. 3, p. 45-52, 2016.",
    "SILVEIRA, Paulo. O que é SQL? alura, 2019. Disponível em: https://www.alura.com.br/artigos/o-que-e-sql"
    " Acesso em: 06 maio.",
    "SOS COSTURA. SOS Costura, 2020. Página Web. Disponível em: <https://www.soscostura.com/>. Acesso em:"
    " 14, março de 2021.",
    "SOUZA, Daniele. Banco de Dados: Descubra O Que São e Quais Existem. Disponível em: https://www.gov.br."
    " Acesso em: 20 mar. 2021.",
]
_TYPED_WITHOUT_SPACE = ("CARDOSO", "SILVEIRA")  # the entries the next one follows with no space


def _abnt_pdf(align: int) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((85, 80), "REFERÊNCIAS", fontsize=12, fontname="hebo")
    y = 100.0
    for text in _ABNT_JUSTIFIED:
        rect = pymupdf.Rect(85, y, 511, y + 200)
        spare = page.insert_textbox(rect, text, fontsize=12, align=align)
        y += 200 - spare + (0 if text.startswith(_TYPED_WITHOUT_SPACE) else 14)
    return doc.tobytes()


@pytest.mark.parametrize("align", [pymupdf.TEXT_ALIGN_JUSTIFY, pymupdf.TEXT_ALIGN_LEFT])
def test_abnt_entries_typed_without_the_space_before_them(align: int) -> None:
    """An ABNT list spaced between entries, justified or not: one entry ends with a URL in angle
    brackets broken across lines ("...cfi/4!/" + "4/4@0.00:0.00>": no period), and the next, typed
    without the space before it, opens right under it; another ends its last line where the next
    one's first word ("SOS COSTURA.") would have fit, and that one is typed without the space too."""
    refs = extract_pdf_references(_abnt_pdf(align)).references
    assert [r.raw.split()[0] for r in refs] == [text.split()[0] for text in _ABNT_JUSTIFIED]


def test_bold_sub_headings_ending_in_a_colon_are_no_part_of_the_entry_below() -> None:
    """A Spanish thesis divides its list under bold run-in sub-headings ("Referencias académicas e
    informes:", "Referencias en prensa:"), each right over an entry that opens with a name or a
    body and its date in brackets."""
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((113, 80), "Referencias", fontsize=14, fontname="hebo")
    y = 110.0
    press = ("El Espectador", "Caracol Radio", "Colombia plural", "El Tiempo")
    sections = [
        ("Referencias académicas e informes:", [f"Autor{n}, A. ({2000 + n}) Un libro." for n in range(1, 8)]),
        ("Referencias en prensa:", [f"{name} (2018) Noticia sobre los líderes sociales." for name in press]),
    ]
    for heading, entries in sections:
        page.insert_text((113, y), heading, fontsize=12, fontname="hebo")
        y += 24
        for text in entries:
            page.insert_text((113, y), text, fontsize=12)
            page.insert_text((149, y + 14), "Bogotá: Editorial Universidad Nacional.", fontsize=12)
            y += 36
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split(" (")[0] for r in refs] == [f"Autor{n}, A." for n in range(1, 8)] + list(press)


def test_a_body_and_its_date_open_a_page_after_an_entry_that_ended_in_a_broken_url() -> None:
    """The last entry of a page ends with the tail of a URL Word broke at a hyphen (no period after
    it); the next page opens with a body and its date in brackets, "Prensa Libre Casanare (2018)":
    a new entry, not more of the URL's entry."""
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((113, 80), "Referencias", fontsize=14, fontname="hebo")
    y = 110.0
    last = [
        "Pax (2017) Continúa persecución a líderes sociales. Noviembre 12. En:",
        "https://paxencolombia.org/continua-persecucion-a-lideres-sociales-del-",
        "cesar-graves-amenazas-a-3-dirigentes/",
    ]
    for n in range(1, 16):
        lines = [f"Medio{n} (2017) Noticia número {n} sobre los líderes. Junio 12. En:", f"https://m{n}.org/n-{n}/"]
        for k, text in enumerate(last if n == 15 else lines):
            page.insert_text((113, y + 14 * k), text, fontsize=12)
        y += 42
    page = doc.new_page(width=596, height=842)
    press = ["Prensa Libre Casanare", "Prensa Rural", "Radio Macondo"]
    for k, name in enumerate(press):
        page.insert_text((113, 80 + 42 * k), f"{name} (2018) Amenazan a un líder social. En:", fontsize=12)
        page.insert_text((113, 94 + 42 * k), "https://example.org/noticia/", fontsize=12)
    refs = extract_pdf_references(doc.tobytes()).references
    assert [r.raw.split(" (")[0] for r in refs[-4:]] == ["Pax", *press]




def test_an_accented_chapter_heading_under_its_page_number_is_no_running_head() -> None:
    """abnTeX2 opens its bibliography chapter with "Referências" set large under the page number;
    the chapter's later pages repeat the word as their running head, so it recurs atop pages. The
    page number and the heading stand apart from the text as one block, like a running head's,
    but a bibliography's heading is never furniture, accented or not."""

    def line(y: float, text: str, x0: float = 85.0, x1: float = 511.0, size: float = 12.0) -> Line:
        return Line(60, x0, y, x1, y + size, text, size, False, 0, size, 596.0, 842.0)

    page = (
        line(45.0, "60", x0=520.0, x1=531.0, size=10.0),
        line(70.0, "Referências", x0=240.0, x1=357.0, size=24.8),
        *(line(140.0 + 15 * k, f"AUTOR{k}, A. B. Um estudo sobre energia. 2019. {k}") for k in range(30)),
    )
    kept = remove_furniture([page], HEADING, frozenset({"referencias"}))[0]
    assert [ln.text for ln in kept[:2]] == ["Referências", "AUTOR0, A. B. Um estudo sobre energia. 2019. 0"]


def test_a_name_in_capitals_atop_a_page_after_an_entry_ending_in_its_back_references() -> None:
    """abnTeX2 ends each entry with the pages that cite it ("..., 2009. 26"): across a page break
    (no gap to measure) a name in capitals after such an end starts an entry in an ABNT list."""

    def line(page: int, y: float, text: str) -> Line:
        return Line(page, 85.0, y, 511.0, y + 12, text, 12.0, False, 0, 12.0, 596.0, 842.0)

    names = ["ABREU", "ALVES", "BARBOZA", "BLANK", "BRITO", "BUDEL", "CHANG", "DENHOLM", "DUARTE", "FARIAS"]
    lines = []
    for k, name in enumerate(names):
        page, y = (0, 100.0 + 40 * k) if k < 6 else (1, 100.0 + 40 * (k - 6))
        lines += [
            line(page, y, f"{name}, A. B. Um estudo sobre a energia solar fotovoltaica no"),
            line(page, y + 14, f"Brasil. Revista Brasileira, 2019. {20 + k}"),
        ]
    starts = gap_starts(tuple(lines))
    assert starts is not None
    assert 12 in starts
