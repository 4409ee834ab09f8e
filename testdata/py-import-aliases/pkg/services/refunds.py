def charge(amount):  # @def(refundsCharge, "charge")
    return -amount


def refund(amount):  # @def(refund, "refund")
    return charge(amount)  # @site(refundCharge, "charge") @call(refund, refundsCharge, refundCharge)
