from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class UserRepository(Protocol):
    async def find_for_user(self, user_id: int) -> int: ...  # @def(findUser, "find_for_user")


class AuditRepository(Protocol):
    async def find_for_user(self, user_id: int) -> int: ...  # @def(findAudit, "find_for_user")


class Db:
    pass


@dataclass(frozen=True)
class Repos:
    users: UserRepository


@dataclass(frozen=True)
class AuditRepos:
    users: AuditRepository


# A module-level alias of a Callable: calling a value of it gives a Repos.
ReposFactory = Callable[[Db], Repos]
AuditFactory = Callable[[Db], AuditRepos]
