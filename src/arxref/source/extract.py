"""Extract the references of an unpacked e-print: main document -> bibliographies -> RawReferences."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arxref.domain import COMPOSED, Extraction, ParsedReference, Provenance, RawReference, ReferenceSource
from arxref.errors import NoBibliography
from arxref.source.amsrefs import AmsEntry, as_bib_entry, compose, has_biblist, parse_biblists, who
from arxref.source.bbl import BibItem, TheBibliography, merge_starred, split_bibliographies
from arxref.source.biblatex import (
    defers_numbers,
    is_author_year_style,
    is_biblatex_bbl,
    is_numeric_style,
    name_limits,
    parse_biblatex_bbl,
    parse_refsections,
    select_entries,
)
from arxref.source.bibtex import BibEntry, BibIndex, bib_entry, index_bib
from arxref.source.document import text_of, walk_document
from arxref.source.fields import (
    compose_biblatex_text,
    fields_from_bib,
    fields_from_biblatex,
    ids_from_entry,
    stated_title,
)
from arxref.source.latex_text import Macro, latex_to_text
from arxref.source.lists import BibSite, SiteKind
from arxref.source.macros import layered
from arxref.source.main_file import declared_encoding, toplevel_files
from arxref.source.reconstruct import rebuild_bibliography
from arxref.source.texscan import read_group

RECONSTRUCTED = "reconstructed"
MERGED = "merged"  # one printed entry that holds several \bibitem (REVTeX `\cite{a,*b}`)
_SOURCE = ReferenceSource.ARXIV_SOURCE
_NATBIB_LABEL = re.compile(r"^(.*?)\(([^()]*)\)(.*)$", re.DOTALL)
_CITEAUTHORYEAR = re.compile(r"\\citeauthoryear\s*")
_LABEL_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)")


@dataclass
class _Context:
    files: Mapping[str, bytes]
    texts: dict[str, str]
    notes: list[str]
    fallback: str = "latin-1"
    macros: Mapping[str, Macro] = field(default_factory=dict)
    citations: tuple[str, ...] = ()
    merged: frozenset[str] = frozenset()
    limits: tuple[int, int] | None = field(default_factory=lambda: name_limits({}))
    biblatex_options: Mapping[str, str] = field(default_factory=dict)
    categories: Mapping[str, frozenset[str]] = field(default_factory=dict)
    bib_cache: dict[str, BibIndex] = field(default_factory=dict)

    def encoding(self, path: str) -> str:
        return self.fallback if f"{self.fallback} fallback in {path}" in self.notes else "utf-8"

    def bib_paths(self, paths: tuple[str, ...]) -> tuple[str, ...]:
        return paths or tuple(sorted(p for p in self.files if p.lower().endswith(".bib")))

    def bib_entry(self, paths: tuple[str, ...], key: str) -> BibEntry | None:
        for p in self.bib_paths(paths):
            if p not in self.bib_cache:
                self.bib_cache[p] = index_bib(text_of(self.files, self.texts, self.notes, p, self.fallback))
            entry = bib_entry(self.bib_cache[p], key)
            if entry is not None:
                return entry
        return None

    def bib(self, paths: tuple[str, ...]) -> dict[str, BibEntry]:
        merged: dict[str, BibEntry] = {}
        for p in self.bib_paths(paths):
            if p not in self.bib_cache:
                self.bib_cache[p] = index_bib(text_of(self.files, self.texts, self.notes, p, self.fallback))
            for k in self.bib_cache[p].bodies:
                if k not in merged:
                    merged[k] = bib_entry(self.bib_cache[p], k)  # type: ignore[assignment]
        return merged


def extract_source_references(files: Mapping[str, bytes]) -> Extraction:
    """All bibliography entries of an e-print, in typeset order; NoBibliography when there are none.

    An e-print whose 00README names several top-level files compiles to one PDF that holds each
    document in turn (alphanumeric order): their bibliographies follow one another.
    """
    texts: dict[str, str] = {}
    notes: list[str] = []
    mains = toplevel_files(files)
    refs: list[RawReference] = []
    lists = 0
    empty = []
    numbered_on = False
    site_count = 0
    for main in mains or [None]:
        ctx, sites = _document(files, main, texts, notes)
        site_count += len(sites)
        for site in sites:
            numbered_on |= site.numbered_on
            for entries in _read_site(ctx, site):
                lists += 1
                if not entries:
                    empty.append(str(lists))
                if site.numbered_on and refs and all(r.label == str(r.index) for r in entries):
                    entries = _numbered_from(entries, refs[-1].index)  # numbers printed: they go on
                refs.extend(r if r.bibliography == lists else replace(r, bibliography=lists) for r in entries)
    if not refs:
        where = f"main document {', '.join(mains)}" if mains else "no main .tex"
        raise NoBibliography(f"no bibliography entries found ({where}, {site_count} bibliography sites)")
    if lists > 1:
        numbering = ("numbered on from one list to the next" if numbered_on
                     else "numbering restarts at 1 in each")
        notes.append(f"{lists} bibliographies, {numbering}")
    if empty:
        notes.append(f"empty bibliographies: {', '.join(empty)}")
    return Extraction(_SOURCE, tuple(refs), tuple(dict.fromkeys(notes)))


def _document(files: Mapping[str, bytes], main: str | None, texts: dict[str, str],
              notes: list[str]) -> tuple[_Context, list[BibSite]]:
    """What one top-level document needs to read its bibliographies, and where it prints them."""
    fallback = declared_encoding(files, main) or "latin-1"
    doc = walk_document(files, main, texts, notes, fallback) if main is not None else None
    sites = list(doc.sites) if doc is not None else []
    if not sites:
        sites = [BibSite(SiteKind.BBL, p, bbl=p) for p in sorted(files) if p.lower().endswith(".bbl")]
    if doc is None:
        return _Context(files, texts, notes, fallback=fallback), sites
    return _Context(files, texts, notes, fallback=fallback, macros=doc.macros, citations=doc.citations,
                    merged=doc.merged, limits=name_limits(dict(doc.biblatex_options)),
                    biblatex_options=doc.biblatex_options, categories=doc.categories), sites


def _numbered_from(entries: list[RawReference], offset: int) -> list[RawReference]:
    """A list whose numbers go on from the list before it (bibtopic, a counter raised before its
    first item): shift its numbers and labels."""
    if not offset:
        return entries
    return [replace(r, index=r.index + offset,
                    label=str(r.index + offset) if r.label == str(r.index) else r.label) for r in entries]


def _read_site(ctx: _Context, site: BibSite) -> list[list[RawReference]]:
    if site.kind is SiteKind.INLINE:
        if has_biblist(site.inline or ""):
            return [_from_amsrefs(ctx, entries, site.file) for entries in parse_biblists(site.inline or "")]
        envs = split_bibliographies(site.inline or "")
        return [_from_env(ctx, env, env.items, site, site.file) for env in envs]
    if site.bbl and site.bbl in ctx.files:
        text = text_of(ctx.files, ctx.texts, ctx.notes, site.bbl, ctx.fallback)
        if has_biblist(text) and not split_bibliographies(text):  # amsrn.bst, amsra.bst
            return [_from_amsrefs(ctx, entries, site.bbl) for entries in parse_biblists(text)] or [[]]
        if is_biblatex_bbl(text):
            if site.filters or site.refsection is not None:
                return _filtered_biblatex(ctx, site, text)
            return [_from_biblatex(ctx, entries, site.bbl) for entries in parse_biblatex_bbl(text)] or [[]]
        envs = split_bibliographies(text)
        return [_from_env(ctx, env, _selected(ctx, site, env.items), site, site.bbl) for env in envs] or [[]]
    return [_rebuild(ctx, site)]


def _from_env(
    ctx: _Context, env: TheBibliography, items: tuple[BibItem, ...], site: BibSite, file: str
) -> list[RawReference]:
    """The entries of one thebibliography (`items`: those of its items the site prints), numbered
    from where its counter starts."""
    return _numbered_from(_from_items(ctx, items, layered(ctx.macros, env.macros), site, file), env.offset)


def _filtered_biblatex(ctx: _Context, site: BibSite, text: str) -> list[list[RawReference]]:
    """The lists of a \\printbibliography that prints one refsection, or entries chosen by keyword/type."""
    sections = parse_refsections(text)
    if site.refsection is None:
        chosen = [e for e in sections.values() if e]
    else:
        # A refsection the walk counted but the .bbl lacks: the walk missed a refsection start.
        chosen = [sections.get(site.refsection) or next((e for e in sections.values() if e), [])]
    filters = dict(site.filters)
    lists = []
    for entries in chosen:
        listed = _from_biblatex(ctx, select_entries(entries, filters, ctx.categories), site.bbl or "")
        if filters and is_numeric_style(ctx.biblatex_options) and not defers_numbers(ctx.biblatex_options):
            # Without defernumbers a numeric style prints each entry's number in the whole refsection.
            number = {e.key: n for n, e in enumerate(entries, 1)}
            listed = [replace(r, index=number[r.key or ""], label=str(number[r.key or ""])) for r in listed]
        lists.append(listed)
    return lists or [[]]


def _selected(ctx: _Context, site: BibSite, items: tuple[BibItem, ...]) -> tuple[BibItem, ...]:
    """The items a list that prints only cited (or only uncited) entries shows."""
    if site.select is None:
        return items
    cited = set(ctx.citations)
    return tuple(it for it in items if (it.key in cited) == (site.select == "cited"))


def _label(opt: str | None, index: int, macros: Mapping[str, Macro]) -> str:
    if opt is None:
        return str(index)
    m = _CITEAUTHORYEAR.search(opt)
    if m:
        _, pos = read_group(opt, m.end())
        short, pos = read_group(opt, pos)
        year, _ = read_group(opt, pos)
        return f"{latex_to_text(short or '', macros)} ({latex_to_text(year or '', macros)})"
    text = latex_to_text(opt, macros)
    nat = _NATBIB_LABEL.match(text)
    if nat and nat.group(1).strip():
        return f"{nat.group(1).strip()} ({nat.group(2)})"
    return text


# .bbl formats whose items are argument lists for a package's own macros, which we do not render
# (jurabib: \jbbibargs{names}{full names}{role}{body}): the PDF prints them, and is read instead.
_UNREAD_FORMATS = {"\\jbbibargs": "jurabib"}


def _from_items(ctx: _Context, items: tuple[BibItem, ...], macros: Mapping[str, Macro], site: BibSite,
                file: str) -> list[RawReference]:
    for command, package in _UNREAD_FORMATS.items():
        if any(command in it.body for it in items[:3]):
            raise NoBibliography(f"{file}: {package}'s .bbl format is not read here; read the PDF")
    numeric = bool(items) and all(it.label is not None and it.label.strip().isdigit() for it in items)
    provenance = Provenance(file=file, encoding=ctx.encoding(file))
    out = []
    for pos, group in enumerate(merge_starred(items, ctx.merged), 1):
        item = group[0]
        index = int(item.label) if numeric and item.label else pos
        raw = latex_to_text(item.body, macros)
        if len(group) > 1:
            # apsrev's \BibitemShut turns the stop of a continued entry into "; "; other styles print on.
            glue = "; " if "\\BibitemShut" in item.body else " "
            raw = glue.join([raw.rstrip(" ;"), *(latex_to_text(it.body, macros) for it in group[1:])])
        label = _label(item.label, index, macros)
        arxiv, doi, url = ids_from_entry(item.body, raw)
        entry = ctx.bib_entry(site.bib_files, item.key) if item.key else None
        if entry is not None:
            fields = fields_from_bib(entry, ctx.macros, printed=(arxiv, doi, url))
        else:
            year = _LABEL_YEAR.search(label)
            fields = ParsedReference(title=stated_title(item.body, macros), arxiv_id=arxiv, doi=doi, url=url,
                                     year=int(year.group(1)) if year else None)
            stated = fields.title or arxiv or doi or url or fields.year
            fields = replace(fields, confidence=1.0 if stated else 0.0)
        flags = (MERGED,) if len(group) > 1 else ()
        out.append(RawReference(index=index, raw=raw, source=_SOURCE, label=label, key=item.key or None,
                                fields=fields, provenance=provenance, flags=flags))
    return out


def _from_amsrefs(ctx: _Context, entries: list[AmsEntry], file: str) -> list[RawReference]:
    """amsrefs entries, numbered in the order the biblist gives them, with their text as printed."""
    provenance = Provenance(file=file, encoding=ctx.encoding(file))
    out = []
    previous = None
    for pos, entry in enumerate(entries, 1):
        people = who(entry, ctx.macros)
        raw = compose(entry, ctx.macros, people, previous)
        previous = people
        fields = fields_from_bib(as_bib_entry(entry), ctx.macros)
        out.append(RawReference(index=pos, raw=raw, source=_SOURCE, label=str(pos), key=entry.key,
                                fields=fields, provenance=provenance))
    return out


def _from_biblatex(ctx: _Context, entries, file: str) -> list[RawReference]:
    provenance = Provenance(file=file, encoding=ctx.encoding(file))
    out = []
    for pos, entry in enumerate(entries, 1):
        fields = fields_from_biblatex(entry)
        label = entry.fields.get("labelalpha")
        label = latex_to_text(label + entry.fields.get("extraalpha", "")) if label else str(pos)
        raw = compose_biblatex_text(entry, fields, ctx.limits, is_author_year_style(ctx.biblatex_options))
        out.append(RawReference(index=pos, raw=raw, source=_SOURCE, label=label, key=entry.key,
                                fields=fields, provenance=provenance, flags=(COMPOSED,)))
    return out


def _rebuild(ctx: _Context, site: BibSite) -> list[RawReference]:
    bib_paths = site.bib_files or tuple(sorted(p for p in ctx.files if p.lower().endswith(".bib")))
    if not bib_paths:
        ctx.notes.append(f"{site.bbl or site.file}: no .bbl and no .bib to rebuild it from")
        return []
    bib = ctx.bib(bib_paths)
    citations = ctx.citations if site.citations is None else site.citations
    if site.select is not None:
        # bibtopic: the section prints the entries of its own .bib files that are (not) cited.
        cited = set(citations)
        citations = tuple(k for k in (citations if site.select == "cited" else bib) if k in bib
                          and (k in cited) == (site.select == "cited"))
    rebuilt, notes = rebuild_bibliography(bib, citations, site.style, ctx.macros)
    ctx.notes.extend(notes)
    ctx.notes.append(f"{site.bbl or site.file} missing: bibliography rebuilt from {', '.join(bib_paths)} "
                     f"in the order of style {site.style or 'unknown'}")
    provenance = Provenance(file=bib_paths[0], encoding=ctx.encoding(bib_paths[0]), reconstructed=True)
    out: list[RawReference] = []
    for e in rebuilt:
        if out and e.key in ctx.merged:
            head = out[-1]
            out[-1] = replace(head, raw=f"{head.raw.rstrip('.')}; {e.text}", flags=(RECONSTRUCTED, MERGED))
            continue
        out.append(RawReference(index=len(out) + 1, raw=e.text, source=_SOURCE, label=e.label, key=e.key,
                                fields=e.fields, provenance=provenance, flags=(RECONSTRUCTED,)))
    return out
