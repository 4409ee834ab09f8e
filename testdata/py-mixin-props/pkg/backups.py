from .coresys import CoreSysAttributes


class FileConfiguration:
    async def save_data(self) -> None:  # @def(saveData, "save_data")
        pass


class BackupManager(FileConfiguration, CoreSysAttributes):
    async def reload(self) -> None:  # @def(reload, "reload")
        pass
