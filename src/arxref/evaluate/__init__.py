"""How good the extraction and the resolution are: measured, never assumed (`arxref eval`).

Against gold: `score` (score.py's matching and figures over a gold corpus: P, R, F1, index,
title, arxiv, doi, res_R, res_P), `inputs` (one corpus paper read as each mode asks: its
e-print, its PDF, or the pipeline's choice; printed arXiv ids hidden on request), `titles`
(title accuracy per bibliography style, `--titles`). Without gold: `crosscheck` (a version's
e-print and PDF entries aligned one to one: the agreement the extract stage and `arxref
crosscheck` store) and `resolution` (the leave-one-out calibration behind the resolver's
thresholds).

Reads papers with the pure stages (extract, source, pdf, parse, resolve, catalog); never
imports the store, fetch or Celery.
"""
