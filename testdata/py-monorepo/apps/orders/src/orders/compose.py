from outbox.relay import flush

from orders.handlers import handle_place
from orders.repositories import SqlOrderRepository


async def place(session, order):
    repos = {"orders": SqlOrderRepository(session)}
    await handle_place(order, repos=repos)
    flush(repos["orders"], [order])
