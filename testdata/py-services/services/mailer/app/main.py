from app.settings import get_settings


def send(to):  # @def(send, "send")
    settings = get_settings()  # @site(sendSettings, "get_settings") @call(send, mailerSettings, sendSettings)
    return settings["sender"], to
