from pkg.toolkit import safe_encode_text as _safe_encode_text


def normalize_text(text):  # @def(normalize, "normalize_text")
    return _safe_encode_text(text)  # @site(n1, "_safe_encode_text")


def safe_encode_text(value):  # @def(wrapper, "safe_encode_text")
    return _safe_encode_text(value)  # @site(w1, "_safe_encode_text") @call(normalize, toolkitEncode, n1) @call(wrapper, toolkitEncode, w1)
