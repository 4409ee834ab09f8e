# A backup copy of jd_parser, committed beside the package: pyright
# resolves jd_parser.extract from its execution root (the workspace's)
# first, so the copy's own test calls the root's extract_type, not this.
def extract_type(text):  # @def(backupExtract, "extract_type") @callers(backupExtract)
    return text


def only_here():  # @def(onlyHere, "only_here") @callers(onlyHere)
    return 1
