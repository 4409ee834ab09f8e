def charge(amount):  # @def(billingCharge, "charge")
    return amount
