def get_settings():  # @def(mailerSettings, "get_settings")
    return {"sender": "noreply@example.com"}
