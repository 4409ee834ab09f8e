from alembic import command
from alembic.config import Config


def reseed(cfg: Config) -> None:
    # the library alembic's command, not backend/app/database/alembic (app.database.alembic)
    command.downgrade(cfg, "base")
    command.upgrade(cfg, "head")
