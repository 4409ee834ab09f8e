class BaseAPIClient:
    pass


class GoogleSheetsAPIClient(BaseAPIClient):
    def get_sheet_modification_time(self, sheet_id):  # @def(modTime, "get_sheet_modification_time")
        return sheet_id
