from pkg.unicode import safe_encode_text


def api(value):  # @def(api, "api")
    return safe_encode_text(value)  # @site(a1, "safe_encode_text") @call(api, wrapper, a1)
