"""The `arxiv_catalog` table: loading snapshot records and looking them up.

Candidate search (`SqlCatalog.search_many`) follows `MemoryCatalog.search` exactly, on
both backends: the word counts (migrations 0004/0005) pick each query's rarest words in
Python (`pick_terms`), one statement reads the postings of the picked words of every query
of a paper, each word once (the word -> id B-tree of 0005, read index-only), and they are
counted and ranked in Python (`top_hits`); one more statement reads the chosen records. A batch
(`resolve.batch`) reads the hits' normalized titles first (`title_norms`, the (id, title) index of
0012) and whole records only for the few the resolver may weigh.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import asdict, fields
from itertools import chain, islice

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from arxref.catalog.records import (
    AUTHOR_LIMIT,
    AuthorHits,
    AuthorKey,
    CatalogRecord,
    SearchHits,
    first_author_surname,
    normalize_title,
    opening_of,
    opens,
    pick_terms,
    search_terms,
    top_hits,
)
from arxref.store.engine import left_mid_command
from arxref.store.tables import arxiv_catalog

BATCH_SIZE = 2000
# The columns of a `CatalogRecord`, in the order of its fields: a row makes a record positionally.
_RECORD_COLUMNS = ", ".join(f.name for f in fields(CatalogRecord))


def _postings_postgresql(heads: bool) -> str:
    """The ids of each word of the first list (one row per word), then of each word of the second the
    first ones in bytewise order, which is Python's: SQLite's own, COLLATE "C" on PostgreSQL. With
    `heads` those first ones come from 0013's heads, with their titles.

    On PostgreSQL the lists are read in sub-selects, the limit written in: the planner then knows no
    more of a call's values than a generic plan does, and the server's plan cache keeps one. With the
    values in sight every plan for a paper's few words looked cheaper than a generic one, and the
    statement was planned at each call (0 generic plans in 104 calls: ~9 ms a round of the bench's PDF
    entries at 2.5M rows, out of ~25 ms this statement costs the server).
    """
    table, title, titles = "arxiv_catalog_postings", "", "NULL"
    if heads:
        table, title, titles = "arxiv_catalog_heads", ", title_norm", "string_agg(title_norm, chr(10))"
    return (
        "SELECT term, string_agg(arxiv_id, ' '), NULL FROM arxiv_catalog_postings "
        "WHERE term = ANY(({terms})::text[]) GROUP BY term UNION ALL SELECT j.term, f.ids, f.titles "
        "FROM unnest(({firsts})) AS j(term), LATERAL (SELECT string_agg(arxiv_id, ' ') AS ids, "
        f"{titles} AS titles "
        f'FROM (SELECT arxiv_id{title} FROM {table} WHERE term = j.term ORDER BY arxiv_id COLLATE "C" '
        "LIMIT {limit}) AS h) AS f"
    )


# The first ids of a word with their titles: migration 0013's heads, read from their primary key alone.
# It saves reading each hit's title by id (`title_norms`: ~9,000 index descents a round of the bench's
# PDF entries at 2.5M rows, 47 ms of the server's ~150). A longer limit reads the postings, no titles.
HEAD_SIZE = 20
_HEADS_POSTGRESQL = _postings_postgresql(heads=True)
_POSTINGS_POSTGRESQL = _postings_postgresql(heads=False)
_POSTINGS_SQLITE = (
    "SELECT term, group_concat(arxiv_id, ' '), NULL FROM arxiv_catalog_postings "
    "WHERE term IN (SELECT value FROM json_each(?)) GROUP BY term "
    "UNION ALL SELECT j.value, (SELECT group_concat(arxiv_id, ' ') FROM (SELECT arxiv_id "
    "FROM arxiv_catalog_postings WHERE term = j.value ORDER BY arxiv_id LIMIT ?)), NULL "
    "FROM json_each(?) AS j"
)

_STATE_READ = sa.text("SELECT value FROM catalog_state WHERE key = :key")
_STATE_WRITE = sa.text(
    "INSERT INTO catalog_state (key, value) VALUES (:key, :value) "
    "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)


def load_catalog(
    engine: sa.Engine,
    records: Iterable[CatalogRecord],
    progress: Callable[[int], None] | None = None,
    unknown: frozenset[str] = frozenset(),
) -> int:
    """Insert or update records in batches (a reload refreshes them); returns the count.

    `unknown`: columns the source does not carry (OAI-PMH's arXiv format has no versions):
    an existing row keeps its value there instead of having it erased.
    """
    total = 0
    iterator = iter(records)
    while batch := list(islice(iterator, BATCH_SIZE)):
        rows = [_row(record) for record in batch]
        # A snapshot may list an id twice; the last line wins, as a reload would.
        rows = list({row["arxiv_id"]: row for row in rows}.values())
        with engine.begin() as conn:
            conn.execute(_upsert(conn, unknown), rows)
        total += len(batch)
        if progress is not None:
            progress(total)
    return total


def read_state(conn: sa.Connection, key: str) -> str | None:
    """A catalog bookkeeping value (migration 0004's `catalog_state`), None when never written."""
    return conn.execute(_STATE_READ, {"key": key}).scalar()


def write_state(conn: sa.Connection, key: str, value: str) -> None:
    """Set a catalog bookkeeping value (the same statement on SQLite and PostgreSQL)."""
    conn.execute(_STATE_WRITE, {"key": key, "value": value})


def count_catalog(conn: sa.Connection) -> int:
    """How many records the catalog holds."""
    return conn.execute(sa.select(sa.func.count()).select_from(arxiv_catalog)).scalar_one()


class SqlCatalog:
    """Catalog lookups over one open connection (the `CatalogLookup` protocol)."""

    def __init__(self, conn: sa.Connection) -> None:
        self._conn = conn
        self._postgresql = conn.dialect.name == "postgresql"

    def by_id(self, arxiv_id: str) -> CatalogRecord | None:
        return self.by_ids([arxiv_id]).get(arxiv_id)

    def by_title(self, title_norm: str) -> list[CatalogRecord]:
        return self.by_titles([title_norm]).get(title_norm, []) if title_norm else []

    def by_doi(self, doi: str) -> list[CatalogRecord]:
        return self.by_dois([doi]).get(doi.lower(), [])

    def search(self, text_norm: str, limit: int) -> list[CatalogRecord]:
        return self.search_many([text_norm], limit)[0]

    def by_first_author(self, surname: str, years: tuple[int, int]) -> list[CatalogRecord]:
        ids = self.first_author_ids([(surname, years)])[surname, years]
        records = self.by_ids(ids)
        return [records[aid] for aid in ids]

    def first_author_ids(self, keys: Sequence[AuthorKey]) -> dict[AuthorKey, list[str]]:
        """The ids of each (surname, years) in id order, none past AUTHOR_LIMIT (`first_author_hits`)."""
        return self.first_author_hits(keys)[0]

    def first_author_hits(self, keys: Sequence[AuthorKey]) -> AuthorHits:
        """The ids of each (surname, years) in id order, none past AUTHOR_LIMIT, and the title_norm of
        those read on the way ("" for none): on PostgreSQL all of them, from the index of 0013, whose
        leaf pages the lookup walks already. One statement, read from the (first_author_norm, year,
        arxiv_id) index alone, a sub-select per key with its own limit.

        Ordered here, not in SQL: ORDER BY would read every row of a common surname to sort them,
        where LIMIT alone stops the index scan one row past the limit. The keys go as arrays, so the
        statement's text is the same whatever their number (a UNION ALL of one sub-select per key was
        compiled anew for each paper: 0.6 ms on SQLite, 3 ms on PostgreSQL). A key's ids come as one
        string, one row a key: a row an id was 9,000 rows a round of the bench's PDF entries at 2.5M rows.
        A key past AUTHOR_LIMIT comes back as no row: its 201 ids and titles were thrown away here (31 of
        389 keys a round of those entries, 70% of the statement's 780 kB).
        """
        wanted = sorted(set(keys))
        found: dict[AuthorKey, list[str]] = {key: [] for key in wanted}
        titles: dict[str, str] = {}
        if not wanted:
            return {}, titles
        limit = AUTHOR_LIMIT + 1
        if self._postgresql:
            names, firsts, lasts = zip(*((name, first, last) for name, (first, last) in wanted), strict=True)
            names_sql, names_param = _text_array(names)
            years = "string_to_array(%s, ' ')::int[]"
            query = (
                "SELECT j.k - 1, a.ids, a.titles FROM unnest("
                f"{names_sql}, {years}, {years}) WITH ORDINALITY AS j(name, first, last, k), LATERAL "
                f"(SELECT CASE WHEN count(*) <= {AUTHOR_LIMIT} THEN string_agg(arxiv_id, ' ') END AS ids, "
                f"CASE WHEN count(*) <= {AUTHOR_LIMIT} THEN string_agg(coalesce(title_norm, ''), chr(10)) "
                "END AS titles FROM (SELECT arxiv_id, title_norm FROM arxiv_catalog "
                "WHERE first_author_norm = j.name "
                f"AND year BETWEEN j.first AND j.last LIMIT {limit}) AS f) AS a WHERE a.ids IS NOT NULL"
            )
            params = (names_param, " ".join(map(str, firsts)), " ".join(map(str, lasts)))
        else:
            query = (
                "SELECT j.key, (SELECT "
                f"CASE WHEN count(*) <= {AUTHOR_LIMIT} THEN group_concat(arxiv_id, ' ') END "
                "FROM (SELECT arxiv_id FROM arxiv_catalog "
                "WHERE first_author_norm = json_extract(j.value, '$[0]') "
                "AND year BETWEEN json_extract(j.value, '$[1]') AND json_extract(j.value, '$[2]') "
                f"LIMIT {limit})), NULL FROM json_each(?) AS j"
            )
            params = (json.dumps([[name, first, last] for name, (first, last) in wanted]),)
        for k, ids, norms in self._fetch(query, params):
            if ids:
                found[wanted[k]] = ids.split(" ")
                if norms is not None:
                    titles.update(zip(found[wanted[k]], norms.split("\n"), strict=True))
        ids = {key: sorted(ids) if len(ids) <= AUTHOR_LIMIT else [] for key, ids in found.items()}
        return ids, titles

    def titles_opening(self, texts_norm: Sequence[str]) -> list[list[str]]:
        """`MemoryCatalog.titles_opening`: one statement, a range of the title_norm index per opening.

        The range [opening, opening + "!") holds the titles equal to the opening or going on after a
        space (" " < "!" < every other character of a normalized title), compared bytewise: migration
        0011 makes title_norm COLLATE "C" on PostgreSQL. Which texts a title opens is checked here.
        """
        openings = [opening_of(text) for text in texts_norm]
        asked = sorted(set(openings) - {""})
        titles: dict[str, set[str]] = {}
        if asked:
            if self._postgresql:
                array, param = _text_array(asked)
                spread, params = f"unnest({array}) AS j(value)", (param,)
            else:
                spread, params = "json_each(?) AS j", (json.dumps(asked),)
            query = (
                f"SELECT j.value, c.title_norm FROM {spread}, arxiv_catalog AS c "
                "WHERE c.title_norm >= j.value AND c.title_norm < j.value || '!'"
            )
            for opening, title in self._fetch(query, params):
                titles.setdefault(opening, set()).add(title)
        return [
            sorted(t for t in titles[opening] if opens(text, t)) if opening in titles else []
            for opening, text in zip(openings, texts_norm, strict=True)
        ]

    def by_ids(self, arxiv_ids: Sequence[str]) -> dict[str, CatalogRecord]:
        """The records of these ids, by id (absent ids left out)."""
        return {key: record for record, key in self._rows("arxiv_id", set(arxiv_ids))}

    def title_norms(self, arxiv_ids: Sequence[str]) -> dict[str, str]:
        """The title_norm of each of these ids ("" for none), two narrow columns: what a candidate
        is scored by before its whole record is read (`resolve.narrowing`)."""
        if self._postgresql:
            # One row of two line-joined lists (no id or normalized title holds a line break): a row an
            # id was 9,000 rows a round of the bench's PDF entries at 2.5M rows, a third of this call.
            query = (
                "SELECT string_agg(arxiv_id, chr(10)), string_agg(coalesce(title_norm, ''), chr(10)) "
                "FROM arxiv_catalog WHERE arxiv_id {}"
            )
            rows = self._select_in(query, set(arxiv_ids))
            if not rows or rows[0][0] is None:
                return {}
            ids, titles = rows[0]
            return dict(zip(ids.split("\n"), titles.split("\n"), strict=True))
        # The (id, title) index of migration 0012 alone: SQLite's planner would take the primary key's
        # (one row an id) and read each row's page for its title.
        query = (
            "SELECT arxiv_id, title_norm FROM arxiv_catalog INDEXED BY ix_arxiv_catalog_id_title "
            "WHERE arxiv_id {}"
        )
        return {aid: title_norm or "" for aid, title_norm in self._select_in(query, set(arxiv_ids))}

    def by_titles(self, titles_norm: Sequence[str]) -> dict[str, list[CatalogRecord]]:
        """The records of each of these normalized titles."""
        found: dict[str, list[CatalogRecord]] = {}
        for record, key in self._rows("title_norm", {t for t in titles_norm if t}):
            found.setdefault(key, []).append(record)
        return found

    def by_dois(self, dois: Sequence[str]) -> dict[str, list[CatalogRecord]]:
        """The records of each of these DOIs (lower-cased, as stored)."""
        found: dict[str, list[CatalogRecord]] = {}
        for record, key in self._rows("doi", {d.lower() for d in dois}):
            found.setdefault(key, []).append(record)
        return found

    def search_many(self, texts_norm: Sequence[str], limit: int) -> list[list[CatalogRecord]]:
        """`MemoryCatalog.search` of every text: three statements whatever the number of texts."""
        ranked = self.search_ids_many(texts_norm, limit)
        records = self.by_ids([aid for ids in ranked for aid in ids])
        return [[records[aid] for aid in ids if aid in records] for ids in ranked]

    def search_ids_many(self, texts_norm: Sequence[str], limit: int) -> list[list[str]]:
        """The ids `search_many` finds, best first: two statements (word counts, then postings)."""
        return self.search_hits_many(texts_norm, limit).ranked

    def search_hits_many(self, texts_norm: Sequence[str], limit: int) -> SearchHits:
        """The ids `search_many` finds, best first, the title_norm of those read on the way (the first
        ids of the picked words, on PostgreSQL), and the texts' words no title holds: two statements
        (word counts, then postings)."""
        terms = [search_terms(text) for text in texts_norm]
        asked = {t for ts in terms for t in ts}
        counts = self._word_counts(asked)
        picked = [pick_terms({t: counts.get(t, 0) for t in ts}) for ts in terms]
        # A word is read once for the paper however many of its queries picked it (a title and its
        # entry's text mostly pick the same ones). Ranking in SQL (GROUP BY and a window per query)
        # took more CPU than reading the rows and counting them here, as MemoryCatalog does. A word
        # that is only ever a query's one word ranks its ids by id (`_ranked`): its first `limit` do.
        counted = {t for ts in picked if len(ts) > 1 for t in ts}
        alone = {ts[0] for ts in picked if len(ts) == 1} - counted
        postings, titles = self._postings(counted, alone, limit)
        ranked = [_ranked([postings[t] for t in ts], limit) for ts in picked]
        return SearchHits(ranked, titles, {t for t in asked if not counts.get(t)})

    def _word_counts(self, terms: set[str]) -> dict[str, int]:
        return dict(self._select_in("SELECT term, doc FROM arxiv_catalog_words WHERE term {}", terms))

    def _postings(
        self, terms: set[str], firsts: set[str], limit: int
    ) -> tuple[dict[str, list[str]], dict[str, str]]:
        """The ids of the titles holding each of `terms`, and the `limit` first (bytewise) of each of
        `firsts`: one statement, one row per word (ids joined by spaces), not per id. On PostgreSQL
        the first ids of both come from 0013's heads with their title_norm, which this returns too.

        At 2.5M rows most queries are left one word by the budget, and 62% of the ids read went unused.
        The heads of the counted words hold 2,372 of the 2,380 ids their queries rank first a round of
        the bench's PDF entries: with theirs, the hits' titles left to read by id went 1,569 -> ~10.
        """
        postings: dict[str, list[str]] = {t: [] for t in terms | firsts}
        titles: dict[str, str] = {}
        if not postings:
            return postings, titles
        if self._postgresql:
            heads = limit <= HEAD_SIZE
            terms_sql, terms_param = _text_array(sorted(terms))
            firsts_sql, firsts_param = _text_array(sorted(firsts | terms if heads else firsts))
            statement = _HEADS_POSTGRESQL if heads else _POSTINGS_POSTGRESQL
            lists = {"terms": f"SELECT {terms_sql}", "firsts": f"SELECT {firsts_sql}"}
            query = statement.format(**lists, limit=int(limit))
            rows = self._fetch(query, (terms_param, firsts_param))
        else:
            params = (json.dumps(sorted(terms)), limit, json.dumps(sorted(firsts)))
            rows = self._fetch(_POSTINGS_SQLITE, params)
        for term, ids, norms in rows:
            if not ids:
                continue
            # A row with titles is a word's heads: its ids are the word's postings only if it is one of
            # `firsts` (a counted word's postings come whole in a row without titles).
            if norms is None or term in firsts:
                postings[term] = ids.split(" ")
            if norms is not None:
                titles.update(zip(ids.split(" "), norms.split("\n"), strict=True))
        return postings, titles

    def _rows(self, column: str, values: set[str]) -> list[tuple[CatalogRecord, str]]:
        """(record, its value in `column`) of every row whose `column` is one of `values`."""
        query = f"SELECT {_RECORD_COLUMNS}, {column} FROM arxiv_catalog WHERE {column} {{}}"
        return [(CatalogRecord(*row[:-1]), row[-1]) for row in self._select_in(query, values)]

    def _fetch(self, query: str, params: tuple) -> list[tuple]:
        """The rows of one statement in the driver's own terms (paramstyle, plain tuples), on its cursor.

        SQLAlchemy's statement set-up and result objects cost more than many of these lookups (100 us a
        statement on PostgreSQL, 20 on SQLite; a paper makes ~8): the statement goes to the DB-API cursor,
        as exec_driver_sql would, inside the transaction that it would have begun (the caller commits or
        rolls back as before), and a driver error is raised as SQLAlchemy raises it (a lost connection
        invalidated: `database_errors` tells it from the others).
        """
        if not self._conn.in_transaction():
            self._conn.begin()
        dialect, connection = self._conn.dialect, self._conn.connection.dbapi_connection
        cursor = connection.cursor()
        try:
            cursor.execute(query, params)
            rows = cursor.fetchall()
        except dialect.loaded_dbapi.Error as exc:
            lost = dialect.is_disconnect(exc, connection, cursor) or left_mid_command(connection)
            with suppress(Exception):
                cursor.close()
            if lost:
                self._conn.invalidate(exc)
            error = dialect.loaded_dbapi.Error
            raise sa.exc.DBAPIError.instance(query, params, exc, error, connection_invalidated=lost) from exc
        cursor.close()
        return rows

    def _select_in(self, query: str, values: set[str]) -> list[tuple]:
        """The rows of `query` ("... WHERE column {}") for the column being any of `values`.

        The values go as one parameter (a PostgreSQL array, a JSON array SQLite unpacks), so the
        statement text is the same whatever their number: nothing to compile per lookup, and no
        bound on the number of values. Written in plain SQL through the driver: these lookups are
        most of resolution's database time, and SQLAlchemy's statement building and row objects
        cost as much as the query itself.
        """
        if not values:
            return []
        if self._postgresql:
            array, param = _text_array(sorted(values))
            return self._fetch(query.format(f"= ANY({array})"), (param,))
        spread = "IN (SELECT value FROM json_each(?))"
        return self._fetch(query.format(spread), (json.dumps(sorted(values)),))


def _text_array(values: Sequence[str]) -> tuple[str, str | list[str]]:
    """A text[] parameter on PostgreSQL: the SQL that reads it, and the value bound.

    The strings go joined by line breaks, split by the server: psycopg dumps a list one element at a
    time (300 ids: ~0.35 ms of client CPU, more than the lookup costs the server), a string at once.
    Ids, words, normalized titles and DOIs hold no line break; a list that does, or holds an empty
    string (alone it would split into no string at all), goes as a list.
    """
    joined = "\n".join(values)
    # Counting the joined string's breaks is one C call; a test per value was 5 ms a round of the bench.
    if "" in values or joined.count("\n") != len(values) - 1:
        return "%s::text[]", list(values)
    return "string_to_array(%s, chr(10))", joined


def _ranked(postings: list[list[str]], limit: int) -> list[str]:
    """`top_hits` of the ids holding a query's picked words (each word's ids distinct).

    One word (most queries at millions of rows: the others are past the budget) gives every id one
    hit: the order is the ids', no counting needed. So do words no id shares: 108 of the 119 queries
    of several words a round of the bench's PDF entries at 2.5M rows (~260 ids each; a set and a sort
    take a third of the time of counting and ranking them).
    """
    if len(postings) == 1:
        return sorted(postings[0])[:limit]
    ids = list(chain.from_iterable(postings))
    distinct = set(ids)
    if len(distinct) == len(ids):
        return sorted(distinct)[:limit]
    return top_hits(Counter(ids), limit)


def _row(record: CatalogRecord) -> dict:
    row = asdict(record)
    row["title_norm"] = normalize_title(record.title) or None
    row["first_author_norm"] = first_author_surname(record.authors) or None
    return row


def _upsert(conn: sa.Connection, unknown: frozenset[str] = frozenset()) -> sa.Insert:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(arxiv_catalog)
    new = statement.excluded
    updated = {
        c.name: sa.func.coalesce(new[c.name], c) if c.name in unknown else new[c.name]
        for c in arxiv_catalog.columns
        if c.name != "arxiv_id"
    }
    # A row whose values are all unchanged is not written: reloading a snapshot costs lookups only.
    changed = sa.or_(*(arxiv_catalog.c[name].is_distinct_from(value) for name, value in updated.items()))
    return statement.on_conflict_do_update(index_elements=["arxiv_id"], set_=updated, where=changed)
