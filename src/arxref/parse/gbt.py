"""GB/T 7714 entries written in Chinese or Japanese: names without spaces between a full-width or
ASCII comma or an enumeration comma, "等" for et al., a period (full-width or ASCII) after them,
then the title up to its document type: "王岑依,梁计陵,等.基于MLP神经网络...[J].中国体育科技,2024,60(05)".

The name grammar reads Latin names; these it cannot, so this reads them by the standard's marks.
"""

from __future__ import annotations

import re

from arxref.parse.title import YEAR

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_ENTRY = re.compile(
    r"^(?P<authors>[^.．。\[\]]{1,200}?)\s*[.．。]\s*(?P<title>[^\[\]]+?)\s*"
    r"\[(?:[JCMDRSPNZAGK]|CP|DB|EB)(?:/OL)?\]"
)
_ET_AL = re.compile(r"^(?:等|et\s+al)$", re.IGNORECASE)


def split_gbt(body: str) -> tuple[tuple[str, ...], bool, int | None, str, str] | None:
    """Authors, et al., year, title and the rest of a GB/T 7714 entry whose authors are written in
    CJK script; None for any other entry (Latin GB/T entries read as other styles do)."""
    m = _ENTRY.match(body)
    if m is None or not _CJK.search(m.group("authors")):
        return None
    names = [n.strip() for n in re.split(r"[,，、;；]", m.group("authors")) if n.strip()]
    et_al = bool(names) and bool(_ET_AL.match(names[-1]))
    names = names[:-1] if et_al else names
    rest = body[m.end() :].lstrip("./ ")
    year = re.search(rf"(?<!\d){YEAR}(?!\d)", rest)
    return tuple(names), et_al, int(year.group(0)) if year else None, m.group("title"), rest
