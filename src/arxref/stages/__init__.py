"""The stages of one paper version over ids: the pure packages put to work on the database and the blobs.

`version`: the version's row, its blobs and its stage moves, shared by every stage (so none
imports another's caller); `fetch`: the e-print and/or PDF into the blob folder; `extract`: the
stored bytes read (`extract`, `source`, `pdf`), parsed, resolved against the catalog and our own
tables, and stored, and with ARXREF_FETCH_PDF=always cross-checked; `crosscheck`: the e-print's
and the PDF's entries aligned and stored (`arxref crosscheck`); `process`: every stage of a
version in this process (the embedded `arxref process`).

Each stage takes the engine and the settings, loads ids, calls pure functions and saves: the
pool (`pool`, `tasks`) and the command line call them. Never imports Celery, the web service or
the command line; `fetch` and `version` never import the extraction code (a fetch worker stays
small).
"""
