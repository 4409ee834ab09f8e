from app.models import EpisodicMemory, SemanticMemory
from app.repository import MemoryRepository


class MemoryService:
    def __init__(self, repo: MemoryRepository) -> None:
        self.repo = repo

    async def update(self, memory_id: str) -> dict | None:  # @def(update, "update")
        memory = await self.repo.update_memory(memory_id)  # @site(u1, "update_memory") @call(update, updateMemory, u1)
        return memory.to_dict() if memory else None  # @site(t1, "to_dict") @call(update, episodicToDict, t1) @call(update, semanticToDict, t1)

    def latest(self) -> dict:  # @def(latestDict, "latest")
        found = self.repo.latest()  # @site(l1, "latest") @call(latestDict, latest, l1)
        if found is None:
            return {}
        return found.to_dict()  # @site(t2, "to_dict") @call(latestDict, episodicToDict, t2) @call(latestDict, semanticToDict, t2)


def describe(memory: EpisodicMemory | SemanticMemory) -> dict:  # @def(describe, "describe")
    memory.touch()  # @site(d1, "touch") @call(describe, episodicTouch, d1)
    return memory.to_dict()  # @site(t3, "to_dict") @call(describe, episodicToDict, t3) @call(describe, semanticToDict, t3)
