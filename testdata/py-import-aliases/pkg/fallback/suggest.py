def suggest(columns):  # @def(suggest, "suggest")
    return list(columns)
