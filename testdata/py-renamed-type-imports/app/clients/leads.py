from .base import GoogleSheetsAPIClient as GoogleSheetsClient


class MarketingLeadsClient(GoogleSheetsClient):
    def is_modified(self, last):  # @def(isModified, "is_modified")
        t = self.get_sheet_modification_time("sheet")  # @site(m1, "get_sheet_modification_time") @call(isModified, modTime, m1)
        return t > last


def newest(client: GoogleSheetsClient):  # @def(newest, "newest")
    return client.get_sheet_modification_time("other")  # @site(m2, "get_sheet_modification_time") @call(newest, modTime, m2)
    # @callers(modTime, isModified, newest)
