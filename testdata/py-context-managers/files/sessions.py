from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from files.base import Session


class Store:
    def maker(self) -> async_sessionmaker[AsyncSession]:
        return self._maker


async def from_declared_maker(store: Store):
    # what a library's session maker makes is the library's session
    async with store.maker()() as session:
        await session.read("q")


async def from_maker_parameter(maker: async_sessionmaker[AsyncSession]):
    async with maker() as session:
        await session.read("q")


class Manager:
    def __init__(self):
        self.session_maker: async_sessionmaker[AsyncSession] | None = None

    async def run(self):
        async with self.session_maker() as session:
            await session.read("q")


def from_session_factory(make: "type[Session]"):  # @def(fromFactory, "from_session_factory")
    # a project class, called, is the project's: still a caller
    with make() as s:
        s.write("q")  # @site(w2, "write") @call(fromFactory, sessionWrite, w2)


def from_partial_session():  # @def(fromPartial, "from_partial_session")
    from functools import partial

    # partial hands back what it was given, called: the project's Session
    make = partial(Session)
    with make() as s:
        s.write("q")  # @site(w3, "write") @namecall(fromPartial, sessionWrite, w3)


def from_made_maker(engine):  # @def(fromMadeMaker, "from_made_maker")
    # a maker some call made: the call's arguments are not recorded, and
    # sessionmaker(class_=Mine) would make the project's; a name match stays
    maker = async_sessionmaker(engine, class_=AsyncSession)
    with maker() as session:
        session.read("q")  # @site(r5, "read") @namecall(fromMadeMaker, baseRead, r5)


async def from_declared_maker_local(store: Store):
    # the project's method declares what it gives: a library's maker
    maker = store.maker()
    async with maker() as session:
        await session.read("q")
