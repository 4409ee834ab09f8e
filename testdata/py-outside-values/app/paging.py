class PageRequest:
    @staticmethod
    def first(size: int = 50) -> "PageRequest":  # @def(first, "first") @callers(first, startPage)
        return PageRequest()

    def execute(self, rows: list) -> list:  # @def(execute, "execute") @callers(execute, startPage, cachePage)
        return rows


def start_page() -> list:  # @def(startPage, "start_page")
    page = PageRequest.first()  # @site(f1, "first") @call(startPage, first, f1)
    return page.execute([])  # @site(e1, "execute") @call(startPage, execute, e1)
