"""Fields of one bibliography entry: authors, title, year, venue, identifiers and a confidence.

Pure: a RawReference (from either path) in, a ParsedReference out. `text` makes an entry one
clean line (label, link furniture and split accents); `reference` reads it left to right and
calls on the others: `authors` (the author list, name by name) over the name
grammar (`name_grammar`: the shapes one name can take; `name_words`: the tokens of a list and
what one word can be), `names` (name lists the grammar cannot read, and titles that are really
names), `title` (where a title stops), `title_tail` (what the found title drops: quotes, a
publisher in brackets, a bare volume), `venue` (is a chunk a venue, and its volume, pages
and year) and `gbt` (GB/T 7714 entries written in Chinese, whose names the grammar cannot read).

Imports only the shared vocabulary (`domain`, `ids`): never the catalog, the resolver, the store,
fetch or Celery.
"""

from arxref.parse.reference import UNCERTAIN_BELOW, parse_reference, parse_references

__all__ = ["UNCERTAIN_BELOW", "parse_reference", "parse_references"]
