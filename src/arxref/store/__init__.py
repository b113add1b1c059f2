"""The SQL store: the only package that imports SQLAlchemy.

`engine` opens and migrates the database, `versions` keeps the jobs,
`references` writes and reads references with their links, `catalog` the local
arXiv catalog.
"""
