class DBConnection:
    def get_result(self, query):  # @def(getResult, "get_result")
        return query

    def close(self):
        return None


class PublicDBConnection(DBConnection):
    pass


class CoreDBConnection(DBConnection):
    pass


class ReportingDbConnection:
    def __init__(self, is_public=False):
        if is_public:
            self.db_conn = PublicDBConnection()
        else:
            self.db_conn = CoreDBConnection()

    def __enter__(self):
        return self.db_conn

    def __exit__(self, *args):
        self.db_conn.close()
        return False

    def connection(self):
        return self.db_conn
