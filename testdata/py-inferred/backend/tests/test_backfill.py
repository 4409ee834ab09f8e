import importlib

# a module whose name is no identifier, imported by a call: migration is that module
migration = importlib.import_module("app.database.alembic.versions.v2_backfill")


def test_upgrade_backfills():  # @def(testBackfill, "test_upgrade_backfills")
    migration.upgrade()  # @site(backfillSite, "upgrade") @call(testBackfill, v2Upgrade, backfillSite)
