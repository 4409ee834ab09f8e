def get_settings():  # @def(billingSettings, "get_settings")
    return {"currency": "EUR"}
