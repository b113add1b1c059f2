"""Find the main document of an e-print and walk it, in reading order, through \\input/\\include.

The walk yields where bibliographies are printed (`BibSite`), the citation keys in order of first
citation, the user macros defined on the way, and which bibliography style was declared.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from arxref.source.journals import journal_macros
from arxref.source.latex_text import Macro
from arxref.source.lists import LIST_EVENTS, BibSite, ListState, Pending, handle_list_command, list_sites
from arxref.source.macros import DEFINER, add_definitions, define, read_definition
from arxref.source.texscan import decode_tex, read_group, read_optional, skip_space, strip_comments

TEX_SUFFIXES = (".tex", ".ltx", ".latex", ".bbl", "")
_MAX_DEPTH = 24
_MAX_PACKAGES = 64


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
    categories: Mapping[str, frozenset[str]] = field(default_factory=dict)  # biblatex \addtocategory


_EVENT = re.compile(
    r"\\(input|include|subfile|import|subimport|inputfrom|includefrom|subinputfrom|subincludefrom"
    r"|documentclass|documentstyle|usepackage|RequirePackage"
    r"|newcommand|renewcommand|providecommand|DeclareRobustCommand|def|gdef|edef|xdef|let"
    r"|begin\s*\{(?:(?:mcite)?thebibliography|biblist\*?|references)\}|end\s*\{document\}|" + LIST_EVENTS
    + r")(?![A-Za-z@])\*?"
)
# A list written into the document: thebibliography, or amsrefs' biblist of \bib entries.
_THEBIB_BEGIN = re.compile(r"begin\s*\{(?:(?:mcite)?thebibliography|biblist\*?|references)\}")
_DEFINERS = re.compile(r"newcommand|renewcommand|providecommand|DeclareRobustCommand|def|gdef|edef|xdef|let")
_THEBIB_END = re.compile(r"\\end\s*\{(?:(?:mcite)?thebibliography|biblist\*?|references)\}")
_BARE_NAME = re.compile(r"\s*([^\s{}\\%]+)")
# A bibunit's list printed by a user macro: each \putbib prints the next bu<n>.bbl, so a call the walk
# missed shifts every later unit. (\printbibliography or \bibliography inside a macro is left to
# the fallback that reads the document's one .bbl: their bodies hold conditionals, drafts' second
# printings, that the walk cannot judge.)
_PRINTS_LIST = re.compile(r"\\putbib(?![A-Za-z@])")


@dataclass
class _Walk:
    files: Mapping[str, bytes]
    texts: dict[str, str]
    notes: list[str]
    lists: ListState
    fallback: str = "latin-1"
    docclass: str | None = None
    macros: dict[str, Macro] = field(default_factory=dict)
    packages: set[str] = field(default_factory=set)
    events: re.Pattern[str] = _EVENT  # _EVENT and the user macros that print a list
    list_macros: dict[str, Macro] = field(default_factory=dict)  # read raw: see `_note_list_macro`


def text_of(files: Mapping[str, bytes], texts: dict[str, str], notes: list[str], path: str,
            fallback: str = "latin-1") -> str:
    """Decoded, comment-free text of a member (cached in `texts`), noting a non-UTF-8 decoding."""
    if path not in texts:
        raw, enc = decode_tex(files[path], fallback)
        if enc != "utf-8":
            notes.append(f"{enc} fallback in {path}")
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
                  notes: list[str] | None = None, fallback: str = "latin-1") -> Document:
    """Walk `main` and everything it inputs, in order, collecting bibliography sites and citations."""
    w = _Walk(files, texts if texts is not None else {}, notes if notes is not None else [],
              ListState(main.rsplit(".", 1)[0]), fallback)
    _walk_file(w, main, posixpath.dirname(main), None, 0, set())
    s = w.lists
    return Document(main, list_sites(s, files, w.docclass), s.citations(), w.macros, tuple(w.notes),
                    w.docclass, s.biblatex_options, frozenset(s.starred),
                    {k: frozenset(v) for k, v in s.categories.items()})


def _walk_file(w: _Walk, path: str, main_dir: str, unit: str | None, depth: int, active: set[str]) -> bool:
    """Walk one file; returns False when \\end{document} was reached (stop reading)."""
    if depth > _MAX_DEPTH or path in active:
        return True
    active.add(path)
    text = text_of(w.files, w.texts, w.notes, path, w.fallback)
    keep_going = _walk_text(w, text, path, main_dir, unit, depth, active)
    active.discard(path)
    return keep_going


def _walk_text(
    w: _Walk, text: str, path: str, main_dir: str, unit: str | None, depth: int, active: set[str]
) -> bool:
    """Walk the text of `path` (or a macro's body met in it); False when \\end{document} was reached."""
    here = posixpath.dirname(path)
    dirs = tuple(dict.fromkeys((here, main_dir, "")))
    pos = 0
    while (m := w.events.search(text, pos)) is not None:
        pos = m.end()
        if m.groupdict().get("user"):
            macro = w.list_macros[m.group("user")]
            body = macro.body
            for k in range(1, macro.nargs + 1):
                arg, pos = read_group(text, pos)
                body = body.replace(f"#{k}", arg or "")
            if depth < _MAX_DEPTH and not _walk_text(w, body, path, main_dir, unit, depth + 1, active):
                return False
            continue
        cmd = m.group(m.lastindex or 0)  # _EVENT's command (its only group, after `user` if any)
        if cmd.startswith("end") and cmd.endswith("{document}"):
            return False
        if _THEBIB_BEGIN.match(cmd):
            end = _THEBIB_END.search(text, pos)
            stop = end.end() if end else len(text)
            inline = _with_inputs(w, text[m.start():stop], dirs, depth)
            w.lists.pending.append(Pending("inline", path, "", inline))
            pos = stop
            continue
        pos = _handle(w, cmd, text, pos, path, main_dir, dirs, unit, depth, active)
        if pos < 0:
            return False
    return True


_INPUT = re.compile(r"\\(?:input|include)\s*\{([^{}]+)\}")


def _with_inputs(w: _Walk, inline: str, dirs: tuple[str, ...], depth: int) -> str:
    """A written-in list with the files it \\input in place: its items may live in one
    (`\\begin{thebibliography}{00} \\input{bibliografia} \\end{thebibliography}`)."""
    if depth > _MAX_DEPTH or "\\in" not in inline:
        return inline

    def inserted(m: re.Match[str]) -> str:
        target = resolve_member(w.files, m.group(1).strip(), dirs)
        if target is None or target.endswith((".sty", ".cls", ".bst", ".bib")):
            return m.group(0)
        return _with_inputs(w, text_of(w.files, w.texts, w.notes, target, w.fallback), dirs, depth + 1)

    return _INPUT.sub(inserted, inline)


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
    if cmd in ("usepackage", "RequirePackage"):
        options, pos = read_optional(text, pos)
        pkgs, pos = read_group(text, pos)
        names = [p.strip() for p in (pkgs or "").split(",") if p.strip()]
        w.lists.note_packages(names, options)
        for name in names:
            _load_package(w, name + ".sty", dirs)
        return pos
    if _DEFINERS.fullmatch(cmd) is None:
        return handle_list_command(w.lists, cmd, text, pos, path, unit,
                                   lambda name: resolve_member(w.files, name, dirs, ("",)))
    return _define(w, cmd, text, pos)


_REQUIRE = re.compile(r"\\(?:RequirePackage|usepackage)\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}")


def _load_package(w: _Walk, name: str, dirs: tuple[str, ...]) -> None:
    """Definitions of a class or package the e-print carries (a journal's own macros live there)."""
    path = resolve_member(w.files, name, dirs, ("",))
    if path is None or path in w.packages or len(w.packages) >= _MAX_PACKAGES:
        return
    w.packages.add(path)
    text = text_of(w.files, w.texts, w.notes, path, w.fallback)
    for m in _REQUIRE.finditer(text):
        for required in m.group(1).split(","):
            if required.strip():
                _load_package(w, required.strip() + ".sty", dirs)
    add_definitions(text, w.macros)
    for m in DEFINER.finditer(text):
        _note_list_macro(w, m.group(1), text, m.end())


def _define(w: _Walk, cmd: str, text: str, pos: int) -> int:
    _note_list_macro(w, cmd, text, pos)
    name, macro, end = read_definition(text, cmd, pos, w.macros)
    if name and macro is not None and not name.startswith("@"):
        define(w.macros, name, macro)
    return end


def _note_list_macro(w: _Walk, cmd: str, text: str, pos: int) -> None:
    """A \\newcommand whose body prints a list or calls a macro that does ("\\myputbib[1]{...
    \\putbib[#1]...}", "\\mypublishedas" calling it), kept to be expanded where the walk meets it.
    Read raw: such bodies redefine \\bibsection and the like, which the text's macros refuse."""
    if cmd not in ("newcommand", "renewcommand", "providecommand", "DeclareRobustCommand"):
        return
    name, pos = read_group(text, pos)
    nargs, pos = read_optional(text, pos)
    body, _ = read_group(text, pos)
    name = (name or "").strip().lstrip("\\")
    if not name.isalpha() or body is None or _EVENT.fullmatch("\\" + name):
        return  # (a command the walk handles itself, \\bibliography redefined, stays the walk's)
    calls = _PRINTS_LIST.search(body) or any(
        re.search(rf"\\{known}(?![A-Za-z@])", body) for known in w.list_macros
    )
    if calls:
        w.list_macros[name] = Macro(int(nargs) if nargs and nargs.strip().isdigit() else 0, body)
        user = "|".join(sorted(w.list_macros, key=len, reverse=True))
        w.events = re.compile(rf"\\(?P<user>{user})(?![A-Za-z@])|{_EVENT.pattern}")
