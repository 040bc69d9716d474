"""Where tables, seats and moves persist: SQLAlchemy 2 models, the repository, migrations."""
