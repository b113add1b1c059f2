"""Which .tex of an e-print arXiv compiles: its 00README first, else the evidence in the files.

arXiv runs LaTeX in the top folder of the e-print, on the file its 00README names as toplevel or
else on a top-level file with \\documentclass. Authors often ship more: an earlier revision of the
paper in a subfolder, a standalone figure, a response letter. Scores weigh \\documentclass, a .bbl
with the file's job name, a bibliography command; among equals the top folder wins over a
subfolder (an old revision there is often the larger file), and only then the larger file.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping

_COMMON_MAIN_NAMES = ("main", "ms", "paper", "article", "thesis", "manuscript")
# Raw bytes, so that finding the main file decodes nothing; `has_docclass` checks the line for a `%`.
_DOCCLASS = re.compile(rb"\\document(?:class|style)(?![A-Za-z])")
_INPUTENC = re.compile(rb"\\usepackage\s*\[([^\]]*)\]\s*\{inputenc\}")
# inputenc's 8-bit encodings, as Python names them (utf8 needs no fallback).
_CODECS = {
    "latin1": "latin-1", "latin9": "iso8859-15", "latin2": "iso8859-2", "latin5": "iso8859-9",
    "ansinew": "cp1252", "cp1252": "cp1252", "cp1250": "cp1250", "cp1251": "cp1251", "cp1257": "cp1257",
    "koi8-r": "koi8_r", "koi8-u": "koi8_u", "cp866": "cp866", "cp855": "cp855", "cp850": "cp850",
    "cp437": "cp437", "cp852": "cp852", "applemac": "mac_roman", "macce": "mac_latin2",
    "mac-cyr": "mac_cyrillic",
}
_YAML_SOURCE = re.compile(r"filename:\s*['\"]?([^'\"\n]+?)['\"]?\s*\n\s*usage:\s*['\"]?(toplevel|ignore)\b")
_README_LINE = re.compile(r"^\s*(\S+)\s+(toplevelfile|ignore)\s*$", re.MULTILINE)


def is_junk(path: str) -> bool:
    """macOS resource forks (`._x.tex`, `__MACOSX/`) that tar archives from Macs carry along."""
    return posixpath.basename(path).startswith("._") or path.startswith("__MACOSX/")


def has_docclass(data: bytes) -> bool:
    """True when a \\documentclass (or \\documentstyle) is not commented out on its line."""
    for m in _DOCCLASS.finditer(data):
        line_start = data.rfind(b"\n", 0, m.start()) + 1
        if data.find(b"%", line_start, m.start()) < 0:
            return True
    return False


def declared_encoding(files: Mapping[str, bytes], main: str | None) -> str | None:
    """The 8-bit encoding the document declares with inputenc (its main file first), as a Python codec.

    Russian papers are often cp1251 or koi8-r: read as latin-1 they would be mojibake.
    """
    order = [main] if main in files else []
    order += sorted(p for p in files if p.lower().endswith((".tex", ".sty", ".cls")) and p != main)
    for path in order:
        data = files[path]
        if b"inputenc" not in data:
            continue
        for m in _INPUTENC.finditer(data):
            line_start = data.rfind(b"\n", 0, m.start()) + 1
            if data.find(b"%", line_start, m.start()) >= 0:
                continue
            for option in reversed(m.group(1).decode("ascii", "replace").split(",")):
                codec = _CODECS.get(option.strip().lower())
                if codec:
                    return codec
    return None


def readme_directives(files: Mapping[str, bytes]) -> tuple[set[str], set[str]]:
    """(toplevel files, ignored files) that the e-print's 00README (JSON, YAML or legacy .XXX) names."""
    toplevel: set[str] = set()
    ignored: set[str] = set()
    for name in ("00README.yaml", "00README.yml"):
        if name in files:
            # The YAML form lists `- filename: x.tex` then `usage: toplevel` under `sources:`.
            for path, usage in _YAML_SOURCE.findall(files[name].decode("utf-8", "replace")):
                if usage == "toplevel":
                    toplevel.add(path.strip())
                else:
                    ignored.add(path.strip())
    json_name = next((n for n in ("00README.json", "00README")
                      if files.get(n, b"").lstrip().startswith(b"{")), None)
    if json_name is not None:
        try:
            readme = json.loads(files[json_name].decode("utf-8", "replace"))
        except ValueError:
            readme = {}
        sources = readme.get("sources") if isinstance(readme, dict) else None
        for source in sources if isinstance(sources, list) else ():
            if not (isinstance(source, dict) and isinstance(source.get("filename"), str)):
                continue
            if source.get("usage") == "toplevel":
                toplevel.add(source["filename"].strip())
            elif source.get("usage") == "ignore":
                ignored.add(source["filename"].strip())
    for name in ("00README.XXX", "00README"):
        if name in files and not files[name].lstrip().startswith(b"{"):
            for path, directive in _README_LINE.findall(files[name].decode("utf-8", "replace")):
                if directive == "toplevelfile":
                    toplevel.add(path)
                else:
                    ignored.add(path)
    return toplevel, ignored


def toplevel_files(files: Mapping[str, bytes]) -> list[str]:
    """The documents arXiv compiles into the PDF, the paper's first.

    arXiv runs LaTeX on every file of the top folder that is a whole document (\\documentclass
    and \\begin{document}), unless the 00README names the toplevel files; a paper shipped with its
    supplement as a separate document prints two bibliographies. Without a 00README, a second
    document counts when it was compiled with its own .bbl (a revision left beside the paper, a
    draft of it, has none). Named files come in alphanumeric order, as arXiv joins their PDFs;
    otherwise the main document comes first (a supplement's file name may sort before the
    paper's) and the others follow in alphanumeric order.
    """
    toplevel, ignored = readme_directives(files)
    named = sorted(p for p in toplevel if p in files and p not in ignored)
    if named:
        return named
    main = find_main_tex(files)
    if main is None:
        return []
    others = sorted(
        p
        for p in files
        if p != main
        and "/" not in p
        and p.lower().endswith(".tex")
        and not is_junk(p)
        and p not in ignored
        and has_docclass(files[p])
        and b"\\begin{document}" in files[p]
        and p.rsplit(".", 1)[0] + ".bbl" in files  # compiled with its bibliography, not a draft beside it
    )
    if "/" in main:
        return [main]
    ranked = sorted([main, *others], key=lambda p: _SUPPLEMENT_NAME.search(posixpath.basename(p)) is not None)
    return ranked


# A document that accompanies the paper: its supplement, appendix, a response or cover letter
_SUPPLEMENT_NAME = re.compile(r"supp|^si[_\-. ]|appendi|response|rebuttal|letter|cover", re.IGNORECASE)


def find_main_tex(files: Mapping[str, bytes]) -> str | None:
    """The .tex that LaTeX would be run on (see the module docstring)."""
    toplevel, ignored = readme_directives(files)
    tex = [p for p in files
           if p.lower().endswith((".tex", ".ltx", ".latex")) and not is_junk(p) and p not in ignored]
    named = sorted(p for p in tex if p in toplevel)
    if named:
        return named[0]
    if not tex:
        return None
    scored = []
    for p in tex:
        data = files[p]
        stem = p.rsplit(".", 1)[0]
        score = 0
        if has_docclass(data):
            score += 8
        if stem + ".bbl" in files:
            score += 4
        if b"\\begin{document}" in data:
            score += 2
        if b"\\bibliography" in data or b"\\begin{thebibliography}" in data or b"\\printbibliography" in data:
            score += 2
        if posixpath.basename(stem).lower() in _COMMON_MAIN_NAMES:
            score += 1
        scored.append((score, -p.count("/"), len(data), p))
    return max(scored)[3]
