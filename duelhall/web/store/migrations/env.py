"""Alembic's entry point; the server runs it programmatically (see ``..migrate``)."""

from alembic import context

from duelhall.web.store.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
