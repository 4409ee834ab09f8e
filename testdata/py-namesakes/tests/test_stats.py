import pytest

from app.stats import Ledger


@pytest.fixture
def ledger():
    return Ledger()


def test_total(ledger):  # @def(testTotal, "test_total")
    # pytest hands the test the fixture's Ledger; pyright does not type the
    # parameter: a name match, flagged, its detail naming the fixture.
    assert ledger.total() == 0  # @site(testTotalSite, "total") @namecall(testTotal, ledgerTotal, testTotalSite)
