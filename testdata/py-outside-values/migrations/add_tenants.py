import sqlalchemy as sa
from alembic import op


def upgrade() -> None:
    conn = op.get_bind()
    row = conn.execute(sa.text("SELECT id FROM tenants LIMIT 1")).first()
    if row is None:
        op.execute("INSERT INTO tenants (id) VALUES ('default')")
