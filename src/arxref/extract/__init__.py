"""Which extraction path a version's references come from, as DESIGN.md says.

`choice`: the e-print's bibliography is the record (`arxiv_source`, the `source` package) when
there is one; the PDF is read (`pdf_text`, the `pdf` package) when the e-print is a PDF, has no
bibliography or cannot be unpacked, and why is kept in the extraction's notes. Also a single
file or folder read for `arxref extract`. `printed`: where the PDF is read beside the e-print,
an entry composed from biblatex fields takes the text the PDF prints (the alignment is
`evaluate.crosscheck`'s).

Pure: bytes in, an Extraction out. Never imports the parser, the catalog, the resolver, the
store, fetch or Celery; the e-print path is imported only when an e-print is read.
"""
