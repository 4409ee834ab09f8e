from odoo.addons.shop import contracts


def overview():  # @def(overview, "overview")
    return contracts.summary()  # @site(summaryCall, "summary") @call(overview, summaryFn, summaryCall)
