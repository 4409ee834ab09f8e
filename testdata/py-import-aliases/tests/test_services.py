# Each test imports its own module under the same alias: an import inside a
# function binds the name in that function only.


def test_billing():  # @def(testBilling, "test_billing")
    from pkg.services import billing as svc

    assert svc.charge(1) == 1  # @site(billingSite, "charge") @call(testBilling, billingCharge, billingSite)


def test_refunds():  # @def(testRefunds, "test_refunds")
    from pkg.services import refunds as svc

    assert svc.refund(1) == -1  # @site(refundSite, "refund") @call(testRefunds, refund, refundSite)
    assert svc.charge(2) == -2  # @site(refundsSite, "charge") @call(testRefunds, refundsCharge, refundsSite)
    # @callers(billingCharge, testBilling)
