class SubscriberRepository:
    async def delete(self, user_id: str) -> bool:  # @def(subDelete, "delete")
        return bool(user_id)

    async def find(self, user_id: str) -> str:  # @def(subFind, "find")
        return user_id


class AuditRepository:
    async def delete(self, user_id: str) -> bool:  # @def(auditDelete, "delete")
        return not user_id


class ReembeddingService:
    async def reembed(self, user_id: str) -> int:  # @def(reembed, "reembed")
        return len(user_id)
