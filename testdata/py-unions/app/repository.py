from typing import Optional, Union

from app.models import EpisodicMemory, SemanticMemory


class MemoryRepository:
    async def update_memory(self, memory_id: str) -> EpisodicMemory | SemanticMemory | None:  # @def(updateMemory, "update_memory")
        if memory_id.startswith("e"):
            return EpisodicMemory()
        return SemanticMemory()

    def latest(self) -> Optional[Union[EpisodicMemory, SemanticMemory]]:  # @def(latest, "latest")
        return None
