from abc import ABC, abstractmethod


class IMockRepo(ABC):
    @abstractmethod
    async def retrieve(self, chain_id: int):  # @def(ifaceRetrieve, "retrieve")
        """Retrieves a mock transaction by chain id."""


class ITasksRepo(ABC):
    @abstractmethod
    async def retrieve(self, task_name: str):  # @def(tasksRetrieve, "retrieve") @nocallers(tasksRetrieve)
        """Retrieves a task by name."""
