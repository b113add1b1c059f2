"""Alembic environment: runs migrations on the connection arxref hands in."""

from alembic import context

from arxref.store.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
