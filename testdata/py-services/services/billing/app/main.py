from app.settings import get_settings


def charge(amount):  # @def(charge, "charge")
    settings = get_settings()  # @site(chargeSettings, "get_settings") @call(charge, billingSettings, chargeSettings)
    return amount, settings["currency"]
