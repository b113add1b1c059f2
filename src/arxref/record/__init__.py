"""A paper's citation record: what readers of the pipeline see, as one plain dict.

`citation`: the record of one paper (the paper, its versions, coverage lanes, counts by
resolution status, outbound references and inbound citations a page at a time, the
cross-check's agreement, links, `context_digest`), read from the store in a few bounded
statements; `observation`: one stored reference as an observation, with its stable id
(UUIDv5) and the digest of its canonical JSON. The same dict is the `.json` page, the HTML
page's data and `arxref record`'s output.

Reads through the store (never writes); never imports fetch, the extraction paths, the
parser, the resolver or Celery. The web service and the command line read records here.
"""
