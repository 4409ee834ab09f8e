"""Fixture: self-typed attributes, aliased imports, two `get` methods."""
from billing.services.storage import StorageClient
from billing.services import pdf as pdf_tools
from billing.services.pdf import render_pdf as render


class InvoiceRepository:
    def get(self, invoice_id):  # @def(repoGet, "get")
        return {"id": invoice_id}


class InvoiceService:
    def __init__(self, repo: InvoiceRepository):
        self.repo = repo
        self.storage = StorageClient()
        self.cache = {}

    def archive(self, invoice_id):  # @def(archive, "archive")
        invoice = self.repo.get(invoice_id)  # @site(archiveGet, "get") @call(archive, repoGet, archiveGet)
        self.cache.get(invoice_id)  # a dict's get: @callers(storageGet)
        body = render(invoice)  # @site(archiveRender, "render") @call(archive, render_pdf, archiveRender)
        pdf_tools.stamp(body)  # @site(archiveStamp, "stamp") @call(archive, stamp, archiveStamp)
        self.storage.put(invoice_id, body)  # @site(archivePut, "put") @call(archive, storagePut, archivePut)
        return self._audit(invoice_id)  # @site(archiveAudit, "_audit") @call(archive, audit, archiveAudit)

    def _audit(self, invoice_id):  # @def(audit, "_audit")
        def fmt(x):  # @def(innerFmt, "fmt")
            return str(x)

        return fmt(invoice_id)  # @site(auditFmt, "fmt") @call(audit, innerFmt, auditFmt)


def archive_all(ids):  # @def(archiveAll, "archive_all")
    service = InvoiceService(InvoiceRepository())
    for i in ids:
        service.archive(i)  # @site(allArchive, "archive") @call(archiveAll, archive, allArchive)


def build_service() -> InvoiceService:  # @def(buildService, "build_service")
    return InvoiceService(InvoiceRepository())


def archive_one(invoice_id):  # @def(archiveOne, "archive_one")
    svc = build_service()  # @site(oneBuild, "build_service") @call(archiveOne, buildService, oneBuild)
    return svc.archive(invoice_id)  # @site(oneArchive, "archive") @call(archiveOne, archive, oneArchive)
