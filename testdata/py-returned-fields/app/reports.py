from app.connector import ReportingDbConnection


def breadcrumbs(query):  # @def(breadcrumbs, "breadcrumbs")
    # __enter__ returns a field: what the field holds
    with ReportingDbConnection(is_public=True) as connector:
        return connector.get_result(query)  # @site(r1, "get_result") @call(breadcrumbs, getResult, r1)


def direct(query):  # @def(direct, "direct")
    conn = ReportingDbConnection().connection()
    return conn.get_result(query)  # @site(r2, "get_result") @call(direct, getResult, r2)
