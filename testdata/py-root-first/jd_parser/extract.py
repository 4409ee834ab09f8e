def extract_type(text):  # @def(rootExtract, "extract_type") @callers(rootExtract, test_root, test_backup)
    return text.strip()
