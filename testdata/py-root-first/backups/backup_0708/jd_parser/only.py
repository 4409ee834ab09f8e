# jd_parser.only exists in the copy alone: not found from the root,
# pyright walks up from the importer and finds the copy's.
def only_copy():  # @def(onlyCopy, "only_copy") @callers(onlyCopy, test_backup)
    return 2
