"""The bibliography lists a document prints: where, from which .bbl, in which style, citing what.

A plain document prints one list (\\bibliography, \\printbibliography, or a thebibliography written
into the .tex). Packages that split the references print one list each, numbered on its own:
chapterbib (one per \\include'd file: ch.bbl), multibib (\\newcites{X}: X.bbl, \\citeX), multibbl
(\\newbibliography{X}: X.bbl, \\cite{X}{keys}), bibunits (\\putbib: bu1.bbl, bu2.bbl, ...),
bibtopic (btSect: job1.bbl, job2.bbl, ... numbered on from the list before unless `sectcntreset`)
and biblatex refsections (one .bbl, one list each, split later by biblatex.py).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from arxref.source.biblatex import defers_numbers
from arxref.source.texscan import read_group, read_optional

# The walk's event pattern for the commands handled here (document.py adds it to its own).
LIST_EVENTS = (r"bibliography[A-Za-z]*|defaultbibliography(?:style)?|printbibliography|bibbysection"
               r"|addbibresource|addglobalbib|putbib|newcites|newbibliography|ExecuteBibliographyOptions"
               r"|[A-Za-z]*cite[A-Za-z]*|newrefsection|addtocategory|btPrint(?:Cited|NotCited|All)"
               r"|begin\s*\{(?:btSect|bibunit|refsection)\}|end\s*\{(?:btSect|bibunit|refsection)\}")
# \printbibliography options that choose which entries of the refsection a list prints.
_FILTERS = ("type", "nottype", "keyword", "notkeyword", "category", "notcategory")
# Classes that choose the bibliography style themselves when the document declares none.
_CLASS_STYLE = {"revtex4": "apsrev", "revtex4-1": "apsrev4-1", "revtex4-2": "apsrev4-2"}
_MAIN = ""


class SiteKind(StrEnum):
    """How a bibliography is printed: written into the .tex, read from a bibtex .bbl, or biblatex."""

    INLINE = "inline"
    BBL = "bbl"
    BIBLATEX = "biblatex"


@dataclass(frozen=True)
class BibSite:
    """One place where the document prints a bibliography, in reading order.

    `citations` are the keys cited into this list (None: the document's, for a list of its own);
    `numbered_on` marks a list whose numbers continue from the list before it, and `select` one
    that prints only the .bbl's entries the document cites ("cited") or does not ("notcited"):
    bibtopic writes every entry of a section's .bib files into its .bbl.
    """

    kind: SiteKind
    file: str
    bbl: str | None = None
    inline: str | None = None
    bib_files: tuple[str, ...] = ()
    style: str | None = None
    citations: tuple[str, ...] | None = None
    numbered_on: bool = False
    select: str | None = None
    refsection: int | None = None  # biblatex: the one refsection this list prints (None: every one)
    filters: tuple[tuple[str, str], ...] = ()  # biblatex: \printbibliography[keyword=...] and the like


@dataclass(frozen=True)
class Pending:
    """A bibliography the walk met, before its .bbl is looked for."""

    kind: str  # "inline", or "list" for a bibliography read from a .bbl
    file: str
    list_id: str  # "" for the document's own list, else the split list's name (its .bbl stem)
    inline: str | None = None
    numbered_on: bool = False
    select: str | None = None
    refsection: int | None = None
    filters: tuple[tuple[str, str], ...] = ()


@dataclass
class ListState:
    """What the walk learns about the bibliography lists, command by command."""

    job: str  # the main file's path without its suffix: the stem of its .bbl and of bibtopic's
    chapterbib: bool = False
    multibbl: bool = False
    bibtopic_reset: bool | None = None  # None: bibtopic not loaded
    biblatex: bool = False
    biblatex_options: dict[str, str] = field(default_factory=dict)
    styles: dict[str, str] = field(default_factory=dict)
    bibs: dict[str, list[str]] = field(default_factory=dict)
    cites: dict[str, dict[str, None]] = field(default_factory=dict)
    starred: set[str] = field(default_factory=set)
    pending: list[Pending] = field(default_factory=list)
    newcites: list[str] = field(default_factory=list)
    bibunit: str | None = None
    units: int = 0
    sections: int = 0
    topical: set[str] = field(default_factory=set)  # bibtopic's lists
    section: str | None = None  # the bibtopic section being read
    refsection: int = 0  # biblatex: the refsection being read, and how many were begun
    refsections: int = 0
    categories: dict[str, set[str]] = field(default_factory=dict)
    # multibib numbers every list on from the one before unless told `resetlabels`; None: not loaded
    multibib_reset: bool | None = None

    def note_packages(self, names: list[str], options: str | None) -> None:
        """Record the packages of one \\usepackage that change how lists are split or printed."""
        self.chapterbib |= "chapterbib" in names
        if "multibib" in names:
            self.multibib_reset = "resetlabels" in (options or "")
        self.multibbl |= "multibbl" in names
        self.biblatex |= "biblatex" in names or "biblatex-chicago" in names
        if "bibtopic" in names:
            self.bibtopic_reset = "sectcntreset" in (options or "")
        if "biblatex" in names and options:
            self.biblatex_options.update(key_values(options))

    def citations(self) -> tuple[str, ...]:
        """Every key cited, in order of first citation, over all lists."""
        out: dict[str, None] = {}
        for keys in self.cites.values():
            out.update(keys)
        return tuple(out)

    def _cite(self, list_id: str, keys: str) -> None:
        if "\\" in keys or len(keys) >= 2000:
            return
        bucket = self.cites.setdefault(list_id, {})
        for key in keys.split(","):
            key = key.strip()
            if key.startswith("*") and key != "*":
                # natbib marks a starred key for merging wherever it is cited, not only the first time.
                key = key[1:].strip()
                self.starred.add(key)
            if key:
                bucket.setdefault(key, None)


def key_values(options: str) -> dict[str, str]:
    """`a=1, b, c=x, d={y}` as {"a": "1", "b": "", "c": "x", "d": "y"}."""
    pairs = (o.partition("=") for o in options.split(","))
    return {k.strip(): _unbraced(v.strip()) for k, _, v in pairs if k.strip()}


def _unbraced(value: str) -> str:
    return value[1:-1].strip() if value.startswith("{") and value.endswith("}") else value


def handle_list_command(s: ListState, cmd: str, text: str, pos: int, path: str, unit: str | None,
                        find_bib: Callable[[str], str | None]) -> int:
    """Read one bibliography or citation command at `pos`; returns where reading goes on."""
    if cmd.startswith(("begin", "end")):
        return _environment(s, cmd, text, pos, find_bib)
    if cmd.startswith("btPrint"):
        if s.section is not None:
            select = {"btPrintCited": "cited", "btPrintNotCited": "notcited"}.get(cmd)
            numbered_on = not s.bibtopic_reset and any(p.list_id in s.topical for p in s.pending)
            s.pending.append(Pending("list", path, s.section, numbered_on=numbered_on, select=select))
        return pos
    if cmd == "ExecuteBibliographyOptions":
        _, pos = read_optional(text, pos)
        options, pos = read_group(text, pos)
        s.biblatex_options.update(key_values(options or ""))
        return pos
    if cmd.startswith("defaultbibliography"):
        # bibunits: the style and .bib files of every unit that names none of its own.
        value, pos = read_group(text, pos)
        if cmd.endswith("style"):
            s.styles.setdefault(_MAIN, (value or "").strip())
        else:
            _add_bibs(s, _MAIN, value or "", find_bib)
        return pos
    if cmd.startswith("bibliographystyle"):
        list_id = cmd[len("bibliographystyle"):]
        if s.multibbl and not list_id:
            list_id, pos = read_group(text, pos)
            list_id = (list_id or "").strip()
        style, pos = read_group(text, pos)
        s.styles.setdefault(list_id, (style or "").strip())
        return pos
    if cmd.startswith("bibliography"):
        return _bibliography(s, cmd[len("bibliography"):], text, pos, path, unit, find_bib)
    if cmd in ("addbibresource", "addglobalbib"):
        _, pos = read_optional(text, pos)
        name, pos = read_group(text, pos)
        _add_bibs(s, _MAIN, name or "", find_bib)
        s.biblatex = True
        return pos
    if cmd in ("printbibliography", "bibbysection"):
        s.biblatex = True
        options, pos = read_optional(text, pos)
        given = key_values(options or "")
        section = given.get("section", "")
        refsection = None if cmd == "bibbysection" else int(section) if section.isdigit() else s.refsection
        filters = tuple((k, v) for k, v in given.items() if k in _FILTERS and v)
        numbered_on = defers_numbers(s.biblatex_options) and "resetnumbers" not in given and any(
            p.refsection == refsection and p.filters for p in s.pending)
        s.pending.append(Pending("list", path, _MAIN, numbered_on=numbered_on, refsection=refsection,
                                 filters=filters))
        return pos
    if cmd == "newrefsection":
        s.refsections += 1
        s.refsection = s.refsections
        return pos
    if cmd == "addtocategory":
        category, pos = read_group(text, pos)
        keys, pos = read_group(text, pos)
        s.categories.setdefault((category or "").strip(), set()).update(
            k.strip() for k in (keys or "").split(",") if k.strip())
        return pos
    if cmd == "putbib":
        names, pos = read_optional(text, pos)
        s.units += 0 if s.bibunit else 1
        unit_id = s.bibunit or f"bu{s.units}"
        _add_bibs(s, unit_id, names or "", find_bib)
        s.pending.append(Pending("list", path, unit_id))
        return pos
    if cmd in ("newcites", "newbibliography"):
        names, pos = read_group(text, pos)
        if cmd == "newcites":
            _, pos = read_group(text, pos)
            s.newcites.extend(n.strip() for n in (names or "").split(","))
        return pos
    return _citation(s, cmd, text, pos, unit)


def _environment(s: ListState, cmd: str, text: str, pos: int, find_bib: Callable[[str], str | None]) -> int:
    begin = cmd.startswith("begin")
    if "refsection" in cmd:
        if begin:
            s.refsections += 1
            _, pos = read_optional(text, pos)
        s.refsection = s.refsections if begin else 0
        return pos
    if "bibunit" in cmd:
        # Every bibunit environment writes bu<n>.aux; its \putbib prints bu<n>.bbl.
        if begin:
            s.units += 1
            style, pos = read_optional(text, pos)
            if style:
                s.styles.setdefault(f"bu{s.units}", style.strip())
        s.bibunit = f"bu{s.units}" if begin else None
        return pos
    if s.bibtopic_reset is None:
        return pos
    if not begin:
        s.section = None
        return pos
    # \begin{btSect}[style]{bibfiles}: one list per section, from job<n>.bbl, printed by \btPrint...
    s.sections += 1
    s.section = f"{s.job}{s.sections}"
    s.topical.add(s.section)
    style, pos = read_optional(text, pos)
    names, pos = read_group(text, pos)
    _add_bibs(s, s.section, names or "", find_bib)
    if style:
        s.styles.setdefault(s.section, style.strip())
    return pos


def _bibliography(s: ListState, suffix: str, text: str, pos: int, path: str, unit: str | None,
                  find_bib: Callable[[str], str | None]) -> int:
    if suffix and suffix not in s.newcites:
        return pos
    names, pos = read_group(text, pos)
    if s.biblatex and not suffix:
        # biblatex keeps \\bibliography as an old name of \\addbibresource: it prints nothing
        _add_bibs(s, _MAIN, names or "", find_bib)
        return pos
    list_id = suffix
    if s.multibbl and not suffix:
        # multibbl: \bibliography{list}{bibfiles}{heading} prints list.bbl.
        list_id = (names or "").strip()
        names, pos = read_group(text, pos)
        _, pos = read_group(text, pos)
    elif s.chapterbib and unit:
        list_id = unit
    _add_bibs(s, list_id, names or "", find_bib)
    numbered_on = s.multibib_reset is False and any(p.kind == "list" for p in s.pending)
    s.pending.append(Pending("list", path, list_id, numbered_on=numbered_on))
    return pos


def _add_bibs(s: ListState, list_id: str, names: str, find_bib: Callable[[str], str | None]) -> None:
    for name in names.split(","):
        name = name.strip()
        bib = find_bib(name if name.endswith(".bib") else name + ".bib") if name else None
        if bib:
            s.bibs.setdefault(list_id, []).append(bib)


def _citation(s: ListState, cmd: str, text: str, pos: int, unit: str | None) -> int:
    list_id = s.bibunit or (unit if s.chapterbib and unit else _MAIN)
    suffix = max((x for x in s.newcites if x and cmd.endswith(x) and "cite" in cmd[: -len(x)]),
                 key=len, default=None)
    if suffix:
        list_id = suffix
    _, pos = read_optional(text, pos)
    _, pos = read_optional(text, pos)
    keys, pos = read_group(text, pos)
    if s.multibbl and cmd in ("cite", "nocite") and keys is not None:
        # multibbl: \cite[note]{list}{keys}.
        list_id, (keys, pos) = keys.strip(), read_group(text, pos)
    if keys:
        s._cite(list_id, keys)
    return pos


def list_sites(s: ListState, files: Mapping[str, bytes], docclass: str | None) -> tuple[BibSite, ...]:
    """The lists in print order, each with its .bbl (found or expected), style, .bib files and citations."""
    main_dir = posixpath.dirname(s.job)
    default_style = s.styles.get(_MAIN) or _CLASS_STYLE.get(docclass or "")
    all_bibs = tuple(dict.fromkeys(b for bibs in s.bibs.values() for b in bibs))
    split = len({p.list_id for p in s.pending if p.kind == "list"}) > 1
    sites: list[BibSite] = []
    seen: set[str] = set()
    for p in s.pending:
        if p.kind == "inline":
            sites.append(BibSite(SiteKind.INLINE, p.file, inline=p.inline, bib_files=all_bibs,
                                 style=default_style))
            continue
        stem = p.list_id or s.job
        bbl = _find_bbl(files, stem, main_dir)
        # biblatex lists that filter a refsection (keyword=, type=, category=) are each a list of their
        # own; otherwise one .bbl is read once, one list per refsection.
        precise = s.biblatex and any(q.filters for q in s.pending)
        if (bbl or stem) in seen and not precise:
            continue
        seen.add(bbl or stem)
        # bibtopic lists share the document's citations: each prints those found in its own .bib files.
        cites = s.cites.get(p.list_id, {}) if split and p.list_id not in s.topical else None
        sites.append(BibSite(SiteKind.BIBLATEX if s.biblatex else SiteKind.BBL, p.file or s.job + ".tex",
                             bbl=bbl or stem + ".bbl",
                             bib_files=tuple(dict.fromkeys(s.bibs.get(p.list_id, ()))) or all_bibs,
                             style=s.styles.get(p.list_id, default_style),
                             citations=tuple(cites) if cites is not None else None,
                             numbered_on=p.numbered_on, select=p.select,
                             refsection=p.refsection if precise else None,
                             filters=p.filters if precise else ()))
    return tuple(sites)


def _find_bbl(files: Mapping[str, bytes], stem: str, main_dir: str) -> str | None:
    for cand in (stem + ".bbl", posixpath.join(main_dir, posixpath.basename(stem)) + ".bbl",
                 posixpath.basename(stem) + ".bbl"):
        if cand in files:
            return cand
    return None
