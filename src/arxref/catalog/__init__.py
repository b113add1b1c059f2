"""The local arXiv catalog: the records the resolver matches entries against.

`records`: a catalog record, the lookups a resolver may ask of a catalog (by id, DOI, title
words, first author and year), title and name normalization, the snapshot file (arXiv's
metadata JSON lines) and `MemoryCatalog`, the catalog held in memory for `arxref extract
--catalog` and `arxref eval`. `harvest`: arXiv's OAI-PMH pages read into records (pure);
`oai`: paging through them over HTTP with arXiv's client from `fetch`.

The same records in SQL are `store.catalog`'s: this package never imports the store, and only
`oai` imports fetch.
"""
