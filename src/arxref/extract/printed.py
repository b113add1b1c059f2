"""The printed text for e-print entries that could only be composed, from the PDF beside them.

A biblatex .bbl holds an entry's fields, not its text, so the e-print path composes one from the
fields (`domain.COMPOSED`); a reader of the record expects what the page prints. Where the PDF is
at hand and the cross-check pairs the entry with the PDF's entry under the same number, that
entry's text is the printed one. Its stated fields (title, DOI, ids) stay the e-print's: they are
exact, the PDF's text is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arxref.domain import COMPOSED, PRINTED_FROM_PDF, RawReference
from arxref.evaluate.crosscheck import CrossCheck


def with_printed_text(eprint: Sequence[RawReference], check: CrossCheck) -> tuple[RawReference, ...]:
    """`eprint`'s entries, each composed one paired under its own number given the PDF's text.

    `check` is `cross_check(eprint, pdf)`: its first rows are the e-print's entries in order.
    """
    carried = []
    for ref, row in zip(eprint, check.rows, strict=False):
        if COMPOSED in ref.flags and row.eprint is ref and row.pdf is not None and row.index_agrees:
            flags = tuple(f for f in ref.flags if f != COMPOSED) + (PRINTED_FROM_PDF,)
            ref = replace(ref, raw=row.pdf.raw, flags=flags)
        carried.append(ref)
    return tuple(carried)
