# Each test imports its own module under the same alias: an import inside a
# function binds the name in that function only.


def test_billing():  # @def(testBilling, "test_billing")
    from pkg.services import billing as svc

    assert svc.charge(1) == 1  # @site(billingSite, "charge") @call(testBilling, billingCharge, billingSite)


def test_refunds():  # @def(testRefunds, "test_refunds")
    from pkg.services import refunds as svc

    assert svc.refund(1) == -1  # @site(refundSite, "refund") @call(testRefunds, refund, refundSite)
    assert svc.charge(2) == -2  # @site(refundsSite, "charge") @call(testRefunds, refundsCharge, refundsSite)
    # @callers(billingCharge, testBilling, testBillingByName)


def test_billing_by_name():  # @def(testBillingByName, "test_billing_by_name")
    from pkg.services.billing import charge

    assert charge(3) == 3  # @site(billingByName, "charge") @call(testBillingByName, billingCharge, billingByName)


def test_refunds_by_name():  # @def(testRefundsByName, "test_refunds_by_name")
    from pkg.services.refunds import charge

    assert charge(4) == -4  # @site(refundsByName, "charge") @call(testRefundsByName, refundsCharge, refundsByName)
