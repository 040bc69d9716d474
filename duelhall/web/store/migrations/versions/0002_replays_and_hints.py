"""uploaded replays kept; whether a table gives hints; a table's rematch

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    op.create_table(
        "replays",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_index("ix_replays_created", "replays", ["created"])


def downgrade() -> None:
    op.drop_index("ix_replays_created", "replays")
    op.drop_table("replays")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
        batch.drop_column("hints")
