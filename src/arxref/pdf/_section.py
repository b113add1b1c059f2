"""Where the bibliographies are: the headings on a page, where each list ends, floats set inside a
list, and a fallback without heading."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from arxref.pdf._authoryear import closes_entry
from arxref.pdf._headings import HEADING, despace, heading_key, real_heading, unknown_top
from arxref.pdf._labels import Label, label_of
from arxref.pdf._layout import Line, body_size

_END = re.compile(
    r"^(?:(?:\d{1,2}|[IVXL]{1,5}|[A-Z])\.?\s+)?(?:appendix|appendices|appendix\s+\w+|supplementary|supplemental"
    r"|supporting\s+information|biograph(?:y|ies)|author\s+biograph\w*|about\s+the\s+authors?|acknowledge?ments?"
    r"|anhang|\w*erklarung|danksagung|lebenslauf|curriculum\s+vitae|index|glossary|list\s+of\s+(?!references|works\s+cited|literature)\w+|figure\s+captions"
    r"|(?:figures?|tables?|figure\s*/\s*table)\s+(?:legends?|captions)|legends?"
    r"|biodata(?:\s+penulis)?|riwayat\s+hidup|tentang\s+penulis|author\s+information|author\s+contributions?"
    r"|affiliations?"
    r"|competing\s+interests?|conflicts?\s+of\s+interests?|declarations?|data\s+availability"
    r"|tables?|chapter\s+\d+|endnotes|notes|apendices?|anexos?|annexes?|appendice"
    r"|приложени[еяй]|додат(?:ок|ки))(?:\b|\s|$)",
    re.I,
)

_BLOCK_ATOP = 6  # lines of a block (an author's name and address) atop a column the list goes on in
# "Figure 3:", "FIG. 2.", "Table IV.", appendix or supplement floats "Figure A1.", "Table S2:", and
# Springer's caption with no punctuation after its bold number: "Fig. A2 The flowchart of ...", and
# a dash after it (French: "FIGURE 14 – Débit du réseau")
CAPTION = re.compile(
    r"^(fig\.|figure|table|abbildung|tabelle)\s*(?:[A-Z]\.?)?(?:\d+|[IVX]+)[a-z]?(?:\.\d+)?"
    r"(\s*[:.|–—]|\s+-\s|\s+(?-i:[A-Z])|$)",
    re.I,
)
_TABLE = re.compile(r"^(table|tabelle)\b", re.I)
# How an author-year entry starts: "Hunter, J. D.", "J. D. Hunter", "Kingma and Ba", "van der Walt, S.",
# "Van Cleve J. E., Caldwell" (MNRAS, A&A), "Chodera JD, Mobley DL" (Vancouver)
# (public: the author-year fallback without heading looks for it too)
NAME_START = re.compile(
    r"^(?:(?:[a-z]{1,3}\s){0,2}[A-Z][\w'’\-]+,\s*[A-Z]|(?:[A-Z]\.\s?)+(?:-[A-Z]\.\s?)?[A-Z][\w'’\-]+"
    r"|[A-Z][\w'’\-]+(?:\s[A-Z][\w'’\-]+){0,2}(?:,|\s(?:and|&|et\sal\.?)\s|\s(?:[A-Z]\.\s?)+|\s[A-Z]{1,3},))"
)
# A section number in a small-caps heading: "A FURTHER", "A.1 DERIVING", "3. RESULTS", never an
# initial ("A. SMITH", an author line of a small-caps style)
_CAPS_SECTION = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z](?:\.\d{1,2})+|[A-Z])\s+[A-Z]")
# A section number before a heading's words: "7", "7.2", "A", "A.1", "VII."
_SECTION_NO = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*|[A-Z](?:\.\d{1,2})*|[IVXL]{1,5})\.?\s+\S")


@dataclass(frozen=True)
class Section:
    """The lines of one bibliography, from after its heading to its end."""

    lines: tuple[Line, ...]
    heading: str | None




def _small_caps(ln: Line) -> bool:
    """Capitals with a larger first letter: a heading set in small caps (ICLR, ICML, AMS)."""
    return ln.first_size >= 1.15 * ln.size and ln.text.isupper()


Block = tuple[float, float]  # the left and right edges of a column's text


def text_blocks(lines: list[Line]) -> dict[tuple[int, int], Block]:
    """Each page column's text edges: where its lines start and end, furthest out."""
    blocks: dict[tuple[int, int], Block] = {}
    for ln in lines:
        left, right = blocks.get((ln.page, ln.col), (ln.x0, ln.x1))
        blocks[(ln.page, ln.col)] = (min(left, ln.x0), max(right, ln.x1))
    return blocks


def _centred(ln: Line, block: Block | None) -> bool:
    """A line centred in its column's text, well in from its left edge (no line of a list starts
    there): a heading set in small type ("Supplementary Materials" in a Biometrics referee copy)."""
    if block is None:
        return False
    left, right = block
    width = right - left
    return ln.x0 > left + 0.2 * width and abs(ln.x0 + ln.x1 - left - right) < 0.03 * width


def names_an_end(text: str) -> bool:
    """Whether a line's words name a section that follows a list ("Appendix B", "ПРИЛОЖЕНИЕ 1")."""
    return bool(_END.match(heading_key(text)))


def _names_an_end(ln: Line, body: float, block: Block | None = None) -> bool:
    """A heading set off from the text that names what follows a list: "Appendix", "Figure legends"."""
    set_off = ln.bold or ln.size > body + 0.5 or ln.text.isupper() or _centred(ln, block)
    return set_off and len(ln.text) <= 70 and names_an_end(ln.text)


def closes_list(ln: Line, body: float, block: Block | None = None) -> bool:
    """A heading that closes a bibliography: appendix, biographies, a new chapter...; `block`: the
    edges of the text of the line's column, where known."""
    if len(ln.text) > 120:
        return False
    if _names_an_end(ln, body, block):
        return True  # its section number is no label: "7 Anhang", set larger
    if label_of(ln.text) is not None and not ln.bold:
        return False
    if ln.text.endswith((".", ",", ";")):
        return False  # a sentence's end: no heading, and no letter-spaced line (its words are letters)
    if despace(ln.text) != ln.text and not HEADING.match(heading_key(ln.text)):
        return True  # a letter-spaced display line is a heading of its own
    if _small_caps(ln) and _CAPS_SECTION.match(ln.text) and len(ln.text.split()) <= 12:
        return True  # "A FURTHER EXPERIMENTS" in the size of the text
    if ln.size < body + 1.5:
        return False
    # a larger line: a short one, or a longer numbered or bold title ("B Computing all u_i ...")
    return len(ln.text.split()) <= 10 or bool(_SECTION_NO.match(ln.text)) or ln.bold


@dataclass(frozen=True)
class _Starts:
    """Where a list's lines start in each column: any line, and lines without a label."""

    any: dict[int, set[int]]
    unlabelled: dict[int, set[int]]


# A row of a figure's panel names: "(a) CAIDA (b) Campus Network (c) ISP1", set in the text's size.
_SUBFIGURES = re.compile(r"\([a-h]\)\s+[^()]{1,40}\s\([a-h]\)\s")


def _list_like(ln: Line, starts: _Starts, body: float) -> bool:
    """A line set where the list's lines start in its column, in the list's type size; in a
    labelled hanging list, a line without a label starts where continuation lines do, not at
    the label position (a float's caption line, a draft figure's file name), and a label
    anywhere from the column's left edge to that indent (labels right-aligned in their box:
    "[9]" starts right of "[10]", and the first nine are few in a long list)."""
    if abs(ln.size - body) > 0.6 or _SUBFIGURES.match(ln.text):
        return False
    x, known, indents = round(ln.x0), starts.any.get(ln.col, set()), starts.unlabelled.get(ln.col, set())
    if label_of(ln.text) is None:
        return x in known and x in indents
    return x in known or bool(known) and bool(indents) and min(known) <= x < max(indents)


def _positions(chunk: list[Line], body: float) -> dict[int, set[int]]:
    """Where the lines of `chunk` start in each column, with 1 pt slack: an x is the list's when
    a fair share of the column's lines start there; a figure's own text (a draft figure's file
    names, axis labels) starts elsewhere or too rarely."""
    counts: dict[int, dict[int, int]] = {}
    for ln in chunk:
        if abs(ln.size - body) <= 0.6:
            col = counts.setdefault(ln.col, {})
            col[round(ln.x0)] = col.get(round(ln.x0), 0) + 1
    known: dict[int, set[int]] = {}
    for c, col in counts.items():
        most = max(col.values())
        for x, n in col.items():
            if n >= 0.15 * most:
                known.setdefault(c, set()).update((x - 1, x, x + 1))
    return known


def _line_starts(chunk: list[Line], body: float) -> _Starts:
    """Where the list's lines start in each column (entry starts, indents), and its lines
    without a label (continuation lines; every line of an unlabelled list)."""
    unlabelled = [ln for ln in chunk if label_of(ln.text) is None]
    return _Starts(_positions(chunk, body), _positions(unlabelled, body))


def _resumes(after: Line, before: Line | None, starts: _Starts, body: float) -> bool:
    """Whether the list goes on after a float: a new entry, or the rest of one the float broke. In a
    column the list has not been set in yet (a page that goes on in the left column, after a list
    begun in the right one), where its lines start is not known: a new entry in its size tells."""
    if after.col == -1:
        return False
    if after.col not in starts.any:
        return opens_entry(after, body)
    if not _list_like(after, starts, body):
        return False
    if label_of(after.text) is not None or NAME_START.match(after.text):
        return True
    return before is not None and not closes_entry(before.text)


def _list_size(chunk: list[Line]) -> float:
    """The list's type size, read on its first page: the next page may open with a float's many
    small lines (the tick labels of four plots), which would outnumber a list begun low on its page."""
    first = [ln for ln in chunk[:60] if ln.page == chunk[0].page] if chunk else []
    return body_size(first if len(first) >= 2 else chunk[:60])


def skip_floats(chunk: list[Line]) -> list[Line]:
    """The list without the floats set inside it; a float after which the list does not resume ends it.

    A float is its caption's paragraph, any wide lines under it, and the lines just before
    the caption on its page that do not start where the list's lines start (the figure's
    own text, or a draft figure's file name).
    """
    body = _list_size(chunk)
    known: _Starts | None = None  # measured at the first caption: most lists hold none
    kept: list[Line] = []
    j = 0
    while j < len(chunk):
        ln = chunk[j]
        if not CAPTION.match(ln.text):
            kept.append(ln)
            j += 1
            continue
        known = known or _line_starts(chunk, body)
        above = 0  # the float's own lines above its caption: a figure's text, a table's rows
        while (
            kept
            and kept[-1].page == ln.page
            and (not _list_like(kept[-1], known, body) or _plot_text(kept[-1], body))
            and not _names_an_end(kept[-1], body)  # a heading over the caption ends the list there
        ):
            kept.pop()
            above += 1
        end = j + 1  # the caption's paragraph: following lines set close below it (boxes of tight
        # leading overlap)
        while (
            end < len(chunk)
            and chunk[end].page == ln.page
            and -0.5 * ln.size <= chunk[end].y0 - chunk[end - 1].y1 < 0.6 * ln.size
        ):
            end += 1
        while end < len(chunk) and chunk[end].page == ln.page and chunk[end].col == -1:
            end += 1  # more of the float: further wide captions or lines
        rows = 0  # a table's rows under its caption, set unlike the list (another size, other starts),
        # or where the list's lines start but not as the list would go on ("Ablated CE (Ours) TBR")
        while (
            _TABLE.match(ln.text)
            and end < len(chunk)
            and chunk[end].page == ln.page
            and (
                _table_row(chunk[end], body)
                if ln.col == -1  # a table across the page: its rows may start where the list's lines do
                else not _resumes(chunk[end], kept[-1] if kept else None, known, body)
            )
        ):
            end += 1
            rows += 1
        after = chunk[end] if end < len(chunk) else None
        if after is not None and not _TABLE.match(ln.text):
            # another float (its own lines over its caption, a draft figure's file name): whether
            # the list goes on shows after the last float
            nxt = _next_caption(chunk, end, known, body)
            if nxt is not None:
                j = nxt
                continue
        if after is None or not _resumes(after, kept[-1] if kept else None, known, body):
            break
        if _TABLE.match(ln.text) and ln.col != -1 and above < 2 and rows < 2:
            break  # a table's rows follow its caption, at the list's left edge: its end cannot be told
        j = end
    return kept


def _table_row(ln: Line, body: float) -> bool:
    """A row of a table: no entry starts on it, and it holds fewer words than a line of prose."""
    return not opens_entry(ln, body) and not is_prose(ln)


def is_prose(ln: Line) -> bool:
    """A line of running text: as many words of letters as prose holds, more than a table's row."""
    return len(_PROSE_WORD.findall(ln.text)) >= _PROSE_WORDS


_PROSE_WORD = re.compile(r"(?<!\S)[^\W\d_]{2,}[,.;:]?(?!\S)")
_PROSE_WORDS = 6  # words of letters in a line of prose, at least; a table's row holds fewer


def _plot_text(ln: Line, body: float) -> bool:
    """A plot's tick labels and panel letters ("0 100 200 300", "(a) (b)"): no word of three letters,
    and set in another size than the list's, wherever they start."""
    return abs(ln.size - body) >= 0.3 and not _WORD.search(ln.text)


_WORD = re.compile(r"[^\W\d_]{3}")
_FLOAT_LINES = 8  # lines of a float's own (a figure's text, file names) over its caption, at the most


def _next_caption(chunk: list[Line], at: int, known: _Starts, body: float) -> int | None:
    """Where another float's caption stands, at `at` or over a few lines of that float's own on the
    same page that no entry could be; None when the list goes on first."""
    in_size = 0  # the float's own lines in the list's size; its axis labels, set smaller, are many
    for k in range(at, len(chunk)):
        ln = chunk[k]
        if ln.page != chunk[at].page or in_size > _FLOAT_LINES:
            return None
        if CAPTION.match(ln.text):
            return k
        if _list_like(ln, known, body) or opens_entry(ln, body):
            return None
        in_size += abs(ln.size - body) <= 0.6
    return None


def _close_list(chunk: list[Line], body: float, number: str = "") -> list[Line]:
    """The list up to the first line that closes it; a block atop a new column that the index
    chain crosses is skipped instead (acmart's second author block, set atop the right column
    of the first page, which the list runs into)."""
    blocks = text_blocks(chunk)
    j = 0
    while j < len(chunk):
        if _colon_sub_heading(chunk, j, body):
            chunk = chunk[:j] + chunk[j + 1 :]
            continue
        block = blocks.get((chunk[j].page, chunk[j].col))
        if closes_list(chunk[j], body, block) or _plain_end(chunk, j, body) or _bold_end(chunk, j, body):
            resumes = _chain_resumes(chunk, j)
            if resumes is None and _sub_heading(chunk, j, body, number):
                resumes = j + 1
            if resumes is None:
                return chunk[:j]
            chunk = chunk[:j] + chunk[resumes:]
        j += 1
    return chunk


_RUN_IN_END = re.compile(
    r"(?:acknowledge?ments?|funding|supplementary\s+materials?|data\s+(?:and\s+materials\s+)?availability"
    r"|author\s+contributions?|competing\s+interests?|conflicts?\s+of\s+interests?)\s*:\s+[A-Z]",
    re.I,
)


_END_NAME_CHARS = 40  # the longest plain line that only names what follows ("Supplementary Information:")


def _colon_sub_heading(chunk: list[Line], j: int, body: float) -> bool:
    """A bold line in the text size that ends with a colon, over a line that opens an entry: a
    sub-heading that divides the list ("Referencias en prensa:"), no part of the entry below it."""
    ln, after = chunk[j], chunk[j + 1] if j + 1 < len(chunk) else None
    if not (ln.bold and ln.text.rstrip().endswith(":") and len(ln.text.split()) <= 10):
        return False
    return abs(ln.size - body) <= 0.6 and after is not None and _opens_dated(after, body)


def _bold_end(chunk: list[Line], j: int, body: float) -> bool:
    """A short bold line in the text size after an entry's end, with prose under it and no entry: a
    word processor's sub-heading of the text that follows the list (a template's "Subheadings")."""
    ln, before, after = chunk[j], chunk[j - 1] if j else None, chunk[j + 1] if j + 1 < len(chunk) else None
    if not ln.bold or abs(ln.size - body) > 0.6 or len(ln.text.split()) > 4 or ln.text.endswith((".", ",")):
        return False
    ends_entry = before is not None and closes_entry(before.text)
    return ends_entry and after is not None and not opens_entry(after, body)


def _plain_end(chunk: list[Line], j: int, body: float) -> bool:
    """A line that is only the name of what follows a list ("Figure Captions", "Tables:"), set plain
    as a manuscript's headings may be, but apart: atop a page or column, or after a wider gap."""
    ln = chunk[j]
    if _RUN_IN_END.match(ln.text):
        return True  # Science's back matter: "Acknowledgements: Conversations with ...", run in
    if len(ln.text) > _END_NAME_CHARS or ln.text.rstrip().endswith((".", ",")) or len(ln.text.split()) > 4:
        return False
    if not _END.fullmatch(heading_key(ln.text).rstrip(" :")):
        return False
    before = chunk[j - 1] if j else None
    return before is None or (before.page, before.col) != (ln.page, ln.col) or ln.y0 - before.y1 > body


_DATED = re.compile(r"\b(?:1[6-9]|20)\d\d[a-z]?\b|\b[ns]\.\s?[df]\.")
# an author or body and the date in brackets after it: "Archivo General de la Nación. (1810)."
_AUTHOR_DATE = re.compile(r"^[A-ZÀ-Ý][^()]{0,80}\((?:1[6-9]|20)\d\d")


def _sub_heading(chunk: list[Line], j: int, body: float, number: str = "") -> bool:
    """A heading that divides an unlabelled list ("Primary sources", "Fuentes secundarias", "Web
    sites"): a few words, no section number (but one under the list's own: "7.1 Primärliteratur"
    under "7 Literaturverzeichnis") and no name of what follows a list, right under the list's
    heading or after entries, and the next line opens an entry in the list's size, dated within
    its first lines."""
    ln = chunk[j]
    numbered = _SECTION_NO.match(ln.text) and not (number and ln.text.startswith(number + "."))
    if j + 1 >= len(chunk) or len(ln.text.split()) > 6 or numbered:
        return False
    if _names_an_end(ln, body) or any(_numbered(o) for o in chunk[max(0, j - 6) : j]):
        return False
    dated = _DATED.search(" ".join(o.text for o in chunk[j + 1 : j + 4]))
    return _opens_dated(chunk[j + 1], body) and bool(dated)


def _opens_dated(ln: Line, body: float) -> bool:
    """A line that opens an entry, or, in the list's size, a name or body and its date in brackets."""
    return opens_entry(ln, body) or abs(ln.size - body) <= 0.6 and bool(_AUTHOR_DATE.match(ln.text))


def _numbered(ln: Line) -> bool:
    """A line that opens with a label, not with a year ("2004. (= Kleine Schriften.)")."""
    return (label := label_of(ln.text)) is not None and not 1500 <= (label.number or 0) <= 2099


def _chain_resumes(chunk: list[Line], j: int) -> int | None:
    """Where the list goes on past a closing line: the chain's next label within a few lines, in the
    same column (a sub-heading that divides a numbered list: "Публикации, проиндексированные в
    Scopus" between 5. and 6.) or atop a new column (acmart's second author block, set atop the
    right column of the first page, which the list runs into); label 1 right under the list's
    heading when a sub-heading comes first ("Статьи в журналах из перечня ВАК"); else None."""
    ln = chunk[j]
    families: dict[str, list[Label]] = {}
    for o in chunk[:j]:
        if (lab := label_of(o.text)) is not None and lab.number is not None:
            families.setdefault(lab.family, []).append(lab)
    if not families and j > _BLOCK_ATOP:
        return None
    last = max(families.values(), key=len)[-1] if families else None  # "(2012)," starts no entry
    for k in range(j + 1, min(j + 1 + _BLOCK_ATOP, len(chunk))):
        if (chunk[k].page, chunk[k].col) != (ln.page, ln.col):
            return None
        lab = label_of(chunk[k].text, last.family if last else None)
        if lab is not None and lab.number == (last.number + 1 if last else 1):
            return k
    return None


def opens_entry(ln: Line, body: float) -> bool:
    """A line in the list's type size that starts an entry: a numeric label, or an author's name."""
    if abs(ln.size - body) > 0.6:
        return False
    lab = label_of(ln.text)
    if lab is not None and lab.family == "bare" and lab.end >= len(ln.text.rstrip()):
        return False  # a number alone: a page number as often as a label set above its entry
    return lab is not None and lab.number is not None or bool(NAME_START.match(ln.text))


def split_sections(
    lines: list[Line], top_of: Callable[[int], float | None] = unknown_top, starts: list[int] | None = None
) -> list[Section]:
    """Every bibliography among `lines` (reading order), each ended by the next heading or the end.

    `starts`: where the headings are among `lines`, if the caller already knows (a list read a
    page at a time asks again of the same pages)."""
    if starts is None:
        starts = [i for i in range(len(lines)) if real_heading(i, lines, top_of)]
    sections = []
    for n, start in enumerate(starts):
        stop = starts[n + 1] if n + 1 < len(starts) else len(lines)
        chunk = skip_floats(lines[start + 1 : stop])
        body = body_size(chunk[:60])
        heading = lines[start].text
        number = heading.split()[0].rstrip(".") if _SECTION_NO.match(heading) else ""  # "7" of "7 Literatur"
        chunk = _close_list(chunk, body, number)
        if chunk:
            sections.append(Section(tuple(chunk), lines[start].text))
    return sections
