class SqlOrderRepository:
    def __init__(self, session):
        self.session = session

    async def save(self, order):  # @def(orderSave, "save")
        self.session.add(order)
