"""Find the main document of an e-print and walk it, in reading order, through \\input/\\include.

The walk yields where bibliographies are printed (`BibSite`), the citation keys in order of first
citation, the user macros defined on the way, and which bibliography style was declared.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from arxref.source.journals import journal_macros
from arxref.source.latex_text import Macro
from arxref.source.macros import add_definitions, define, read_definition
from arxref.source.texscan import decode_tex, read_group, read_optional, skip_space, strip_comments

TEX_SUFFIXES = (".tex", ".ltx", ".latex", ".bbl", "")
_MAX_DEPTH = 24
_MAX_PACKAGES = 64
# Classes that choose the bibliography style themselves when the document declares none.
_CLASS_STYLE = {"revtex4": "apsrev", "revtex4-1": "apsrev4-1", "revtex4-2": "apsrev4-2"}


class SiteKind(StrEnum):
    """How a bibliography is printed: written into the .tex, read from a bibtex .bbl, or biblatex."""

    INLINE = "inline"
    BBL = "bbl"
    BIBLATEX = "biblatex"


@dataclass(frozen=True)
class BibSite:
    """One place where the document prints a bibliography, in reading order."""

    kind: SiteKind
    file: str
    bbl: str | None = None
    inline: str | None = None
    bib_files: tuple[str, ...] = ()
    style: str | None = None


@dataclass(frozen=True)
class Document:
    """What the walk of the main document found."""

    main: str
    sites: tuple[BibSite, ...]
    citations: tuple[str, ...]
    macros: Mapping[str, Macro] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    docclass: str | None = None
    biblatex_options: Mapping[str, str] = field(default_factory=dict)
    # Keys cited as `*key` (REVTeX 4.1+/natbib `merge`, mcite): printed inside the entry before them.
    merged: frozenset[str] = frozenset()


_EVENT = re.compile(
    r"\\(input|include|subfile|import|subimport|inputfrom|includefrom|subinputfrom|subincludefrom"
    r"|bibliography[A-Za-z]*|printbibliography|bibbysection|addbibresource|addglobalbib|putbib|newcites"
    r"|documentclass|documentstyle|usepackage|RequirePackage|ExecuteBibliographyOptions|[A-Za-z]*cite[A-Za-z]*"
    r"|newcommand|renewcommand|providecommand|DeclareRobustCommand|def|gdef|edef|xdef|let"
    r"|begin\s*\{(?:mcite)?thebibliography\}|end\s*\{document\})(?![A-Za-z@])\*?"
)
_THEBIB_END = re.compile(r"\\end\s*\{(?:mcite)?thebibliography\}")
_BARE_NAME = re.compile(r"\s*([^\s{}\\%]+)")


@dataclass
class _Walk:
    files: Mapping[str, bytes]
    texts: dict[str, str]
    notes: list[str]
    chapterbib: bool = False
    biblatex: bool = False
    biblatex_options: dict[str, str] = field(default_factory=dict)
    docclass: str | None = None
    style: dict[str, str] = field(default_factory=dict)
    bibs: list[str] = field(default_factory=list)
    cites: dict[str, None] = field(default_factory=dict)
    starred: set[str] = field(default_factory=set)
    macros: dict[str, Macro] = field(default_factory=dict)
    sites: list[tuple[str, str, str | None, str | None, str]] = field(default_factory=list)
    newcites: list[str] = field(default_factory=list)
    putbib: int = 0
    packages: set[str] = field(default_factory=set)


def text_of(files: Mapping[str, bytes], texts: dict[str, str], notes: list[str], path: str) -> str:
    """Decoded, comment-free text of a member (cached in `texts`), noting a latin-1 fallback."""
    if path not in texts:
        raw, enc = decode_tex(files[path])
        if enc != "utf-8":
            notes.append(f"latin-1 fallback in {path}")
        # bibtex has no comment syntax inside entries: `%` in a .bib value (URLs) is literal.
        texts[path] = raw if path.lower().endswith(".bib") else strip_comments(raw)
    return texts[path]


def resolve_member(files: Mapping[str, bytes], name: str, dirs: tuple[str, ...],
                   suffixes: tuple[str, ...] = TEX_SUFFIXES) -> str | None:
    """The archive member that `name` (as written in \\input or \\bibliography) refers to, if any."""
    name = name.strip().strip('"')
    if not name:
        return None
    for d in dirs:
        base = posixpath.normpath(posixpath.join(d, name)) if d else posixpath.normpath(name)
        for suf in suffixes:
            if base + suf in files:
                return base + suf
    return None


def walk_document(files: Mapping[str, bytes], main: str, texts: dict[str, str] | None = None,
                  notes: list[str] | None = None) -> Document:
    """Walk `main` and everything it inputs, in order, collecting bibliography sites and citations."""
    w = _Walk(files, texts if texts is not None else {}, notes if notes is not None else [])
    _walk_file(w, main, posixpath.dirname(main), None, 0, set())
    main_stem = main.rsplit(".", 1)[0]
    if "" not in w.style and w.docclass in _CLASS_STYLE:
        w.style[""] = _CLASS_STYLE[w.docclass]
    sites: list[BibSite] = []
    seen: set[tuple[str, str | None]] = set()
    bib_files = tuple(dict.fromkeys(w.bibs))
    for kind, file, unit, inline, style_key in w.sites:
        if kind == "inline":
            sites.append(BibSite(SiteKind.INLINE, file, inline=inline, bib_files=bib_files,
                                 style=w.style.get("")))
            continue
        stem = unit if kind == "unit" else main_stem
        if kind == "suffix" and unit:
            stem = unit
        bbl = _find_bbl(files, stem, posixpath.dirname(main))
        key = ("biblatex" if w.biblatex else "bbl", bbl or stem)
        if key in seen:
            continue
        seen.add(key)
        sites.append(BibSite(SiteKind.BIBLATEX if w.biblatex else SiteKind.BBL, file,
                             bbl=bbl or stem + ".bbl", bib_files=bib_files,
                             style=w.style.get(style_key, w.style.get(""))))
    return Document(main, tuple(sites), tuple(w.cites), w.macros, tuple(w.notes), w.docclass,
                    w.biblatex_options, frozenset(w.starred))


def _find_bbl(files: Mapping[str, bytes], stem: str, main_dir: str) -> str | None:
    for cand in (stem + ".bbl", posixpath.join(main_dir, posixpath.basename(stem)) + ".bbl",
                 posixpath.basename(stem) + ".bbl"):
        if cand in files:
            return cand
    return None


def _walk_file(w: _Walk, path: str, main_dir: str, unit: str | None, depth: int, active: set[str]) -> bool:
    """Walk one file; returns False when \\end{document} was reached (stop reading)."""
    if depth > _MAX_DEPTH or path in active:
        return True
    active.add(path)
    text = text_of(w.files, w.texts, w.notes, path)
    here = posixpath.dirname(path)
    dirs = tuple(dict.fromkeys((here, main_dir, "")))
    pos = 0
    for m in _EVENT.finditer(text):
        if m.start() < pos:
            continue
        cmd = m.group(1)
        pos = m.end()
        if cmd.startswith("end"):
            active.discard(path)
            return False
        if cmd.startswith("begin"):
            end = _THEBIB_END.search(text, pos)
            stop = end.end() if end else len(text)
            w.sites.append(("inline", path, unit, text[m.start():stop], ""))
            pos = stop
            continue
        pos = _handle(w, cmd, text, pos, path, main_dir, dirs, unit, depth, active)
        if pos < 0:
            active.discard(path)
            return False
    active.discard(path)
    return True


def _handle(w: _Walk, cmd: str, text: str, pos: int, path: str, main_dir: str, dirs: tuple[str, ...],
            unit: str | None, depth: int, active: set[str]) -> int:
    if cmd in ("input", "include", "subfile", "import", "subimport", "inputfrom", "includefrom",
               "subinputfrom", "subincludefrom"):
        folder = ""
        if cmd not in ("input", "include", "subfile"):
            folder, pos = read_group(text, pos)
            folder = folder or ""
        if text.startswith("{", skip_space(text, pos)):
            name, after = read_group(text, pos)
        else:
            bare = _BARE_NAME.match(text, pos)
            if not bare:
                return pos
            name, after = bare.group(1), bare.end()
        if not name:
            return after
        target = resolve_member(w.files, posixpath.join(folder, name) if folder else name, dirs)
        if target is None or target.endswith((".sty", ".cls", ".bst", ".bib")):
            return after
        sub_unit = target.rsplit(".", 1)[0] if cmd == "include" else unit
        keep_going = _walk_file(w, target, main_dir, sub_unit, depth + 1, active)
        return after if keep_going else -1
    if cmd in ("documentclass", "documentstyle"):
        _, pos = read_optional(text, pos)
        name, pos = read_group(text, pos)
        if w.docclass is None and name:
            w.docclass = name.strip()
            w.macros.update(journal_macros(w.docclass))
            _load_package(w, w.docclass + ".cls", dirs)
        return pos
    if cmd == "ExecuteBibliographyOptions":
        _, pos = read_optional(text, pos)
        options, pos = read_group(text, pos)
        w.biblatex_options.update(_key_values(options or ""))
        return pos
    if cmd in ("usepackage", "RequirePackage"):
        options, pos = read_optional(text, pos)
        pkgs, pos = read_group(text, pos)
        names = [p.strip() for p in (pkgs or "").split(",") if p.strip()]
        w.chapterbib |= "chapterbib" in names
        w.biblatex |= "biblatex" in names or "biblatex-chicago" in names
        if "biblatex" in names and options:
            w.biblatex_options.update(_key_values(options))
        for name in names:
            _load_package(w, name + ".sty", dirs)
        return pos
    if cmd.startswith("bibliographystyle"):
        style, pos = read_group(text, pos)
        w.style.setdefault(cmd[len("bibliographystyle"):], (style or "").strip())
        return pos
    if cmd.startswith("bibliography"):
        suffix = cmd[len("bibliography"):]
        if suffix and suffix not in w.newcites:
            return pos
        names, pos = read_group(text, pos)
        for name in (names or "").split(","):
            bib = resolve_member(w.files, name if name.strip().endswith(".bib") else name.strip() + ".bib",
                                 dirs, ("",))
            if bib:
                w.bibs.append(bib)
        if suffix:
            w.sites.append(("suffix", path, suffix, None, suffix))
        elif w.chapterbib and unit:
            w.sites.append(("unit", path, unit, None, ""))
        else:
            w.sites.append(("main", path, None, None, ""))
        return pos
    if cmd in ("addbibresource", "addglobalbib"):
        _, pos = read_optional(text, pos)
        name, pos = read_group(text, pos)
        bib = resolve_member(w.files, name or "", dirs, ("",))
        if bib:
            w.bibs.append(bib)
        w.biblatex = True
        return pos
    if cmd in ("printbibliography", "bibbysection"):
        w.biblatex = True
        _, pos = read_optional(text, pos)
        w.sites.append(("main", path, None, None, ""))
        return pos
    if cmd == "putbib":
        w.putbib += 1
        _, pos = read_optional(text, pos)
        w.sites.append(("unit", path, f"bu{w.putbib}", None, ""))
        return pos
    if cmd == "newcites":
        names, pos = read_group(text, pos)
        _, pos = read_group(text, pos)
        w.newcites.extend(n.strip() for n in (names or "").split(","))
        return pos
    if "cite" in cmd:
        _, pos = read_optional(text, pos)
        _, pos = read_optional(text, pos)
        keys, pos = read_group(text, pos)
        if keys and "\\" not in keys and len(keys) < 2000:
            for key in keys.split(","):
                key = key.strip()
                if key.startswith("*") and key != "*":
                    # natbib marks a starred key for merging wherever it is cited, not only the first time.
                    key = key[1:].strip()
                    w.starred.add(key)
                if key:
                    w.cites.setdefault(key, None)
        return pos
    return _define(w, cmd, text, pos)


def _key_values(options: str) -> dict[str, str]:
    pairs = (o.partition("=") for o in options.split(","))
    return {k.strip(): v.strip() for k, _, v in pairs if k.strip()}


_REQUIRE = re.compile(r"\\(?:RequirePackage|usepackage)\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}")


def _load_package(w: _Walk, name: str, dirs: tuple[str, ...]) -> None:
    """Definitions of a class or package the e-print carries (a journal's own macros live there)."""
    path = resolve_member(w.files, name, dirs, ("",))
    if path is None or path in w.packages or len(w.packages) >= _MAX_PACKAGES:
        return
    w.packages.add(path)
    text = text_of(w.files, w.texts, w.notes, path)
    for m in _REQUIRE.finditer(text):
        for required in m.group(1).split(","):
            if required.strip():
                _load_package(w, required.strip() + ".sty", dirs)
    add_definitions(text, w.macros)


def _define(w: _Walk, cmd: str, text: str, pos: int) -> int:
    name, macro, end = read_definition(text, cmd, pos, w.macros)
    if name and macro is not None:
        define(w.macros, name, macro)
    return end
