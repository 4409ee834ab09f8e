def upgrade() -> None:  # @def(v1Upgrade, "upgrade") @nocallers(v1Upgrade)
    pass


def downgrade() -> None:  # @def(v1Downgrade, "downgrade") @nocallers(v1Downgrade)
    pass
