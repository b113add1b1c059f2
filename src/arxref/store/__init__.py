"""The SQL store: tables, migrations, and every read and write of the database.

`engine` opens and migrates the database (Alembic, `migrations/`), `tables` declares it,
`versions` keeps the jobs (`paper_versions`), `references` writes and reads references with
their links, `counts` the counts kept as they change (so nothing counts a large table), `catalog`
(and `catalog_bulk`, its fast first load) the local arXiv catalog, `citations` a record's reads,
`crosschecks` the cross-check's results, `health` the pool's.

The only package that imports SQLAlchemy. Never imports fetch, the extraction paths (`source`,
`pdf`), the stages, Celery, the web service or the command line; it takes plain data (`domain`,
the catalog's records, `resolve.own_tables`' lookups, the cross-check's alignment) and gives
plain data back.
"""
