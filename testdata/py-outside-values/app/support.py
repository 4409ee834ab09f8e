from sqlalchemy import select
from sqlalchemy.orm import Session


class ScopedSupport:
    """A mixin: self.session is set by each repository that uses it."""

    def _get(self, model, record_id: str):
        stmt = select(model).where(model.id == record_id)
        return self.session.execute(stmt).scalars().first()

    def _run(self, stmt):
        return self.session.execute(stmt)


class OrderRepository(ScopedSupport):
    def __init__(self, session: Session) -> None:
        self.session = session


class InvoiceRepository(ScopedSupport):
    def __init__(self, session: Session, *, label: str) -> None:
        self.session = session
        self.label = label


class CacheSupport:
    """A mixin whose subclass sets a project object: left a name match."""

    def _page(self):  # @def(cachePage, "_page")
        return self.pages.execute([])  # @site(c1, "execute") @namecall(cachePage, execute, c1)


class PageCache(CacheSupport):
    def __init__(self) -> None:
        from app.paging import PageRequest

        self.pages = PageRequest()
