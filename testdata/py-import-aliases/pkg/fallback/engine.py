# A fallback declared where the import may fail: one name, two
# declarations. pyright lists the call under the imported function; the
# file's own stands in when the import fails, and lists it too.
try:
    from pkg.fallback.suggest import suggest
except ImportError:  # pragma: no cover

    def suggest(columns):  # @def(fallbackSuggest, "suggest")
        return []


def suggestions_for(frame):  # @def(suggestionsFor, "suggestions_for")
    return suggest(frame.columns)  # @site(s1, "suggest") @call(suggestionsFor, suggest, s1) @call(suggestionsFor, fallbackSuggest, s1)
