from billing.services.invoices import archive_all


def nightly():  # @def(nightly, "nightly")
    archive_all(["a", "b"])  # @site(nightlyAll, "archive_all") @call(nightly, archiveAll, nightlyAll)


if __name__ == "__main__":
    nightly()
