def upgrade() -> None:  # @def(v2Upgrade, "upgrade")
    pass
