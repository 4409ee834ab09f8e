import asyncio


class Core:
    async def setup(self):  # @def(coreSetup, "setup")
        return None


class Job:
    def cancel(self):  # @def(jobCancel, "cancel")
        return None


async def make() -> Core:
    return Core()


async def make_job() -> Job:
    return Job()


def main():  # @def(main, "main")
    loop = asyncio.new_event_loop()
    core = loop.run_until_complete(make())
    loop.run_until_complete(core.setup())  # @site(mainLoop, "setup")
    other = asyncio.run(make())
    other.setup()  # @site(mainRun, "setup") @call(main, coreSetup, mainLoop, mainRun)


async def later():  # @def(later, "later")
    c = await asyncio.wait_for(make(), 5)
    await c.setup()  # @site(laterWait, "setup")
    e = await asyncio.shield(make())
    await e.setup()  # @site(laterShield, "setup") @call(later, coreSetup, laterWait, laterShield)


async def cancel_later():  # @def(cancelLater, "cancel_later")
    # a Task is no Job: pyright lists nothing here
    t = asyncio.create_task(make_job())
    t.cancel()  # @site(cancelSite, "cancel") @namecall(cancelLater, jobCancel, cancelSite)
