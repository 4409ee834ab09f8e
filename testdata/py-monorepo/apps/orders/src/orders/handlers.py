from typing import Any


async def handle_place(order, *, repos: dict[str, Any]):  # @def(handlePlace, "handle_place")
    await repos["orders"].save(order)  # @site(placeSave, "save") @possible(handlePlace, orderSave, placeSave)
