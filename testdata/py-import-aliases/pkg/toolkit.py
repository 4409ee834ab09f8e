def safe_encode_text(value):  # @def(toolkitEncode, "safe_encode_text")
    return str(value)
