from .coresys import CoreSysAttributes


class APIBackups(CoreSysAttributes):
    @property
    def sys_elsewhere(self) -> "BackupManager":  # a name this file does not import
        return self.coresys.backups

    async def save(self) -> None:  # @def(save, "save")
        await self.sys_backups.save_data()  # @site(saveSite, "save_data") @call(save, saveData, saveSite)
        await self.sys_backups.reload()  # @site(reloadSite, "reload")
        await self.manager.reload()  # @site(fieldSite, "reload")
        await self.make_manager().reload()  # @site(madeSite, "reload") @call(save, reload, reloadSite, fieldSite, madeSite)

    async def other(self) -> None:  # @def(other, "other")
        await self.sys_elsewhere.reload()  # @site(elsewhereSite, "reload") @namecall(other, reload, elsewhereSite)
