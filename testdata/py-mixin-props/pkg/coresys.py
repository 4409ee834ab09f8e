from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .backups import BackupManager


class CoreSys:
    def __init__(self) -> None:
        self._backups: BackupManager | None = None

    @property
    def backups(self) -> BackupManager:
        return self._backups


class CoreSysAttributes:
    """Inherited by every manager and API class: the names its annotations
    use are imported here, under TYPE_CHECKING, and nowhere else."""

    coresys: CoreSys
    manager: BackupManager
    make_manager: Callable[[], BackupManager]

    @property
    def sys_backups(self) -> BackupManager:
        return self.coresys.backups
