from app.repos import AuditFactory, Db, ReposFactory


class Service:
    def __init__(self, repos_factory: ReposFactory, audit_factory: AuditFactory) -> None:
        self._repos_factory = repos_factory
        self._audit_factory = audit_factory

    async def login(self, db: Db) -> int:  # @def(login, "login")
        repos = self._repos_factory(db)
        return await repos.users.find_for_user(1)  # @site(viaField, "find_for_user") @call(login, findUser, viaField)

    async def audit(self, db: Db) -> int:  # @def(audit, "audit")
        repos = self._audit_factory(db)
        return await repos.users.find_for_user(2)  # @site(viaAudit, "find_for_user") @call(audit, findAudit, viaAudit)


async def check(factory: ReposFactory, db: Db) -> int:  # @def(check, "check")
    return await factory(db).users.find_for_user(3)  # @site(viaParam, "find_for_user") @call(check, findUser, viaParam)
